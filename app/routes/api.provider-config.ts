import { json, methodNotAllowed } from "~/server/http/api.server";
import { getEnv } from "~/server/core/env.server";
import { providerConfig } from "~/server/shop/payments/index.server";

/** GET /api/provider-config → { clientId, environment, provider, sdkUrl } */
export function loader() {
  return json(providerConfig(getEnv()));
}

export function action() {
  return methodNotAllowed("GET");
}
