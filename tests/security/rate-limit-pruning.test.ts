/**
 * The app's rate limits keep their own windows: Better Auth prunes its rate_limits
 * table after its longest window (10 minutes), which once reset the app's 15- and
 * 60-minute limits early. The app's counters live apart and end only with their window.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit, pruneExpiredRateLimits, rateLimitKey } from "~/server/db/rate-limit.server";
import { appRateLimits } from "~/server/db/schema/db.server";
import { rateLimits } from "~/server/db/schema/auth.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "~/server/testing/test-database.server";

const HOUR = 60 * 60_000;

describe.each(await testDatabaseKinds())("app rate limits on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("still refuses after the auth library prunes its own table", async () => {
    const rule = { max: 3, windowMs: HOUR };
    const key = rateLimitKey("recovery", "198.51.100.7");
    const start = new Date("2026-11-23T10:00:00Z");
    for (let i = 0; i < rule.max; i++) {
      expect((await hitRateLimit(t.db, key, rule, start)).allowed).toBe(true);
    }
    // What Better Auth does to rate_limits after ten minutes.
    await t.db.delete(rateLimits);
    const later = new Date(start.getTime() + 20 * 60_000);
    const refused = await hitRateLimit(t.db, key, rule, later);
    expect(refused.allowed).toBe(false);
    expect(refused.resetAt).toEqual(new Date(start.getTime() + HOUR));

    // The window's end starts a new one.
    const next = await hitRateLimit(t.db, key, rule, new Date(start.getTime() + HOUR + 1));
    expect(next).toMatchObject({ allowed: true, count: 1 });
  });

  it("prunes only counters whose window has ended", async () => {
    await t.db.delete(appRateLimits);
    const now = new Date("2026-11-23T12:00:00Z");
    await hitRateLimit(
      t.db,
      "a:ended",
      { max: 1, windowMs: 60_000 },
      new Date(now.getTime() - 2 * 60_000),
    );
    await hitRateLimit(t.db, "a:running", { max: 1, windowMs: HOUR }, now);
    expect(await pruneExpiredRateLimits(t.db, now)).toBe(1);
    const left = await t.db.select({ key: appRateLimits.key }).from(appRateLimits);
    expect(left.map((r) => r.key)).toEqual(["a:running"]);
  });
});
