import type { Route } from "./+types/api.create-order";
import { handleJson, json, methodNotAllowed, readJson } from "~/server/http/api.server";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { completeOrder } from "~/server/shop/orders.server";
import { getPaymentProvider } from "~/server/shop/payments/index.server";

/**
 * POST { customerEmail, paypalOrderId, items: [{ shopItemId, quantity, pricePerItem }], totalAmount }
 * → { success: true, error: null, customerEmail, orders } | { success: false, error }
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleJson(
    "Failed to record order",
    async () =>
      json(
        await completeOrder(getDb(), getPaymentProvider(), await readJson(request), {
          siteUrl: getEnv().SITE_URL,
        }),
      ),
    (error) => ({ success: false, error }),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
