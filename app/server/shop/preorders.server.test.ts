/**
 * Pre-orders (issue 24) on PGlite and on PostgreSQL when it answers: a pre-ordered line
 * is paid without files and its mail says when they come; the release job, run twice,
 * on two "instances" at once and after a crash, mails each buyer once with working
 * links (and twin codes); a refunded pre-order is never released; moving the date
 * mails each buyer once; a past date is refused; a physical pre-order is "to ship"
 * only from its day.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { EMPTY_ORDER_FILTERS } from "~/domain/shop/orders/order-admin";
import { PREORDER_MESSAGES } from "~/domain/shop/catalogue/preorder";
import { shopItemCreateSchema } from "~/domain/shop/catalogue/shop-item-form";
import { ValidationError } from "../core/errors.server";
import { downloadTokens, orderLines, orders } from "../db/schema/shop.server";
import { findDownload } from "./downloads.server";
import { listOrders, refundOrder } from "./order-admin.server";
import { completeOrder, createProviderOrder } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { paidPreorderCounts, releaseDuePreorders, startPreorderReleaser } from "./preorders.server";
import { onSiteChange } from "../core/cache.server";
import { createShopItem, updateShopItem } from "./shop-items.server";
import { markOrderShipped } from "./shipping.server";
import {
  downloadTokensIn,
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
  type CartLine,
  type ShopItemRow,
} from "../testing/shop-fixtures.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";

const SITE = "https://shop.example";
const ACTOR = { id: "owner-1", email: "owner@example.com" };
const TZ = "America/New_York";
/** December 1, 2026, 10:00 in New York: the day pre-orders are bought. */
const BUYING = new Date("2026-12-01T15:00:00Z");
const RELEASE = "2026-12-19";
/** 23:00 on December 18 in New York (already the 19th in UTC): not yet. */
const EVE = new Date("2026-12-19T04:00:00Z");
/** 07:00 on December 19 in New York: release day. */
const RELEASE_MORNING = new Date("2026-12-19T12:00:00Z");

describe.each(await testDatabaseKinds())("pre-orders on %s", (kind) => {
  let t: TestDatabase;
  const demo = new DemoProvider();
  let buyers = 0;
  const buyer = (name: string) => `${name}.${++buyers}@example.com`;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const album = (values: Partial<ShopItemRow> = {}) =>
    insertShopItem(t.db, {
      title: "Harbour Lights (Digital Album)",
      category: "digital_music",
      price: 12,
      inventoryCount: null,
      pdfFileUrl: "digital-music/harbour-lights.zip",
      releaseDate: RELEASE,
      ...values,
    });

  async function buy(lines: CartLine[], email: string, now = BUYING) {
    const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines, email), {
      now,
    });
    await completeOrder(t.db, demo, orderBody(orderID, lines, email), { siteUrl: SITE, now });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    return order!;
  }

  const linesOf = (orderId: string) =>
    t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));

  /** The release mails of a buyer, and the tokens they carry. */
  async function releaseMails(email: string) {
    return (await mailsTo(t.db, email)).filter((m) => m.subject.startsWith("Released today"));
  }

  /** Releases with the test's clock; nothing of other tests' orders gets in the way. */
  const release = (now: Date, afterMark?: (orderId: string) => void) =>
    releaseDuePreorders(t.db, { now, siteUrl: SITE, afterMark });

  it("sells a pre-order now without its file; the confirmation says when it comes", async () => {
    const item = await album();
    const sheet = await insertShopItem(t.db, {
      title: "Velvet Slide: Lead Sheet (PDF)",
      category: "sheet_music",
      price: 6,
      inventoryCount: null,
      pdfFileUrl: "sheet-music/velvet.pdf",
    });
    const email = buyer("early");
    const order = await buy(
      [
        { item, quantity: 1 },
        { item: sheet, quantity: 1 },
      ],
      email,
    );
    const lines = await linesOf(order.id);
    const preordered = lines.find((l) => l.shopItemId === item.id)!;
    expect(preordered.preorderReleaseDate).toBe(RELEASE);
    expect(preordered.releasedAt).toBeNull();
    expect(lines.find((l) => l.shopItemId === sheet.id)!.preorderReleaseDate).toBeNull();
    const tokens = await t.db
      .select()
      .from(downloadTokens)
      .where(eq(downloadTokens.orderLineId, preordered.id));
    expect(tokens).toEqual([]);

    const [confirmation] = await mailsTo(t.db, email);
    expect(confirmation!.textBody).toContain(
      '"Harbour Lights (Digital Album)" is a pre-order: it is released on December 19, 2026, and we will e-mail you its download link on that day.',
    );
    // Only the sheet music's link is in it.
    expect(downloadTokensIn(confirmation!.textBody)).toHaveLength(1);
    expect((await paidPreorderCounts(t.db)).get(item.id)).toBe(1);
  });

  it("releases on the day in the site's time zone: one mail per buyer with a working link, however often and wherever it runs", async () => {
    const item = await album({ title: "Harbour Lights (twice)" });
    const first = buyer("first");
    const second = buyer("second");
    await buy([{ item, quantity: 1 }], first);
    await buy([{ item, quantity: 2 }], second);

    // The eve of the release (already the 19th in UTC) is not the day.
    await release(EVE);
    expect(await releaseMails(first)).toEqual([]);

    // Two "instances" at once, then again later: the lines are marked once.
    await Promise.all([release(RELEASE_MORNING), release(RELEASE_MORNING)]);
    await release(new Date(RELEASE_MORNING.getTime() + 3_600_000));

    for (const email of [first, second]) {
      const mails = await releaseMails(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.textBody).toContain('"Harbour Lights (twice)"');
      const [token] = downloadTokensIn(mails[0]!.textBody);
      const found = await findDownload(t.db, token!, RELEASE_MORNING);
      expect(found).toMatchObject({ title: "Harbour Lights (twice)", state: "valid" });
    }
    expect((await paidPreorderCounts(t.db)).get(item.id)).toBeUndefined();
  });

  it("a run that crashes after marking leaves nothing marked; the next run mails once", async () => {
    const item = await album({ title: "Harbour Lights (crash)" });
    const email = buyer("crash");
    const order = await buy([{ item, quantity: 1 }], email);
    await expect(
      release(RELEASE_MORNING, () => {
        throw new Error("the process died here");
      }),
    ).rejects.toThrow("the process died here");
    expect((await linesOf(order.id))[0]!.releasedAt).toBeNull();
    expect(await releaseMails(email)).toEqual([]);

    await release(RELEASE_MORNING);
    await release(RELEASE_MORNING);
    const mails = await releaseMails(email);
    expect(mails).toHaveLength(1);
    expect(downloadTokensIn(mails[0]!.textBody)).toHaveLength(1);
    expect((await linesOf(order.id))[0]!.releasedAt).not.toBeNull();
  });

  it("never releases a refunded pre-order", async () => {
    const item = await album({ title: "Harbour Lights (refunded)" });
    const email = buyer("refunded");
    const order = await buy([{ item, quantity: 1 }], email);
    await refundOrder(t.db, ACTOR, order.id, {
      providerFor: () => demo,
      siteUrl: SITE,
      now: BUYING,
    });
    await release(RELEASE_MORNING);
    expect(await releaseMails(email)).toEqual([]);
    expect((await linesOf(order.id))[0]!.releasedAt).toBeNull();
  });

  it("brings a pre-ordered record's twin codes on release day, not before", async () => {
    const twin = await insertShopItem(t.db, {
      title: "Harbour Lights (download)",
      category: "digital_music",
      price: 9,
      inventoryCount: null,
      pdfFileUrl: "digital-music/harbour.zip",
    });
    const cd = await insertShopItem(t.db, {
      title: "Harbour Lights (CD)",
      category: "cd",
      price: 15,
      inventoryCount: 10,
      digitalTwinId: twin.id,
      releaseDate: RELEASE,
    });
    const email = buyer("record");
    const order = await buy([{ item: cd, quantity: 1 }], email);
    const [confirmation] = await mailsTo(t.db, email);
    expect(confirmation!.textBody).not.toContain("Your record comes with its download");
    expect(confirmation!.textBody).toContain("and we will send it to you then");

    // Not "to ship" before its day: the orders screen shows it waiting.
    const toShip = { ...EMPTY_ORDER_FILTERS, toShip: true, q: email };
    expect((await listOrders(t.db, toShip, { timeZone: TZ })).rows).toEqual([]);
    const listed = await listOrders(t.db, { ...EMPTY_ORDER_FILTERS, q: email }, { timeZone: TZ });
    expect(listed.rows[0]).toMatchObject({ id: order.id, preorderWaiting: RELEASE });
    // Nor can it be marked shipped before then, whatever the browser sends.
    await expect(markOrderShipped(t.db, ACTOR, order.id, {})).rejects.toThrow(
      "This order holds a pre-order released December 19, 2026: it can be shipped from that day.",
    );

    await release(RELEASE_MORNING);
    const mails = await releaseMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("Your record comes with its download: Harbour Lights");
    expect((await listOrders(t.db, toShip, { timeZone: TZ })).rows.map((r) => r.id)).toEqual([
      order.id,
    ]);
    const shipped = await markOrderShipped(t.db, ACTOR, order.id, {}, { siteUrl: SITE });
    expect(shipped.shippedAt).not.toBeNull();
  });

  it("moving the date mails each paid buyer the new date once, in the toast's count", async () => {
    const item = await album({ title: "Harbour Lights (moved)" });
    const a = buyer("moved-a");
    const b = buyer("moved-b");
    const orderA = await buy([{ item, quantity: 1 }], a);
    await buy([{ item, quantity: 1 }], b);
    const form = (releaseDate: string) =>
      shopItemCreateSchema.parse({
        title: item.title,
        category: item.category,
        price: "12",
        pdfFileUrl: item.pdfFileUrl,
        releaseDate,
      });

    const saved = await updateShopItem(t.db, ACTOR, item.id, form("2027-01-15"), null, BUYING);
    expect(saved.buyersTold).toBe(2);
    // The same date saved again tells nobody.
    const again = await updateShopItem(t.db, ACTOR, item.id, form("2027-01-15"), null, BUYING);
    expect(again.buyersTold).toBe(0);
    for (const email of [a, b]) {
      const moved = (await mailsTo(t.db, email)).filter((m) =>
        m.subject.startsWith("New release date"),
      );
      expect(moved).toHaveLength(1);
      expect(moved[0]!.textBody).toContain("has moved from December 19, 2026 to January 15, 2027");
    }
    const [line] = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderA.id), eq(orderLines.shopItemId, item.id)));
    expect(line!.preorderReleaseDate).toBe("2027-01-15");
    // The old day is no longer the day.
    await release(RELEASE_MORNING);
    expect(await releaseMails(a)).toEqual([]);
  });

  it("refuses a release date in the past, in the site's time zone, when creating", async () => {
    const values = (releaseDate: string) =>
      shopItemCreateSchema.parse({
        title: "Too late",
        category: "digital_music",
        price: "5",
        releaseDate,
      });
    // 23:00 on November 30 in New York: the 30th is today, the 29th is past.
    const now = new Date("2026-12-01T04:00:00Z");
    const refused = createShopItem(t.db, ACTOR, values("2026-11-29"), now);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({
      fieldErrors: { releaseDate: [PREORDER_MESSAGES.dateInPast] },
    });
    const today = await createShopItem(t.db, ACTOR, values("2026-11-30"), now);
    expect(today.releaseDate).toBe("2026-11-30");
    const invalid = shopItemCreateSchema.safeParse({
      title: "Not a day",
      category: "digital_music",
      price: "5",
      releaseDate: "2026-02-30",
    });
    expect(invalid.error?.issues.map((i) => i.message)).toEqual([PREORDER_MESSAGES.dateInvalid]);
  });

  it("drops the cached shop pages when the site's day changes, and not before", async () => {
    let now = EVE;
    let reads = 0;
    const changes: string[] = [];
    const stopListening = onSiteChange((change) => changes.push(change.kind));
    const stop = startPreorderReleaser(t.db, {
      intervalMs: 10,
      clock: () => {
        reads += 1;
        return now;
      },
    });
    try {
      await vi.waitFor(() => expect(reads).toBeGreaterThan(3));
      expect(changes).not.toContain("shop");
      now = RELEASE_MORNING;
      await vi.waitFor(() => expect(changes).toContain("shop"));
    } finally {
      stop();
      stopListening();
    }
  });
});
