/**
 * Name your price through checkout (issue 23), on PGlite and on PostgreSQL when it
 * answers: the server prices the line from the buyer's amount, never below the
 * minimum, and records what was paid and the minimum it was paid against.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startFakePayPal, type FakePayPal } from "../../../tests/fakes/fake-paypal";
import { orderLines, orders } from "../db/schema/shop.server";
import { completeOrder, createProviderOrder, OrderError } from "./orders.server";
import { PayPalProvider } from "./payments/paypal.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  insertShopItem,
  orderBody,
  providerOrderBody,
  type CartLine,
} from "../testing/shop-fixtures.server";
import { paidMoreSummary } from "../pages/dashboard-figures.server";
import { getOrderDetail } from "./order-admin.server";
import { exportOrdersCsv } from "./orders-screen.server";

const SITE = "https://shop.example";

async function failure(run: Promise<unknown>): Promise<{ message: string; status: number } | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof OrderError) return { message: error.message, status: error.status };
    throw error;
  }
}

describe.each(await testDatabaseKinds())("name your price on %s", (kind) => {
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

  const album = () =>
    insertShopItem(t.db, {
      title: "Blue Album",
      category: "digital_music",
      price: 10,
      minimumPrice: 7,
      inventoryCount: null,
    });

  async function buy(lines: CartLine[], email = "fan@example.com") {
    const { orderID } = await createProviderOrder(t.db, paypal, providerOrderBody(lines, email));
    fake.approve(orderID);
    await completeOrder(t.db, paypal, orderBody(orderID, lines, email), { siteUrl: SITE });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    const lineRows = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    return { orderID, order: order!, lines: lineRows };
  }

  it("a fan pays 12 for an album whose minimum is 7: 12 is charged and recorded", async () => {
    const item = await album();
    const { orderID, order, lines } = await buy([{ item, quantity: 1, price: 12 }]);
    expect(order).toMatchObject({ paymentStatus: "completed", totalAmount: 12 });
    expect(lines).toEqual([
      expect.objectContaining({
        shopItemId: item.id,
        unitPrice: 12,
        lineTotal: 12,
        minimumPrice: 7,
      }),
    ]);
    expect(fake.orders.get(orderID)!.purchaseUnit.amount).toMatchObject({ value: "12.00" });

    // The orders screen and its CSV show what the fan chose to pay.
    const detail = await getOrderDetail(t.db, order.id);
    expect(detail!.lines).toEqual([
      expect.objectContaining({ unitPrice: 12, minimumPrice: 7, lineTotal: 12 }),
    ]);
    const { csv } = await exportOrdersCsv(t.db, new URLSearchParams(), { timeZone: "UTC" });
    const row = csv.split("\r\n").find((r) => r.startsWith(order.id));
    expect(row).toContain("1 × Blue Album (named price $12.00, minimum $7.00)");
  });

  it("refuses below the minimum, 0, a negative and 1e9 before PayPal hears of it", async () => {
    const item = await album();
    const atPayPal = fake.orders.size;
    const attempt = (price: number) =>
      failure(createProviderOrder(t.db, paypal, providerOrderBody([{ item, quantity: 1, price }])));
    expect(await attempt(6.99)).toEqual({
      message: "Please enter at least $7.00 for Blue Album",
      status: 400,
    });
    expect(await attempt(0)).toEqual({
      message: "Invalid cart: no items or invalid total",
      status: 400,
    });
    expect(await attempt(-12)).toEqual({
      message: "Invalid cart: no items or invalid total",
      status: 400,
    });
    expect(await attempt(1e9)).toEqual({
      message:
        "Orders above $10,000 cannot be paid online. Please contact us to arrange a larger order.",
      status: 400,
    });
    expect(fake.orders.size).toBe(atPayPal);
  });

  it("a price changed in the body after the order was priced changes nothing", async () => {
    const item = await album();
    const lines = [{ item, quantity: 1, price: 12 }];
    const { orderID } = await createProviderOrder(t.db, paypal, providerOrderBody(lines));
    fake.approve(orderID);
    expect(
      await failure(
        completeOrder(t.db, paypal, orderBody(orderID, [{ item, quantity: 1, price: 7 }]), {
          siteUrl: SITE,
        }),
      ),
    ).toEqual({ message: "Price calculation error. Please refresh and try again.", status: 400 });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    expect(order).toMatchObject({ paymentStatus: "pending", totalAmount: 12 });
  });

  it("the dashboard counts who paid more than the minimum, and by how much", async () => {
    const fresh = await createTestDatabase(kind);
    try {
      const db = fresh.db;
      const item = await insertShopItem(db, {
        title: "Pay what you want",
        category: "digital_music",
        price: 10,
        minimumPrice: 7,
        inventoryCount: null,
      });
      const fixed = await insertShopItem(db, {
        category: "digital_music",
        price: 9,
        inventoryCount: null,
      });
      expect(await paidMoreSummary(db)).toEqual({
        sales: 0,
        paidMore: 0,
        paidMorePercent: null,
        averageExtra: null,
      });
      for (const [price, status] of [
        [12, "completed"],
        [7, "completed"],
        [10, "completed"],
        [7, "completed"],
        [50, "pending"],
        [30, "refunded"],
      ] as const) {
        const [order] = await db
          .insert(orders)
          .values({
            provider: "demo",
            providerOrderId: `nyp-${price}-${status}-${Math.random()}`,
            customerEmail: "fan@example.com",
            paymentStatus: status,
            totalAmount: price + 9,
          })
          .returning();
        await db.insert(orderLines).values([
          {
            orderId: order!.id,
            shopItemId: item.id,
            title: item.title,
            category: item.category,
            quantity: 1,
            unitPrice: price,
            lineTotal: price,
            minimumPrice: 7,
          },
          {
            orderId: order!.id,
            shopItemId: fixed.id,
            title: fixed.title,
            category: fixed.category,
            quantity: 1,
            unitPrice: 9,
            lineTotal: 9,
          },
        ]);
      }
      // Completed only: 4 copies, 2 above the minimum, by 5 and 3: 4 on average.
      expect(await paidMoreSummary(db)).toEqual({
        sales: 4,
        paidMore: 2,
        paidMorePercent: 50,
        averageExtra: 4,
      });
    } finally {
      await fresh.destroy();
    }
  });
});
