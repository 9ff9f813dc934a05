import type { Route } from "./+types/api.cancel-provider-order";
import { handleJson, json, methodNotAllowed, readJson } from "~/server/http/api.server";
import { getDb } from "~/server/db/database.server";
import { cancelProviderOrder } from "~/server/shop/orders.server";

/** POST { orderID } → { cancelled }: PayPal's onCancel/onError end the stock hold at once. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleJson("Failed to cancel order", async () =>
    json(await cancelProviderOrder(getDb(), await readJson(request, 4096))),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
