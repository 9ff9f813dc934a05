import type { Route } from "./+types/api.paypal-webhook";
import { handleJson, json, methodNotAllowed, readText } from "~/server/http/api.server";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { getPaymentProvider } from "~/server/shop/payments/index.server";
import { handlePaymentWebhook } from "~/server/shop/webhooks.server";

/**
 * POST from PayPal. The body is read raw: the signature covers the exact bytes sent,
 * so it is handed to PayPal's verification API unchanged.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleJson("Webhook", async () => {
    const rawBody = await readText(request, 256 * 1024);
    const headers = Object.fromEntries(request.headers);
    const { status, body } = await handlePaymentWebhook(
      getDb(),
      getPaymentProvider(),
      headers,
      rawBody,
      { siteUrl: getEnv().SITE_URL },
    );
    return json(body, status);
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
