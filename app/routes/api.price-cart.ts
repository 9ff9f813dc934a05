import type { Route } from "./+types/api.price-cart";
import { ORDER_MESSAGES } from "~/domain/shop/cart/order-validation";
import { handleJson, json, methodNotAllowed, readJson } from "~/server/http/api.server";
import { getDb } from "~/server/db/database.server";
import { hitRateLimit, rateLimitKey } from "~/server/db/rate-limit.server";
import { CHECKOUT_RATE_LIMIT, previewCartPrice } from "~/server/shop/orders.server";

/**
 * POST { items: [{ id, title, price, quantity, category }], customerEmail?, discountCode }
 * → { code, subtotal, discount, total } | { error }: the cart priced with a typed
 * discount code by checkout's own pricing (issue 23). Limited per address like
 * checkout, so codes cannot be guessed by the thousand.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleJson("Failed to check the discount code", async () => {
    const db = getDb();
    const limit = await hitRateLimit(
      db,
      rateLimitKey("discount-preview", context.clientAddress),
      CHECKOUT_RATE_LIMIT,
    );
    if (!limit.allowed) return json({ error: ORDER_MESSAGES.tooManyCheckouts }, 429);
    return json(await previewCartPrice(db, await readJson(request)));
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
