/** How the orders screen names link states and payment providers (dates and money: kit/format.ts). */
import type { DownloadTokenState } from "~/domain/shop/downloads/downloads";

export const LINK_STATE_LABELS: Record<DownloadTokenState, string> = {
  valid: "Valid",
  expired: "Expired",
  "used-up": "Used up",
};

export const PROVIDER_LABELS: Record<string, string> = { paypal: "PayPal", demo: "Demo" };

export const providerLabel = (name: string) => PROVIDER_LABELS[name] ?? name;
