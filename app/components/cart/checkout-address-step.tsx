/**
 * Checkout step for physical goods: where to send them. Shown when the cart holds a CD,
 * physical music or merchandise and either the shop runs in demo mode or PayPal is to
 * ship to the destination the cart priced (checkoutAsksAddress): the PayPal order is
 * then created with this address. The same rules run on the server.
 */
import { useEffect, useId, useRef, useState } from "react";
import { ArrowRight, Truck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import {
  shippingAddressErrors,
  shippingAddressSchema,
  type ShippingAddress,
  type ShippingAddressField,
} from "~/domain/shop/shipping/shipping-address";
import { countryName } from "~/domain/shop/shipping/shipping-rates";
import { cn } from "~/lib/cn";
import { CheckoutStepHeading } from "./checkout-step-heading";

/** What the form holds: every field as typed. */
export type ShippingAddressDraft = Record<ShippingAddressField, string>;

export const EMPTY_ADDRESS: ShippingAddressDraft = {
  name: "",
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  country: "",
};

interface FieldSpec {
  field: ShippingAddressField;
  label: string;
  autoComplete: string;
  optional?: boolean;
  /** Half width from the small breakpoint up. */
  half?: boolean;
}

/**
 * The theme's destructive red lifted toward the text colour: plain text-destructive on
 * the drawer's card is below 4.5:1 for small text.
 */
const ERROR_TEXT =
  "text-[color-mix(in_oklab,var(--color-destructive)_65%,var(--color-foreground))]";

const FIELDS: FieldSpec[] = [
  { field: "name", label: "Full name", autoComplete: "shipping name" },
  { field: "line1", label: "Street address", autoComplete: "shipping address-line1" },
  {
    field: "line2",
    label: "Apartment, suite, etc.",
    autoComplete: "shipping address-line2",
    optional: true,
  },
  { field: "city", label: "City", autoComplete: "shipping address-level2", half: true },
  {
    field: "region",
    label: "State / region",
    autoComplete: "shipping address-level1",
    optional: true,
    half: true,
  },
  { field: "postalCode", label: "Postal code", autoComplete: "shipping postal-code", half: true },
  { field: "country", label: "Country", autoComplete: "shipping country-name", half: true },
];

export interface CheckoutAddressStepProps {
  initialAddress: ShippingAddressDraft;
  step: number;
  steps: number;
  /**
   * The destination chosen in the cart (shipping was priced for it): the address's
   * country is that one and cannot be typed otherwise. Null: typed, as before zones.
   */
  fixedCountry?: string | null;
  onSubmit: (address: ShippingAddress, draft: ShippingAddressDraft) => void;
}

export function CheckoutAddressStep({
  initialAddress,
  step,
  steps,
  fixedCountry = null,
  onSubmit,
}: CheckoutAddressStepProps) {
  const [typed, setDraft] = useState(initialAddress);
  const draft = fixedCountry ? { ...typed, country: fixedCountry } : typed;
  const [errors, setErrors] = useState<Partial<Record<ShippingAddressField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<ShippingAddressField, HTMLInputElement | null>>>({});
  const baseId = useId();
  const summaryId = `${baseId}-summary`;
  const errorCount = Object.keys(errors).length;

  useEffect(() => inputs.current.name?.focus({ preventScroll: true }), []);

  function change(field: ShippingAddressField, value: string) {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // After a first attempt, errors follow the typing so a fixed field clears at once.
    if (submitted) setErrors(shippingAddressErrors(next));
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const parsed = shippingAddressSchema.safeParse(draft);
        if (parsed.success) {
          setErrors({});
          onSubmit(parsed.data, draft);
          return;
        }
        const found = shippingAddressErrors(draft);
        setErrors(found);
        const first = FIELDS.find((f) => found[f.field]);
        if (first) inputs.current[first.field]?.focus();
      }}
      className="space-y-5"
      aria-describedby={errorCount ? summaryId : undefined}
      data-testid="checkout-address-step"
    >
      <CheckoutStepHeading icon={Truck} step={step} steps={steps} title="Shipping address" />
      <p className="text-sm leading-relaxed text-muted-foreground">
        Your cart holds physical items. Where should we send them?
      </p>

      <div id={summaryId} role="alert" className={cn(!errorCount && "sr-only")}>
        {errorCount > 0 && (
          <p className="rounded-xl border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm text-foreground">
            Please complete the shipping address: {errorCount}{" "}
            {errorCount === 1 ? "field needs" : "fields need"} attention.
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ field, label, autoComplete, optional, half }) => {
          const inputId = `${baseId}-${field}`;
          const errorId = `${inputId}-error`;
          const error = errors[field];
          return (
            <div key={field} className={cn("space-y-1.5", !half && "sm:col-span-2")}>
              <Label htmlFor={inputId}>
                {label}
                {optional ? (
                  <span className="font-normal text-muted-foreground"> (optional)</span>
                ) : null}
              </Label>
              {field === "country" && fixedCountry ? (
                <>
                  <Input
                    id={inputId}
                    name={field}
                    readOnly
                    autoComplete={autoComplete}
                    aria-describedby={`${inputId}-note`}
                    value={countryName(fixedCountry)}
                    className="h-12 cursor-default opacity-80"
                    data-testid="shipping-country-fixed"
                  />
                  <p id={`${inputId}-note`} className="text-xs text-muted-foreground">
                    Chosen under &ldquo;Ship to&rdquo; in the cart.
                  </p>
                </>
              ) : (
                <Input
                  ref={(element) => {
                    inputs.current[field] = element;
                  }}
                  id={inputId}
                  name={field}
                  autoComplete={autoComplete}
                  required={!optional}
                  aria-required={!optional || undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  value={draft[field]}
                  onChange={(event) => change(field, event.target.value)}
                  className="h-12"
                  data-testid={`shipping-${field}`}
                />
              )}
              {error && (
                <p id={errorId} className={cn("text-sm", ERROR_TEXT)}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>

      <Button type="submit" size="lg" className="w-full">
        Continue to Payment <ArrowRight aria-hidden />
      </Button>
    </form>
  );
}
