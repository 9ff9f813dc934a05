/**
 * `npm run db:seed-subscribers -- <count>` (issue 22's check "send it to 2,000 demo
 * subscribers"): the demo list grows to the count asked for, keeps its first 320 as the
 * demo seed makes them, adds nothing on a second run, and refuses a count that is not one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { newsletterSubscribers } from "../db/schema/audience.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { countAudience } from "../audience/campaign-audience.server";
import {
  DEMO_SUBSCRIBER_COUNT,
  demoSubscriberCount,
  demoSubscribers,
  seedDemoSubscribers,
} from "./demo-subscribers.server";

describe("demoSubscriberCount", () => {
  it("is the demo's 320 unless a whole number from 1 to 100,000 is given", () => {
    expect(DEMO_SUBSCRIBER_COUNT).toBe(320);
    expect(demoSubscriberCount(undefined)).toBe(320);
    expect(demoSubscriberCount("2000")).toBe(2000);
    for (const bad of ["0", "-5", "2k", "1.5", "100001"])
      expect(demoSubscriberCount(bad)).toEqual({ error: expect.stringContaining(`"${bad}"`) });
  });
});

describe.each(await testDatabaseKinds())("seeding demo subscribers on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("grows the demo list to 2,000 confirmed subscribers, the demo seed's 320 first, once", async () => {
    const today = new Date("2026-11-29T12:00:00Z");
    // The demo seed's own list (demo-content.server.ts).
    await t.db.insert(newsletterSubscribers).values(demoSubscribers(today));
    expect(await seedDemoSubscribers(t.db, 2000, today)).toBe(1680);
    expect(await countAudience(t.db, { kind: "all" })).toBe(2000);
    const [withCity] = await t.db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.countryCode, "US"));
    expect(withCity!.n).toBeGreaterThan(500);
    expect(
      demoSubscribers(today, 2000)
        .slice(0, 320)
        .map((r) => r.email),
    ).toEqual(demoSubscribers(today).map((r) => r.email));
    expect(await seedDemoSubscribers(t.db, 2000, today)).toBe(0);
    expect(await seedDemoSubscribers(t.db, 320, today)).toBe(0);
  });
});
