/**
 * Fixed-window rate limits kept in the database (the rate_limits table Better Auth
 * also uses, under our own key prefixes), so every app instance sharing a PostgreSQL
 * counts together. One upsert per hit: no read-then-write race.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.server";
import { rateLimits } from "../db/schema.server";

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
  const nowMs = now.getTime();
  const windowStart = nowMs - rule.windowMs;
  // last_request holds the start of the current window for our keys.
  const [row] = await db
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: nowMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then ${nowMs}::bigint else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest });
  return {
    allowed: row!.count <= rule.max,
    count: row!.count,
    resetAt: new Date(Number(row!.lastRequest) + rule.windowMs),
  };
}

/** A key that does not store a visitor's address in clear. */
export function rateLimitKey(scope: string, value: string): string {
  return `${scope}:${crypto.createHash("sha256").update(value).digest("hex").slice(0, 32)}`;
}
