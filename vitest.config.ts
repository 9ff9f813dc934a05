import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

// Unit and integration tests: everything beside the code, never the browser suite.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      // Attacks, bad input and faults (issue 14): each case once got through; these keep it out.
      "tests/security/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest leaves a core for itself (one worker on CI's two), but its own process is
    // mostly idle while the files run: one worker per core keeps both cores busy.
    maxWorkers: availableParallelism(),
    env: { LOG_LEVEL: "silent" },
  },
});
