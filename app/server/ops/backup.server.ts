/**
 * Backups that restore (issue 13): `npm run backup` and `npm run restore` for whichever
 * database is configured, plus the files of whichever storage is configured (DATA_DIR or
 * an S3 bucket). Runbook: docs/OPERATIONS.md.
 *
 * - PostgreSQL: `pg_dump -Fc` inside a snapshot exported from a repeatable-read
 *   transaction, so the row counts in the manifest are those of the dump itself.
 * - Embedded (PGlite): a copy of the data folder made by PGlite's own `dumpDataDir`.
 *   The folder is one process's (data-folder-lock.server.ts): while the site runs, only
 *   the server can read it consistently, so the backup asks the server by a file in
 *   DATA_DIR/backups and SIGUSR2, and waits for its answer. With no server running, the
 *   backup takes the folder's lock and opens it itself.
 *
 * - Files: every object under uploads/ and private/ of the configured storage (DATA_DIR
 *   or the S3 bucket), streamed one by one into files/<key>, its size and sha256 in the
 *   manifest. A restore puts them into an empty storage of either kind and reads each
 *   back to compare.
 *
 * A backup folder holds manifest.json, database.dump or database.tar.gz, and files/
 * (uploads, private and the generated auth secret, when there is one).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Env } from "../core/env.server";
import { AUTH_SECRET_FILE } from "../auth/auth-secret.server";
import { isSafeStorageKey } from "~/domain/media/storage-keys";
import {
  createDiskStorage,
  createS3Storage,
  type ObjectStorage,
} from "../media/object-storage.server";
import { DataFolderInUse, lockDataFolder, lockFileFor } from "../db/data-folder-lock.server";
import type { Database } from "../db/database.server";

export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = "manifest.json";
export const PGLITE_SNAPSHOT_FILE = "database.tar.gz";
export const POSTGRES_DUMP_FILE = "database.dump";
export const FILES_FOLDER = "files";
/** Node leaves SIGUSR1 to the inspector; SIGUSR2 is free. */
export const SNAPSHOT_SIGNAL = "SIGUSR2";
/** A large site's database takes a while to compress; a server that never answers, not this long. */
export const SNAPSHOT_TIMEOUT_MS = 300_000;

const HANDLER_FILE = "snapshot-handler.json";
const REQUEST_SUFFIX = ".request.json";
const RESULT_SUFFIX = ".result.json";

export type BackupSettings = Pick<Env, "DATA_DIR" | "DATABASE_URL"> & Partial<Pick<Env, "s3">>;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  mode: "pglite" | "postgres";
  createdAt: string;
  appVersion: string;
  database: {
    file: string;
    bytes: number;
    /** `select version()`: a PGlite snapshot loads only into the same PostgreSQL major. */
    version: string;
    /** How the copy was made. */
    source: "running server" | "opened by the backup" | "pg_dump";
    /** Rows per table ("schema.table"), counted in the copy itself. */
    tables: Record<string, number>;
  };
  files: {
    /** Where the files were: DATA_DIR, or the bucket. Either restores into either. */
    storage: ObjectStorage["kind"];
    location: string;
    count: number;
    bytes: number;
    authSecret: boolean;
    /** Every object under BACKED_UP_PREFIXES, sorted by key; files/<key> in the backup. */
    objects: BackedUpObject[];
    /** Keys found but not copied (unsafe as a file name, never written by the site). */
    skipped: string[];
  };
}

type Log = (line: string) => void;

// ---------------------------------------------------------------------------------
// Inspecting a database (both drivers answer `query(text)` with `{ rows }`).

interface SqlClient {
  query(text: string): Promise<{ rows: unknown[] }>;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every ordinary table outside PostgreSQL's own schemas, as "schema.table", sorted. */
export async function listTables(client: SqlClient): Promise<string[]> {
  const { rows } = await client.query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  return (rows as { schema: string; name: string }[]).map((r) => `${r.schema}.${r.name}`);
}

export const qualifiedTable = (table: string) => {
  const dot = table.indexOf(".");
  return `${quoteIdent(table.slice(0, dot))}.${quoteIdent(table.slice(dot + 1))}`;
};

export async function countRows(client: SqlClient): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(client)) {
    const { rows } = await client.query(`select count(*)::int as n from ${qualifiedTable(table)}`);
    counts[table] = (rows[0] as { n: number }).n;
  }
  return counts;
}

async function databaseVersion(client: SqlClient): Promise<string> {
  const { rows } = await client.query("select version() as v");
  return (rows[0] as { v: string }).v;
}

// ---------------------------------------------------------------------------------
// The embedded database: snapshots made by the process that has it open.

/** The running server's PGlite, behind Drizzle. */
export function pgliteClientOf(db: Database): PGlite {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error("The database is not an embedded PGlite one.");
  return client;
}

/**
 * A gzipped tar of the whole data folder. PGlite runs one statement at a time, and
 * waiting for its transaction queue as well keeps a half-done transaction out of the
 * copy, so it is what a clean stop would leave. The checkpoint before only shortens
 * the recovery when the copy is opened.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  await client.exec("CHECKPOINT");
  const blob = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  return Buffer.from(await blob.arrayBuffer());
}

export const snapshotFolder = (dataDir: string) => path.join(path.resolve(dataDir), "backups");

async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  const partial = `${file}.partial`;
  await fs.writeFile(partial, data, { mode: 0o600 });
  await fs.rename(partial, file);
}

const isRequestId = (id: string) => /^[\w-]{1,80}$/.test(id);

/**
 * Answers every request waiting in DATA_DIR/backups: writes `<id>.tar.gz`, then
 * `<id>.result.json` (`{ ok, bytes }` or `{ ok: false, error }`). With no request (an
 * operator's own `kill -USR2`), writes `pglite-<time>.tar.gz` there. Returns the
 * snapshot files written.
 */
export async function answerSnapshotRequests(client: PGlite, dataDir: string): Promise<string[]> {
  const folder = snapshotFolder(dataDir);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const ids = (await fs.readdir(folder))
    .filter((name) => name.endsWith(REQUEST_SUFFIX))
    .map((name) => name.slice(0, -REQUEST_SUFFIX.length))
    .filter(isRequestId);
  const written: string[] = [];
  if (ids.length === 0) {
    const file = path.join(folder, `pglite-${timestampForName(new Date())}.tar.gz`);
    await writeAtomically(file, await dumpPglite(client));
    return [file];
  }
  for (const id of ids) {
    const file = path.join(folder, `${id}.tar.gz`);
    let result: { ok: true; bytes: number } | { ok: false; error: string };
    try {
      const snapshot = await dumpPglite(client);
      await writeAtomically(file, snapshot);
      written.push(file);
      result = { ok: true, bytes: snapshot.length };
    } catch (error) {
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    await fs.rm(path.join(folder, `${id}${REQUEST_SUFFIX}`), { force: true });
    await writeAtomically(path.join(folder, `${id}${RESULT_SUFFIX}`), JSON.stringify(result));
  }
  return written;
}

/**
 * Installed by server.ts for the embedded database: SIGUSR2 answers snapshot requests.
 * It also leaves DATA_DIR/backups/snapshot-handler.json, a copy of the lock file, so
 * the backup signals only a lock holder known to handle the signal (SIGUSR2 ends a
 * Node process that has no handler: an older server, or `npm run db:seed`).
 * Returns the function that uninstalls it.
 */
export function installSnapshotHandler(options: {
  db: Database;
  dataDir: string;
  log: { info(o: object, msg: string): void; error(o: object, msg: string): void };
}): () => void {
  const client = pgliteClientOf(options.db);
  const folder = snapshotFolder(options.dataDir);
  const lockFile = lockFileFor(path.join(path.resolve(options.dataDir), "pglite"));
  const handlerFile = path.join(folder, HANDLER_FILE);
  let running: Promise<void> | null = null;
  let again = false;

  const answer = async () => {
    do {
      again = false;
      const started = Date.now();
      try {
        const files = await answerSnapshotRequests(client, options.dataDir);
        options.log.info({ files, ms: Date.now() - started }, "Database snapshot written");
      } catch (error) {
        options.log.error({ err: error }, "Database snapshot failed");
      }
    } while (again);
    running = null;
  };
  const onSignal = () => {
    // Requests that arrive during a dump are answered right after it.
    if (running) again = true;
    else running = answer();
  };

  process.on(SNAPSHOT_SIGNAL, onSignal);
  const lock = readFileSync(lockFile, "utf8");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  writeFileSync(`${handlerFile}.partial`, lock, { mode: 0o600 });
  renameSync(`${handlerFile}.partial`, handlerFile);
  return () => {
    process.off(SNAPSHOT_SIGNAL, onSignal);
    try {
      if (readFileSync(handlerFile, "utf8") === lock) rmSync(handlerFile, { force: true });
    } catch {
      // already gone
    }
  };
}

interface LockHolder {
  pid: number;
  host?: string;
}

/**
 * Asks the server holding the embedded database for a snapshot and waits for it.
 * Returns the snapshot file (in DATA_DIR/backups; the caller moves it).
 */
export async function requestSnapshotFromServer(
  dataDir: string,
  options: { timeoutMs?: number; log?: Log } = {},
): Promise<string> {
  const folder = snapshotFolder(dataDir);
  const lockFile = lockFileFor(path.join(path.resolve(dataDir), "pglite"));
  const lockText = await fs.readFile(lockFile, "utf8").catch(() => "");
  const holder = parseHolder(lockText);
  if (!holder) throw new Error(`Could not read the lock file ${lockFile}; run the backup again.`);
  if (holder.host && holder.host !== os.hostname()) {
    throw new Error(
      `The embedded database is open on another machine (${holder.host}, pid ${holder.pid}). Run the backup there.`,
    );
  }
  const handlerText = await fs.readFile(path.join(folder, HANDLER_FILE), "utf8").catch(() => "");
  if (handlerText !== lockText) {
    throw new Error(
      `The embedded database is open in process ${holder.pid}, which does not take snapshot ` +
        "requests (an older server, or a script such as db:seed). Stop it or wait for it to " +
        "end, then run the backup again.",
    );
  }

  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const id = `backup-${timestampForName(new Date())}-${crypto.randomBytes(4).toString("hex")}`;
  const resultFile = path.join(folder, `${id}${RESULT_SUFFIX}`);
  const snapshotFile = path.join(folder, `${id}.tar.gz`);
  await writeAtomically(path.join(folder, `${id}${REQUEST_SUFFIX}`), JSON.stringify({ id }));
  options.log?.(`Asking the running server (pid ${holder.pid}) for a database snapshot…`);
  process.kill(holder.pid, SNAPSHOT_SIGNAL);

  const timeoutMs = options.timeoutMs ?? SNAPSHOT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const text = await fs.readFile(resultFile, "utf8").catch(() => null);
      if (text !== null) {
        const result = JSON.parse(text) as { ok: boolean; error?: string };
        if (!result.ok) throw new Error(`The server could not write the snapshot: ${result.error}`);
        return snapshotFile;
      }
      if (!isProcessAlive(holder.pid)) {
        throw new Error(`The server (pid ${holder.pid}) ended before it answered.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `The server (pid ${holder.pid}) wrote no snapshot within ${Math.round(timeoutMs / 1000)} s. ` +
        'Its log says why (look for "Database snapshot").',
    );
  } finally {
    await fs.rm(path.join(folder, `${id}${REQUEST_SUFFIX}`), { force: true });
    await fs.rm(resultFile, { force: true });
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    return typeof parsed.pid === "number" ? { pid: parsed.pid, host: parsed.host } : null;
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const pgliteFolder = (dataDir: string) => path.join(path.resolve(dataDir), "pglite");

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** Opens a snapshot in memory: proves it loads, and counts its rows. */
async function inspectPgliteSnapshot(
  snapshot: Buffer,
): Promise<{ tables: Record<string, number>; version: string }> {
  const copy = new PGlite({ loadDataDir: new Blob([new Uint8Array(snapshot)]) });
  try {
    return { tables: await countRows(copy), version: await databaseVersion(copy) };
  } finally {
    await copy.close();
  }
}

async function backupPglite(
  dataDir: string,
  target: string,
  log: Log,
): Promise<BackupManifest["database"]> {
  const folder = pgliteFolder(dataDir);
  if (!existsSync(path.join(folder, "PG_VERSION"))) {
    throw new Error(`There is no embedded database in ${folder} (DATA_DIR=${dataDir}).`);
  }
  let snapshot: Buffer;
  let source: BackupManifest["database"]["source"];
  let release: (() => void) | null = null;
  try {
    release = lockDataFolder(folder);
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
  }
  if (release) {
    try {
      const client = new PGlite(folder);
      try {
        snapshot = await dumpPglite(client);
      } finally {
        await client.close();
      }
    } finally {
      release();
    }
    source = "opened by the backup";
  } else {
    const file = await requestSnapshotFromServer(dataDir, { log });
    snapshot = await fs.readFile(file);
    await fs.rm(file, { force: true });
    source = "running server";
  }
  const file = path.join(target, PGLITE_SNAPSHOT_FILE);
  await fs.writeFile(file, snapshot, { mode: 0o600 });
  const { tables, version } = await inspectPgliteSnapshot(snapshot);
  return { file: PGLITE_SNAPSHOT_FILE, bytes: snapshot.length, version, source, tables };
}

// ---------------------------------------------------------------------------------
// PostgreSQL: pg_dump and pg_restore.

/**
 * libpq's view of DATABASE_URL: the password goes to PGPASSWORD, not onto a command
 * line every local user can read in `ps`.
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${tool} was not found on PATH. Install PostgreSQL's client tools, of the ` +
                "server's major version or newer (Debian: apt-get install postgresql-client).",
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  return client;
}

async function backupPostgres(url: string, target: string): Promise<BackupManifest["database"]> {
  const file = path.join(target, POSTGRES_DUMP_FILE);
  const client = await connect(url);
  try {
    // pg_dump reads the very snapshot the counts were taken in.
    await client.query("begin isolation level repeatable read, read only");
    const { rows } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    const tables = await countRows(client);
    const version = await databaseVersion(client);
    const { dbname, env } = libpqConnection(url);
    await runTool("pg_dump", ["-Fc", `--snapshot=${rows[0]!.id}`, "-f", file, "-d", dbname], env);
    await client.query("commit");
    const { size } = await fs.stat(file);
    return { file: POSTGRES_DUMP_FILE, bytes: size, version, source: "pg_dump", tables };
  } finally {
    await client.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------
// Files: through ObjectStorage, so DATA_DIR and a bucket are copied by one code path,
// and a backup of either mode restores into either (one key space, decision 022).

/**
 * What is backed up. Not variants/ (a cache, remade on demand) and not the bucket's
 * top level, where resumable uploads keep their unfinished parts.
 */
export const BACKED_UP_PREFIXES = ["uploads/", "private/"] as const;
/** Objects copied at once: a bucket answers each request slowly, not many slowly. */
const COPY_CONCURRENCY = 4;

export interface BackedUpObject {
  key: string;
  bytes: number;
  sha256: string;
  /** The bucket's content type, restored with the object (disk files have none). */
  contentType?: string;
}

export interface FileCheck {
  key: string;
  expected: { bytes: number; sha256: string };
  /** What the target holds after the restore; null when the object is missing. */
  actual: { bytes: number; sha256: string } | null;
}

interface OpenStorage {
  storage: ObjectStorage;
  close(): void;
}

function openStorage(settings: BackupSettings): OpenStorage {
  if (settings.s3) {
    const storage = createS3Storage(settings.s3);
    // Its keep-alive sockets would hold a CLI open.
    return { storage, close: () => storage.client.destroy() };
  }
  return { storage: createDiskStorage(settings.DATA_DIR), close: () => {} };
}

const backupFileOf = (filesDir: string, key: string) => path.join(filesDir, ...key.split("/"));

/** Runs `work` on every item, at most `limit` at a time; stops at the first failure. */
async function forEachConcurrently<T>(
  items: AsyncIterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let failed = false;
  const worker = async () => {
    while (!failed) {
      const next = await iterator.next();
      if (next.done) return;
      try {
        await work(next.value);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Every worker ends before the caller goes on (a failed backup removes its folder).
  const results = await Promise.allSettled(Array.from({ length: limit }, worker));
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}

/** Size and sha256 of a stream, read chunk by chunk. */
async function digestOf(body: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/** Writes a stream to a file, and its size and sha256 on the way. */
async function copyToFile(body: Readable, file: string) {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  await pipeline(
    body,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(file, { mode: 0o600 }),
  );
  return { bytes, sha256: hash.digest("hex") };
}

async function backupFiles(
  settings: BackupSettings,
  target: string,
  log: Log,
): Promise<BackupManifest["files"]> {
  const filesDir = path.join(target, FILES_FOLDER);
  await fs.mkdir(filesDir, { recursive: true, mode: 0o700 });
  const { storage, close } = openStorage(settings);
  const objects: BackedUpObject[] = [];
  const skipped: string[] = [];
  try {
    for (const prefix of BACKED_UP_PREFIXES) {
      await forEachConcurrently(storage.list(prefix), COPY_CONCURRENCY, async ({ key }) => {
        // The site never writes such a key (nor could serve it); a file name must not escape.
        if (!isSafeStorageKey(key)) {
          skipped.push(key);
          return;
        }
        const opened = await storage.open(key);
        if (!opened) return; // removed since the listing
        const file = backupFileOf(filesDir, key);
        await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        const { bytes, sha256 } = await copyToFile(opened.body, file);
        const { contentType } = opened.info;
        objects.push({ key, bytes, sha256, ...(contentType && { contentType }) });
      });
    }
  } finally {
    close();
  }
  for (const key of skipped)
    log(`Skipped ${JSON.stringify(key)}: not a storage key the site uses.`);
  objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Sessions stay valid after a restore only with the secret that signed them.
  const secret = path.join(path.resolve(settings.DATA_DIR), AUTH_SECRET_FILE);
  const authSecret = existsSync(secret);
  if (authSecret) await fs.copyFile(secret, path.join(filesDir, AUTH_SECRET_FILE));
  return {
    storage: storage.kind,
    location: storage.location,
    count: objects.length,
    bytes: objects.reduce((sum, o) => sum + o.bytes, 0),
    authSecret,
    objects,
    skipped,
  };
}

// ---------------------------------------------------------------------------------
// Backup.

export function timestampForName(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}

function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Writes a backup of the configured database and the files into `target` (new or empty). */
export async function createBackup(
  settings: BackupSettings,
  target: string,
  log: Log = () => {},
): Promise<BackupManifest> {
  const dir = path.resolve(target);
  if (!(await isEmptyFolder(dir))) throw new Error(`${dir} is not empty; choose a new folder.`);
  // It holds password hashes and the auth secret: for its owner only.
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const createdAt = new Date().toISOString();
  const mode = settings.DATABASE_URL ? "postgres" : "pglite";
  let database: BackupManifest["database"];
  let files: BackupManifest["files"];
  try {
    // The database first: files uploaded meanwhile are extra, never missing.
    database = settings.DATABASE_URL
      ? await backupPostgres(settings.DATABASE_URL, dir)
      : await backupPglite(settings.DATA_DIR, dir, log);
    files = await backupFiles(settings, dir, log);
  } catch (error) {
    // No half backup that looks like a whole one.
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    mode,
    createdAt,
    appVersion: appVersion(),
    database,
    files,
  };
  await fs.writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

// ---------------------------------------------------------------------------------
// Restore.

export async function readManifest(source: string): Promise<BackupManifest> {
  const file = path.join(path.resolve(source), MANIFEST_FILE);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(file, "utf8")) as BackupManifest;
  } catch (error) {
    throw new Error(`${file} is missing or unreadable: is this a backup folder?`, {
      cause: error,
    });
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new Error(`${file} has format ${manifest.format}; this version reads ${BACKUP_FORMAT}.`);
  }
  return manifest;
}

export interface TableCheck {
  table: string;
  expected: number | null;
  actual: number | null;
}

export interface RestoreReport {
  manifest: BackupManifest;
  tables: TableCheck[];
  /** Tables whose row count is not the manifest's (or that are missing on either side). */
  differences: TableCheck[];
  /** What the target holds after the restore, read back object by object. */
  files: { count: number; bytes: number; differences: FileCheck[] };
}

/** A bucket that does not exist yet is an empty one: the restore makes it. */
const isMissingBucket = (error: unknown) => (error as { name?: string }).name === "NoSuchBucket";

async function assertStorageEmpty(storage: ObjectStorage, force: boolean): Promise<void> {
  if (force) return;
  for (const prefix of BACKED_UP_PREFIXES) {
    let found: string | undefined;
    try {
      for await (const object of storage.list(prefix)) {
        found = object.key;
        break;
      }
    } catch (error) {
      if (isMissingBucket(error)) return;
      throw error;
    }
    if (found !== undefined) {
      throw new Error(
        `${storage.location} already holds files (${found}). Restore into an empty DATA_DIR ` +
          "or bucket, or add --force to copy the backup's files over them.",
      );
    }
  }
}

/**
 * The objects of a backup. Those written before the manifest listed them (no `objects`)
 * are found in its files/ folder, and then checked against their own bytes.
 */
async function objectsOf(source: string, manifest: BackupManifest): Promise<BackedUpObject[]> {
  if (manifest.files.objects) return manifest.files.objects;
  const filesDir = path.join(source, FILES_FOLDER);
  const objects: BackedUpObject[] = [];
  for (const prefix of BACKED_UP_PREFIXES) {
    const names = await fs
      .readdir(path.join(filesDir, prefix), { recursive: true })
      .catch(() => [] as string[]);
    for (const name of names.sort()) {
      const key = `${prefix}${name.split(path.sep).join("/")}`;
      const file = backupFileOf(filesDir, key);
      if (!isSafeStorageKey(key) || !(await fs.stat(file)).isFile()) continue;
      objects.push({ key, ...(await digestOf(createReadStream(file))) });
    }
  }
  return objects;
}

/** Refuses a backup that lacks a file, or has one of another size, before anything is written. */
async function assertBackupComplete(source: string, objects: BackedUpObject[]): Promise<void> {
  const filesDir = path.join(source, FILES_FOLDER);
  for (const { key, bytes } of objects) {
    const found = await fs.stat(backupFileOf(filesDir, key)).catch(() => null);
    if (!found?.isFile() || found.size !== bytes) {
      throw new Error(
        `The backup is incomplete: ${FILES_FOLDER}/${key} is ${found ? `${found.size} bytes, not ${bytes}` : "missing"}.`,
      );
    }
  }
}

/** Puts every object into the storage, then reads each back and compares size and sha256. */
async function restoreFiles(
  source: string,
  settings: BackupSettings,
  storage: ObjectStorage,
  manifest: BackupManifest,
  objects: BackedUpObject[],
): Promise<RestoreReport["files"]> {
  const filesDir = path.join(source, FILES_FOLDER);
  await storage.prepare();
  let count = 0;
  let bytes = 0;
  const differences: FileCheck[] = [];
  await forEachConcurrently(
    (async function* () {
      yield* objects;
    })(),
    COPY_CONCURRENCY,
    async (object) => {
      const { key, contentType } = object;
      await storage.putFile(key, backupFileOf(filesDir, key), contentType ? { contentType } : {});
      const opened = await storage.open(key);
      const actual = opened ? await digestOf(opened.body) : null;
      if (actual) {
        count += 1;
        bytes += actual.bytes;
      }
      if (actual?.bytes !== object.bytes || actual.sha256 !== object.sha256) {
        differences.push({ key, expected: { bytes: object.bytes, sha256: object.sha256 }, actual });
      }
    },
  );
  differences.sort((a, b) => (a.key < b.key ? -1 : 1));
  const root = path.resolve(settings.DATA_DIR);
  const secret = path.join(root, AUTH_SECRET_FILE);
  if (manifest.files.authSecret && !existsSync(secret)) {
    await fs.mkdir(root, { recursive: true });
    await fs.copyFile(path.join(filesDir, AUTH_SECRET_FILE), secret);
    await fs.chmod(secret, 0o600);
  }
  return { count, bytes, differences };
}

async function assertPgliteTargetEmpty(dataDir: string): Promise<void> {
  const folder = pgliteFolder(dataDir);
  if (!(await isEmptyFolder(folder))) {
    throw new Error(
      `${folder} already holds a database. Restore into an empty DATA_DIR, or move that folder aside first.`,
    );
  }
}

async function restorePglite(source: string, dataDir: string): Promise<Record<string, number>> {
  const folder = pgliteFolder(dataDir);
  await assertPgliteTargetEmpty(dataDir);
  const snapshot = await fs.readFile(path.join(source, PGLITE_SNAPSHOT_FILE));
  const client = new PGlite(folder, { loadDataDir: new Blob([new Uint8Array(snapshot)]) });
  try {
    return await countRows(client);
  } finally {
    await client.close();
  }
}

async function restorePostgres(
  source: string,
  url: string,
  options: { force: boolean; beforeWriting: () => Promise<void> },
): Promise<Record<string, number>> {
  const { force } = options;
  const client = await connect(url);
  try {
    const existing = await listTables(client);
    if (existing.length > 0 && !force) {
      throw new Error(
        `The database at DATABASE_URL already has ${existing.length} tables. Restore into a new, ` +
          "empty database (createdb), or add --force to drop and replace the backup's tables.",
      );
    }
    await options.beforeWriting();
    const { dbname, env } = libpqConnection(url);
    const args = ["--no-owner", "--no-privileges", "--exit-on-error", "-d", dbname];
    if (force) args.push("--clean", "--if-exists");
    await runTool("pg_restore", [...args, path.join(source, POSTGRES_DUMP_FILE)], env);
    return await countRows(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Restores a backup into the configured database, which must be empty (PostgreSQL:
 * `force` replaces the backup's tables), and puts its files into the configured storage
 * (DATA_DIR or the bucket), which must hold none under uploads/ or private/ (`force`
 * writes over them). Every object is read back and compared with the manifest.
 */
export async function restoreBackup(
  settings: BackupSettings,
  source: string,
  options: { force?: boolean } = {},
): Promise<RestoreReport> {
  const dir = path.resolve(source);
  const force = options.force ?? false;
  const manifest = await readManifest(dir);
  const configured = settings.DATABASE_URL ? "postgres" : "pglite";
  if (manifest.mode !== configured) {
    throw new Error(
      manifest.mode === "postgres"
        ? "This backup is of a PostgreSQL database: set DATABASE_URL to the empty database to restore into."
        : "This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to an empty folder.",
    );
  }

  // Every refusal comes before anything is written.
  const objects = await objectsOf(dir, manifest);
  await assertBackupComplete(dir, objects);
  const { storage, close } = openStorage(settings);
  try {
    const checkFilesTarget = () => assertStorageEmpty(storage, force);
    let tables: Record<string, number>;
    let files: RestoreReport["files"];
    if (settings.DATABASE_URL) {
      tables = await restorePostgres(dir, settings.DATABASE_URL, {
        force,
        beforeWriting: checkFilesTarget,
      });
      files = await restoreFiles(dir, settings, storage, manifest, objects);
    } else {
      await assertPgliteTargetEmpty(settings.DATA_DIR);
      const folder = pgliteFolder(settings.DATA_DIR);
      await fs.mkdir(path.dirname(folder), { recursive: true });
      // No server may open the folder while it is being filled.
      const release = lockDataFolder(folder);
      try {
        await checkFilesTarget();
        tables = await restorePglite(dir, settings.DATA_DIR);
        files = await restoreFiles(dir, settings, storage, manifest, objects);
      } finally {
        release();
      }
    }

    const names = [...new Set([...Object.keys(manifest.database.tables), ...Object.keys(tables)])];
    const checks = names.sort().map((table) => ({
      table,
      expected: manifest.database.tables[table] ?? null,
      actual: tables[table] ?? null,
    }));
    return {
      manifest,
      tables: checks,
      differences: checks.filter((c) => c.expected !== c.actual),
      files,
    };
  } finally {
    close();
  }
}
