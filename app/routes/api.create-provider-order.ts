import type { Route } from "./+types/api.create-provider-order";
import { handleJson, json, methodNotAllowed, readJson } from "~/server/api.server";
import { getDb } from "~/server/db.server";
import { createProviderOrder } from "~/server/orders.server";
import { getPaymentProvider } from "~/server/payments/index.server";

/** POST { items: [{ id, title, price, quantity, category }], customerEmail } → { orderID } | { error } */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleJson("Failed to create order", async () =>
    json(await createProviderOrder(getDb(), getPaymentProvider(), await readJson(request))),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
