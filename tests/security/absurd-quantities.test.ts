/**
 * Absurd quantities never reach the payment provider: 10^9 of an untracked item once
 * made a $6.99 billion PayPal order, then failed in the database with a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY, ORDER_MESSAGES } from "~/domain/shop/cart/order-validation";
import { AppError } from "~/server/core/errors.server";
import { createProviderOrder } from "~/server/shop/orders.server";
import type { PaymentProvider } from "~/server/shop/payments/index.server";
import { insertShopItem } from "~/server/testing/shop-fixtures.server";
import { createTestDatabase, type TestDatabase } from "~/server/testing/test-database.server";

describe("quantities and totals past the caps", () => {
  let t: TestDatabase;
  const providerCalls: string[] = [];
  // Any call at all is recorded: none may happen for a refused cart.
  const provider = new Proxy({} as PaymentProvider, {
    get: (_target, name) =>
      name === "name"
        ? "demo"
        : (...args: unknown[]) => {
            providerCalls.push(String(name));
            void args;
            throw new Error("the provider must not be called");
          },
  });
  beforeAll(async () => {
    t = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const order = (price: number, quantity: number, id: string, title: string) => ({
    items: [{ id, title, price, quantity, category: "digital_music" }],
    customerEmail: "fan@example.com",
  });

  it("refuses 10^9 of an untracked item with the spec's quantity message, asking no provider", async () => {
    const item = await insertShopItem(t.db, {
      title: "Endless Download",
      category: "digital_music",
      inventoryCount: null,
      price: 6.99,
    });
    const refused = await createProviderOrder(
      t.db,
      provider,
      order(6.99, 10 ** 9, item.id, item.title),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).message).toBe(ORDER_MESSAGES.invalidQuantity(item.title));

    const tooMuch = await createProviderOrder(
      t.db,
      provider,
      order(6.99, MAX_LINE_QUANTITY + 1, item.id, item.title),
    ).catch((error: unknown) => error);
    expect((tooMuch as AppError).status).toBe(400);
    expect(providerCalls).toEqual([]);
  });

  it("refuses a total past the online cap", async () => {
    const item = await insertShopItem(t.db, {
      title: "Private Concert",
      category: "digital_music",
      inventoryCount: null,
      price: 500,
    });
    const refused = await createProviderOrder(
      t.db,
      provider,
      order(500, MAX_LINE_QUANTITY, item.id, item.title),
    ).catch((error: unknown) => error);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).message).toBe(ORDER_MESSAGES.orderTooLarge);
    expect(providerCalls).toEqual([]);
  });
});
