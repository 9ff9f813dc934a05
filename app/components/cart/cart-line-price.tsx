/**
 * A name-your-price cart line's amount (issue 23): the buyer may change what they pay
 * for one copy. The amount applies when the field is left or Enter is pressed; one the
 * rules refuse stays typed with its message beside it, and the cart keeps the last
 * good amount (checkout refuses a line whose amount no longer passes).
 */
import { useId, useState } from "react";
import { FieldError, Input } from "~/components/ui/input";
import { linePriceProblem, type CartItem } from "~/domain/shop/cart/cart";
import { parseAmount } from "~/domain/shop/catalogue/name-your-price";
import { setLineChosenPrice } from "~/lib/cart-store";

const amountText = (amount: number) =>
  Number.isInteger(amount) ? String(amount) : amount.toFixed(2);

export function CartLinePrice({ line }: { line: CartItem }) {
  const id = useId();
  const [text, setText] = useState(() => amountText(line.pricePerItem));
  const [error, setError] = useState<string | null>(null);
  const problem = error ?? linePriceProblem(line);

  function apply() {
    const check = setLineChosenPrice(line.id, parseAmount(text));
    if (check.ok) {
      setText(amountText(check.amount));
      setError(null);
    } else {
      setError(check.message);
    }
  }

  return (
    <div className="mt-1 flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-amount`} className="text-xs text-muted-foreground">
          Your price
        </label>
        <span className="relative">
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-2 flex items-center text-xs text-muted-foreground"
          >
            $
          </span>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            className="h-8 w-24 pl-5 text-sm tabular-nums"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={apply}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                apply();
              }
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            data-testid="cart-line-amount"
          />
        </span>
        <span className="text-xs text-muted-foreground">each</span>
      </div>
      <FieldError id={`${id}-error`}>{problem}</FieldError>
    </div>
  );
}
