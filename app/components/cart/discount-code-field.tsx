/**
 * The checkout's "Discount code" field (issue 23): the buyer types a code, the server
 * prices the cart with it (/api/price-cart, checkout's own pricing) and answers with
 * the discount or its plain message. An accepted code shows as a line with Remove; the
 * order is then created with it and the server checks it again. A refused code keeps
 * the cart as it was.
 */
import { useId, useState } from "react";
import { Loader2, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/form-field";
import type { Cart } from "~/domain/shop/cart/cart";
import { CheckoutError, previewDiscount, type DiscountPreview } from "~/lib/checkout-api";

export interface DiscountCodeFieldProps {
  cart: Cart;
  email: string;
  applied: DiscountPreview | null;
  onChange: (applied: DiscountPreview | null) => void;
  /** A remembered code is being checked again: Apply waits. */
  checking?: boolean;
  /** Why a remembered code no longer applies. */
  initialError?: string;
  /** Physical goods: the destination, so the priced total includes shipping. */
  shippingCountry?: string | null;
}

export function DiscountCodeField({
  cart,
  email,
  applied,
  onChange,
  checking = false,
  initialError,
  shippingCountry = null,
}: DiscountCodeFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [ownError, setError] = useState<string | null | undefined>();
  // The re-check's message until the buyer applies something themselves.
  const error = ownError === undefined ? initialError : (ownError ?? undefined);
  const [busy, setBusy] = useState(false);

  async function apply(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await previewDiscount(cart, email, typed, fetch, shippingCountry));
      setTyped("");
    } catch (failure) {
      setError(
        failure instanceof CheckoutError
          ? failure.message
          : "The discount code could not be checked. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="text-muted-foreground">
          Discount code{" "}
          <span className="font-mono font-medium text-foreground">{applied.code}</span> applied
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => onChange(null)}
          aria-label={`Remove discount code ${applied.code}`}
        >
          <X aria-hidden /> Remove
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={apply} noValidate>
      <FormField id={`${id}-code`} label="Discount code" error={error}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="min-w-0 flex-1"
            />
            <Button
              type="submit"
              variant="outline"
              disabled={busy || checking}
              aria-busy={busy || checking}
            >
              {busy || checking ? <Loader2 aria-hidden className="animate-spin" /> : null}
              Apply
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
