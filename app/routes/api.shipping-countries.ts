import { json, methodNotAllowed } from "~/server/http/api.server";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { shippingDestinations } from "~/server/shop/shipping-zones.server";

/**
 * GET /api/shipping-countries → { countries, home, setUp }: the codes the cart's "Ship
 * to" select offers (every ISO 3166-1 alpha-2 code; the browser names them with
 * Intl.DisplayNames, so no names travel and the public bundle stays small), the
 * artist's home country to list first, and whether any zone exists (without zones
 * physical items are sent without a shipping charge, decision 039).
 */
export async function loader() {
  return json(await shippingDestinations(getDb(), getEnv().SHOP_HOME_COUNTRY ?? null));
}

export function action() {
  return methodNotAllowed("GET");
}
