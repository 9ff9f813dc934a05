import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import {
  FAKE_SHIPPING,
  startFakePayPal,
  type FakePayPal,
  type SignedWebhook,
} from "../../../tests/fakes/fake-paypal";
import {
  downloadTokens,
  orderLines,
  orders,
  paymentWebhookEvents,
  shopItems,
} from "../db/schema/shop.server";
import { completeOrder, createProviderOrder } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { PayPalProvider } from "./payments/paypal.server";
import type { PaymentProvider } from "./payments/types.server";
import { expireStockHolds } from "./stock.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
  stockOf,
  type CartLine,
} from "../testing/shop-fixtures.server";
import { handlePaymentWebhook } from "./webhooks.server";

const SITE = "https://shop.example";

describe.each(await testDatabaseKinds())("PayPal webhooks on %s", (kind) => {
  let t: TestDatabase;
  let fake: FakePayPal;
  let paypal: PayPalProvider;

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

  const deliver = (delivery: SignedWebhook, provider: PaymentProvider = paypal) =>
    handlePaymentWebhook(t.db, provider, delivery.headers, delivery.body, { siteUrl: SITE });

  const orderOf = async (providerOrderId: string) =>
    (await t.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0]!;

  /** A buyer who paid at PayPal and never came back to the shop. */
  async function paidButGone(lines: CartLine[], email: string) {
    const { orderID } = await createProviderOrder(t.db, paypal, providerOrderBody(lines, email));
    const capture = fake.captureNow(orderID);
    return { orderID, capture };
  }

  async function sheetMusic() {
    return insertShopItem(t.db, {
      title: "Webhook Lead Sheet",
      category: "sheet_music",
      price: 6.99,
      inventoryCount: null,
      pdfFileUrl: "sheet-music/webhook.pdf",
    });
  }

  it("refuses forged deliveries and changes nothing", async () => {
    const cd = await insertShopItem(t.db, { inventoryCount: 2 });
    const { orderID } = await paidButGone([{ item: cd, quantity: 1 }], "forged@example.com");
    const genuine = fake.webhook("PAYMENT.CAPTURE.COMPLETED", orderID);
    const eventsBefore = await t.db.select().from(paymentWebhookEvents);

    const unsigned = { headers: { "content-type": "application/json" }, body: genuine.body };
    const wrongSignature = {
      headers: { ...genuine.headers, "paypal-transmission-sig": "Zm9yZ2Vk" },
      body: genuine.body,
    };
    const tamperedBody = {
      headers: genuine.headers,
      body: genuine.body.replace(/"value":"\d+\.\d\d"/, '"value":"0.01"'),
    };
    const otherWebhookId = new PayPalProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.url,
      webhookId: "SOMEONE-ELSES-WEBHOOK",
    });
    for (const [delivery, provider] of [
      [unsigned, paypal],
      [wrongSignature, paypal],
      [tamperedBody, paypal],
      [genuine, otherWebhookId],
      [genuine, new DemoProvider()],
    ] as const) {
      expect(await deliver(delivery, provider)).toEqual({
        status: 400,
        body: { error: "Invalid webhook signature" },
      });
    }

    expect((await orderOf(orderID)).paymentStatus).toBe("pending");
    expect(await t.db.select().from(paymentWebhookEvents)).toEqual(eventsBefore);
    expect(await mailsTo(t.db, "forged@example.com")).toEqual([]);
    expect(await stockOf(t.db, cd.id)).toBe(1);
  });

  it("PAYMENT.CAPTURE.COMPLETED fulfils an order whose buyer never came back, once, however often it is delivered", async () => {
    const sheet = await sheetMusic();
    const lines = [{ item: sheet, quantity: 1 }];
    const { orderID, capture } = await paidButGone(lines, "gone@example.com");
    const delivery = fake.webhook("PAYMENT.CAPTURE.COMPLETED", orderID);

    expect(await deliver(delivery)).toEqual({
      status: 200,
      body: { received: true, outcome: "completed" },
    });
    const order = await orderOf(orderID);
    expect(order).toMatchObject({ paymentStatus: "completed", captureId: capture.id });
    const mails = await mailsTo(t.db, "gone@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toMatch(/\/download\/[A-Za-z0-9_-]{43}/);

    // PayPal delivers again (a retry, or a replay by someone who recorded it).
    expect(await deliver(delivery)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    const [event] = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.resourceId, capture.id));
    expect(event).toMatchObject({ eventType: "PAYMENT.CAPTURE.COMPLETED", outcome: "completed" });
    expect(await mailsTo(t.db, "gone@example.com")).toHaveLength(1);

    // The buyer comes back after all: the same order, no second capture.
    const result = await completeOrder(
      t.db,
      paypal,
      orderBody(orderID, lines, "gone@example.com"),
      {
        siteUrl: SITE,
      },
    );
    expect(result.success).toBe(true);
    expect(fake.captureCalls.filter((c) => c.orderId === orderID)).toEqual([]);
    expect(await mailsTo(t.db, "gone@example.com")).toHaveLength(1);
  });

  it("PAYMENT.CAPTURE.COMPLETED stores the shipping address of a physical order from PayPal's order", async () => {
    const cd = await insertShopItem(t.db, { title: "Webhook CD", inventoryCount: 3 });
    const { orderID } = await paidButGone([{ item: cd, quantity: 1 }], "webhook-ship@example.com");
    expect((await orderOf(orderID)).shippingAddress).toBeNull();

    const answer = await deliver(fake.webhook("PAYMENT.CAPTURE.COMPLETED", orderID));
    expect(answer.body).toMatchObject({ outcome: "completed" });
    expect((await orderOf(orderID)).shippingAddress).toEqual({
      name: FAKE_SHIPPING.name.full_name,
      line1: FAKE_SHIPPING.address.address_line_1,
      line2: FAKE_SHIPPING.address.address_line_2,
      city: FAKE_SHIPPING.address.admin_area_2,
      region: FAKE_SHIPPING.address.admin_area_1,
      postalCode: FAKE_SHIPPING.address.postal_code,
      country: FAKE_SHIPPING.address.country_code,
    });
    const [mail] = await mailsTo(t.db, "webhook-ship@example.com");
    expect(mail!.textBody).toContain("We will send your order to: Sandy Buyer, 1 Main St");
  });

  it("PAYMENT.CAPTURE.COMPLETED after the buyer's own create-order changes nothing", async () => {
    const cd = await insertShopItem(t.db, { inventoryCount: 3 });
    const lines = [{ item: cd, quantity: 1 }];
    const { orderID } = await createProviderOrder(
      t.db,
      paypal,
      providerOrderBody(lines, "back@example.com"),
    );
    fake.approve(orderID);
    await completeOrder(t.db, paypal, orderBody(orderID, lines, "back@example.com"), {
      siteUrl: SITE,
    });
    const response = await deliver(fake.webhook("PAYMENT.CAPTURE.COMPLETED", orderID));
    expect(response.body).toEqual({ received: true, outcome: "already completed" });
    expect(await mailsTo(t.db, "back@example.com")).toHaveLength(1);
    expect(await stockOf(t.db, cd.id)).toBe(2);
  });

  it("PAYMENT.CAPTURE.COMPLETED for stock that is gone refunds the payment and tells the buyer", async () => {
    const cd = await insertShopItem(t.db, { title: "Only One", inventoryCount: 1 });
    const lines = [{ item: cd, quantity: 1 }];
    const start = new Date();
    const { orderID } = await createProviderOrder(
      t.db,
      paypal,
      providerOrderBody(lines, "slow@example.com"),
      {
        now: start,
      },
    );
    const capture = fake.captureNow(orderID);
    await expireStockHolds(t.db, new Date(start.getTime() + 30 * 60_000));
    const { orderID: fasterOrder } = await createProviderOrder(
      t.db,
      paypal,
      providerOrderBody(lines, "fast@example.com"),
    );
    fake.approve(fasterOrder);
    await completeOrder(t.db, paypal, orderBody(fasterOrder, lines, "fast@example.com"), {
      siteUrl: SITE,
    });

    const response = await deliver(fake.webhook("PAYMENT.CAPTURE.COMPLETED", orderID));
    expect(response.body).toEqual({ received: true, outcome: "refunded: stock gone" });
    expect(fake.refunds.map((r) => r.captureId)).toContain(capture.id);
    expect((await orderOf(orderID)).paymentStatus).toBe("refunded");
    const [mail] = await mailsTo(t.db, "slow@example.com");
    expect(mail!.subject).toMatch(/^Your payment was refunded/);
    expect(await stockOf(t.db, cd.id)).toBe(0);
  });

  it("PAYMENT.CAPTURE.DENIED marks the order failed and puts the held stock back", async () => {
    const cd = await insertShopItem(t.db, { inventoryCount: 2 });
    const { orderID } = await createProviderOrder(
      t.db,
      paypal,
      providerOrderBody([{ item: cd, quantity: 2 }], "denied@example.com"),
    );
    expect(await stockOf(t.db, cd.id)).toBe(0);
    const response = await deliver(fake.webhook("PAYMENT.CAPTURE.DENIED", orderID));
    expect(response.body).toEqual({ received: true, outcome: "failed" });
    expect((await orderOf(orderID)).paymentStatus).toBe("failed");
    expect(await stockOf(t.db, cd.id)).toBe(2);
  });

  it("PAYMENT.CAPTURE.REFUNDED marks the order refunded, revokes its links, uncounts the sale", async () => {
    const sheet = await sheetMusic();
    const lines = [{ item: sheet, quantity: 1 }];
    const { orderID } = await createProviderOrder(
      t.db,
      paypal,
      providerOrderBody(lines, "refund@example.com"),
    );
    fake.approve(orderID);
    await completeOrder(t.db, paypal, orderBody(orderID, lines, "refund@example.com"), {
      siteUrl: SITE,
    });
    const order = await orderOf(orderID);
    const lineIds = (
      await t.db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
    ).map((l) => l.id);
    expect(
      await t.db.select().from(downloadTokens).where(inArray(downloadTokens.orderLineId, lineIds)),
    ).toHaveLength(1);

    const purchases = async () =>
      (
        await t.db
          .select({ count: shopItems.purchaseCount })
          .from(shopItems)
          .where(eq(shopItems.id, sheet.id))
      )[0]!.count;
    const purchasedBefore = await purchases();

    fake.refundNow(order.captureId!);
    const delivery = fake.webhook("PAYMENT.CAPTURE.REFUNDED", orderID);
    expect((await deliver(delivery)).body).toEqual({
      received: true,
      outcome: "refunded: 1 download link(s) revoked",
    });
    const refunded = await orderOf(orderID);
    expect(refunded.paymentStatus).toBe("refunded");
    // Refunded in PayPal first: the order keeps the refund like one made in /admin/orders.
    expect(refunded.refundId).toEqual(expect.any(String));
    expect(refunded.refundedAt).toBeInstanceOf(Date);
    expect(
      await t.db.select().from(downloadTokens).where(inArray(downloadTokens.orderLineId, lineIds)),
    ).toEqual([]);
    // The refunded sale no longer counts towards "most popular".
    expect(await purchases()).toBe(purchasedBefore - 1);
    expect((await deliver(delivery)).body).toEqual({ received: true, duplicate: true });
    expect(await purchases()).toBe(purchasedBefore - 1);
  });

  it("acknowledges events it does not handle and events for orders it does not know", async () => {
    const other = fake.sign(
      JSON.stringify({ id: "WH-OTHER-1", event_type: "CHECKOUT.ORDER.APPROVED", resource: {} }),
    );
    expect((await deliver(other)).body).toEqual({
      received: true,
      outcome: "ignored: event type not handled",
    });
    const unknown = fake.sign(
      JSON.stringify({
        id: "WH-UNKNOWN-1",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: {
          id: "NOCAPTURE1",
          status: "COMPLETED",
          amount: { currency_code: "USD", value: "1.00" },
          supplementary_data: { related_ids: { order_id: "NOSUCHORDER" } },
        },
      }),
    );
    expect((await deliver(unknown)).body).toEqual({
      received: true,
      outcome: "ignored: unknown order",
    });
    const recorded = await t.db
      .select({ outcome: paymentWebhookEvents.outcome })
      .from(paymentWebhookEvents)
      .where(inArray(paymentWebhookEvents.eventId, ["WH-OTHER-1", "WH-UNKNOWN-1"]));
    expect(recorded).toHaveLength(2);
  });
});
