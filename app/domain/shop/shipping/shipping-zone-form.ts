/**
 * The /admin/shipping form (issue 24): what the artist types for a shipping zone, checked
 * in the dialog and again on the server. Whether each code is a real country and
 * whether a country is already in another enabled zone are the server's checks
 * (shop/shipping-zones.server.ts), with these words. Admin and server only: zod stays
 * out of the public pages.
 */
import { z } from "../../core/zod";
import { entryId, formBoolean, formText } from "../../admin/form-fields";
import { formatPrice } from "../../core/money";
import { parseAmount } from "../catalogue/name-your-price";
import { MAX_ORDER_TOTAL } from "../cart/order-caps";
import { COUNTRY_CODE_PATTERN, normaliseCountryCode } from "./shipping-rates";

export const SHIPPING_ZONE_TEXT = {
  created: "Shipping Zone Created Successfully",
  updated: "Shipping Zone Updated Successfully",
  deleted: "Shipping zone deleted successfully",
  saveFailed: "Failed to save shipping zone",
  deleteFailed: "Failed to delete shipping zone",
  deleteConfirm:
    "Are you sure you want to delete this shipping zone? Buyers in its countries can no longer order physical items; paid orders keep what they were charged.",
  deleteTitle: "Delete Shipping Zone",
  fetchFailed: "Failed to fetch shipping zones",
  empty: "No shipping zones yet: buyers cannot order physical items. Create the first zone!",
  addTitle: "Add Shipping Zone",
  editTitle: "Edit Shipping Zone",
} as const;

export const SHIPPING_ZONE_MESSAGES = {
  name: "Please enter the zone's name",
  nameLength: "A zone's name has at most 100 characters",
  noCountries: "Please choose at least one country",
  unknownCountry: (code: string) => `${code} is not a country code`,
  inOtherZone: (country: string, zone: string) =>
    `${country} is already in the enabled zone "${zone}". A country can be in one enabled zone only.`,
  firstItemRate: `The rate for the first item is an amount from 0 to ${formatPrice(MAX_ORDER_TOTAL)}, such as 5 or 5.00`,
  additionalItemRate: `The rate for each further item is an amount from 0 to ${formatPrice(MAX_ORDER_TOTAL)}, such as 2 or 2.00`,
  freeAbove: "Free above is an order value such as 50 or 50.00, or blank",
} as const;

/** The screen's line about countries outside every enabled zone. */
export const uncoveredCountriesText = (count: number) =>
  `Countries not in any zone: ${count}. Buyers there can't order physical items.`;

const M = SHIPPING_ZONE_MESSAGES;

const rate = (message: string) =>
  formText(message)
    .transform(parseAmount)
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= MAX_ORDER_TOTAL, message);

const fields = {
  name: formText(M.name)
    .refine((v) => v !== "", M.name)
    .refine((v) => v.length <= 100, M.nameLength),
  countries: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      [...new Set((v === undefined ? [] : Array.isArray(v) ? v : [v]).map(normaliseCountryCode))]
        .filter((code) => code !== "")
        .sort(),
    )
    .superRefine((codes, ctx) => {
      if (codes.length === 0) return void ctx.addIssue({ code: "custom", message: M.noCountries });
      const bad = codes.find((code) => !COUNTRY_CODE_PATTERN.test(code));
      if (bad !== undefined) {
        ctx.addIssue({ code: "custom", message: M.unknownCountry(bad.slice(0, 10)) });
      }
    }),
  firstItemRate: rate(M.firstItemRate),
  additionalItemRate: rate(M.additionalItemRate),
  freeAbove: formText(M.freeAbove)
    .transform((v) => (v === "" ? null : parseAmount(v)))
    .refine(
      (v) => v === null || (Number.isFinite(v) && v >= 0 && v <= MAX_ORDER_TOTAL),
      M.freeAbove,
    ),
  enabled: formBoolean(),
};

export interface ShippingZoneInput {
  name: string;
  countries: string[];
  firstItemRate: number;
  additionalItemRate: number;
  freeAbove: number | null;
  enabled: boolean;
}

export const shippingZoneCreateSchema = z.object(fields);
export const shippingZoneUpdateSchema = z.object({ id: entryId, ...fields });

/** "$5.00 first item, $2.00 each further · free from $50.00". */
export function zoneRateWords(zone: {
  firstItemRate: number;
  additionalItemRate: number;
  freeAbove: number | null;
}): string {
  const rates = `${formatPrice(zone.firstItemRate)} first item, ${formatPrice(zone.additionalItemRate)} each further`;
  return zone.freeAbove === null ? rates : `${rates} · free from ${formatPrice(zone.freeAbove)}`;
}
