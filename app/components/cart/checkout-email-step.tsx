import { useEffect, useId, useRef, useState } from "react";
import { ArrowRight, Mail } from "lucide-react";
import { Button } from "~/components/ui/button";
import { CHECKOUT_EMAIL_HELP, isValidCheckoutEmail } from "~/domain/shop/cart/order-validation";
import { CheckoutStepHeading } from "./checkout-step-heading";

export interface CheckoutEmailStepProps {
  initialEmail: string;
  onSubmit: (email: string) => void;
  /** Every keystroke, so going back to the cart and returning keeps what was typed. */
  onChange?: (email: string) => void;
  /** 3 steps when a shipping address follows (demo provider, physical goods). */
  steps?: number;
}

/** Checkout step 1: the e-mail the confirmation and download links go to. */
export function CheckoutEmailStep({
  initialEmail,
  onSubmit,
  onChange,
  steps = 2,
}: CheckoutEmailStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus({ preventScroll: true }), []);
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const valid = isValidCheckoutEmail(email);
  const showError = touched && email.trim() !== "" && !valid;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSubmit(email.trim());
      }}
      className="space-y-5"
      data-testid="checkout-email-step"
    >
      <CheckoutStepHeading icon={Mail} step={1} steps={steps} title="Your e-mail address" />

      <div className="space-y-2">
        <label htmlFor={inputId} className="text-sm font-medium text-foreground">
          Email
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          spellCheck={false}
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            onChange?.(event.target.value);
          }}
          onBlur={() => setTouched(true)}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? `${errorId} ${helpId}` : helpId}
          className="h-12 w-full rounded-xl border border-border bg-background/60 px-4 text-base text-foreground placeholder:text-muted-foreground/70 transition-colors focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
        />
        {showError && (
          <p id={errorId} className="text-sm text-destructive">
            Please enter a valid e-mail address, with no spaces.
          </p>
        )}
        <p id={helpId} className="text-sm leading-relaxed text-muted-foreground">
          {CHECKOUT_EMAIL_HELP}
        </p>
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={!valid}>
        {steps > 2 ? "Continue to Shipping" : "Continue to Payment"} <ArrowRight aria-hidden />
      </Button>
    </form>
  );
}
