/**
 * Vitest globalSetup for the browser suite: one production server per test worker.
 *
 * `npm run test:e2e` has already built the app. This starts `build/server.js` (the
 * compiled server.ts) once for each worker (maxWorkers, from E2E_WORKERS in vitest.e2e.config.ts) as a
 * child process (NODE_ENV=production, a free port on 127.0.0.1, a fresh DATA_DIR, so a
 * fresh PGlite database), waits until each /readyz answers 200, and hands the servers
 * and the Chromium path to the test files through `provide`/`inject`. A test file uses
 * the server of the worker it runs in (./test-server.ts): a worker runs one file at a
 * time, so each server sees one file at a time, as the suite did on one server.
 * Teardown sends SIGTERM, waits for the graceful exit and removes the temp dir.
 *
 * Server output goes to <tmp>/server-<n>/server.log and is printed when start-up fails.
 * E2E_KEEP_TMP=1 keeps the temp dir (logs and databases) for a look afterwards.
 *
 * Mail: a real SMTP server (npm smtp-server) runs per app server and the app gets its
 * SMTP_URL; every message it receives is written as JSON to <tmp>/server-<n>/mail,
 * which tests read with `waitForMail()` from ./mail.ts. ADMIN_EMAIL is fixed so tests
 * know the owner.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startSmtpCatcher } from "~/server/testing/smtp-catcher.server";
import { findChromium } from "./chromium";
import { startFakePayPal } from "../fakes/fake-paypal";
import { freePort } from "~/server/testing/free-port.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** One app server per test worker, in worker order (./test-server.ts picks one). */
    servers: E2EServer[];
    chromiumPath: string;
    /** The app's ADMIN_EMAIL (the primary admin). */
    adminEmail: string;
  }
}

export interface E2EServer {
  /** e.g. http://127.0.0.1:41234, no trailing slash */
  baseUrl: string;
  /** Directory holding every mail the app sent, one JSON file per message. */
  mailDir: string;
  /** The app server's log (its one-time owner set-up link is printed there). */
  serverLogFile: string;
}

const E2E_ADMIN_EMAIL = "owner@example.com";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// Generous: on a busy 2-core machine the embedded database alone can take half a minute to migrate.
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/** Settings of the caller's shell that would point the test server at real services. */
const INHERITED_SETTINGS_TO_DROP = [
  "DATABASE_URL",
  "SITE_PRODUCTION_HOST",
  "SMTP_URL",
  "PAYPAL_CLIENT_ID",
  "PAYPAL_CLIENT_SECRET",
  "PAYPAL_WEBHOOK_ID",
  "PAYPAL_API_BASE",
  "PAYPAL_SDK_URL",
  "TRUST_PROXY",
];

function readLog(logFile: string): string {
  try {
    return readFileSync(logFile, "utf8").trim() || "(empty)";
  } catch {
    return "(no log)";
  }
}

function waitForExit(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

async function waitUntilReady(
  baseUrl: string,
  child: ChildProcess,
  logFile: string,
): Promise<void> {
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  void waitForExit(child).then((result) => (exited = result));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (exited) {
      const { code, signal } = exited;
      throw new Error(
        `The test server exited during start-up (code ${code}, signal ${signal}).\n` +
          `--- server log ---\n${readLog(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `/readyz answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(
    `The test server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}).\n` +
      `--- server log ---\n${readLog(logFile)}`,
  );
}

/** The artist's production domain as the test server knows it. */
export const E2E_PRODUCTION_HOST = "artist-domain.test";

interface StartedServer {
  server: E2EServer;
  /** Stops the server; `problem` says what went wrong, if anything. */
  stop(): Promise<{ problem: string | null }>;
}

async function stopChild(child: ChildProcess, killOnExit: () => void) {
  process.off("exit", killOnExit);
  child.kill("SIGTERM");
  const stopped = await Promise.race([
    waitForExit(child),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), STOP_TIMEOUT_MS).unref()),
  ]);
  if (!stopped) child.kill("SIGKILL");
  return stopped;
}

/** One main app server with its own data folder, log and SMTP catcher under `dir`. */
async function startMainServer(dir: string, baseEnv: NodeJS.ProcessEnv): Promise<StartedServer> {
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dir, "mail");
  const smtp = await startSmtpCatcher({ dir: mailDir });
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: baseUrl,
    SMTP_URL: smtp.url,
  };

  await mkdir(dir, { recursive: true });
  const logFd = openSync(logFile, "a");
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ["build/server.js"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", logFd, logFd],
    });
  } finally {
    closeSync(logFd); // the child holds its own copy
  }
  // If the test runner dies without running teardown, do not leave the server behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  try {
    await waitUntilReady(baseUrl, child, logFile);
  } catch (error) {
    process.off("exit", killOnExit);
    child.kill("SIGKILL");
    await waitForExit(child);
    await smtp.close();
    throw error;
  }
  return {
    server: { baseUrl, mailDir, serverLogFile: logFile },
    async stop() {
      const stopped = await stopChild(child, killOnExit);
      await smtp.close();
      // A clean SIGTERM shutdown is part of the server's contract (server.ts).
      if (stopped?.code === 0) return { problem: null };
      const how = stopped ? `code ${stopped.code}, signal ${stopped.signal}` : "no exit, killed";
      return {
        problem: `The test server at ${baseUrl} did not shut down cleanly on SIGTERM (${how}).\n--- server log ---\n${readLog(logFile)}`,
      };
    },
  };
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error(
      "No production build in ./build. Run `npm run build` first (`npm run test:e2e` does).",
    );
  }

  // Resolve (and on a fresh machine extract) Chromium once, before any test file starts.
  const { executablePath } = await findChromium();

  const tmp = await mkdtemp(path.join(tmpdir(), "jazz-e2e-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS_TO_DROP) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // Analytics totals a few seconds behind, not a minute (tests/e2e/analytics.e2e.ts).
    ANALYTICS_ROLLUP_SECONDS: "2",
    BETTER_AUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789",
    ADMIN_EMAIL: E2E_ADMIN_EMAIL,
    // Requests that name this host act as the artist's own domain; tests reach it by
    // sending the Host header, everything else uses 127.0.0.1.
    SITE_PRODUCTION_HOST: E2E_PRODUCTION_HOST,
    // The demo artist's country: the cart's "Ship to" starts there (docs/decisions/039).
    SHOP_HOME_COUNTRY: "US",
    // Each test file says which visitor it is in X-Forwarded-For (./client-address.ts).
    TRUST_PROXY: "loopback",
  });

  const removeTmp = () =>
    process.env.E2E_KEEP_TMP
      ? console.log(`E2E temp dir kept: ${tmp}`)
      : rm(tmp, { recursive: true, force: true });
  const starting = Array.from({ length: project.config.maxWorkers }, (_, n) =>
    startMainServer(path.join(tmp, `server-${n + 1}`), env),
  );
  const started = await Promise.allSettled(starting);
  const running = started.flatMap((result) =>
    result.status === "fulfilled" ? [result.value] : [],
  );
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(running.map((main) => main.stop()));
    await removeTmp();
    throw failed.reason;
  }

  project.provide(
    "servers",
    running.map((main) => main.server),
  );
  project.provide("chromiumPath", executablePath);
  project.provide("adminEmail", E2E_ADMIN_EMAIL);

  // Shop: a second server in PayPal mode (see the block at the end of this file).
  let paypalMode: PayPalMode;
  try {
    paypalMode = await startPayPalMode(project, tmp, env);
  } catch (error) {
    await Promise.all(running.map((main) => main.stop()));
    await removeTmp();
    throw error;
  }

  return async function teardown() {
    const stops = await Promise.all([paypalMode.stop(), ...running.map((main) => main.stop())]);
    await removeTmp();
    // Vitest only logs an error thrown here, so the exit code is set as well.
    const problems = stops.flatMap((stop) => (stop.problem ? [stop.problem] : []));
    if (problems.length > 0) {
      process.exitCode = 1;
      throw new Error(problems.join("\n\n"));
    }
  };
}

// ===========================================================================
// Shop: PayPal mode. A local stand-in for PayPal (REST API and JS SDK,
// tests/fakes/fake-paypal.ts), a second SMTP catcher and a second app server
// configured for PayPal against the stand-in, with its own fresh DATA_DIR and real
// SMTP delivery to the catcher. Tests reach them through inject("paypalAppUrl"),
// inject("fakePaypalUrl") (its /__test/ hooks) and inject("paypalMailDir").
// ===========================================================================

/** A demo shop item as the PayPal-mode server has it (ids are random per run). */
export interface E2EShopItem {
  id: string;
  title: string;
  price: number;
  category: string;
  inventoryCount: number | null;
  downloadLimit: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    paypalAppUrl: string;
    fakePaypalUrl: string;
    /** Every mail the PayPal-mode server sent, one JSON file per message. */
    paypalMailDir: string;
    /** The demo shop items of the PayPal-mode server, for buying through its API. */
    paypalShopItems: E2EShopItem[];
  }
}

/**
 * Migrates and seeds the PayPal-mode server's database before it starts (the server
 * then finds it seeded and leaves it), so tests know the shop items' ids.
 */
async function seedPayPalModeData(dataDir: string): Promise<E2EShopItem[]> {
  process.env.LOG_LEVEL ??= "warn";
  const { openDatabase, migrateDatabase } = await import("../../app/server/db/database.server");
  const { seedDemoContent } = await import("../../app/server/demo/seed.server");
  const { storagePaths } = await import("../../app/server/media/storage.server");
  const { shopItems } = await import("../../app/server/db/schema.server");
  const handle = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    await migrateDatabase(handle);
    await seedDemoContent(handle.db, storagePaths({ DATA_DIR: dataDir }));
    const rows = await handle.db
      .select({
        id: shopItems.id,
        title: shopItems.title,
        price: shopItems.price,
        category: shopItems.category,
        inventoryCount: shopItems.inventoryCount,
        downloadLimit: shopItems.downloadLimit,
      })
      .from(shopItems)
      .orderBy(shopItems.orderIndex);
    return rows.map((row) => ({ ...row, price: row.price ?? 0 }));
  } finally {
    await handle.close();
  }
}

interface PayPalMode {
  /** Stops everything; `problem` says what went wrong, if anything. */
  stop(): Promise<{ problem: string | null }>;
}

async function startPayPalMode(
  project: TestProject,
  tmp: string,
  baseEnv: NodeJS.ProcessEnv,
): Promise<PayPalMode> {
  const fake = await startFakePayPal();
  const mailDir = path.join(tmp, "mail-paypal");
  const mail = await startSmtpCatcher({ dir: mailDir });
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(tmp, "server-paypal.log");
  const dataDir = path.join(tmp, "data-paypal");
  let items: E2EShopItem[];
  try {
    items = await seedPayPalModeData(dataDir);
  } catch (error) {
    await Promise.all([fake.close(), mail.close()]);
    throw error;
  }
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: appUrl,
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_WEBHOOK_ID: fake.webhookId,
    PAYPAL_API_BASE: fake.url,
    PAYPAL_SDK_URL: fake.sdkUrl,
    SMTP_URL: mail.url,
  };
  delete env.SITE_PRODUCTION_HOST;

  const logFd = openSync(logFile, "a");
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ["build/server.js"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", logFd, logFd],
    });
  } finally {
    closeSync(logFd);
  }
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const closeFakes = () => Promise.all([fake.close(), mail.close()]);
  try {
    await waitUntilReady(appUrl, child, logFile);
  } catch (error) {
    process.off("exit", killOnExit);
    await waitForExit(child);
    await closeFakes();
    throw error;
  }

  project.provide("paypalAppUrl", appUrl);
  project.provide("fakePaypalUrl", fake.url);
  project.provide("paypalMailDir", mailDir);
  project.provide("paypalShopItems", items);

  return {
    async stop() {
      const stopped = await stopChild(child, killOnExit);
      await closeFakes();
      if (stopped?.code === 0) return { problem: null };
      const how = stopped ? `code ${stopped.code}, signal ${stopped.signal}` : "no exit, killed";
      return {
        problem: `The PayPal-mode test server did not shut down cleanly on SIGTERM (${how}).\n--- server log ---\n${readLog(logFile)}`,
      };
    },
  };
}
