/**
 * Periodic jobs (the stock-hold sweeper, the pruners, upload clean-up) run on one
 * instance at a time when several share a PostgreSQL database: each run takes a
 * session advisory lock named after the job, and an instance that finds it taken skips
 * that run. PGlite serves one process (db/database.server.ts locks its folder), so
 * there the job simply runs.
 */
import crypto from "node:crypto";
import pg from "pg";
import type { Database } from "./database.server";

/** A stable 63-bit key per job name for pg_try_advisory_lock. */
export function advisoryLockKey(name: string): string {
  const digest = crypto.createHash("sha256").update(`jazz-site:${name}`).digest();
  return digest.readBigInt64BE(0).toString();
}

/** The PostgreSQL pool behind `db`; null for PGlite, which serves one process. */
export function poolOf(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * Runs `job` unless another process holds the job's lock. Returns whether it ran.
 * The lock lives on one connection for the job's duration and ends with it, so a
 * process that dies mid-job frees it.
 */
export async function runExclusively(
  db: Database,
  name: string,
  job: () => Promise<unknown>,
): Promise<boolean> {
  const pool = poolOf(db);
  if (!pool) {
    await job();
    return true;
  }
  const key = advisoryLockKey(name);
  const client = await pool.connect();
  let broken = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock($1::bigint) as locked",
      [key],
    );
    if (!rows[0]?.locked) return false;
    try {
      await job();
      return true;
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection whose unlock failed may still hold the lock: close it, never reuse it.
    client.release(broken);
  }
}

/**
 * Holds the lock named `name` on its own connection until `run` settles, waiting for
 * another holder to finish first (polling: a plain pg_advisory_lock would outlast the
 * pool's statement timeout). For start-up work that must not run twice at once.
 */
export async function withAdvisoryLock<T>(
  db: Database,
  name: string,
  run: () => Promise<T>,
  options: { pollMs?: number; timeoutMs?: number; onWait?: () => void } = {},
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return run();
  const key = advisoryLockKey(name);
  const deadline = Date.now() + (options.timeoutMs ?? 10 * 60_000);
  const client = await pool.connect();
  let broken = false;
  try {
    let waited = false;
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock($1::bigint) as locked",
        [key],
      );
      if (rows[0]?.locked) break;
      if (!waited) options.onWait?.();
      waited = true;
      if (Date.now() > deadline) {
        throw new Error(`Timed out waiting for the "${name}" lock held by another instance`);
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    }
    try {
      return await run();
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}
