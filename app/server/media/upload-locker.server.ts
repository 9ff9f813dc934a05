/**
 * The lock of a resumable upload when several instances share one PostgreSQL: tus
 * takes it around every HEAD, PATCH and DELETE of an upload. It is a session advisory
 * lock on a connection held for the request, so two instances never append to one
 * upload at once, and an instance that dies mid-PATCH frees it with its connection:
 * the client resumes through another instance at once.
 *
 * Inside one process the lock is tus's own MemoryLocker first, which asks the holder to
 * let go (a stalled PATCH of the same upload) instead of waiting it out.
 */
import { MemoryLocker } from "@tus/server";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import type pg from "pg";
import type { Database } from "../db/database.server";
import { advisoryLockKey, poolOf } from "../db/job-lock.server";

const POLL_MS = 100;

/** Null for PGlite: one process, so tus's MemoryLocker is the whole story. */
export function createPostgresUploadLocker(
  db: Database,
  options: { timeoutMs?: number } = {},
): Locker | null {
  const pool = poolOf(db);
  if (!pool) return null;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const local = new MemoryLocker({ acquireLockTimeout: timeoutMs });
  return { newLock: (id) => new PostgresUploadLock(id, pool, local.newLock(id), timeoutMs) };
}

class PostgresUploadLock implements Lock {
  private client: pg.PoolClient | null = null;
  private readonly key: string;

  constructor(
    id: string,
    private readonly pool: pg.Pool,
    private readonly local: Lock,
    private readonly timeoutMs: number,
  ) {
    this.key = advisoryLockKey(`upload:${id}`);
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.local.lock(stopSignal, requestRelease);
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      const deadline = Date.now() + this.timeoutMs;
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>(
          "select pg_try_advisory_lock($1::bigint) as locked",
          [this.key],
        );
        if (rows[0]?.locked) {
          this.client = client;
          return;
        }
        // Another instance writes this upload; its request ends or its connection dies.
        if (stopSignal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      client?.release();
      await this.local.unlock();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) {
      let broken = false;
      await client.query("select pg_advisory_unlock($1::bigint)", [this.key]).catch(() => {
        broken = true;
      });
      // A connection whose unlock failed may still hold the lock: close it.
      client.release(broken);
    }
    await this.local.unlock();
  }
}
