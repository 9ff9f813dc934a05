import { useEffect, useId, useRef, useState } from "react";
import { ArrowRight, Mail } from "lucide-react";
import { Button } from "~/components/ui/button";
import { CHECKOUT_EMAIL_HELP, isValidCheckoutEmail } from "~/domain/order-validation";

export interface CheckoutEmailStepProps {
  initialEmail: string;
  onSubmit: (email: string) => void;
}

/** Checkout step 1: the e-mail the confirmation and download links go to. */
export function CheckoutEmailStep({ initialEmail, onSubmit }: CheckoutEmailStepProps) {
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
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/30">
          <Mail aria-hidden className="size-5" />
        </span>
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-primary">
            Step 1 of 2
          </p>
          <h3 className="font-display text-xl text-foreground">Your e-mail address</h3>
        </div>
      </div>

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
          onChange={(event) => setEmail(event.target.value)}
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
        Continue to Payment <ArrowRight aria-hidden />
      </Button>
    </form>
  );
}
