/**
 * How the orders screen writes dates, money and link states. Dates are shown in the
 * site's time zone (given by the loader), so the server's HTML and the browser's
 * agree and the date filters mean the days the artist sees.
 */
import type { DownloadTokenState } from "~/domain/downloads";
import { formatPrice } from "~/domain/money";

export function formatOrderDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));
}

export function formatOrderDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(new Date(iso));
}

/** "$12.50", or "€12.50 EUR"-style for anything but dollars. */
export function formatOrderMoney(amount: number, currency: string): string {
  return currency === "USD" ? formatPrice(amount) : `${amount.toFixed(2)} ${currency}`;
}

export const LINK_STATE_LABELS: Record<DownloadTokenState, string> = {
  valid: "Valid",
  expired: "Expired",
  "used-up": "Used up",
};

export const PROVIDER_LABELS: Record<string, string> = { paypal: "PayPal", demo: "Demo" };

export const providerLabel = (name: string) => PROVIDER_LABELS[name] ?? name;
