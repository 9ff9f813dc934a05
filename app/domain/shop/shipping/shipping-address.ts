/**
 * Where a physical order goes, and when an order needs one. The checkout drawer
 * (demo provider) and the server check the address with the same schema. It is built
 * on `form-schema.ts`, not zod, because the public cart drawer imports it (decision
 * 012: zod stays out of public bundles).
 */
import { formSchema, optionalLine, requiredText } from "../../core/form-schema";
import { COUNTRY_CODE_PATTERN, countryName } from "./shipping-rates";
import { STOCK_TRACKED_CATEGORIES, isStockTrackedCategory } from "../stock/stock";

/**
 * Where a physical order goes. Stored with the order (orders.shipping_address) from
 * the payment provider's purchase unit, or from the checkout drawer with the demo provider.
 */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  /** State, province or county, where the country uses one. */
  region?: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2 where the provider gives one, else the buyer's words. */
  country: string;
}

/**
 * The categories that travel by post: the same goods whose stock is counted
 * (cd, physical_music, merchandise).
 */
export const SHIPPED_CATEGORIES = STOCK_TRACKED_CATEGORIES;

/** True when any line of the order or cart is a physical good that must be sent. */
export function orderNeedsShipping(categories: readonly string[]): boolean {
  return categories.some((category) => isStockTrackedCategory(category));
}

/**
 * Whether checkout asks for the shipping address in the cart drawer. With the demo
 * provider, for every cart that ships goods. With PayPal, when shipping was priced for
 * a destination (the artist has zones): the PayPal order is then created with that
 * address, which PayPal's buyer cannot change, so the parcel goes to the country that
 * was charged for. Without zones PayPal asks its buyer, as before (decision 039).
 */
export function checkoutAsksAddress(
  provider: "paypal" | "demo" | null,
  shipsGoods: boolean,
  destination: string | null,
): boolean {
  if (!shipsGoods) return false;
  if (provider === "demo") return true;
  return provider === "paypal" && destination !== null;
}

export type ShippingAddressField = keyof ShippingAddress;

export const SHIPPING_ADDRESS_MESSAGES = {
  name: "Please enter the recipient's name.",
  line1: "Please enter the street address.",
  city: "Please enter the city.",
  postalCode: "Please enter the postal code.",
  country: "Please enter the country.",
  missing: "Please enter a shipping address for the physical items in your cart.",
} as const;

/** Longest accepted values, generous for every country's conventions. */
export const SHIPPING_ADDRESS_MAX = {
  name: 200,
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postalCode: 20,
  country: 100,
} as const;

/** The address as the buyer typed it: five required fields, line 2 and region optional. */
export const shippingAddressSchema = formSchema<ShippingAddress>({
  name: requiredText(SHIPPING_ADDRESS_MESSAGES.name, SHIPPING_ADDRESS_MAX.name),
  line1: requiredText(SHIPPING_ADDRESS_MESSAGES.line1, SHIPPING_ADDRESS_MAX.line1),
  line2: optionalLine(SHIPPING_ADDRESS_MAX.line2),
  city: requiredText(SHIPPING_ADDRESS_MESSAGES.city, SHIPPING_ADDRESS_MAX.city),
  region: optionalLine(SHIPPING_ADDRESS_MAX.region),
  postalCode: requiredText(SHIPPING_ADDRESS_MESSAGES.postalCode, SHIPPING_ADDRESS_MAX.postalCode),
  country: requiredText(SHIPPING_ADDRESS_MESSAGES.country, SHIPPING_ADDRESS_MAX.country),
});

/** Field name → first message, for showing beside each field. */
export function shippingAddressErrors(raw: unknown): Partial<Record<ShippingAddressField, string>> {
  const result = shippingAddressSchema.safeParse(raw);
  if (result.success) return {};
  const errors: Partial<Record<ShippingAddressField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ShippingAddressField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The address as lines for a mail or the order detail. */
export function formatShippingAddress(address: ShippingAddress): string[] {
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(" ");
  return [
    address.name,
    address.line1,
    address.line2,
    address.region ? `${cityLine}, ${address.region}` : cityLine,
    // A code (the cart's destination, PayPal's country_code) reads as the country's name.
    COUNTRY_CODE_PATTERN.test(address.country) ? countryName(address.country) : address.country,
  ].filter((line): line is string => Boolean(line && line.trim()));
}
