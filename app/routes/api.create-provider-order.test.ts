/** POST /api/create-provider-order: the per-address limit in front of the stock holds. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_MESSAGES } from "~/domain/shop/cart/order-validation";
import { CHECKOUT_RATE_LIMIT } from "~/server/shop/orders.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import { createTestApp, randomIp, type TestApp } from "~/server/testing/test-app.server";
import { action } from "./api.create-provider-order";

describe.each(await testDatabaseKinds())("/api/create-provider-order on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const post = (clientAddress: string) =>
    action({
      request: new Request("http://localhost/api/create-provider-order", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ items: [], customerEmail: "fan@example.org" }),
      }),
      params: {},
      context: { cspNonce: "n", clientAddress },
    } as never) as Promise<Response>;

  it("refuses an address that starts too many orders, with a clear message and a 429", async () => {
    const busy = randomIp();
    for (let i = 0; i < CHECKOUT_RATE_LIMIT.max; i++) {
      // An empty cart is refused on its merits while within the limit.
      expect((await post(busy)).status).toBe(400);
    }
    const refused = await post(busy);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: ORDER_MESSAGES.tooManyCheckouts });

    // Someone else is not affected.
    expect((await post(randomIp())).status).toBe(400);
  });
});
