import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { FAKE_SHIPPING, startFakePayPal, type FakePayPal } from "../../../tests/fakes/fake-paypal";
import {
  downloadTokens,
  orderLines,
  orders,
  shopItems,
  stockReservations,
} from "../db/schema/shop.server";
import { hashDownloadToken } from "./downloads.server";
import {
  cancelProviderOrder,
  completeOrder,
  createProviderOrder,
  OrderError,
} from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { PayPalProvider } from "./payments/paypal.server";
import { expireStockHolds } from "./stock.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  TEST_SHIPPING_ADDRESS,
  downloadTokensIn,
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
  stockOf,
  type CartLine,
} from "../testing/shop-fixtures.server";

const SITE = "https://shop.example";
const MINUTE = 60_000;

/** The error a call fails with (message and status), or null when it succeeds. */
async function failure(run: Promise<unknown>): Promise<{ message: string; status: number } | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof OrderError) return { message: error.message, status: error.status };
    throw error;
  }
}

describe.each(await testDatabaseKinds())("orders on %s", (kind) => {
  let t: TestDatabase;
  let fake: FakePayPal;
  let paypal: PayPalProvider;
  const demo = new DemoProvider();

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

  /** create-provider-order, the buyer approves at PayPal, create-order. */
  async function buyWithPayPal(lines: CartLine[], email = "fan@example.com") {
    const { orderID } = await createProviderOrder(t.db, paypal, providerOrderBody(lines, email));
    fake.approve(orderID);
    const result = await completeOrder(t.db, paypal, orderBody(orderID, lines, email), {
      siteUrl: SITE,
    });
    return { orderID, result };
  }

  describe("create-provider-order", () => {
    it("refuses a tampered price: no order, no hold, nothing at PayPal", async () => {
      const cd = await insertShopItem(t.db, { price: 15, inventoryCount: 4 });
      const ordersAtPayPal = fake.orders.size;
      const refused = await failure(
        createProviderOrder(
          t.db,
          paypal,
          providerOrderBody([{ item: cd, quantity: 1, price: 1.5 }]),
        ),
      );
      expect(refused).toEqual({
        message: "Price calculation error. Please refresh and try again.",
        status: 400,
      });
      expect(fake.orders.size).toBe(ordersAtPayPal);
      expect(await stockOf(t.db, cd.id)).toBe(4);
      expect(await t.db.select().from(orderLines).where(eq(orderLines.shopItemId, cd.id))).toEqual(
        [],
      );
    });

    it("refuses hidden, unknown, free and over-stock items with the spec's messages", async () => {
      const hidden = await insertShopItem(t.db, { title: "Hidden LP", isVisible: false });
      const free = await insertShopItem(t.db, {
        title: "Free track",
        category: "free_content",
        price: 0,
        inventoryCount: null,
      });
      const lastTwo = await insertShopItem(t.db, { title: "Rare CD", inventoryCount: 2 });
      const soldOut = await insertShopItem(t.db, { title: "Sold out", inventoryCount: 0 });
      const cases: [CartLine[] | unknown, string][] = [
        [[{ item: hidden, quantity: 1 }], "Item is no longer available: Hidden LP"],
        [
          [{ item: { ...hidden, id: "not-a-uuid", title: "Ghost" }, quantity: 1 }],
          "Item is no longer available: Ghost",
        ],
        [[{ item: free, quantity: 1, price: 1 }], "Invalid price for item: Free track"],
        [[{ item: lastTwo, quantity: 3 }], "Only 2 items available in stock"],
        [[{ item: soldOut, quantity: 1 }], "Item is currently out of stock"],
        [[{ item: lastTwo, quantity: 1.5 }], "Invalid quantity for item: Rare CD"],
        [[], "Invalid cart: no items or invalid total"],
      ];
      for (const [lines, message] of cases) {
        const refused = await failure(
          createProviderOrder(t.db, demo, providerOrderBody(lines as CartLine[])),
        );
        expect(refused?.message).toBe(message);
      }
      expect(
        (await failure(createProviderOrder(t.db, demo, { items: "everything" })))?.message,
      ).toBe("Invalid cart: no items or invalid total");
      expect(
        (
          await failure(
            createProviderOrder(
              t.db,
              demo,
              providerOrderBody([{ item: lastTwo, quantity: 1 }], " "),
            ),
          )
        )?.message,
      ).toBe("Customer email is required for checkout");
      expect(await stockOf(t.db, lastTwo.id)).toBe(2);
    });

    it("records a pending order for the server's total, holds tracked stock only, and creates the PayPal order in USD", async () => {
      const cd = await insertShopItem(t.db, { price: 15, inventoryCount: 5 });
      const tote = await insertShopItem(t.db, {
        category: "merchandise",
        price: 22,
        inventoryCount: null,
      });
      const now = new Date();
      const { orderID } = await createProviderOrder(
        t.db,
        paypal,
        providerOrderBody([
          { item: cd, quantity: 2 },
          { item: tote, quantity: 1 },
        ]),
        { now },
      );
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order).toMatchObject({
        provider: "paypal",
        paymentStatus: "pending",
        totalAmount: 52,
        customerEmail: "fan@example.com",
      });
      expect(await stockOf(t.db, cd.id)).toBe(3);
      const holds = await t.db
        .select()
        .from(stockReservations)
        .where(eq(stockReservations.providerOrderId, orderID));
      expect(holds).toHaveLength(1);
      expect(holds[0]).toMatchObject({ shopItemId: cd.id, quantity: 2, status: "held" });
      expect(holds[0]!.expiresAt.getTime()).toBe(now.getTime() + 15 * MINUTE);

      const atPayPal = fake.orders.get(orderID)!;
      expect(atPayPal.intent).toBe("CAPTURE");
      expect(atPayPal.purchaseUnit.amount).toMatchObject({ currency_code: "USD", value: "52.00" });
      expect(atPayPal.purchaseUnit.custom_id).toBe(order!.id);
    });
  });

  describe("create-order", () => {
    it("completes a demo order: stock committed, purchase count raised, links mailed, tokens stored only as hashes", async () => {
      const cd = await insertShopItem(t.db, { price: 15, inventoryCount: 3, purchaseCount: 7 });
      const sheet = await insertShopItem(t.db, {
        title: "Blue Lead Sheet",
        category: "sheet_music",
        price: 6.99,
        inventoryCount: null,
        pdfFileUrl: "sheet-music/blue.pdf",
        downloadLimit: 4,
        downloadExpiryDays: 10,
      });
      const lines = [
        { item: cd, quantity: 1 },
        { item: sheet, quantity: 1 },
      ];
      const { orderID } = await createProviderOrder(
        t.db,
        demo,
        providerOrderBody(lines, "demo@example.com"),
      );
      expect(orderID).toMatch(/^DEMO-[A-F0-9]{20}$/);
      const result = await completeOrder(
        t.db,
        demo,
        orderBody(orderID, lines, "demo@example.com"),
        {
          siteUrl: SITE,
        },
      );

      expect(result).toMatchObject({
        success: true,
        error: null,
        customerEmail: "demo@example.com",
      });
      expect(result.orders).toHaveLength(2);
      const sheetLine = result.orders.find((o) => o.shop_items.category === "sheet_music")!;
      const cdLine = result.orders.find((o) => o.shop_items.category === "cd")!;
      expect(sheetLine.shop_items.has_download).toBe(true);
      expect(sheetLine.download_token).toEqual(expect.any(String));
      expect(cdLine).toMatchObject({ download_token: null, shop_items: { has_download: false } });

      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order).toMatchObject({ paymentStatus: "completed", provider: "demo" });
      expect(await stockOf(t.db, cd.id)).toBe(2);
      const [cdAfter] = await t.db.select().from(shopItems).where(eq(shopItems.id, cd.id));
      expect(cdAfter!.purchaseCount).toBe(8);
      const holds = await t.db
        .select({ status: stockReservations.status })
        .from(stockReservations)
        .where(eq(stockReservations.providerOrderId, orderID));
      expect(holds).toEqual([{ status: "committed" }]);

      const [mail] = await mailsTo(t.db, "demo@example.com");
      expect(mail!.subject).toMatch(/^Your download links – order /);
      expect(mail!.textBody).toContain("no money moved");
      const [secret] = downloadTokensIn(mail!.textBody);
      expect(mail!.textBody).toContain(`${SITE}/download/${secret}`);
      const [token] = await t.db
        .select()
        .from(downloadTokens)
        .where(eq(downloadTokens.id, sheetLine.download_token!));
      expect(token).toMatchObject({ tokenHash: hashDownloadToken(secret!), downloadLimit: 4 });
      // The secret is nowhere in the database but the outbox.
      expect(JSON.stringify(result)).not.toContain(secret);
      expect(token!.tokenHash).not.toContain(secret);
      expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(10 * 24 * 60 * MINUTE);
    });

    it("is idempotent: called twice it records one order and captures once, with one PayPal-Request-Id", async () => {
      const cd = await insertShopItem(t.db, { price: 12.5, inventoryCount: 5 });
      const lines = [{ item: cd, quantity: 2 }];
      const { orderID, result: first } = await buyWithPayPal(lines, "twice@example.com");
      const second = await completeOrder(
        t.db,
        paypal,
        orderBody(orderID, lines, "twice@example.com"),
        {
          siteUrl: SITE,
        },
      );
      expect(second).toEqual(first);

      const calls = fake.captureCalls.filter((c) => c.orderId === orderID);
      expect(calls).toHaveLength(1);
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(calls[0]!.requestId).toBe(`capture-${order!.id}`);
      expect(fake.captures.filter((c) => c.orderId === orderID)).toHaveLength(1);
      expect(order!.captureId).toBe(fake.captures.find((c) => c.orderId === orderID)!.id);
      expect(await mailsTo(t.db, "twice@example.com")).toHaveLength(1);
      expect(await stockOf(t.db, cd.id)).toBe(3);
    });

    it("replays the first answer when two captures race with the same PayPal-Request-Id", async () => {
      const cd = await insertShopItem(t.db, { price: 9, inventoryCount: 5 });
      const lines = [{ item: cd, quantity: 1 }];
      const { orderID } = await createProviderOrder(
        t.db,
        paypal,
        providerOrderBody(lines, "race@example.com"),
      );
      fake.approve(orderID);
      const body = orderBody(orderID, lines, "race@example.com");
      const [a, b] = await Promise.all([
        completeOrder(t.db, paypal, body, { siteUrl: SITE }),
        completeOrder(t.db, paypal, body, { siteUrl: SITE }),
      ]);
      expect(a).toEqual(b);
      expect(fake.captures.filter((c) => c.orderId === orderID)).toHaveLength(1);
      const requestIds = new Set(
        fake.captureCalls.filter((c) => c.orderId === orderID).map((c) => c.requestId),
      );
      expect(requestIds.size).toBe(1);
      expect(await mailsTo(t.db, "race@example.com")).toHaveLength(1);
      expect(await stockOf(t.db, cd.id)).toBe(4);
    });

    it("refuses a cart whose prices or total differ from the order, without capturing", async () => {
      const cd = await insertShopItem(t.db, { price: 15, inventoryCount: 5 });
      const lines = [{ item: cd, quantity: 1 }];
      const { orderID } = await createProviderOrder(t.db, paypal, providerOrderBody(lines));
      fake.approve(orderID);
      const cheaper = orderBody(orderID, [{ item: cd, quantity: 1, price: 1 }]);
      const wrongTotal = { ...orderBody(orderID, lines), totalAmount: 1 };
      const more = orderBody(orderID, [{ item: cd, quantity: 3 }]);
      for (const body of [cheaper, wrongTotal, more]) {
        expect(await failure(completeOrder(t.db, paypal, body, { siteUrl: SITE }))).toEqual({
          message: "Price calculation error. Please refresh and try again.",
          status: 400,
        });
      }
      expect(fake.captureCalls.filter((c) => c.orderId === orderID)).toEqual([]);
      expect(
        (await failure(completeOrder(t.db, paypal, orderBody("NOPE", lines), { siteUrl: SITE })))
          ?.status,
      ).toBe(404);
    });

    it("reads the order when PayPal answers ORDER_ALREADY_CAPTURED (a capture whose answer was lost)", async () => {
      const cd = await insertShopItem(t.db, { price: 20, inventoryCount: 5 });
      const lines = [{ item: cd, quantity: 1 }];
      const { orderID } = await createProviderOrder(
        t.db,
        paypal,
        providerOrderBody(lines, "lost@example.com"),
      );
      const capture = fake.captureNow(orderID);
      const result = await completeOrder(
        t.db,
        paypal,
        orderBody(orderID, lines, "lost@example.com"),
        {
          siteUrl: SITE,
        },
      );
      expect(result.success).toBe(true);
      expect(fake.captures.filter((c) => c.orderId === orderID)).toHaveLength(1);
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order).toMatchObject({ paymentStatus: "completed", captureId: capture.id });
    });

    it("keeps the order and its hold when the card is declined, and a retry succeeds", async () => {
      const cd = await insertShopItem(t.db, { price: 10, inventoryCount: 1 });
      const lines = [{ item: cd, quantity: 1 }];
      const { orderID } = await createProviderOrder(t.db, paypal, providerOrderBody(lines));
      fake.approve(orderID);
      fake.declineNextCapture();
      const declined = await failure(
        completeOrder(t.db, paypal, orderBody(orderID, lines), { siteUrl: SITE }),
      );
      expect(declined?.status).toBe(402);
      expect(declined?.message).toMatch(/^Your payment was declined/);
      expect(await stockOf(t.db, cd.id)).toBe(0);
      const retried = await completeOrder(t.db, paypal, orderBody(orderID, lines), {
        siteUrl: SITE,
      });
      expect(retried.success).toBe(true);
      expect(fake.captures.filter((c) => c.orderId === orderID)).toHaveLength(1);
    });

    it("fails clearly when PayPal cannot be reached", async () => {
      const cd = await insertShopItem(t.db, { price: 10, inventoryCount: 1 });
      const offline = new PayPalProvider({
        clientId: "x",
        clientSecret: "y",
        apiBase: "http://127.0.0.1:9",
        timeoutMs: 2_000,
      });
      const refused = await failure(
        createProviderOrder(t.db, offline, providerOrderBody([{ item: cd, quantity: 1 }])),
      );
      expect(refused?.status).toBe(502);
      // Plain words for the buyer; the address and path PayPal was asked at stay in the log.
      expect(refused?.message).toBe(
        "Failed to create order: PayPal could not be reached. Please try again in a moment.",
      );
      expect(await stockOf(t.db, cd.id)).toBe(1);
    });
  });

  describe("stock holds", () => {
    it("are released at once when the buyer cancels", async () => {
      const cd = await insertShopItem(t.db, { inventoryCount: 2 });
      const { orderID } = await createProviderOrder(
        t.db,
        paypal,
        providerOrderBody([{ item: cd, quantity: 2 }]),
      );
      expect(await stockOf(t.db, cd.id)).toBe(0);
      expect(await cancelProviderOrder(t.db, { orderID })).toEqual({ cancelled: true });
      expect(await stockOf(t.db, cd.id)).toBe(2);
      expect(await cancelProviderOrder(t.db, { orderID })).toEqual({ cancelled: false });
      expect(await stockOf(t.db, cd.id)).toBe(2);
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order!.paymentStatus).toBe("cancelled");
    });

    it("expire after their time; a late buyer still gets the item while it is there", async () => {
      const cd = await insertShopItem(t.db, { inventoryCount: 1 });
      const lines = [{ item: cd, quantity: 1 }];
      const start = new Date();
      const { orderID } = await createProviderOrder(t.db, paypal, providerOrderBody(lines), {
        now: start,
      });
      expect(await expireStockHolds(t.db, new Date(start.getTime() + 14 * MINUTE))).toBe(0);
      expect(await stockOf(t.db, cd.id)).toBe(0);
      expect(await expireStockHolds(t.db, new Date(start.getTime() + 15 * MINUTE))).toBeGreaterThan(
        0,
      );
      expect(await stockOf(t.db, cd.id)).toBe(1);

      fake.approve(orderID);
      const result = await completeOrder(t.db, paypal, orderBody(orderID, lines), {
        siteUrl: SITE,
      });
      expect(result.success).toBe(true);
      expect(await stockOf(t.db, cd.id)).toBe(0);
    });

    it("a late buyer whose item sold out meanwhile is not charged at all", async () => {
      const cd = await insertShopItem(t.db, { title: "Last Copy", inventoryCount: 1 });
      const lines = [{ item: cd, quantity: 1 }];
      const start = new Date();
      const { orderID } = await createProviderOrder(
        t.db,
        paypal,
        providerOrderBody(lines, "late@example.com"),
        {
          now: start,
        },
      );
      await expireStockHolds(t.db, new Date(start.getTime() + 16 * MINUTE));
      await buyWithPayPal(lines, "quick@example.com");
      expect(await stockOf(t.db, cd.id)).toBe(0);

      fake.approve(orderID);
      const refused = await failure(
        completeOrder(t.db, paypal, orderBody(orderID, lines, "late@example.com"), {
          siteUrl: SITE,
        }),
      );
      expect(refused).toEqual({
        status: 409,
        message:
          'Sorry: "Last Copy" sold out while you were checking out. You have not been charged.',
      });
      expect(fake.captureCalls.filter((c) => c.orderId === orderID)).toEqual([]);
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order!.paymentStatus).toBe("cancelled");
      expect(await stockOf(t.db, cd.id)).toBe(0);
    });

    it("a late capture for stock that is gone is refunded, and the buyer is told on the page and by mail", async () => {
      const cd = await insertShopItem(t.db, { title: "Signed CD", price: 15, inventoryCount: 1 });
      const lines = [{ item: cd, quantity: 1 }];
      const start = new Date();
      const { orderID } = await createProviderOrder(
        t.db,
        paypal,
        providerOrderBody(lines, "unlucky@example.com"),
        { now: start },
      );
      // PayPal took the money, but our server never heard back; the hold then expired
      // and another buyer took the copy.
      const capture = fake.captureNow(orderID);
      await expireStockHolds(t.db, new Date(start.getTime() + 20 * MINUTE));
      await buyWithPayPal(lines, "lucky@example.com");

      const refused = await failure(
        completeOrder(t.db, paypal, orderBody(orderID, lines, "unlucky@example.com"), {
          siteUrl: SITE,
        }),
      );
      expect(refused?.status).toBe(409);
      expect(refused?.message).toBe(
        'Sorry: "Signed CD" sold out before your payment reached us, so we could not complete your order. Your payment of $15.00 has been refunded in full to your PayPal account, and we have e-mailed the details to unlucky@example.com.',
      );
      expect(fake.refunds.filter((r) => r.captureId === capture.id)).toHaveLength(1);
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order).toMatchObject({ paymentStatus: "refunded", captureId: capture.id });
      const [mail] = await mailsTo(t.db, "unlucky@example.com");
      expect(mail!.subject).toMatch(/^Your payment was refunded/);
      expect(mail!.textBody).toContain(capture.id);
      expect(await stockOf(t.db, cd.id)).toBe(0);

      // Asking again says the same and refunds nothing more.
      const again = await failure(
        completeOrder(t.db, paypal, orderBody(orderID, lines, "unlucky@example.com"), {
          siteUrl: SITE,
        }),
      );
      expect(again?.message).toMatch(/has been refunded in full/);
      expect(fake.refunds.filter((r) => r.captureId === capture.id)).toHaveLength(1);
    });
  });

  describe("shipping addresses", () => {
    it("the demo provider stores the drawer's address with a physical order and the confirmation mentions it", async () => {
      const cd = await insertShopItem(t.db, { title: "Address CD", inventoryCount: 4 });
      const lines = [{ item: cd, quantity: 1 }];
      const { orderID } = await createProviderOrder(
        t.db,
        demo,
        providerOrderBody(lines, "ship@example.com", {
          ...TEST_SHIPPING_ADDRESS,
          line2: " Apt 2 ",
        }),
      );
      await completeOrder(t.db, demo, orderBody(orderID, lines, "ship@example.com"), {
        siteUrl: SITE,
      });
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order!.shippingAddress).toEqual({
        name: "Ella Buyer",
        line1: "12 Blue Note Lane",
        line2: "Apt 2",
        city: "New Orleans",
        region: "LA",
        postalCode: "70116",
        country: "United States",
      });
      const [mail] = await mailsTo(t.db, "ship@example.com");
      expect(mail!.textBody).toContain(
        "We will send your order to: Ella Buyer, 12 Blue Note Lane, Apt 2, 70116 New Orleans, LA, United States.",
      );
    });

    it("the demo provider refuses a physical cart without a complete address: no order, nothing held", async () => {
      const cd = await insertShopItem(t.db, { title: "Addressless CD", inventoryCount: 4 });
      const lines = [{ item: cd, quantity: 1 }];
      const before = (await t.db.select({ id: orders.id }).from(orders)).length;
      const missing = await failure(
        createProviderOrder(t.db, demo, providerOrderBody(lines, "noaddress@example.com", null)),
      );
      expect(missing).toEqual({
        message: "Please enter a shipping address for the physical items in your cart.",
        status: 400,
      });
      const noCity = await failure(
        createProviderOrder(
          t.db,
          demo,
          providerOrderBody(lines, "noaddress@example.com", {
            ...TEST_SHIPPING_ADDRESS,
            city: " ",
          }),
        ),
      );
      expect(noCity).toEqual({ message: "Please enter the city.", status: 400 });
      expect((await t.db.select({ id: orders.id }).from(orders)).length).toBe(before);
      expect(await stockOf(t.db, cd.id)).toBe(4);
    });

    it("a digital-only demo order needs and keeps no address", async () => {
      const sheet = await insertShopItem(t.db, {
        category: "sheet_music",
        price: 4,
        inventoryCount: null,
      });
      const { orderID } = await createProviderOrder(
        t.db,
        demo,
        providerOrderBody([{ item: sheet, quantity: 1 }], "digital@example.com", null),
      );
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order!.shippingAddress).toBeNull();
    });

    it("PayPal is asked for the buyer's address only for physical goods, and it is stored at capture", async () => {
      const cd = await insertShopItem(t.db, { title: "PayPal CD", inventoryCount: 4 });
      const sheet = await insertShopItem(t.db, {
        category: "sheet_music",
        price: 4,
        inventoryCount: null,
      });
      const physical = await buyWithPayPal([{ item: cd, quantity: 1 }], "pp-ship@example.com");
      expect(fake.orders.get(physical.orderID)!.shippingPreference).toBe("GET_FROM_FILE");
      const [order] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.providerOrderId, physical.orderID));
      // The address the buyer gave PayPal, not the one the browser sent.
      expect(order!.shippingAddress).toEqual({
        name: FAKE_SHIPPING.name.full_name,
        line1: "1 Main St",
        line2: "Apt 4",
        city: "San Jose",
        region: "CA",
        postalCode: "95131",
        country: "US",
      });
      const [mail] = await mailsTo(t.db, "pp-ship@example.com");
      expect(mail!.textBody).toContain("We will send your order to: Sandy Buyer, 1 Main St");

      const digital = await buyWithPayPal([{ item: sheet, quantity: 1 }], "pp-digital@example.com");
      expect(fake.orders.get(digital.orderID)!.shippingPreference).toBe("NO_SHIPPING");
      const [digitalOrder] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.providerOrderId, digital.orderID));
      expect(digitalOrder!.shippingAddress).toBeNull();
    });
  });

  describe("concurrency", () => {
    it("with 3 in stock and 30 buyers at once, exactly 3 orders succeed, stock ends at 0 and only 3 are charged", async () => {
      const cd = await insertShopItem(t.db, {
        title: "Signed Copper Street",
        price: 15,
        inventoryCount: 3,
      });
      const lines = [{ item: cd, quantity: 1 }];
      const capturesBefore = fake.captures.length;

      const outcomes = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const email = `buyer${i}@example.com`;
          try {
            const { orderID } = await createProviderOrder(
              t.db,
              paypal,
              providerOrderBody(lines, email),
            );
            fake.approve(orderID);
            const result = await completeOrder(t.db, paypal, orderBody(orderID, lines, email), {
              siteUrl: SITE,
            });
            return result.success ? "bought" : "failed";
          } catch (error) {
            if (error instanceof OrderError) return error.message;
            throw error;
          }
        }),
      );

      expect(outcomes.filter((o) => o === "bought")).toHaveLength(3);
      expect(outcomes.filter((o) => o !== "bought")).toEqual(
        Array(27).fill("Item is currently out of stock"),
      );
      expect(await stockOf(t.db, cd.id)).toBe(0);
      expect(fake.captures.length - capturesBefore).toBe(3);
      const completed = await t.db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(eq(orderLines.shopItemId, cd.id));
      expect(completed).toHaveLength(3);
      const [item] = await t.db.select().from(shopItems).where(eq(shopItems.id, cd.id));
      expect(item!.purchaseCount).toBe(3);
    });

    it("fetched one OAuth token for all of the above", () => {
      expect(fake.tokenRequests).toBe(1);
    });
  });
});
