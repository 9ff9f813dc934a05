import { json, methodNotAllowed } from "~/server/api.server";
import { getEnv } from "~/server/env.server";
import { providerConfig } from "~/server/payments/index.server";

/** GET /api/provider-config → { clientId, environment, provider, sdkUrl } */
export function loader() {
  return json(providerConfig(getEnv()));
}

export function action() {
  return methodNotAllowed("GET");
}
