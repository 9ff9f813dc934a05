/**
 * Completing an order needs the address it was started with: whoever held a provider
 * order id could once complete it claiming any address, and the answer echoed the real
 * buyer's address back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_MESSAGES } from "~/domain/shop/cart/order-validation";
import { AppError } from "~/server/core/errors.server";
import { completeOrder, createProviderOrder } from "~/server/shop/orders.server";
import { DemoProvider } from "~/server/shop/payments/demo.server";
import { insertShopItem } from "~/server/testing/shop-fixtures.server";
import { createTestDatabase, type TestDatabase } from "~/server/testing/test-database.server";

const SITE = "http://localhost:3000";

describe("completing an order with another e-mail address", () => {
  let t: TestDatabase;
  const demo = new DemoProvider();
  beforeAll(async () => {
    t = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("is refused with 400 and never shows the buyer's address; the buyer's own works", async () => {
    const item = await insertShopItem(t.db, {
      title: "Night Tram (Digital Album)",
      category: "digital_music",
      inventoryCount: null,
      price: 9,
    });
    const buyer = "real.buyer@example.com";
    const { orderID } = await createProviderOrder(t.db, demo, {
      items: [{ id: item.id, title: item.title, price: 9, quantity: 1, category: item.category }],
      customerEmail: buyer,
    });
    const body = (customerEmail: string) => ({
      customerEmail,
      paypalOrderId: orderID,
      items: [{ shopItemId: item.id, quantity: 1, pricePerItem: 9 }],
      totalAmount: 9,
    });

    const refused = await completeOrder(t.db, demo, body("thief@example.com"), {
      siteUrl: SITE,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).message).toBe(ORDER_MESSAGES.emailMismatch);
    expect(JSON.stringify(refused)).not.toContain(buyer);

    const done = await completeOrder(t.db, demo, body(" Real.Buyer@example.com "), {
      siteUrl: SITE,
    });
    expect(done.customerEmail).toBe(buyer);
  });
});
