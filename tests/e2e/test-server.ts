/**
 * The app server of this test file's worker (tests/e2e/global-setup.ts starts one per
 * worker). Vitest numbers its workers 1..maxWorkers (VITEST_POOL_ID) and runs one file
 * at a time in each, so no two files ever share a server at the same time.
 */
import { inject } from "vitest";
import type { E2EServer } from "./global-setup";

export function testServer(): E2EServer {
  const servers = inject("servers");
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error(`No test server for worker ${worker} of ${servers.length}.`);
  return server;
}
