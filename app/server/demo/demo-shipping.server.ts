/**
 * The demo shop's shipping zones (issue 24). The demo artist, Silas Lowenthorne, sells
 * in US dollars from the United States (the shop page promises "Free shipping on orders
 * over $50"), so: the United States, Europe, and the rest of the world.
 */
import { COUNTRY_CODES } from "../shop/shipping-zones.server";

/** Europe as a record shop posts to it: the EU, the EEA, the UK, Switzerland and the Balkans. */
export const DEMO_EUROPE = [
  "AD",
  "AL",
  "AT",
  "BA",
  "BE",
  "BG",
  "CH",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FO",
  "FR",
  "GB",
  "GI",
  "GR",
  "HR",
  "HU",
  "IE",
  "IS",
  "IT",
  "LI",
  "LT",
  "LU",
  "LV",
  "MC",
  "MD",
  "ME",
  "MK",
  "MT",
  "NL",
  "NO",
  "PL",
  "PT",
  "RO",
  "RS",
  "SE",
  "SI",
  "SK",
  "SM",
  "UA",
  "VA",
] as const;

export const DEMO_HOME_COUNTRY = "US";

/** Where the post does not go from here (research stations, uninhabited islands, North Korea): no zone. */
export const DEMO_NOT_SHIPPED = ["AQ", "BV", "HM", "KP", "TF", "UM"] as const;

export function demoShippingZones() {
  const europe = new Set<string>(DEMO_EUROPE);
  return [
    {
      name: "United States",
      countries: [DEMO_HOME_COUNTRY],
      firstItemRate: 4,
      additionalItemRate: 1.5,
      freeAbove: 50,
      enabled: true,
    },
    {
      name: "Europe",
      countries: [...DEMO_EUROPE],
      firstItemRate: 12,
      additionalItemRate: 4,
      freeAbove: 100,
      enabled: true,
    },
    {
      name: "Rest of the world",
      countries: COUNTRY_CODES.filter(
        (code) =>
          code !== DEMO_HOME_COUNTRY &&
          !europe.has(code) &&
          !(DEMO_NOT_SHIPPED as readonly string[]).includes(code),
      ),
      firstItemRate: 18,
      additionalItemRate: 6,
      freeAbove: null,
      enabled: true,
    },
  ];
}
