/**
 * Cookieless analytics (issue 25) on PGlite and on PostgreSQL when it answers: the
 * beacon's intake over HTTP (one visitor once a day, a new one the next day; bots, GPC,
 * DNT, prefetches, the team and forged input not counted; a flood counted once), the
 * rollup (twice, and on two instances at once, without doubling), retention, and a
 * purchase credited to the source of the visit that started its checkout.
 */
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase } from "../db/database.server";
import {
  analyticsDaily,
  analyticsEvents,
  analyticsHourly,
  analyticsSalts,
} from "../db/schema/analytics.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  createAnalyticsIntake,
  insertEvents,
  type AnalyticsIntake,
  type AnalyticsRow,
} from "./intake.server";
import { ROLLUP_BATCH, runAnalyticsRollup } from "./rollup.server";
import { recordCheckoutStarted, recordPurchase } from "./server-events.server";

const TZ = "Europe/Berlin";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe.each(await testDatabaseKinds())("analytics on %s", (kind) => {
  let t: TestDatabase & { url?: string };
  let intake: AnalyticsIntake;
  let server: http.Server;
  let base = "";
  let clock = new Date("2026-06-10T10:00:00Z");
  // The address each test request claims (trusted as a proxy's word in this test only).
  const addressOf = (req: http.IncomingMessage) =>
    String(req.headers["x-test-address"] ?? req.socket.remoteAddress);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    intake = createAnalyticsIntake({
      db: t.db,
      timeZone: TZ,
      ownHosts: ["jazz.example"],
      clientAddress: addressOf,
      requestedHost: () => "jazz.example",
      now: () => clock,
      flushEveryMs: 60_000,
    });
    server = http.createServer((req, res) => {
      if (!intake.handle(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await intake?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(analyticsEvents);
    await t.db.delete(analyticsDaily);
    await t.db.delete(analyticsHourly);
    clock = new Date("2026-06-10T10:00:00Z");
  });

  async function beacon(body: unknown, headers: Record<string, string> = {}): Promise<number> {
    const response = await fetch(`${base}/api/event`, {
      method: "POST",
      headers: { "user-agent": CHROME, "x-test-address": "203.0.113.7", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  }
  /** Lets the salt lookups settle, then writes the buffer. */
  async function settle() {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await intake.flush();
  }
  async function daily(kindName: string, dimension: string, key = "", detail = "") {
    const [row] = await t.db
      .select()
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.kind, kindName),
          eq(analyticsDaily.dimension, dimension),
          eq(analyticsDaily.key, key),
          eq(analyticsDaily.detail, detail),
        ),
      );
    return row ?? null;
  }
  const rollup = (now = clock) =>
    runAnalyticsRollup(t.db, { timeZone: TZ, retentionDays: 30, now });

  it("counts one visitor once a day, and as a new visitor the next day", async () => {
    expect(await beacon({ k: "pageview", u: "/", r: "" })).toBe(204);
    await beacon({ k: "pageview", u: "/events", r: "https://jazz.example/" });
    await beacon(
      { k: "pageview", u: "/", r: "" },
      { "user-agent": IPHONE, "x-test-address": "198.51.100.2" },
    );
    await settle();
    const sameDay = await t.db.select({ visitor: analyticsEvents.visitor }).from(analyticsEvents);
    expect(new Set(sameDay.map((r) => r.visitor)).size).toBe(2);

    clock = new Date("2026-06-11T10:00:00Z");
    await beacon({ k: "pageview", u: "/", r: "" });
    await settle();
    const all = await t.db.select({ visitor: analyticsEvents.visitor }).from(analyticsEvents);
    expect(new Set(all.map((r) => r.visitor)).size).toBe(3);
    // Nothing of the address is stored: not in any column of any event.
    const dump = JSON.stringify(await t.db.select().from(analyticsEvents));
    expect(dump).not.toContain("203.0.113.7");

    await rollup();
    expect((await daily("pageview", "total"))?.visitors).toBeGreaterThan(0);
    const days = await t.db
      .select({ day: analyticsDaily.day, visitors: analyticsDaily.visitors })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.kind, "pageview"), eq(analyticsDaily.dimension, "total")))
      .orderBy(analyticsDaily.day);
    expect(days).toEqual([
      { day: "2026-06-10", visitors: 2 },
      { day: "2026-06-11", visitors: 1 },
    ]);
    expect((await daily("pageview", "device", "phone"))?.visitors).toBe(1);
  });

  it("keeps the previous day's salt one day, then deletes it", async () => {
    await beacon({ k: "pageview", u: "/", r: "" });
    clock = new Date("2026-06-11T10:00:00Z");
    await beacon({ k: "pageview", u: "/", r: "" });
    await settle();
    await rollup(new Date("2026-06-12T10:00:00Z"));
    const kept = await t.db.select({ day: analyticsSalts.day }).from(analyticsSalts);
    expect(kept.map((r) => r.day)).not.toContain("2026-06-10");
    expect(kept.map((r) => r.day)).toContain("2026-06-11");
  });

  it("does not count bots, prefetches, GPC, DNT, the team or forged beacons", async () => {
    const page = { k: "pageview", u: "/", r: "" };
    await beacon(page, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await beacon(page, { "sec-purpose": "prefetch" });
    await beacon(page, { "sec-gpc": "1" });
    await beacon(page, { dnt: "1" });
    await beacon(page, { cookie: "better-auth.session_token=abc.def" });
    expect(await beacon({ k: "purchase", u: "/shop", s: "x" })).toBe(204);
    expect(await beacon({ k: "made_up", u: "/" })).toBe(204);
    expect(await beacon("{not json")).toBe(204);
    expect(await beacon({ k: "pageview", u: "https://elsewhere.example/" })).toBe(204);
    expect(await beacon("x".repeat(1024 * 1024))).toBe(413);
    await settle();
    expect(await t.db.select().from(analyticsEvents)).toEqual([]);
  });

  it("caps a long path and counts a flood from one address once", async () => {
    // An address of its own: the limiter's minute would otherwise reach the next tests.
    const flooder = { "x-test-address": "192.0.2.99" };
    await beacon({ k: "pageview", u: `/${"a".repeat(1500)}`, r: "" }, flooder);
    const flood = Array.from({ length: 300 }, () =>
      beacon({ k: "pageview", u: "/", r: "" }, flooder),
    );
    expect(new Set(await Promise.all(flood))).toEqual(new Set([204]));
    await settle();
    const rows = await t.db.select().from(analyticsEvents);
    expect(rows.length).toBeLessThanOrEqual(120);
    expect(Math.max(...rows.map((r) => r.path.length))).toBeLessThanOrEqual(200);
    await rollup();
    expect((await daily("pageview", "total"))?.visitors).toBe(1);
  });

  it("rolls up twice and on two instances at once without doubling", async () => {
    await beacon({ k: "pageview", u: "/?utm_source=letters&utm_campaign=june", r: "" });
    await beacon({ k: "track_play", u: "/", s: "Blue in Green", o: "complete", v: "file" });
    await beacon({ k: "track_play", u: "/", s: "Blue in Green", o: "skipped", v: "soundcloud" });
    // Quotes, commas and braces survive the batched write's array parameters.
    await beacon({ k: "ticket_click", u: "/events", s: 'Jazz at the "Lake", {late} \\ set' });
    await settle();
    await rollup();
    await rollup();
    const once = await t.db
      .select()
      .from(analyticsDaily)
      .orderBy(analyticsDaily.kind, analyticsDaily.dimension, analyticsDaily.key);
    if (kind === "postgres") {
      const other = openDatabase({ kind: "postgres", url: t.url! });
      try {
        await Promise.all([
          rollup(),
          runAnalyticsRollup(other.db, { timeZone: TZ, retentionDays: 30, now: clock }),
        ]);
      } finally {
        await other.close();
      }
    } else {
      await Promise.all([rollup(), rollup()]);
    }
    const after = await t.db
      .select()
      .from(analyticsDaily)
      .orderBy(analyticsDaily.kind, analyticsDaily.dimension, analyticsDaily.key);
    expect(after).toEqual(once);
    expect((await daily("pageview", "source", "letters"))?.events).toBe(1);
    expect((await daily("pageview", "campaign", "june"))?.visitors).toBe(1);
    expect((await daily("track_play", "subject", "Blue in Green", "complete"))?.events).toBe(1);
    // Per track and player, for the plays table's source.
    expect((await daily("track_play", "track", "Blue in Green", "file:complete"))?.events).toBe(1);
    expect(
      (await daily("track_play", "track", "Blue in Green", "soundcloud:skipped"))?.events,
    ).toBe(1);
    // Only plays have a track.
    expect(await daily("ticket_click", "track", "", ":")).toBeNull();
    expect(await daily("pageview", "track", "", ":")).toBeNull();
    expect(
      (await daily("ticket_click", "subject", 'Jazz at the "Lake", {late} \\ set'))?.events,
    ).toBe(1);
    // The later events of the visit are credited to its first source.
    expect((await daily("track_play", "source", "letters"))?.events).toBe(2);
  });

  it("deletes raw events past the retention window and keeps the totals", async () => {
    clock = new Date("2026-05-01T10:00:00Z");
    await beacon({ k: "pageview", u: "/old", r: "" });
    await settle();
    await rollup();
    await runAnalyticsRollup(t.db, {
      timeZone: TZ,
      retentionDays: 30,
      now: new Date("2026-06-10T10:00:00Z"),
    });
    expect(await t.db.select().from(analyticsEvents)).toEqual([]);
    expect((await daily("pageview", "page", "/old"))?.events).toBe(1);
  });

  it("credits a purchase to the source of the visit that started the checkout, once", async () => {
    await beacon({ k: "pageview", u: "/?utm_source=letters&utm_campaign=june", r: "" });
    await beacon({ k: "pageview", u: "/shop", r: "https://jazz.example/" });
    await settle();
    const request = {
      headers: new Headers({ "user-agent": CHROME, referer: "https://jazz.example/shop" }),
      url: "https://jazz.example/api/create-provider-order",
      clientAddress: "203.0.113.7",
    };
    await recordCheckoutStarted(t.db, request, "ORDER-1", TZ, clock);
    await recordPurchase(t.db, { providerOrderId: "ORDER-1", totalAmount: 25 }, clock);
    await recordPurchase(t.db, { providerOrderId: "ORDER-1", totalAmount: 25 }, clock);
    // A GPC buyer's sale counts, credited to nobody.
    await recordCheckoutStarted(
      t.db,
      { ...request, headers: new Headers({ "user-agent": CHROME, "sec-gpc": "1" }) },
      "ORDER-2",
      TZ,
      clock,
    );
    await recordPurchase(t.db, { providerOrderId: "ORDER-2", totalAmount: 10 }, clock);
    await rollup();
    const letters = await daily("purchase", "source", "letters");
    expect(letters).toMatchObject({ events: 1, visitors: 1, value: 25 });
    expect(await daily("purchase", "source", "")).toMatchObject({
      events: 1,
      visitors: 0,
      value: 10,
    });
    expect((await daily("checkout_started", "page", "/shop"))?.events).toBe(1);
    const [{ count }] = (
      await t.db.execute(
        sql`select count(*)::int as count from analytics_events where kind = 'purchase'`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(2);
  });

  it("sums events batch by batch to exactly the totals of summing them all at once", async () => {
    // Visitors whose events come in several batches, some only later with a source (the
    // visit's earlier events move to it), server events without a visitor, two days.
    const sources = ["", "", "letters", "news.example"];
    const rows: AnalyticsRow[] = [];
    for (let i = 0; i < 2 * ROLLUP_BATCH + 300; i++) {
      const visitor = i % 37 === 0 ? "" : `v${(i * 7919) % 211}`;
      const kind = i % 11 === 0 ? "purchase" : i % 5 === 0 ? "track_play" : "pageview";
      rows.push({
        occurredAt: new Date(Date.parse("2026-06-10T02:00:00Z") + i * 40_000),
        kind,
        visitor,
        path: `/p${i % 4}`,
        source: sources[(i * 31) % sources.length]!,
        campaign: i % 13 === 0 ? "june" : "",
        device: i % 2 ? "phone" : "desktop",
        browser: "Chrome",
        subject: kind === "track_play" ? `Track ${i % 3}` : "",
        outcome: kind === "track_play" ? "complete" : "",
        variant: kind === "track_play" ? "file" : "",
        value: kind === "purchase" ? 10 : null,
      });
    }
    const totals = async () => ({
      daily: await t.db
        .select()
        .from(analyticsDaily)
        .orderBy(
          analyticsDaily.day,
          analyticsDaily.kind,
          analyticsDaily.dimension,
          analyticsDaily.key,
          analyticsDaily.detail,
        ),
      hourly: await t.db
        .select()
        .from(analyticsHourly)
        .orderBy(analyticsHourly.hour, analyticsHourly.kind),
    });
    // In three deliveries, with a rollup after each; one run on a budget sums one batch.
    const deliveries = [
      (i: number) => i % 2 === 0,
      (i: number) => i % 4 === 1,
      (i: number) => i % 4 === 3,
    ];
    for (const [part, delivered] of deliveries.entries()) {
      await insertEvents(
        t.db,
        rows.filter((_, i) => delivered(i)),
      );
      if (part === 0) {
        const { rolled, eventsLeft } = await runAnalyticsRollup(t.db, {
          timeZone: TZ,
          retentionDays: 30,
          now: clock,
          budgetMs: 0,
        });
        expect(rolled).toBe(ROLLUP_BATCH);
        expect(eventsLeft).toBe(true);
      }
      await rollup();
    }
    const batchByBatch = await totals();
    expect(batchByBatch.daily.length).toBeGreaterThan(20);

    await t.db.delete(analyticsDaily);
    await t.db.delete(analyticsHourly);
    await t.db.update(analyticsEvents).set({ rolled: false });
    await rollup();
    expect(await totals()).toEqual(batchByBatch);
    // Checked against the events themselves too, not only against the rollup.
    const pageviewsPerDay = batchByBatch.daily.filter(
      (r) => r.kind === "pageview" && r.dimension === "total",
    );
    expect(pageviewsPerDay.length).toBe(2);
    expect(pageviewsPerDay.reduce((sum, r) => sum + r.events, 0)).toBe(
      rows.filter((r) => r.kind === "pageview").length,
    );
  });
});
