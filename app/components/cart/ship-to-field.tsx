/**
 * The cart's "Ship to" (issue 24): shown when the cart holds physical items and the
 * artist has set up shipping zones. A native select of every country (codes from the
 * server, names by the browser's Intl.DisplayNames, so no list of names is shipped in
 * the bundle), the artist's home country first. The server prices shipping for the
 * chosen country; a country no zone covers gets "We can't ship to {country} yet".
 */
import { useId, useMemo } from "react";
import { Loader2, Truck } from "lucide-react";
import { Select } from "~/components/ui/select";
import { SHIPPING_COST_MESSAGES, countryName } from "~/domain/shop/shipping/shipping-rates";
import type { ShippingDestinations } from "~/lib/checkout-api";

export type ShippingQuoteState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "rate"; amount: number }
  | { status: "unavailable"; message: string }
  | { status: "failed"; message: string };

export interface ShipToFieldProps {
  destinations: ShippingDestinations | null;
  country: string;
  onChange: (country: string) => void;
  quote: ShippingQuoteState;
}

/** The options: home first, then every other country by its English name. */
export function countryOptions(
  destinations: Pick<ShippingDestinations, "countries" | "home">,
): { code: string; name: string }[] {
  const named = destinations.countries
    .filter((code) => code !== destinations.home)
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return destinations.home
    ? [{ code: destinations.home, name: countryName(destinations.home) }, ...named]
    : named;
}

/**
 * The theme's destructive red lifted toward the text colour, as the address step does:
 * plain text-destructive on the drawer's card is below 4.5:1 for small text.
 */
const ERROR_TEXT =
  "text-[color-mix(in_oklab,var(--color-destructive)_65%,var(--color-foreground))]";

export function ShipToField({ destinations, country, onChange, quote }: ShipToFieldProps) {
  const id = useId();
  const options = useMemo(() => (destinations ? countryOptions(destinations) : []), [destinations]);
  const messageId = `${id}-message`;
  const message =
    quote.status === "unavailable" || quote.status === "failed" ? quote.message : null;
  return (
    <div
      className="mt-6 space-y-2 rounded-2xl border border-border/70 bg-background/40 p-4"
      data-testid="ship-to"
    >
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-foreground">
        <Truck aria-hidden className="size-4 text-primary" />
        {SHIPPING_COST_MESSAGES.shipTo}
      </label>
      <Select
        id={id}
        value={country}
        onChange={(event) => onChange(event.target.value)}
        disabled={!destinations}
        aria-describedby={message ? messageId : undefined}
        aria-invalid={quote.status === "unavailable" ? true : undefined}
        autoComplete="shipping country"
        data-testid="ship-to-country"
      >
        <option value="">{SHIPPING_COST_MESSAGES.chooseCountry}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </Select>
      <div id={messageId} role="status" aria-live="polite" className="text-sm">
        {quote.status === "loading" && (
          <span className="inline-flex items-center gap-2 text-muted-foreground">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Pricing shipping…
          </span>
        )}
        {quote.status === "idle" && !country && (
          <span className="text-muted-foreground">{SHIPPING_COST_MESSAGES.chooseFirst}</span>
        )}
        {message && (
          <span className="block" data-testid="ship-to-message">
            <span className={`block font-medium ${ERROR_TEXT}`}>{message}</span>
            {quote.status === "unavailable" && (
              <span className="mt-1 block text-muted-foreground">
                {SHIPPING_COST_MESSAGES.cannotShipHelp}
              </span>
            )}
          </span>
        )}
      </div>
    </div>
  );
}
