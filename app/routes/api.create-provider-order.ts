import type { Route } from "./+types/api.create-provider-order";
import { ORDER_MESSAGES } from "~/domain/shop/cart/order-validation";
import { handleJson, json, methodNotAllowed, readJson } from "~/server/http/api.server";
import { getDb } from "~/server/db/database.server";
import { CHECKOUT_RATE_LIMIT, createProviderOrder } from "~/server/shop/orders.server";
import { getPaymentProvider } from "~/server/shop/payments/index.server";
import { recordCheckoutStarted } from "~/server/analytics/server-events.server";
import { getEnv } from "~/server/core/env.server";
import { hitRateLimit, rateLimitKey } from "~/server/db/rate-limit.server";

/**
 * POST { items: [{ id, title, price, quantity, category }], customerEmail, shippingAddress? }
 * → { orderID } | { error }. The demo provider needs shippingAddress for physical goods.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleJson("Failed to create order", async () => {
    const db = getDb();
    // Every order holds stock for a while: one address cannot keep holding it all.
    const limit = await hitRateLimit(
      db,
      rateLimitKey("checkout", context.clientAddress),
      CHECKOUT_RATE_LIMIT,
    );
    if (!limit.allowed) return json({ error: ORDER_MESSAGES.tooManyCheckouts }, 429);
    const created = await createProviderOrder(db, getPaymentProvider(), await readJson(request));
    await recordCheckoutStarted(
      db,
      { headers: request.headers, url: request.url, clientAddress: context.clientAddress },
      created.orderID,
      getEnv().SITE_TIME_ZONE,
    );
    return json(created);
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
