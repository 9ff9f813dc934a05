/**
 * Which payment provider the shop uses: PayPal when PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET are set, otherwise the clearly labelled demo provider.
 */
import type { Env } from "../../core/env.server";
import { getEnv } from "../../core/env.server";
import { singleton } from "../../core/singleton.server";
import { DemoProvider } from "./demo.server";
import { paypalEnvironment } from "./paypal-parse.server";
import { PayPalProvider } from "./paypal.server";
import type { PaymentProvider, ProviderName } from "./types.server";

export type PaymentEnv = Pick<
  Env,
  | "PAYPAL_CLIENT_ID"
  | "PAYPAL_CLIENT_SECRET"
  | "PAYPAL_WEBHOOK_ID"
  | "PAYPAL_API_BASE"
  | "PAYPAL_SDK_URL"
>;

function hasPayPalCredentials(env: PaymentEnv): boolean {
  return Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET);
}

export function paymentProviderFromEnv(env: PaymentEnv): PaymentProvider {
  if (!hasPayPalCredentials(env)) return new DemoProvider();
  return new PayPalProvider({
    clientId: env.PAYPAL_CLIENT_ID!,
    clientSecret: env.PAYPAL_CLIENT_SECRET!,
    apiBase: env.PAYPAL_API_BASE,
    webhookId: env.PAYPAL_WEBHOOK_ID,
  });
}

/** The process's provider (one token cache per process). */
export function getPaymentProvider(): PaymentProvider {
  return singleton("payment-provider", () => paymentProviderFromEnv(getEnv()));
}

/** GET /api/provider-config: what the browser needs to show the right buttons. */
export interface ProviderConfig {
  clientId: string | null;
  environment: "sandbox" | "live" | "demo";
  provider: ProviderName;
  /** The PayPal JS SDK without query; the browser adds client-id, currency and components. */
  sdkUrl: string | null;
}

export function providerConfig(env: PaymentEnv): ProviderConfig {
  if (!hasPayPalCredentials(env)) {
    return { clientId: null, environment: "demo", provider: "demo", sdkUrl: null };
  }
  return {
    clientId: env.PAYPAL_CLIENT_ID!,
    environment: paypalEnvironment(env.PAYPAL_API_BASE),
    provider: "paypal",
    sdkUrl: env.PAYPAL_SDK_URL,
  };
}

export * from "./types.server";
