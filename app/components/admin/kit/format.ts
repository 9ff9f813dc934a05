/**
 * How the back office writes dates and money. Dates are shown in the site's time zone
 * (given by the loader), so the server's HTML and the browser's agree and a date filter
 * means the days the artist sees.
 */
import { formatPrice } from "~/domain/core/money";

/** "Nov 27, 2026, 5:10 AM" */
export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));
}

/** "Nov 27, 2026" */
export function formatDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(new Date(iso));
}

/** "$12.50", or "12.50 EUR" for anything but dollars. */
export function formatMoney(amount: number, currency: string): string {
  return currency === "USD" ? formatPrice(amount) : `${amount.toFixed(2)} ${currency}`;
}
