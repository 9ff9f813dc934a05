/**
 * `npm run bench:server`: requests per second and latency of the public pages under a
 * crowd (issue 12). On a freshly built and seeded production server, for each page:
 *
 *   cached    the app as it starts normally (its rendered-page cache on), warmed up
 *   uncached  a second app process with PAGE_CACHE=off: every request is rendered
 *   static    the very same HTML, precompressed, from a static file server: nginx where
 *             it is installed, otherwise a minimal Node server with the files in memory
 *
 * The load comes from wrk (Debian's package `wrk`: one thread, keep-alive connections, a
 * fixed duration per run, `Accept-Encoding: br, gzip` like a browser), an external
 * generator fast enough that the servers, not the generator, set the numbers (issue 28).
 * Where wrk is not installed, a small Node generator in its own process does the same,
 * with a lower ceiling. On a machine with two or more cores the servers run on CPU 0 and
 * the generator on CPU 1 (taskset), so neither takes time from the other. Then it prints the ratios, the server CPU time of
 * one uncached render (from /proc/<pid>/stat, over sequential requests), the page sizes
 * and issue 12's budgets. A benchmark, not a test: it never fails on a number.
 *
 *   BENCH_SKIP_BUILD=1       reuse ./build
 *   BENCH_PATHS=/,/shop      only these pages (default /, /shop, /events)
 *   BENCH_SECONDS=10         measured seconds per page and server (after 1 s of warm-up)
 *   BENCH_CONNECTIONS=50     concurrent keep-alive connections
 *   BENCH_RENDERS=100        sequential uncached requests per page for the CPU time
 *   BENCH_NGINX=/path/nginx  the nginx binary (default: `nginx` on PATH)
 *   BENCH_WRK=/path/wrk      the wrk binary (default: `wrk` on PATH); BENCH_WRK=off: the Node one
 *   BENCH_MEMORY=off         skip the memory part
 *
 * Then the memory part (issue 29, scripts/bench-memory.ts, also `npm run bench:memory`):
 * resident memory at the first start with the demo seed, after a restart and after
 * 10,000 mixed requests, and the time to ready, on the embedded database and on
 * PostgreSQL when one answers at TEST_DATABASE_URL, next to the memory budgets.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import http, { type IncomingHttpHeaders } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import {
  runMemoryBench,
  serverArguments,
  benchServerEnv,
  startScriptNodeFlags,
} from "./bench-memory";
import { freePort } from "../app/server/testing/free-port.server";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);
const LOAD_GENERATOR_MODE = "--load-generator";
const STATIC_SERVER_MODE = "--static-server";

const PATHS = (process.env.BENCH_PATHS?.split(",") ?? ["/", "/shop", "/events"]).map((p) =>
  p.trim(),
);
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 10));
const WARMUP_SECONDS = 2;
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50));
const RENDERS = Math.max(10, Number(process.env.BENCH_RENDERS ?? 100));
const BROWSER_HEADERS = { "Accept-Encoding": "br, gzip", Accept: "text/html" };

const BUDGET = {
  /** Issue 28 (it was 10% in issue 12): kept pages answered ahead of Express. */
  cachedShareOfStatic: 0.15,
  cachedP99Ms: 50,
  uncachedRenderCpuMs: 8,
  homeHtmlKb: 60,
  /** Issue 28: the scripts every public page loads before it is interactive, brotli. */
  pageScriptsKb: 110,
};

/** The public pages whose scripts the budget is measured on (every page in the navigation). */
const BUDGET_PAGES = ["/", "/about", "/media", "/loe", "/events", "/shop", "/contact"];

type Target = "cached" | "uncached" | "static";

interface LoadJob {
  url: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  headers: Record<string, string>;
  /** The server's process, whose CPU time is read over the measured window. */
  serverPid: number;
  clockTicks: number;
  /** A wrk Lua script (wrk only): the analytics beacon's POSTs. */
  script?: string;
}

interface LoadResult {
  seconds: number;
  /** Responses completed in the measured window, whatever their status. */
  completed: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Null when no 2xx answer came back in the window. */
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** X-Page-Cache values of the 2xx responses ("none" when absent). */
  pageCache: Record<string, number>;
  serverCpuSeconds: number | null;
  generatorCpuShare: number;
  /** Cores busy with other work (other processes, steal) during the window. */
  otherCores: number | null;
}

type GeneratorMessage = { type: "result"; result: LoadResult } | { type: "error"; message: string };

/** utime + stime of a process in seconds, or null where /proc is not there. */
function processCpuSeconds(pid: number, clockTicks: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

/** CPU seconds all cores spent busy (steal included), or null where /proc is not there. */
function machineBusySeconds(clockTicks: number): number | null {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
      .split("\n", 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) /
      clockTicks
    );
  } catch {
    return null;
  }
}

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

// ---------------------------------------------------------------------------------------
// The load generator (its own process, so it never shares an event loop with a server).

async function generateLoad(job: LoadJob): Promise<LoadResult> {
  const target = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const options: http.RequestOptions = {
    host: target.hostname,
    port: target.port,
    path: target.pathname + target.search,
    headers: job.headers,
    agent,
  };
  const latencies: number[] = [];
  const pageCache: Record<string, number> = {};
  let completed = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let windowStart = Number.POSITIVE_INFINITY;
  let windowEnd = Number.POSITIVE_INFINITY;
  let stopping = false;

  const inWindow = (now: number) => now >= windowStart && now < windowEnd;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.request(options, (response) => {
        response.on("data", () => {});
        response.on("end", () => {
          const now = performance.now();
          if (inWindow(now)) {
            completed++;
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              ok++;
              latencies.push(now - started);
              const cache = String(response.headers["x-page-cache"] ?? "none");
              pageCache[cache] = (pageCache[cache] ?? 0) + 1;
            } else {
              non2xx++;
            }
          }
          resolve();
        });
        response.on("error", () => {
          if (inWindow(performance.now())) errors++;
          resolve();
        });
      });
      request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
      request.on("error", () => {
        if (inWindow(performance.now())) errors++;
        // A server that refuses connections must not turn this into a busy loop.
        setTimeout(resolve, 10);
      });
      request.end();
    });
  const connection = async () => {
    while (!stopping) await once();
  };

  const connections = Array.from({ length: job.connections }, connection);
  await new Promise((resolve) => setTimeout(resolve, job.warmupSeconds * 1000));
  windowStart = performance.now();
  const cpuBefore = processCpuSeconds(job.serverPid, job.clockTicks);
  const machineBefore = machineBusySeconds(job.clockTicks);
  const ownCpuBefore = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, job.seconds * 1000));
  const cpuAfter = processCpuSeconds(job.serverPid, job.clockTicks);
  const machineAfter = machineBusySeconds(job.clockTicks);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  windowEnd = performance.now();
  const seconds = (windowEnd - windowStart) / 1000;
  stopping = true;
  await Promise.all(connections);
  agent.destroy();

  const serverCpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const generatorCpu = (ownCpu.user + ownCpu.system) / 1e6;
  const sorted = Float64Array.from(latencies).sort();
  return {
    seconds,
    completed,
    ok,
    non2xx,
    errors,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : null,
    pageCache,
    serverCpuSeconds: serverCpu,
    generatorCpuShare: generatorCpu / seconds,
    otherCores:
      serverCpu !== null && machineBefore !== null && machineAfter !== null
        ? Math.max(0, machineAfter - machineBefore - serverCpu - generatorCpu) / seconds
        : null,
  };
}

function runLoadGenerator() {
  process.on("message", (job: LoadJob) => {
    generateLoad(job).then(
      (result) => process.send?.({ type: "result", result } satisfies GeneratorMessage),
      (error: unknown) =>
        process.send?.({ type: "error", message: String(error) } satisfies GeneratorMessage),
    );
  });
  process.on("disconnect", () => process.exit(0));
}

// ---------------------------------------------------------------------------------------
// The Node static server (used where nginx is not installed): every page in memory.

interface PageFiles {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function fileNameFor(pagePath: string) {
  const name = pagePath.split("?")[0]!.replace(/^\/+|\/+$/g, "");
  return name ? `${name}.html` : "index.html";
}

async function runStaticServer(dir: string, port: number) {
  const pages = new Map<string, PageFiles>();
  for (const name of await readdir(dir, { recursive: true })) {
    if (!name.endsWith(".html")) continue;
    const file = path.join(dir, name);
    const optional = (suffix: string) =>
      existsSync(file + suffix) ? readFileSync(file + suffix) : undefined;
    const urlPath = name === "index.html" ? "/" : `/${name.slice(0, -".html".length)}`;
    pages.set(urlPath, {
      identity: await readFile(file),
      br: optional(".br"),
      gzip: optional(".gz"),
    });
  }
  http
    .createServer((req, res) => {
      const page = pages.get((req.url ?? "/").split("?")[0]!);
      if (!page) {
        res.writeHead(404).end();
        return;
      }
      const accepted = req.headers["accept-encoding"] ?? "";
      const [encoding, body] =
        page.br && /\bbr\b/.test(accepted)
          ? ["br", page.br]
          : page.gzip && /\bgzip\b/.test(accepted)
            ? ["gzip", page.gzip]
            : [undefined, page.identity];
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": body.length,
        Vary: "Accept-Encoding",
        ...(encoding ? { "Content-Encoding": encoding } : {}),
      });
      res.end(req.method === "HEAD" ? undefined : body);
    })
    .listen(port, "127.0.0.1");
}

// ---------------------------------------------------------------------------------------
// The benchmark itself.

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit" });
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (code ${child.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function succeeds(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: "ignore" });
  return !result.error && result.status === 0;
}

/** Servers on CPU 0, the load generator on CPU 1, when there are two cores and taskset. */
function cpuPlan() {
  const cores = availableParallelism();
  const pinned = cores >= 2 && succeeds("taskset", ["-c", "0", "true"]);
  const on = (cpu: number, command: string, args: string[]): [string, string[]] =>
    pinned ? ["taskset", ["-c", String(cpu), command, ...args]] : [command, args];
  return {
    cores,
    pinned,
    server: (command: string, args: string[]) => on(0, command, args),
    generator: (command: string, args: string[]) => on(1, command, args),
  };
}

function clockTicksPerSecond() {
  const result = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  return Number(result.stdout?.trim()) || 100;
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body stays as sent (fetch would decompress it). */
function getRaw(url: string, headers: Record<string, string>, agent?: http.Agent) {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${url} timed out`)));
    request.on("error", reject);
  });
}

type Plan = ReturnType<typeof cpuPlan>;

async function startApp(
  plan: Plan,
  label: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const [command, args] = plan.server(process.execPath, [
    ...startScriptNodeFlags(),
    ...serverArguments(),
  ]);
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...benchServerEnv({ port, dataDir, baseUrl, databaseUrl: "" }), ...extraEnv },
  });
  // Migrating and seeding on one core of a busy machine has taken over a minute.
  await waitFor(`${baseUrl}/readyz`, child, `The ${label} app`, 180_000);
  return { child, baseUrl };
}

interface Snapshot {
  path: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The scripts the page loads before it is interactive, and their brotli bytes. */
  scripts: { files: number; brotliBytes: number; bytesByHref: Map<string, number> };
  /** Encodings the app did not send, compressed here instead. */
  madeHere: string[];
}

/** Each page once from the app as identity, gzip and brotli: the static server's files. */
async function takeSnapshot(baseUrl: string, pagePath: string): Promise<Snapshot> {
  const url = `${baseUrl}${pagePath}`;
  const identity = await getRaw(url, { "Accept-Encoding": "identity" });
  if (identity.status !== 200) throw new Error(`${pagePath} answered ${identity.status}`);
  const madeHere: string[] = [];
  const encoded = async (encoding: "gzip" | "br", make: (body: Buffer) => Buffer) => {
    const response = await getRaw(url, { "Accept-Encoding": encoding });
    if (response.status === 200 && response.headers["content-encoding"] === encoding) {
      return response.body;
    }
    madeHere.push(encoding);
    return make(identity.body);
  };
  return {
    path: pagePath,
    identity: identity.body,
    gzip: await encoded("gzip", (body) => gzipSync(body, { level: 9 })),
    br: await encoded("br", (body) =>
      brotliCompressSync(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
      }),
    ),
    madeHere,
    scripts: await pageScripts(identity.body.toString("utf8")),
  };
}

/**
 * The built scripts a page loads to become interactive: the list its after-paint loader
 * preloads (decision 012), or its modulepreload links and module scripts, each counted
 * once at its brotli size (the build's .br copy, as the server sends it).
 */
async function pageScripts(html: string) {
  const deferred = /var h=(\[[^\]]*\])/.exec(html)?.[1];
  const hrefs = new Set<string>(
    deferred
      ? (JSON.parse(deferred) as string[])
      : [...html.matchAll(/<(?:link rel="modulepreload" href|script[^>]*src)="([^"]+\.js)"/g)].map(
          (m) => m[1]!,
        ),
  );
  let brotliBytes = 0;
  const bytesByHref = new Map<string, number>();
  for (const href of hrefs) {
    const file = path.join(ROOT, "build/client", href);
    const bytes = existsSync(`${file}.br`)
      ? (await readFile(`${file}.br`)).length
      : brotliCompressSync(await readFile(file)).length;
    bytesByHref.set(href, bytes);
    brotliBytes += bytes;
  }
  return { files: hrefs.size, brotliBytes, bytesByHref };
}

/** The scripts (and their brotli bytes) that every one of the pages loads. */
function sharedScripts(snapshots: { scripts: Snapshot["scripts"] }[]): {
  files: number;
  brotliBytes: number;
} {
  const [first, ...rest] = snapshots;
  if (!first) return { files: 0, brotliBytes: 0 };
  let files = 0;
  let brotliBytes = 0;
  for (const [href, bytes] of first.scripts.bytesByHref) {
    if (rest.every((snapshot) => snapshot.scripts.bytesByHref.has(href))) {
      files += 1;
      brotliBytes += bytes;
    }
  }
  return { files, brotliBytes };
}

async function writeSnapshots(dir: string, snapshots: Snapshot[]) {
  for (const snapshot of snapshots) {
    const file = path.join(dir, fileNameFor(snapshot.path));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, snapshot.identity);
    await writeFile(`${file}.gz`, snapshot.gzip);
    await writeFile(`${file}.br`, snapshot.br);
  }
}

function nginxConfig(prefix: string, root: string, port: number, brotli: boolean) {
  const modules = "/etc/nginx/modules-enabled";
  return `${existsSync(modules) ? `include ${modules}/*.conf;\n` : ""}daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { text/html html; }
  default_type text/html;
  charset utf-8;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
${brotli ? "  brotli_static on;\n" : ""}  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = / { try_files /index.html =404; }
    location / { try_files $uri.html =404; }
  }
}
`;
}

/** nginx with the pages precompressed, or null when it is not installed or will not start. */
async function startNginx(plan: Plan, tmp: string, root: string, port: number) {
  const nginx = process.env.BENCH_NGINX ?? "nginx";
  if (!succeeds(nginx, ["-v"])) return null;
  const prefix = path.join(tmp, "nginx");
  await mkdir(prefix, { recursive: true });
  // Debian's modules-enabled/*.conf name their modules relative to the prefix.
  if (existsSync("/usr/lib/nginx/modules")) {
    await symlink("/usr/lib/nginx/modules", path.join(prefix, "modules"));
  }
  const config = path.join(prefix, "nginx.conf");
  const baseArgs = ["-p", prefix, "-e", path.join(prefix, "error.log"), "-c", config];
  // brotli_static needs the ngx_brotli module; without it nginx sends gzip to browsers.
  let brotli = false;
  for (const withBrotli of [true, false]) {
    await writeFile(config, nginxConfig(prefix, root, port, withBrotli));
    if (succeeds(nginx, [...baseArgs, "-t", "-q"])) {
      brotli = withBrotli;
      break;
    }
    if (!withBrotli) return null;
  }
  const [command, args] = plan.server(nginx, baseArgs);
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"] });
  return { child, label: `nginx (${nginx}, gzip_static${brotli ? " + brotli_static" : ""})` };
}

async function startStaticServer(plan: Plan, tmp: string, snapshots: Snapshot[]) {
  const root = path.join(tmp, "static");
  await writeSnapshots(root, snapshots);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = (await startNginx(plan, tmp, root, port)) ?? {
    child: spawn(
      ...plan.server(process.execPath, [
        "--import",
        "tsx",
        THIS_FILE,
        STATIC_SERVER_MODE,
        root,
        String(port),
      ]),
      { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] },
    ),
    label: "Node static server (node:http, files in memory; nginx is not installed)",
  };
  await waitFor(`${baseUrl}${snapshots[0]!.path}`, started.child, "The static server");
  return { ...started, baseUrl };
}

/** The wrk binary to use, or null: not installed, or BENCH_WRK=off. */
function wrkBinary(): string | null {
  const wrk = process.env.BENCH_WRK ?? "wrk";
  if (wrk === "off") return null;
  return succeeds(wrk, ["--version"]) || spawnSync(wrk, ["--version"]).status === 1 ? wrk : null;
}

/** wrk's "7.33ms", "812.00us", "1.02s" in milliseconds. */
function wrkDuration(text: string): number | null {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return null;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Number(match[1]) * scale;
}

/** One wrk run, read into the Node generator's result shape. */
function runWrk(plan: Plan, wrk: string, job: LoadJob, seconds: number) {
  const headerArgs = Object.entries(job.headers).flatMap(([name, value]) => [
    "-H",
    `${name}: ${value}`,
  ]);
  const [command, args] = plan.generator(wrk, [
    "-t1",
    `-c${job.connections}`,
    `-d${seconds}s`,
    "--latency",
    ...(job.script ? ["-s", job.script] : []),
    ...headerArgs,
    job.url,
  ]);
  return new Promise<{ output: string; cpuSeconds: number | null }>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    let cpuSeconds: number | null = null;
    // wrk's own CPU time, read until it exits (taskset execs it, so the pid is wrk's).
    const sample = setInterval(() => {
      cpuSeconds = processCpuSeconds(child.pid!, job.clockTicks) ?? cpuSeconds;
    }, 200);
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(sample);
      if (code === 0) resolve({ output, cpuSeconds });
      else reject(new Error(`wrk exited (code ${code}):\n${output}`));
    });
  });
}

async function generateLoadWithWrk(plan: Plan, wrk: string, job: LoadJob): Promise<LoadResult> {
  await runWrk(plan, wrk, job, job.warmupSeconds);
  const cpuBefore = processCpuSeconds(job.serverPid, job.clockTicks);
  const machineBefore = machineBusySeconds(job.clockTicks);
  const { output, cpuSeconds: generatorCpu } = await runWrk(plan, wrk, job, job.seconds);
  const cpuAfter = processCpuSeconds(job.serverPid, job.clockTicks);
  const machineAfter = machineBusySeconds(job.clockTicks);

  const totals = /(\d+) requests in ([\d.]+\w+)/.exec(output);
  if (!totals) throw new Error(`Could not read wrk's output:\n${output}`);
  const completed = Number(totals[1]);
  const seconds = (wrkDuration(totals[2]!) ?? job.seconds * 1000) / 1000;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const latencyAt = (p: string) =>
    wrkDuration(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(output)?.[1] ?? "");
  const maxMs = wrkDuration(/Latency\s+\S+\s+\S+\s+(\S+)/.exec(output)?.[1] ?? "");
  const serverCpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const ok = completed - non2xx;
  return {
    seconds,
    completed,
    ok,
    non2xx,
    errors,
    p50Ms: ok ? latencyAt("50") : null,
    p99Ms: ok ? latencyAt("99") : null,
    maxMs: ok ? maxMs : null,
    // wrk does not read headers; which copy answered is checked before the runs.
    pageCache: {},
    serverCpuSeconds: serverCpu,
    generatorCpuShare: (generatorCpu ?? 0) / seconds,
    otherCores:
      serverCpu !== null && machineBefore !== null && machineAfter !== null
        ? Math.max(0, machineAfter - machineBefore - serverCpu - (generatorCpu ?? 0)) / seconds
        : null,
  };
}

function startLoadGenerator(plan: Plan) {
  const [command, args] = plan.generator(process.execPath, [
    "--import",
    "tsx",
    THIS_FILE,
    LOAD_GENERATOR_MODE,
  ]);
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const runJob = (job: LoadJob) =>
    new Promise<LoadResult>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`The load generator exited (code ${code})`));
      child.once("exit", onExit);
      child.once("message", (message: GeneratorMessage) => {
        child.off("exit", onExit);
        if (message.type === "result") resolve(message.result);
        else reject(new Error(`The load generator failed: ${message.message}`));
      });
      child.send(job);
    });
  return { child, runJob };
}

/** X-Page-Cache of a second request, after a first one that may fill the cache. */
async function pageCacheAfterWarmUp(url: string) {
  await getRaw(url, BROWSER_HEADERS);
  const response = await getRaw(url, BROWSER_HEADERS);
  return String(response.headers["x-page-cache"] ?? "none");
}

/** Server CPU time of one request, over sequential requests (and their wall time). */
async function cpuPerRequest(url: string, pid: number, clockTicks: number, requests: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 10; i++) await getRaw(url, BROWSER_HEADERS, agent);
    const cpuBefore = processCpuSeconds(pid, clockTicks);
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const response = await getRaw(url, BROWSER_HEADERS, agent);
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    }
    const wallMs = (performance.now() - started) / requests;
    const cpuAfter = processCpuSeconds(pid, clockTicks);
    const cpuMs =
      cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1000) / requests : null;
    return { cpuMs, wallMs };
  } finally {
    agent.destroy();
  }
}

interface Measurement {
  path: string;
  target: Target;
  result: LoadResult;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null) =>
  value === null || !Number.isFinite(value) ? "–" : `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const percent = (value: number | null) =>
  value === null || !Number.isFinite(value)
    ? "–"
    : `${(value * 100).toFixed(value < 0.1 ? 1 : 0)}%`;
const times = (value: number | null) => (value === null ? "–" : `${value.toFixed(1)}×`);
/** a / b, or null when b is nothing to divide by (a server that answered nothing). */
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

function describePageCache(result: LoadResult) {
  const entries = Object.entries(result.pageCache).sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return "–";
  return entries.map(([value, count]) => `${value} ${percent(count / result.ok)}`).join(", ");
}

function printLoadTable(measurements: Measurement[]) {
  const columns = [
    ["page", 8],
    ["server", 8],
    ["req/s", 8],
    ["p50", 10],
    ["p99", 10],
    ["max", 10],
    ["non-2xx", 7],
    ["errors", 6],
    ["server CPU", 10],
    ["CPU/req", 9],
    ["gen. CPU", 8],
    ["others", 6],
    ["X-Page-Cache", 0],
  ] as const;
  const header = columns
    .map(([name, width], i) => (i < 2 ? name.padEnd(width) : name.padStart(width)))
    .join("  ");
  console.log(`\n${header}\n${"-".repeat(header.length + 8)}`);
  for (const { path: pagePath, target, result: r } of measurements) {
    const cpu = r.serverCpuSeconds;
    const cells = [
      pagePath,
      target,
      (r.ok / r.seconds).toFixed(0),
      ms(r.p50Ms),
      ms(r.p99Ms),
      ms(r.maxMs),
      String(r.non2xx),
      String(r.errors),
      cpu === null ? "–" : percent(cpu / r.seconds),
      cpu === null || r.completed === 0 ? "–" : ms((cpu * 1000) / r.completed),
      percent(r.generatorCpuShare),
      r.otherCores === null ? "–" : r.otherCores.toFixed(1),
      describePageCache(r),
    ];
    console.log(
      cells
        .map((cell, i) => (i < 2 ? cell.padEnd(columns[i]![1]) : cell.padStart(columns[i]![1])))
        .join("  "),
    );
  }
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log("Building…");
    await run("npm", ["run", "build"]);
  }
  const plan = cpuPlan();
  const clockTicks = clockTicksPerSecond();
  const tmp = await mkdtemp(path.join(tmpdir(), "jazz-bench-server-"));
  const wrk = wrkBinary();
  const generator = startLoadGenerator(plan);
  const runJob = wrk
    ? (job: LoadJob) => generateLoadWithWrk(plan, wrk, job)
    : (job: LoadJob) => generator.runJob(job);
  let cachedApp: Awaited<ReturnType<typeof startApp>> | undefined;
  let uncachedApp: Awaited<ReturnType<typeof startApp>> | undefined;
  let staticServer: Awaited<ReturnType<typeof startStaticServer>> | undefined;

  try {
    // Two databases, as PGlite belongs to one process; both are seeded with the same demo.
    // TRUST_PROXY=1: the beacon bench's visitors come from many addresses (X-Forwarded-For).
    cachedApp = await startApp(plan, "cached", path.join(tmp, "data-cached"), {
      TRUST_PROXY: "1",
      ANALYTICS_ROLLUP_SECONDS: "5",
    });
    uncachedApp = await startApp(plan, "uncached", path.join(tmp, "data-uncached"), {
      PAGE_CACHE: "off",
    });

    const cacheStates: string[] = [];
    const snapshots: Snapshot[] = [];
    for (const p of PATHS) {
      cacheStates.push(`${p} ${await pageCacheAfterWarmUp(`${cachedApp.baseUrl}${p}`)}`);
      await pageCacheAfterWarmUp(`${uncachedApp.baseUrl}${p}`);
      snapshots.push(await takeSnapshot(cachedApp.baseUrl, p));
    }
    staticServer = await startStaticServer(plan, tmp, snapshots);

    const servers: Record<Target, { baseUrl: string; child: ChildProcess }> = {
      cached: cachedApp,
      uncached: uncachedApp,
      static: staticServer,
    };
    const load = loadAverage();
    console.log(
      [
        "",
        `Machine: ${plan.cores} cores; ${
          plan.pinned
            ? "every server runs on CPU 0 and the load generator on CPU 1 (taskset)"
            : "servers and load generator are not pinned to cores (no taskset or one core)"
        }. Load average at start ${load} (other work on the machine skews the numbers).`,
        `Load: ${wrk ? `wrk (${wrk}, one thread)` : "the Node load generator (wrk is not installed)"}, ` +
          `${CONNECTIONS} keep-alive connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up, ` +
          `Accept-Encoding: ${BROWSER_HEADERS["Accept-Encoding"]}. req/s and latencies count 2xx answers.`,
        `cached:   the app, normal start (X-Page-Cache after one warm-up request: ${cacheStates.join(", ")})`,
        `uncached: the app with PAGE_CACHE=off`,
        `static:   ${staticServer.label}`,
      ].join("\n"),
    );
    if (cacheStates.every((state) => state.endsWith(" none"))) {
      console.log(
        "          (no X-Page-Cache header: this build has no page cache, so 'cached' renders too)",
      );
    }
    const madeHere = snapshots.filter((s) => s.madeHere.length);
    if (madeHere.length) {
      console.log(
        `          (the app did not send ${[...new Set(madeHere.flatMap((s) => s.madeHere))].join(" and ")} ` +
          `for ${madeHere.map((s) => s.path).join(", ")}: compressed here at maximum level)`,
      );
    }

    // Targets alternate page by page, so a busy moment on the machine hits all three alike.
    const measurements: Measurement[] = [];
    for (const p of PATHS) {
      for (const target of ["cached", "uncached", "static"] as const) {
        const server = servers[target];
        const result = await runJob({
          url: `${server.baseUrl}${p}`,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          connections: CONNECTIONS,
          headers: BROWSER_HEADERS,
          serverPid: server.child.pid!,
          clockTicks,
        });
        measurements.push({ path: p, target, result });
        process.stdout.write(".");
      }
    }

    const renders = new Map<string, Awaited<ReturnType<typeof cpuPerRequest>>>();
    for (const p of PATHS) {
      renders.set(
        p,
        await cpuPerRequest(
          `${uncachedApp.baseUrl}${p}`,
          uncachedApp.child.pid!,
          clockTicks,
          RENDERS,
        ),
      );
    }

    printLoadTable(measurements);
    console.log(
      "server CPU: the server's CPU time over the run (100% = one core); CPU/req: that time per answer;\n" +
        "gen. CPU: the load generator's own core. Near 100% there, the run measured the generator's ceiling.\n" +
        `others: cores (of ${plan.cores}) busy with other work meanwhile: other processes, steal. Well above 0, ` +
        "servers and generator waited for a core and the numbers are low.",
    );

    const find = (p: string, target: Target) =>
      measurements.find((m) => m.path === p && m.target === target)!.result;
    const rps = (r: LoadResult) => r.ok / r.seconds;
    console.log(
      `\n${"page".padEnd(8)}  ${"cached/static".padStart(13)}  ${"cached/uncached".padStart(15)}` +
        `  ${"HTML".padStart(9)}  ${"gzip".padStart(9)}  ${"br".padStart(9)}` +
        `  ${"uncached CPU/render".padStart(19)}  ${"wall".padStart(9)}  ${"JS (br)".padStart(16)}`,
    );
    for (const snapshot of snapshots) {
      const p = snapshot.path;
      const render = renders.get(p)!;
      console.log(
        [
          p.padEnd(8),
          percent(ratio(rps(find(p, "cached")), rps(find(p, "static")))).padStart(13),
          times(ratio(rps(find(p, "cached")), rps(find(p, "uncached")))).padStart(15),
          kb(snapshot.identity.length).padStart(9),
          kb(snapshot.gzip.length).padStart(9),
          kb(snapshot.br.length).padStart(9),
          ms(render.cpuMs).padStart(19),
          ms(render.wallMs).padStart(9),
          `${kb(snapshot.scripts.brotliBytes)} in ${snapshot.scripts.files}`.padStart(16),
        ].join("  "),
      );
    }
    console.log(
      `uncached CPU/render: server CPU time (/proc utime+stime, ${clockTicks} ticks/s) over ${RENDERS} ` +
        "sequential requests with brotli or gzip, compression included; wall: their mean time.\n" +
        `JS (br): the built scripts the page loads to become interactive, brotli, and how many files (budget ${BUDGET.pageScriptsKb} KB, issue 28).`,
    );

    const home = "/";
    console.log("\nBudgets (issues 12 and 28), for the home page:");
    if (!PATHS.includes(home)) {
      console.log("  not measured: BENCH_PATHS leaves out /");
    } else {
      const cached = find(home, "cached");
      const share = ratio(rps(cached), rps(find(home, "static")));
      const renderCpu = renders.get(home)!.cpuMs;
      const htmlKb = snapshots.find((s) => s.path === home)!.identity.length / 1024;
      const line = (label: string, value: string, ok: boolean | null) =>
        console.log(
          `  ${label.padEnd(42)} ${value.padStart(9)}  ${ok === null ? "?" : ok ? "ok" : "over budget"}`,
        );
      line(
        `cached req/s >= ${percent(BUDGET.cachedShareOfStatic)} of the static server's`,
        percent(share),
        share === null ? null : share >= BUDGET.cachedShareOfStatic,
      );
      line(
        `cached p99 < ${BUDGET.cachedP99Ms} ms`,
        ms(cached.p99Ms),
        cached.p99Ms === null ? null : cached.p99Ms < BUDGET.cachedP99Ms,
      );
      line(
        `uncached render < ${BUDGET.uncachedRenderCpuMs} ms of server CPU`,
        ms(renderCpu),
        renderCpu === null ? null : renderCpu < BUDGET.uncachedRenderCpuMs,
      );
      line(
        `HTML < ${BUDGET.homeHtmlKb} KB before compression`,
        `${htmlKb.toFixed(1)} KB`,
        htmlKb < BUDGET.homeHtmlKb,
      );
    }
    // Issue 28's budget is the JavaScript every public page loads before it is
    // interactive (React, React Router and the shell); each page's own parts come on top
    // and are shown beside it, so that a feature's cost shows where it is paid.
    const budgetBaseUrl = cachedApp.baseUrl;
    const pageScriptLists = await Promise.all(
      BUDGET_PAGES.map(async (page) => ({
        path: page,
        scripts: await pageScripts(await (await fetch(`${budgetBaseUrl}${page}`)).text()),
      })),
    );
    const shared = sharedScripts(pageScriptLists);
    const sharedKb = shared.brotliBytes / 1024;
    console.log("Budget (issue 28):");
    console.log(
      `  ${`scripts every public page loads before interactive < ${BUDGET.pageScriptsKb} KB (br)`.padEnd(58)}` +
        ` ${`${sharedKb.toFixed(1)} KB in ${shared.files}`.padStart(14)}  ${sharedKb < BUDGET.pageScriptsKb ? "ok" : "over budget"}`,
    );
    for (const snapshot of pageScriptLists) {
      const ownKb = (snapshot.scripts.brotliBytes - shared.brotliBytes) / 1024;
      console.log(
        `  ${`${snapshot.path}: with the page's own parts`.padEnd(58)}` +
          ` ${`${(snapshot.scripts.brotliBytes / 1024).toFixed(1)} KB`.padStart(14)}  (+${ownKb.toFixed(1)} KB)`,
      );
    }
    console.log(
      "  (Total Blocking Time is not measured here: Lighthouse mobile, median of 3 runs, as in issue 28.)",
    );

    if (wrk) {
      await benchBeacon({ plan, wrk, tmp, clockTicks, app: cachedApp });
    } else {
      console.log(
        "\nAnalytics beacon (issue 25): not measured, it needs wrk (POSTs from a Lua script).",
      );
    }
  } finally {
    await stop(staticServer?.child);
    await stop(uncachedApp?.child);
    await stop(cachedApp?.child);
    await stop(generator.child);
    await rm(tmp, { recursive: true, force: true });
  }

  if (process.env.BENCH_MEMORY !== "off") {
    console.log("\nMemory and start-up (issue 29)…");
    await runMemoryBench();
  }
}

/**
 * The analytics beacon (issue 25): POST /api/event from many visitors (each request
 * another X-Forwarded-For address, so the in-memory rate limit does not cut the load
 * short and every beacon is hashed, classified and buffered for the batched write).
 * First alone, as fast as it goes; then a crowd of 3,000 beacons a second (the goal,
 * paced by wrk's delay()) at the same time as the kept home page at full speed, to
 * show what the beacon takes from the pages; and the kept page alone just before.
 */
async function benchBeacon(options: {
  plan: Plan;
  wrk: string;
  tmp: string;
  clockTicks: number;
  app: { baseUrl: string; child: ChildProcess };
}) {
  const { plan, wrk, tmp, clockTicks, app } = options;
  const goal = 3000;
  const half = Math.max(1, Math.floor(CONNECTIONS / 2));
  const beaconLua = [
    'wrk.method = "POST"',
    `wrk.body = '{"k":"pageview","u":"/?utm_source=bench","r":"https://news.example/"}'`,
    'wrk.headers["Content-Type"] = "text/plain"',
    'wrk.headers["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"',
    "local n = 0",
    "request = function()",
    "  n = n + 1",
    '  wrk.headers["X-Forwarded-For"] = "10." .. (n % 250) .. "." .. (math.floor(n / 250) % 250) .. "." .. (math.floor(n / 62500) % 250)',
    "  return wrk.format()",
    "end",
  ];
  const script = path.join(tmp, "beacon.lua");
  await writeFile(script, [...beaconLua, ""].join("\n"));
  // Each connection waits pauseMs before each beacon, plus the answer's own time (about
  // 2 ms with the page's crowd beside it): enough connections to make the goal.
  const pacedScript = path.join(tmp, "beacon-paced.lua");
  const pauseMs = 8;
  const pacedConnections = Math.ceil((goal * (pauseMs + 2)) / 1000);
  await writeFile(
    pacedScript,
    [...beaconLua, `delay = function() return ${pauseMs} end`, ""].join("\n"),
  );
  const job = (url: string, connections: number, extra: Partial<LoadJob> = {}): LoadJob => ({
    url,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    connections,
    headers: BROWSER_HEADERS,
    serverPid: app.child.pid!,
    clockTicks,
    ...extra,
  });
  const beaconJob = (connections: number, lua = script) =>
    job(`${app.baseUrl}/api/event`, connections, { script: lua, headers: {} });
  const beaconAlone = await generateLoadWithWrk(plan, wrk, beaconJob(CONNECTIONS));
  const pageAlone = await generateLoadWithWrk(plan, wrk, job(`${app.baseUrl}/`, half));
  const [beaconMixed, pageMixed] = await Promise.all([
    generateLoadWithWrk(plan, wrk, beaconJob(pacedConnections, pacedScript)),
    generateLoadWithWrk(plan, wrk, job(`${app.baseUrl}/`, half)),
  ]);
  const rate = (r: LoadResult) => Math.round(r.ok / r.seconds);
  const line = (label: string, r: LoadResult) =>
    console.log(
      `  ${label.padEnd(50)} ${String(rate(r)).padStart(7)} req/s  p99 ${ms(r.p99Ms).padStart(9)}` +
        `  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  console.log(
    "\nAnalytics beacon (issue 25), on the cached app, every beacon from another address:",
  );
  line(`beacon alone (${CONNECTIONS} connections)`, beaconAlone);
  line(`kept page / alone (${half} connections)`, pageAlone);
  line(`beacon paced to ${goal}/s (${pacedConnections} connections)`, beaconMixed);
  line(`kept page / meanwhile (${half} connections)`, pageMixed);
  const kept = ratio(rate(pageMixed), rate(pageAlone));
  const beaconShare = ratio(goal, rate(beaconAlone));
  console.log(
    `  beacon >= ${goal} req/s on one instance: ${rate(beaconAlone) >= goal ? "ok" : "below the goal"}; ` +
      `with ${goal} beacons a second the kept page keeps ${percent(kept)} of its rate alone ` +
      `(the beacons' own share of the server's one thread is about ${percent(beaconShare)}).`,
  );
}

function loadAverage() {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
}

if (process.argv[2] === LOAD_GENERATOR_MODE) {
  runLoadGenerator();
} else if (process.argv[2] === STATIC_SERVER_MODE) {
  void runStaticServer(process.argv[3]!, Number(process.argv[4]));
} else {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
