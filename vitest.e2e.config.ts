import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { fileURLToPath } from "node:url";

/**
 * auth-admin.e2e.ts goes first: it follows the owner's one-time set-up link and chooses
 * the password the other admin journeys sign in with (tests/e2e/owner-session.ts).
 * The rest keep Vitest's order.
 */
class OwnerFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) =>
      spec.moduleId.endsWith("auth-admin.e2e.ts") ? 0 : 1;
    return [...sorted].sort((a, b) => first(a) - first(b));
  }
}

/**
 * Files run side by side in E2E_WORKERS workers (default 2: a serial run left one of the
 * CI machine's two cores idle about half the time), each against its own server.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

// Browser journeys: one built server per worker for the whole run (globalSetup), Chromium per file.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    // Each file a visitor of its own to the shared servers (rate limits per address).
    setupFiles: ["tests/e2e/client-address.ts"],
    environment: "node",
    testTimeout: 60_000,
    // In CI a failed journey runs once more; the report marks it "(retry x1)" (decision 044).
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    sequence: { sequencer: OwnerFirstSequencer },
    pool: "forks",
  },
});
