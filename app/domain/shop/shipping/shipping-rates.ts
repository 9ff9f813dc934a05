/**
 * Shipping by destination (issue 24), the pure rule: what posting an order's physical
 * items to one country costs, given the artist's zones. The server prices every order
 * with it (shop/shipping-zones.server.ts); the cart only shows what the server answers.
 *
 * - A zone charges `firstItemRate` for the first shipped item and `additionalItemRate`
 *   for each further one; a line of quantity 3 is one first item and two further ones.
 * - `freeAbove`: shipping is free when the goods subtotal, after any discount, is at or
 *   above it (what the buyer actually pays for the goods; a discount code cannot push a
 *   small order over the line). See docs/decisions/039-shipping-by-destination.md.
 * - A country in an enabled zone is priced by that zone. A country only in zones that
 *   are switched off is "switched-off"; in no zone at all, "no-zone". Both mean the
 *   physical items cannot be bought for that country.
 * - No physical items: nothing to ship, whatever the country.
 *
 * Amounts are worked in whole cents, so 3 × $1.10 is $3.30, never $3.3000000000000003.
 * This module is imported by the public cart: it must stay small and free of packages.
 */
import { formatPrice } from "../../core/money";

export interface ShippingZoneRule {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: readonly string[];
  /** Dollars for the first shipped item. */
  firstItemRate: number;
  /** Dollars for each further shipped item. */
  additionalItemRate: number;
  /** Goods subtotal (after discount) from which shipping is free; null: never free. */
  freeAbove: number | null;
  enabled: boolean;
}

export type ShippingQuote =
  /** No physical items: nothing is shipped, no country is needed. */
  | { kind: "nothing-to-ship"; amount: 0 }
  | { kind: "rate"; amount: number; zoneId: string; zoneName: string; free: boolean }
  | { kind: "no-zone" }
  | { kind: "switched-off"; zoneName: string };

export interface ShippingOrder {
  /** The destination, ISO 3166-1 alpha-2 (any case; it is read upper case). */
  country: string | null;
  /** Quantities of the physical lines only. */
  physicalQuantities: readonly number[];
  /** The goods' total after any discount, in dollars. */
  goodsSubtotal: number;
}

const cents = (dollars: number) => Math.round((dollars + Number.EPSILON) * 100);

/** A country code as stored and compared: trimmed, upper case. */
export function normaliseCountryCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Two letters; whether the code exists is the server's question (its ISO list). */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

/** The enabled zone a country is in, else the first switched-off one naming it. */
export function zoneForCountry<Z extends ShippingZoneRule>(
  zones: readonly Z[],
  country: string,
): Z | null {
  const code = normaliseCountryCode(country);
  const naming = zones.filter((zone) => zone.countries.includes(code));
  return naming.find((zone) => zone.enabled) ?? naming[0] ?? null;
}

export function quoteShipping(
  zones: readonly ShippingZoneRule[],
  order: ShippingOrder,
): ShippingQuote {
  const items = order.physicalQuantities.reduce(
    (n, quantity) => n + Math.max(0, Math.floor(quantity)),
    0,
  );
  if (items === 0) return { kind: "nothing-to-ship", amount: 0 };
  if (!order.country) return { kind: "no-zone" };
  const zone = zoneForCountry(zones, order.country);
  if (!zone) return { kind: "no-zone" };
  if (!zone.enabled) return { kind: "switched-off", zoneName: zone.name };
  const free = zone.freeAbove !== null && cents(order.goodsSubtotal) >= cents(zone.freeAbove);
  const amount = free
    ? 0
    : (cents(zone.firstItemRate) + (items - 1) * cents(zone.additionalItemRate)) / 100;
  return { kind: "rate", amount, zoneId: zone.id, zoneName: zone.name, free };
}

/** What the buyer reads, each in one place (public-site cart and checkout). */
export const SHIPPING_COST_MESSAGES = {
  shipTo: "Ship to",
  chooseCountry: "Choose a country",
  line: "Shipping",
  free: "Free",
  chooseFirst: "Choose where to ship your physical items to see the shipping cost.",
  cannotShip: (countryName: string) => `We can't ship to ${countryName} yet`,
  cannotShipHelp:
    "You can remove the physical items from your cart to buy the rest, or choose another country.",
  missingCountry: "Please choose the country to ship your physical items to.",
  unknownCountry: "That country code does not exist. Please choose a country from the list.",
  addressCountry: (countryName: string) =>
    `The shipping address must be in ${countryName}, the country shipping was charged for.`,
  captureElsewhere: (countryName: string) =>
    `PayPal gave a shipping address outside ${countryName}, the country shipping was charged for. You have not been charged. Please start again and choose the country you want the parcel sent to.`,
  captureNoAddress: (countryName: string) =>
    `PayPal gave no shipping address for your parcel to ${countryName}. You have not been charged. Please start again and give the address in ${countryName} you want it sent to.`,
  shippingChanged:
    "The shipping cost has changed since the cart was priced. Please check the total and try again.",
} as const;

/** The buyer's sentence for a quote the order cannot be paid with; null when it can. */
export function shippingRefusal(quote: ShippingQuote, countryName: string): string | null {
  if (quote.kind === "no-zone" || quote.kind === "switched-off") {
    return SHIPPING_COST_MESSAGES.cannotShip(countryName);
  }
  return null;
}

/** The "Shipping" line's value: "Free" or the amount. */
export function shippingLineText(amount: number): string {
  return amount === 0 ? SHIPPING_COST_MESSAGES.free : formatPrice(amount);
}

/** A country's name in English by Intl.DisplayNames (browser and server); the code if unknown. */
export function countryName(code: string): string {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "region" }).of(normaliseCountryCode(code));
    return name && name !== "Unknown Region" ? name : code;
  } catch {
    return code;
  }
}
