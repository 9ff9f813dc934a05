/**
 * Fixed-window rate limits kept in the database (app_rate_limits), so every app
 * instance sharing a PostgreSQL counts together. One upsert per hit: no
 * read-then-write race. Better Auth keeps its own counters in rate_limits and prunes
 * that table on its own schedule, which is why ours live apart.
 */
import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Database } from "./database.server";
import { appRateLimits } from "./schema/db.server";
import { runExclusively } from "./job-lock.server";
import { logger } from "../core/logger.server";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

/** Counts one hit against `key` and says whether it is within the rule. */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowEnd = new Date(now.getTime() + rule.windowMs);
  const expired = sql`${appRateLimits.expiresAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(appRateLimits)
    .values({ key, count: 1, windowStartedAt: now, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: appRateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${appRateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${appRateLimits.windowStartedAt} end`,
        expiresAt: sql`case when ${expired} then ${windowEnd.toISOString()}::timestamptz else ${appRateLimits.expiresAt} end`,
      },
    })
    .returning({ count: appRateLimits.count, expiresAt: appRateLimits.expiresAt });
  return { allowed: row!.count <= rule.max, count: row!.count, resetAt: new Date(row!.expiresAt) };
}

/** Deletes counters whose window has ended: they would start from 1 anyway. */
export async function pruneExpiredRateLimits(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(appRateLimits)
    .where(lt(appRateLimits.expiresAt, now))
    .returning({ key: appRateLimits.key });
  return gone.length;
}

/** Prunes ended windows every hour, on one instance at a time; returns the stop function. */
export function startRateLimitPruner(db: Database, everyMs = 60 * 60_000): () => void {
  const timer = setInterval(() => {
    runExclusively(db, "rate-limit-pruner", () => pruneExpiredRateLimits(db)).catch(
      (error: unknown) => logger.warn({ err: error }, "Pruning rate limits failed"),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A key that does not store a visitor's address in clear. */
export function rateLimitKey(scope: string, value: string): string {
  return `${scope}:${crypto.createHash("sha256").update(value).digest("hex").slice(0, 32)}`;
}
