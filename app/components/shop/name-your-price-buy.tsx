/**
 * The buy control of a name-your-price product (issue 23): the buyer types an amount,
 * starting from the suggested one. Below the minimum: "Please enter at least {minimum}";
 * an absurd amount gets the order cap's message. 0, where the artist allows it, is the
 * free path: the button becomes "Get it free", without the cart or a payment.
 */
import { useId, useState } from "react";
import { ExternalLink, ShoppingBag } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { formatPrice } from "~/domain/core/money";
import {
  checkChosenPrice,
  checkPaidChosenPrice,
  isFreeChoice,
  parseAmount,
  type NameYourPrice,
} from "~/domain/shop/catalogue/name-your-price";
import type { Product } from "~/domain/shop/catalogue/product";
import { cn } from "~/lib/cn";
import { addToCartWithFeedback } from "~/components/cart/cart-toasts";
import { preloadCartUi } from "~/components/cart/cart-drawer-host";

/** "$7.00 or more", or for a minimum of 0 "Free, or pay what you want". */
export function nameYourPriceLabel(terms: NameYourPrice): string {
  return terms.minimum > 0 ? `${formatPrice(terms.minimum)} or more` : "Free, or pay what you want";
}

/** The amount as the field starts: the suggestion, without a needless ".00". */
const amountText = (amount: number) =>
  Number.isInteger(amount) ? String(amount) : amount.toFixed(2);

export function NameYourPriceBuy({
  product,
  terms,
  freeUrl,
  describedBy,
  className,
}: {
  product: Product;
  terms: NameYourPrice;
  freeUrl: string | null;
  describedBy?: string;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(() => amountText(terms.suggested));
  const [error, setError] = useState<string | null>(null);
  const amount = parseAmount(text);
  const free = isFreeChoice(terms, amount) && freeUrl !== null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // 0 where the artist allows it: the "Get it free" link is the way on, not the cart.
    if (free) return setError(null);
    const check = checkPaidChosenPrice(terms, amount);
    // Below the minimum, the minimum is what the buyer is told (a paid copy of a
    // pay-what-you-want item costs at least a cent, which reads as the free path).
    const message = checkChosenPrice(terms, amount);
    if (!message.ok) return setError(message.message);
    if (!check.ok) return setError(check.message);
    setError(null);
    addToCartWithFeedback(product, check.amount);
  }

  return (
    <form
      className={cn("flex flex-col gap-2", className)}
      onSubmit={submit}
      noValidate
      data-testid="name-your-price"
    >
      <Label htmlFor={`${id}-amount`}>Name your price (USD)</Label>
      <div className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
        >
          $
        </span>
        <Input
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          className="pl-7 tabular-nums"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null, describedBy].filter(Boolean).join(" ")}
          data-testid="name-your-price-amount"
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {terms.minimum > 0
          ? `Minimum ${formatPrice(terms.minimum)}. Pay more if you like.`
          : freeUrl
            ? "Enter 0 to download it free, or pay what you want."
            : "Pay what you want."}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
      {free ? (
        <a
          href={freeUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={describedBy}
          className={buttonVariants({ variant: "outline", className: "w-full" })}
        >
          Get it free <ExternalLink aria-hidden />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <Button
          type="submit"
          className="w-full"
          aria-describedby={describedBy}
          onPointerEnter={preloadCartUi}
          onFocus={preloadCartUi}
          data-testid="add-to-cart"
        >
          <ShoppingBag aria-hidden /> Add to Cart
        </Button>
      )}
    </form>
  );
}
