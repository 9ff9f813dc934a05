import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import * as schema from "./schema.server";
import { getEnv, type Env } from "../core/env.server";
import { logger } from "../core/logger.server";
import { lockDataFolder } from "./data-folder-lock.server";
import { singleton } from "../core/singleton.server";
import { embeddedTemplateFor } from "./embedded-template.server";

/**
 * One Drizzle type for both drivers: PGlite and node-postgres expose the same
 * query builder, so services never know which one they run on.
 */
export type Database = NodePgDatabase<typeof schema>;

/** An open transaction on the database: the one transaction type of the app. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Where a query may run: the database itself or an open transaction on it. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export type DatabaseTarget =
  // dataDir undefined: in memory. templateFile: the empty database a new folder starts from.
  | { kind: "pglite"; dataDir?: string; templateFile?: string }
  | { kind: "postgres"; url: string; timeouts?: Partial<PostgresTimeouts> };

/**
 * How long PostgreSQL may take before a request gives up and the page fails with the
 * error page. A server that accepts connections but never answers would otherwise
 * hold every request, and the pool's clients, forever. The query timeout is kept by
 * the client, so it holds even when the server is too stuck to enforce its own.
 */
export interface PostgresTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** Server side: one statement, lock waits included. */
  statementMs: number;
  /** Client side: one query's answer. */
  queryMs: number;
  /** Server side: a transaction left open without a statement (a crashed request). */
  idleInTransactionMs: number;
}

export const POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 3_000,
  statementMs: 5_000,
  queryMs: 7_000,
  idleInTransactionMs: 15_000,
};

/** What /readyz waits for the database before answering 503. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * The embedded database's memory, sized for a small site on a small machine (issue 29).
 * PostgreSQL's defaults (128 MB of shared buffers, 64 MB for maintenance) are for a
 * server of its own; the whole demo site is a few MB of tables. "-B" sets the shared
 * buffers in 8 KB pages: PGlite's single-user start ignores "-c shared_buffers".
 */
export const EMBEDDED_DATABASE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-B",
  String((16 * 1024) / 8), // 16 MB of shared buffers
  "-c",
  "maintenance_work_mem=16MB",
  "-c",
  "temp_buffers=2MB",
];

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "drizzle");

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === "postgres") {
    const timeouts = { ...POSTGRES_TIMEOUTS, ...target.timeouts };
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      keepAlive: true,
    });
    // An idle client losing its connection (server restart, dropped test database)
    // must not crash the process; the pool replaces it on the next query.
    pool.on("error", (error) => {
      logger.warn({ err: error }, "PostgreSQL idle client error");
    });
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
    return { db, kind: "postgres", close: () => pool.end() };
  }
  let release = () => {};
  if (target.dataDir) {
    fs.mkdirSync(target.dataDir, { recursive: true });
    // One process per folder: a second one would silently lose rows.
    release = lockDataFolder(target.dataDir);
  }
  const client = new PGlite(target.dataDir, {
    startParams: EMBEDDED_DATABASE_START_PARAMS,
    loadDataDir: embeddedTemplateFor(target.dataDir, target.templateFile),
  });
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    close: () => client.close().finally(release),
  };
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === "postgres") {
    await migratePg(handle.db, config);
  } else {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config);
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Whether the database answers within `timeoutMs`: /readyz says 503 quickly when it
 * does not, instead of hanging with it. A late answer is dropped.
 */
export async function isDatabaseReady(
  db: Database,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      pingDatabase(db).then(
        () => true,
        (error: unknown) => {
          logger.warn({ err: error }, "Database readiness check failed");
          return false;
        },
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** DATABASE_URL selects PostgreSQL; otherwise PGlite on disk under DATA_DIR. */
export function databaseTargetFromEnv(env: Env): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  return { kind: "pglite", dataDir: path.resolve(env.DATA_DIR, "pglite") };
}

const appDatabase = () =>
  singleton("database", () => openDatabase(databaseTargetFromEnv(getEnv())));

/** The process-wide database, for loaders and actions. */
export function getDb(): Database {
  return appDatabase().db;
}

export function getDatabaseHandle(): DatabaseHandle {
  return appDatabase();
}

export { schema };
