import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startFakePayPal, type FakePayPal } from "../../../tests/fakes/fake-paypal";
import { EMPTY_ORDER_FILTERS, type OrderFilters } from "~/domain/shop/orders/order-admin";
import { auditLog } from "../db/schema/db.server";
import { downloadTokens, orderLines, orders, shopItems } from "../db/schema/shop.server";
import { findDownload } from "./downloads.server";
import { getOrderDetail, listOrders, refundOrder, resendDownloadLinks } from "./order-admin.server";
import { exportOrdersCsv } from "./orders-screen.server";
import { completeOrder, createProviderOrder } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { PayPalProvider } from "./payments/paypal.server";
import type { PaymentProvider } from "./payments/types.server";
import { handlePaymentWebhook } from "./webhooks.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  downloadTokensIn,
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
  stockOf,
  type CartLine,
} from "../testing/shop-fixtures.server";

const SITE = "https://shop.example";
const TZ = "America/New_York";
const ACTOR = { id: "owner-1", email: "owner@example.com" };

describe.each(await testDatabaseKinds())("the orders screen's service on %s", (kind) => {
  let t: TestDatabase;
  let fake: FakePayPal;
  let paypal: PayPalProvider;
  const demo = new DemoProvider();
  const providerFor = (name: string): PaymentProvider => (name === "demo" ? demo : paypal);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    fake = await startFakePayPal();
    paypal = new PayPalProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.url,
      webhookId: fake.webhookId,
    });
  });
  afterAll(async () => {
    await fake?.close();
    await t?.destroy();
  });

  async function buy(provider: PaymentProvider, lines: CartLine[], email: string) {
    const { orderID } = await createProviderOrder(t.db, provider, providerOrderBody(lines, email));
    if (provider === paypal) fake.approve(orderID);
    await completeOrder(t.db, provider, orderBody(orderID, lines, email), { siteUrl: SITE });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    return order!;
  }

  const sheetMusic = (title = "Admin Lead Sheet") =>
    insertShopItem(t.db, {
      title,
      category: "sheet_music",
      price: 7,
      inventoryCount: null,
      pdfFileUrl: "sheet-music/admin.pdf",
    });

  const purchaseCount = async (id: string) =>
    (await t.db.select().from(shopItems).where(eq(shopItems.id, id)))[0]!.purchaseCount;
  const orderRow = async (id: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const refundAudits = async (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "orders.refund")));
  const filters = (values: Partial<OrderFilters>): OrderFilters => ({
    ...EMPTY_ORDER_FILTERS,
    ...values,
  });

  it("refunds a PayPal order once, however often and however concurrently it is asked", async () => {
    const item = await sheetMusic();
    // Earlier sales, so lowering twice would show (counts never go below zero).
    await t.db.update(shopItems).set({ purchaseCount: 10 }).where(eq(shopItems.id, item.id));
    const order = await buy(paypal, [{ item, quantity: 2 }], "refund-twice@example.com");
    const [mail] = await mailsTo(t.db, "refund-twice@example.com");
    const [token] = downloadTokensIn(mail!.textBody);
    expect(await findDownload(t.db, token!)).not.toBeNull();
    expect(await purchaseCount(item.id)).toBe(12);

    const outcomes = await Promise.all([
      refundOrder(t.db, ACTOR, order.id, { providerFor }),
      refundOrder(t.db, ACTOR, order.id, { providerFor }),
    ]);
    const again = await refundOrder(t.db, ACTOR, order.id, { providerFor });

    expect(outcomes.filter((o) => o.refundedNow)).toHaveLength(1);
    expect(again.refundedNow).toBe(false);
    // One refund at PayPal: the retries carried the same PayPal-Request-Id.
    expect(fake.refunds.filter((r) => r.captureId === order.captureId)).toHaveLength(1);
    const stored = await orderRow(order.id);
    expect(stored.paymentStatus).toBe("refunded");
    expect(stored.refundId).toBe(fake.refunds.find((r) => r.captureId === order.captureId)!.id);
    expect(stored.refundedAt).toBeInstanceOf(Date);
    expect(await purchaseCount(item.id)).toBe(10);
    expect(await findDownload(t.db, token!)).toBeNull();
    expect(await refundAudits(order.id)).toHaveLength(1);

    // PayPal's PAYMENT.CAPTURE.REFUNDED arrives afterwards and changes nothing.
    const countsBefore = await purchaseCount(item.id);
    const delivery = fake.webhook("PAYMENT.CAPTURE.REFUNDED", order.providerOrderId);
    const answer = await handlePaymentWebhook(t.db, paypal, delivery.headers, delivery.body, {
      siteUrl: SITE,
    });
    expect(answer.body).toMatchObject({ outcome: "already refunded" });
    expect(await purchaseCount(item.id)).toBe(countsBefore);
    expect(await orderRow(order.id)).toEqual(stored);
  });

  it("lowers purchase counts once when the webhook came first, and records a refund done at PayPal", async () => {
    const item = await sheetMusic("Dashboard Refund Sheet");
    await t.db.update(shopItems).set({ purchaseCount: 4 }).where(eq(shopItems.id, item.id));
    const order = await buy(paypal, [{ item, quantity: 1 }], "dashboard@example.com");
    // Refunded in PayPal's dashboard; the webhook has not arrived yet.
    fake.refundNow(order.captureId!);
    const outcome = await refundOrder(t.db, ACTOR, order.id, { providerFor });
    expect(outcome.refundedNow).toBe(true);
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
    expect(await purchaseCount(item.id)).toBe(4);

    const delivery = fake.webhook("PAYMENT.CAPTURE.REFUNDED", order.providerOrderId);
    await handlePaymentWebhook(t.db, paypal, delivery.headers, delivery.body, { siteUrl: SITE });
    expect(await purchaseCount(item.id)).toBe(4);
  });

  it("puts an unshipped CD back in stock once, mails the buyer, and audits both (issue 26, items 9 and 10)", async () => {
    const cd = await insertShopItem(t.db, {
      title: "Refund Shelf CD",
      category: "cd",
      inventoryCount: 58,
    });
    const sheet = await sheetMusic("Refund Shelf Sheet");
    const email = "restock@example.com";
    const order = await buy(
      demo,
      [
        { item: cd, quantity: 1 },
        { item: sheet, quantity: 1 },
      ],
      email,
    );
    expect(await stockOf(t.db, cd.id)).toBe(57);

    const outcomes = await Promise.all([
      refundOrder(t.db, ACTOR, order.id, { providerFor, restock: true, siteUrl: SITE }),
      refundOrder(t.db, ACTOR, order.id, { providerFor, restock: true, siteUrl: SITE }),
    ]);
    await refundOrder(t.db, ACTOR, order.id, { providerFor, restock: true, siteUrl: SITE });
    expect(outcomes.map((o) => o.restocked).sort()).toEqual([0, 1]);
    // Back on the shelf once, however many clicks arrived.
    expect(await stockOf(t.db, cd.id)).toBe(58);

    const mails = await mailsTo(t.db, email);
    const refundMails = mails.filter((m) => m.subject.includes("has been refunded"));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.textBody).toContain("1 × Refund Shelf CD");
    expect(refundMails[0]!.textBody).toContain("1 × Refund Shelf Sheet");
    expect(refundMails[0]!.textBody).toContain("Total refunded: $22.00");
    expect(refundMails[0]!.textBody).toContain("The download links of this order no longer work.");

    const [audit] = await refundAudits(order.id);
    expect(audit!.details).toMatchObject({
      restocked: [{ title: "Refund Shelf CD", quantity: 1, stock: 58 }],
      mailedTo: email,
    });
  });

  it("leaves the stock alone when the box is unticked, and says nothing of links an order never had", async () => {
    const cd = await insertShopItem(t.db, {
      title: "Shipped CD",
      category: "cd",
      inventoryCount: 9,
    });
    const email = "no-restock@example.com";
    const order = await buy(demo, [{ item: cd, quantity: 2 }], email);
    const outcome = await refundOrder(t.db, ACTOR, order.id, { providerFor, siteUrl: SITE });
    expect(outcome.restocked).toBe(0);
    expect(await stockOf(t.db, cd.id)).toBe(7);
    const [audit] = await refundAudits(order.id);
    expect(audit!.details).toMatchObject({ restocked: [] });
    const refundMail = (await mailsTo(t.db, email)).find((m) => m.subject.includes("refunded"));
    expect(refundMail!.textBody).toContain("2 × Shipped CD");
    expect(refundMail!.textBody).not.toContain("download links");
  });

  it("mails the buyer when the refund was made in PayPal's dashboard", async () => {
    const item = await sheetMusic("Webhook Refund Sheet");
    const email = "webhook-refund@example.com";
    const order = await buy(paypal, [{ item, quantity: 1 }], email);
    fake.refundNow(order.captureId!);
    const delivery = fake.webhook("PAYMENT.CAPTURE.REFUNDED", order.providerOrderId);
    await handlePaymentWebhook(t.db, paypal, delivery.headers, delivery.body, { siteUrl: SITE });
    const refundMails = (await mailsTo(t.db, email)).filter((m) =>
      m.subject.includes("has been refunded"),
    );
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.textBody).toContain("The download links of this order no longer work.");
  });

  it("refunds a demo order and refuses orders that were never paid", async () => {
    const item = await sheetMusic("Demo Refund Sheet");
    const order = await buy(demo, [{ item, quantity: 1 }], "demo-refund@example.com");
    const outcome = await refundOrder(t.db, ACTOR, order.id, { providerFor });
    expect(outcome.order.paymentStatus).toBe("refunded");
    expect(outcome.order.refundId).toMatch(/^DEMO-REFUND-/);

    const { orderID } = await createProviderOrder(
      t.db,
      demo,
      providerOrderBody([{ item, quantity: 1 }], "pending@example.com"),
    );
    const [pending] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    await expect(refundOrder(t.db, ACTOR, pending!.id, { providerFor })).rejects.toThrow(
      "Only a completed order can be refunded.",
    );
    await expect(
      refundOrder(t.db, ACTOR, "00000000-0000-4000-8000-000000000000", { providerFor }),
    ).rejects.toThrow("This order could not be found.");
  });

  it("resends the confirmation with fresh links: the old ones stop working", async () => {
    const item = await sheetMusic("Resend Sheet");
    const cd = await insertShopItem(t.db, { title: "Resend CD", inventoryCount: 5 });
    const email = "resend@example.com";
    const order = await buy(
      demo,
      [
        { item, quantity: 1 },
        { item: cd, quantity: 1 },
      ],
      email,
    );
    const [first] = await mailsTo(t.db, email);
    const [oldToken] = downloadTokensIn(first!.textBody);

    const { links } = await resendDownloadLinks(t.db, ACTOR, order.id, { siteUrl: SITE });
    expect(links).toBe(1);
    const mails = await mailsTo(t.db, email);
    expect(mails).toHaveLength(2);
    const [newToken] = downloadTokensIn(mails[1]!.textBody);
    expect(newToken).not.toBe(oldToken);
    expect(await findDownload(t.db, oldToken!)).toBeNull();
    expect((await findDownload(t.db, newToken!))?.state).toBe("valid");
    const detail = await getOrderDetail(t.db, order.id);
    expect(detail!.lines.find((l) => l.title === "Resend Sheet")!.links).toHaveLength(1);
    expect(detail!.hasPhysical).toBe(true);
  });

  it("resends the checkout's confirmation: the same lines, total and shipping address, new links", async () => {
    const item = await sheetMusic("Resend Address Sheet");
    const cd = await insertShopItem(t.db, { title: "Resend Address CD", inventoryCount: 5 });
    const email = "resend-address@example.com";
    const order = await buy(
      demo,
      [
        { item, quantity: 1 },
        { item: cd, quantity: 2 },
      ],
      email,
    );

    await resendDownloadLinks(t.db, ACTOR, order.id, { siteUrl: SITE });
    const [checkout, resent] = await mailsTo(t.db, email);
    expect(resent!.textBody).toContain(
      "We will send your order to: Ella Buyer, 12 Blue Note Lane, 70116 New Orleans, LA, United States.",
    );
    // Only the links (and the expiry date they count from) may differ.
    const withoutLinks = (text: string) =>
      text
        .replace(/\/download\/[A-Za-z0-9_-]{43}/g, "/download/<token>")
        .replace(/until [A-Z][a-z]+ \d{2}, \d{4}/g, "until <date>");
    expect(withoutLinks(resent!.textBody)).toBe(withoutLinks(checkout!.textBody));
    expect(resent!.subject).toBe(checkout!.subject);
  });

  it("lists, searches, filters and pages, newest first; the CSV honours the same filters", async () => {
    const item = await sheetMusic("List Sheet");
    const cd = await insertShopItem(t.db, { title: "List CD", category: "physical_music" });
    const a = await buy(demo, [{ item, quantity: 1 }], "list-alpha@example.com");
    const b = await buy(demo, [{ item: cd, quantity: 2 }], "List-Beta@Example.com");
    await t.db
      .update(orders)
      .set({ createdAt: new Date("2026-03-10T15:00:00Z") })
      .where(eq(orders.id, a.id));
    await t.db
      .update(orders)
      .set({ createdAt: new Date("2026-03-12T15:00:00Z") })
      .where(eq(orders.id, b.id));

    const byEmail = await listOrders(t.db, filters({ q: "list-beta" }), { timeZone: TZ });
    expect(byEmail.rows.map((r) => r.id)).toEqual([b.id]);
    expect(byEmail.rows[0]).toMatchObject({ itemCount: 2, hasPhysical: true, shippedAt: null });
    expect(
      (await listOrders(t.db, filters({ q: a.id }), { timeZone: TZ })).rows.map((r) => r.id),
    ).toEqual([a.id]);
    expect(
      (
        await listOrders(t.db, filters({ q: a.id.slice(0, 8).toUpperCase() }), { timeZone: TZ })
      ).rows.map((r) => r.id),
    ).toContain(a.id);
    expect(
      (await listOrders(t.db, filters({ q: b.providerOrderId }), { timeZone: TZ })).rows.map(
        (r) => r.id,
      ),
    ).toEqual([b.id]);
    // "%" is a letter here, not a wildcard.
    expect((await listOrders(t.db, filters({ q: "%" }), { timeZone: TZ })).rows).toEqual([]);

    const march = await listOrders(t.db, filters({ from: "2026-03-10", to: "2026-03-12" }), {
      timeZone: TZ,
    });
    expect(march.rows.map((r) => r.id)).toEqual([b.id, a.id]);
    const oneDay = await listOrders(t.db, filters({ from: "2026-03-12", to: "2026-03-12" }), {
      timeZone: TZ,
    });
    expect(oneDay.rows.map((r) => r.id)).toEqual([b.id]);

    const toShip = await listOrders(t.db, filters({ toShip: true }), { timeZone: TZ });
    expect(toShip.rows.map((r) => r.id)).toContain(b.id);
    expect(toShip.rows.map((r) => r.id)).not.toContain(a.id);
    await t.db.update(orders).set({ shippedAt: new Date() }).where(eq(orders.id, b.id));
    expect(
      (await listOrders(t.db, filters({ toShip: true }), { timeZone: TZ })).rows.map((r) => r.id),
    ).not.toContain(b.id);

    const refundedOnly = await listOrders(t.db, filters({ status: "refunded" }), { timeZone: TZ });
    expect(refundedOnly.rows.every((r) => r.paymentStatus === "refunded")).toBe(true);
    expect(refundedOnly.rows.length).toBeGreaterThan(0);

    const all = await listOrders(t.db, filters({}), { timeZone: TZ, pageSize: 2 });
    expect(all.pageCount).toBe(Math.ceil(all.total / 2));
    const page2 = await listOrders(t.db, filters({ page: 2 }), { timeZone: TZ, pageSize: 2 });
    expect(page2.rows).toHaveLength(2);
    expect(page2.rows.map((r) => r.id)).not.toContain(all.rows[0]!.id);
    const sorted = [...all.rows].sort((x, y) => (x.createdAt < y.createdAt ? 1 : -1));
    expect(all.rows).toEqual(sorted);

    const none = await listOrders(t.db, filters({ q: "nobody-here" }), { timeZone: TZ });
    expect(none).toMatchObject({ rows: [], total: 0, anyOrders: true });

    const { filename, csv } = await exportOrdersCsv(
      t.db,
      new URLSearchParams("q=list-&from=2026-03-01"),
      { timeZone: TZ, now: new Date("2026-04-01T00:00:00Z") },
    );
    // Midnight UTC is still March 31 in New York: the file is named after the site's day.
    expect(filename).toBe("orders-2026-03-31.csv");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Order ID,Created \(America\/New_York\),Email,Status,Total/);
    expect(lines[0]).toContain("Shipped At (America/New_York)");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(b.id);
    // 15:00 UTC on March 12 is 11:00 in New York (daylight time began March 8).
    expect(lines[1]).toContain(`${b.id},2026-03-12T11:00:00-04:00,`);
    expect(lines[1]).toContain("2 × List CD");
    expect(lines[2]).toContain("list-alpha@example.com");
  });

  it("shows an order with its lines, ids and links used and left", async () => {
    const item = await sheetMusic("Detail Sheet");
    const order = await buy(demo, [{ item, quantity: 1 }], "detail@example.com");
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    await t.db
      .update(downloadTokens)
      .set({ downloadCount: 2 })
      .where(eq(downloadTokens.orderLineId, line!.id));
    const detail = await getOrderDetail(t.db, order.id);
    expect(detail).toMatchObject({
      customerEmail: "detail@example.com",
      paymentStatus: "completed",
      provider: "demo",
      providerOrderId: order.providerOrderId,
      captureId: order.captureId,
      hasPhysical: false,
      shippingAddress: null,
    });
    expect(detail!.lines[0]).toMatchObject({ title: "Detail Sheet", hasDownload: true });
    expect(detail!.lines[0]!.links[0]).toMatchObject({
      downloadCount: 2,
      downloadLimit: 5,
      state: "valid",
    });
    expect(await getOrderDetail(t.db, "not-an-id")).toBeNull();
  });
});
