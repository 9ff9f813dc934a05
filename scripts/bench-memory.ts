/**
 * `npm run bench:memory` (and the memory part of `npm run bench:server`): the production
 * server's resident memory and start-up time on a small site (issue 29). For the embedded
 * database, and for PostgreSQL when one answers at TEST_DATABASE_URL (a fresh database is
 * made for the run and dropped after):
 *
 *   first start   empty data folder: migrations and the demo seed, then ready
 *   restart       the same data: the steady start
 *   after load    10,000 mixed requests (public pages, built assets, fonts, image variants)
 *
 * Each line gives the time from spawn to /readyz answering 200, resident memory (VmRSS)
 * and its peak so far (VmHWM) from /proc/<pid>/status, and the server's own split
 * (scripts/memory-probe.mjs): V8 heap, external and array buffers, the WebAssembly memory
 * of the embedded database and the rest (code, native libraries, malloc). A benchmark, not
 * a test: it never fails on a number, it prints them next to issue 29's budgets.
 *
 *   BENCH_SKIP_BUILD=1        reuse ./build
 *   BENCH_REQUESTS=10000      requests of the load phase
 *   BENCH_CONNECTIONS=8       concurrent keep-alive connections
 *   BENCH_DATABASES=pglite,postgres
 *   BENCH_SERVER_ENV='K=V K2=V2'  extra environment for the server (to try a setting)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { freePort } from "../app/server/testing/free-port.server";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PROBE = pathToFileURL(path.join(ROOT, "scripts", "memory-probe.mjs")).href;
const REQUESTS = Math.max(100, Number(process.env.BENCH_REQUESTS ?? 10_000));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 8));
/** How long the server is left idle after the load before its steady memory is read. */
const SETTLE_SECONDS = Math.max(0, Number(process.env.BENCH_SETTLE_SECONDS ?? 30));
const PAGES = ["/", "/shop", "/events", "/about", "/loe", "/media"];
const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

export const MEMORY_BUDGET_MB = {
  pglite: { steady: 300, firstStart: 450 },
  postgres: { steady: 200, firstStart: 450 },
  startUpMs: 5_000,
};

export interface MemoryFigures {
  rssMb: number;
  peakRssMb: number;
  heapUsedMb: number;
  /** What the heap holds after a full collection: the rest of heapUsed was garbage. */
  liveHeapMb: number | null;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  webAssemblyMb: number;
}

export interface MemoryPhase {
  label: "first start" | "restart" | "after load" | "settled";
  readyMs: number | null;
  /** CPU seconds the server spent until ready: the start-up's cost apart from a busy machine. */
  readyCpuSeconds: number | null;
  memory: MemoryFigures;
}

export interface MemoryRun {
  database: "pglite" | "postgres";
  phases: MemoryPhase[];
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/** The production start command's arguments: the compiled server, else server.ts with tsx. */
export function serverArguments(): string[] {
  return existsSync(path.join(ROOT, "build", "server.js"))
    ? ["build/server.js"]
    : ["--import", "tsx", "server.ts"];
}

/** The V8 flags npm start passes (package.json's "start" script), so the bench runs alike. */
export function startScriptNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const start = pkg.scripts.serve ?? "";
  return [...start.matchAll(/\s(--(?:max-semi-space-size|max-old-space-size)=\d+)/g)].map(
    (m) => m[1]!,
  );
}

export function startScriptEnv(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return Object.fromEntries(
    [...(pkg.scripts.serve ?? "").matchAll(/\b(MALLOC_ARENA_MAX)=(\S+)/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}

/** The environment both benches start the production server with (no mail, quiet logs). */
export function benchServerEnv(options: {
  port: number;
  dataDir: string;
  baseUrl: string;
  databaseUrl: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...startScriptEnv(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    SITE_URL: options.baseUrl,
    DATABASE_URL: options.databaseUrl,
    SMTP_URL: "",
    LOG_LEVEL: "warn",
    BETTER_AUTH_SECRET: "bench-only-secret-0123456789abcdef0123456789",
  };
}

function extraServerEnv(): Record<string, string> {
  return Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? "")
      .split(/\s+/)
      .filter((pair) => pair.includes("="))
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

/** utime + stime of a process in seconds (Linux clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(
    readFileSync(`/proc/${pid}/status`, "utf8"),
  );
  return Number(match?.[1] ?? 0);
}

interface ProbeAnswer {
  memory: NodeJS.MemoryUsage;
  /** heapUsed after a full collection, right after `memory` was read; null when none was asked. */
  liveHeapUsed: number | null;
}

/**
 * The server's memory now. `collect`: also a full collection afterwards, to tell live heap
 * from garbage; it changes what a later reading finds, so the reading right after load,
 * before the settled one, does without.
 */
function askMemory(child: ChildProcess, collect = true): Promise<MemoryFigures> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("The memory probe did not answer")), 10_000);
    const onMessage = (message: unknown) => {
      const answer = message as ProbeAnswer;
      if (!answer?.memory) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      const m = answer.memory;
      resolve({
        rssMb: statusKb(child.pid!, "VmRSS") / 1024,
        peakRssMb: statusKb(child.pid!, "VmHWM") / 1024,
        heapUsedMb: mb(m.heapUsed),
        liveHeapMb: answer.liveHeapUsed === null ? null : mb(answer.liveHeapUsed),
        heapTotalMb: mb(m.heapTotal),
        externalMb: mb(m.external),
        arrayBuffersMb: mb(m.arrayBuffers),
        // V8 counts a WebAssembly memory as external, beside (not in) the array buffers.
        webAssemblyMb: mb(m.external - m.arrayBuffers),
      });
    };
    child.on("message", onMessage);
    child.send(collect ? "memory?" : "memory, no collection?");
  });
}

// Generous: a first start seeds the demo, which takes minutes on a busy small machine.
async function waitReady(baseUrl: string, child: ChildProcess, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server did not get ready within ${timeoutMs / 1000} s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function startServer(dataDir: string, databaseUrl: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...startScriptNodeFlags(), "--import", PROBE, ...serverArguments()],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      env: { ...benchServerEnv({ port, dataDir, baseUrl, databaseUrl }), ...extraServerEnv() },
    },
  );
  try {
    await waitReady(baseUrl, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return {
    child,
    baseUrl,
    readyMs: performance.now() - started,
    readyCpuSeconds: cpuSeconds(child.pid!),
  };
}

/** The requests of the load: the public pages, and the files a visitor's browser asks for. */
async function mixedAddresses(baseUrl: string): Promise<string[]> {
  const addresses = [...PAGES];
  const home = await (await fetch(baseUrl)).text();
  const found = (pattern: RegExp, max: number) =>
    [...new Set([...home.matchAll(pattern)].map((m) => m[1]!.replaceAll("&amp;", "&")))].slice(
      0,
      max,
    );
  addresses.push(...found(/"(\/assets\/[^"?#]+\.(?:js|css))"/g, 6));
  addresses.push(...found(/"(\/fonts\/[^"?#]+)"/g, 2));
  addresses.push(...found(/"(\/img\/[^" ,]+)/g, 6));
  addresses.push("/favicon.svg", "/sitemap.xml", "/robots.txt");
  return addresses;
}

async function mixedLoad(baseUrl: string, total: number, connections: number) {
  const addresses = await mixedAddresses(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  const statuses: Record<number, number> = {};
  const one = (address: string) =>
    new Promise<void>((resolve) => {
      const request = http.get(
        `${baseUrl}${address}`,
        { agent, headers: { "Accept-Encoding": "br, gzip", Accept: "text/html,*/*" } },
        (response) => {
          response.resume();
          response.on("end", () => {
            statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      request.on("error", () => {
        statuses[0] = (statuses[0] ?? 0) + 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) await one(addresses[next++ % addresses.length]!);
    }),
  );
  agent.destroy();
  return { addresses: addresses.length, statuses };
}

async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = new URL(process.env.TEST_DATABASE_URL?.trim() || DEFAULT_TEST_DATABASE_URL);
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.href, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const name = `jazz_bench_memory_${process.pid}_${Date.now()}`;
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin.href });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function measureMemory(
  database: "pglite" | "postgres",
  log: (line: string) => void = () => {},
): Promise<MemoryRun | null> {
  const postgres = database === "postgres" ? await freshPostgresDatabase() : null;
  if (database === "postgres" && !postgres) return null;
  const dataDir = await mkdtemp(path.join(tmpdir(), `jazz-bench-memory-${database}-`));
  const phases: MemoryPhase[] = [];
  let child: ChildProcess | undefined;
  try {
    const first = await startServer(dataDir, postgres?.url ?? "");
    child = first.child;
    phases.push({
      label: "first start",
      readyMs: first.readyMs,
      readyCpuSeconds: first.readyCpuSeconds,
      memory: await askMemory(child),
    });
    await stop(child);
    log(`${database}: first start measured`);

    const again = await startServer(dataDir, postgres?.url ?? "");
    child = again.child;
    phases.push({
      label: "restart",
      readyMs: again.readyMs,
      readyCpuSeconds: again.readyCpuSeconds,
      memory: await askMemory(child),
    });
    const load = await mixedLoad(again.baseUrl, REQUESTS, CONNECTIONS);
    log(
      `${database}: ${REQUESTS} requests over ${load.addresses} addresses, statuses ${JSON.stringify(load.statuses)}`,
    );
    phases.push({
      label: "after load",
      readyMs: null,
      readyCpuSeconds: null,
      memory: await askMemory(child, false),
    });
    // Steady is where the server settles once the load is over: V8 collects the garbage of
    // a burst when it sees the process idle (its memory reducer starts after 8 s).
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    phases.push({
      label: "settled",
      readyMs: null,
      readyCpuSeconds: null,
      memory: await askMemory(child),
    });
    return { database, phases };
  } finally {
    if (child) await stop(child);
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

const fixed = (value: number | null, digits = 0) => (value === null ? "–" : value.toFixed(digits));

export function printMemoryRuns(runs: MemoryRun[]) {
  const header =
    `${"database".padEnd(9)}  ${"phase".padEnd(11)}  ${"ready".padStart(7)}  ${"CPU".padStart(6)}  ${"RSS".padStart(5)}` +
    `  ${"peak".padStart(5)}  ${"heap".padStart(9)}  ${"live".padStart(4)}  ${"external".padStart(8)}  ${"buffers".padStart(7)}` +
    `  ${"wasm".padStart(5)}  ${"rest".padStart(5)}`;
  console.log(`\n${header}\n${"-".repeat(header.length)}`);
  for (const run of runs) {
    for (const phase of run.phases) {
      const m = phase.memory;
      const rest = m.rssMb - m.heapTotalMb - m.externalMb;
      console.log(
        [
          run.database.padEnd(9),
          phase.label.padEnd(11),
          (phase.readyMs === null ? "–" : `${(phase.readyMs / 1000).toFixed(1)} s`).padStart(7),
          (phase.readyCpuSeconds === null ? "–" : `${phase.readyCpuSeconds.toFixed(1)} s`).padStart(
            6,
          ),
          fixed(m.rssMb).padStart(5),
          fixed(m.peakRssMb).padStart(5),
          `${fixed(m.heapUsedMb)}/${fixed(m.heapTotalMb)}`.padStart(9),
          fixed(m.liveHeapMb).padStart(4),
          fixed(m.externalMb).padStart(8),
          fixed(m.arrayBuffersMb).padStart(7),
          fixed(m.webAssemblyMb).padStart(5),
          fixed(rest).padStart(5),
        ].join("  "),
      );
    }
  }
  console.log(
    "MB. ready: spawn to /readyz 200 (wall clock, longer on a busy machine); CPU: the server's\n" +
      "CPU time until then (all its threads); RSS and peak: VmRSS and VmHWM; heap: V8 used/total;\n" +
      "live: heap used after a full collection (the bench asks for one after reading the rest);\n" +
      "external: memory V8 knows outside its heap: buffers, and wasm (external less buffers: the\n" +
      "embedded database's WebAssembly memory, a few MB otherwise); rest: RSS less heap and\n" +
      "external (code, native libraries such as sharp, malloc's own).",
  );
  console.log("\nBudgets (issue 29):");
  for (const run of runs) {
    const budget = MEMORY_BUDGET_MB[run.database];
    const phase = (label: MemoryPhase["label"]) => run.phases.find((p) => p.label === label)!;
    const line = (label: string, value: string, ok: boolean) =>
      console.log(
        `  ${run.database.padEnd(9)} ${label.padEnd(46)} ${value.padStart(8)}  ${ok ? "ok" : "over budget"}`,
      );
    const firstPeak = phase("first start").memory.peakRssMb;
    line(
      `first start peak <= ${budget.firstStart} MB`,
      `${fixed(firstPeak)} MB`,
      firstPeak <= budget.firstStart,
    );
    const steady = Math.max(phase("restart").memory.rssMb, phase("settled").memory.rssMb);
    line(
      `steady (restart, settled after load) <= ${budget.steady} MB`,
      `${fixed(steady)} MB`,
      steady <= budget.steady,
    );
    const ready = phase("restart").readyMs ?? 0;
    line(
      `start-up to ready < ${MEMORY_BUDGET_MB.startUpMs / 1000} s`,
      `${(ready / 1000).toFixed(1)} s`,
      ready < MEMORY_BUDGET_MB.startUpMs,
    );
  }
}

export async function runMemoryBench(log: (line: string) => void = console.log) {
  const wanted = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
  const runs: MemoryRun[] = [];
  for (const database of ["pglite", "postgres"] as const) {
    if (!wanted.includes(database)) continue;
    const run = await measureMemory(database, log);
    if (run) runs.push(run);
    else log(`${database}: skipped, no PostgreSQL answers at TEST_DATABASE_URL`);
  }
  printMemoryRuns(runs);
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log("Building…");
    await new Promise<void>((resolve, reject) => {
      const child = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`npm run build exited ${code}`)),
      );
    });
  }
  await runMemoryBench();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
