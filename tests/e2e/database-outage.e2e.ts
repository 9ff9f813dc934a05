/**
 * A PostgreSQL outage while the site serves (issue 13, "Faults"): the built server runs
 * on a private PostgreSQL cluster this file starts with initdb and pg_ctl (never the
 * machine's own). The cluster is stopped: /readyz turns 503 quickly, a page that needs
 * the database answers its error page quickly, nothing hangs. It is started again: the
 * same process recovers without a restart, and what was written before is still there.
 *
 * Skipped, saying why, where PostgreSQL's server binaries are not installed.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "~/server/testing/free-port.server";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The newest installed server binaries, e.g. /usr/lib/postgresql/15/bin. */
function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

const bin = postgresBin();
if (!bin)
  console.warn("database-outage.e2e.ts skipped: no PostgreSQL server binaries (pg_ctl, initdb)");

/** PostgreSQL refuses to run as root: as root, run its tools as the postgres user. */
function asPostgres(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const result = isRoot
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
    : spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** Status and time of a GET, never waiting more than `limitMs`. */
async function timedGet(url: string, init: RequestInit = {}, limitMs = 20_000) {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(limitMs) });
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - started };
  } catch {
    return { status: 0, ms: Date.now() - started };
  }
}

describe.skipIf(!bin)("a PostgreSQL outage while the site serves", () => {
  let cluster: string;
  let pgPort: number;
  let baseUrl: string;
  let server: ChildProcess;
  let tmp: string;
  let logFile: string;
  const pgCtl = (...args: string[]) =>
    asPostgres(path.join(bin!, "pg_ctl"), ["-D", cluster, "-w", "-t", "60", ...args]);
  const startCluster = () =>
    pgCtl(
      "-o",
      `-p ${pgPort} -k ${cluster} -c listen_addresses=127.0.0.1`,
      "-l",
      path.join(cluster, "log"),
      "start",
    );

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "db-outage-"));
    cluster = path.join(tmp, "cluster");
    spawnSync("mkdir", ["-p", cluster]);
    if (process.getuid?.() === 0) spawnSync("chown", ["-R", "postgres", tmp]);
    asPostgres(path.join(bin!, "initdb"), [
      "-D",
      cluster,
      "-A",
      "trust",
      "-U",
      "postgres",
      "--no-sync",
    ]);
    pgPort = await freePort();
    startCluster();

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    logFile = path.join(tmp, "server.log");
    const logFd = openSync(logFile, "a");
    server = spawn(process.execPath, ["build/server.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        SITE_URL: baseUrl,
        DATA_DIR: path.join(tmp, "data"),
        DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
        BETTER_AUTH_SECRET: "outage-test-secret-0123456789abcdef012345",
        SEED_DEMO_CONTENT: "true",
        LOG_LEVEL: "warn",
        SMTP_URL: "",
        SITE_PRODUCTION_HOST: "",
        TRUST_PROXY: "",
      },
      stdio: ["ignore", logFd, logFd],
    });
    closeSync(logFd);
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exitCode !== null) {
        throw new Error(`server exited: ${readFileSync(logFile, "utf8").slice(-2000)}`);
      }
      if ((await timedGet(`${baseUrl}/readyz`, {}, 2_000)).status === 200) break;
      if (Date.now() > deadline) throw new Error("server did not become ready");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 240_000);

  afterAll(async () => {
    server?.kill("SIGKILL");
    try {
      if (cluster) pgCtl("-m", "immediate", "stop");
    } catch {
      // already stopped
    }
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it("answers 503 on /readyz and error pages quickly while it is down, and recovers by itself", async () => {
    // Written before the outage, through the site.
    const email = `outage.${Date.now()}@example.com`;
    const subscribed = await fetch(`${baseUrl}/api/newsletter-subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email }),
    });
    expect(subscribed.status).toBeLessThan(300);
    // A page the cache keeps, read once so it is kept.
    expect((await timedGet(`${baseUrl}/about`)).status).toBe(200);

    pgCtl("-m", "fast", "stop");

    const ready = await timedGet(`${baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(10_000);
    const report = await (await fetch(`${baseUrl}/readyz`)).json();
    expect(report).toMatchObject({
      status: "unavailable",
      database: "unavailable",
      storage: "ready",
    });
    // A page rendered for this request (a session-like cookie bypasses the cache) needs
    // the database: it answers quickly, with its sections' failure messages or its error
    // page, and nothing hangs.
    const page = await timedGet(`${baseUrl}/events`, {
      headers: { cookie: "better-auth.session_token=none" },
    });
    expect(page.status).not.toBe(0);
    expect(page.ms).toBeLessThan(15_000);
    // A kept page still answers from memory.
    expect((await timedGet(`${baseUrl}/about`)).status).toBe(200);

    startCluster();

    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await timedGet(`${baseUrl}/readyz`, {}, 5_000)).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect(server.exitCode).toBeNull();
    expect(
      (
        await timedGet(`${baseUrl}/events`, {
          headers: { cookie: "better-auth.session_token=none" },
        })
      ).status,
    ).toBe(200);

    // Nothing written before the stop was lost.
    const rows = asPostgres("psql", [
      "-h",
      "127.0.0.1",
      "-p",
      String(pgPort),
      "-U",
      "postgres",
      "-tAc",
      `select count(*) from newsletter_subscribers where email = '${email}'`,
    ]);
    expect(rows.trim()).toBe("1");
  }, 120_000);
});
