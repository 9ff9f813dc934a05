/**
 * The buy control of an item with options (issue 24): one plain select per option
 * (Size, Colour), a sold-out combination shown but not choosable, the chosen variant's
 * price, then "Add to Cart". Native selects, no library: the card's client code stays small.
 */
import { useId, useState } from "react";
import { ShoppingBag } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FieldError, Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatPrice } from "~/domain/core/money";
import type { Product } from "~/domain/shop/catalogue/product";
import {
  VARIANT_MESSAGES,
  findVariant,
  valueAvailable,
} from "~/domain/shop/catalogue/item-variant";
import { cn } from "~/lib/cn";
import { addToCartWithFeedback } from "~/components/cart/cart-toasts";
import { preloadCartUi } from "~/components/cart/cart-drawer-host";

export function VariantBuy({
  product,
  describedBy,
  className,
}: {
  product: Product;
  describedBy?: string;
  className?: string;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const { options, variants } = product;
  const variant = findVariant(options, variants, chosen);
  const errorId = `${id}-error`;
  const allSoldOut = !variants.some((v) => v.inStock);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const missing = options.find((o) => !chosen[o.name]);
    if (missing) return setError(VARIANT_MESSAGES.chooseOption(missing.name, product.title));
    if (!variant || !variant.inStock) {
      return setError(VARIANT_MESSAGES.soldOut(product.title, Object.values(chosen).join(", ")));
    }
    setError(null);
    addToCartWithFeedback(product, undefined, variant);
  }

  return (
    <form
      className={cn("flex flex-col gap-3", className)}
      onSubmit={submit}
      noValidate
      data-testid="variant-buy"
    >
      {options.map((option, index) => (
        <div key={option.name} className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-${index}`}>{option.name}</Label>
          <Select
            id={`${id}-${index}`}
            name={option.name}
            value={chosen[option.name] ?? ""}
            onChange={(event) => {
              setChosen({ ...chosen, [option.name]: event.target.value });
              setError(null);
            }}
            aria-invalid={error && !chosen[option.name] ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="variant-option"
          >
            <option value="" disabled>
              Choose a {option.name.toLowerCase()}
            </option>
            {option.values.map((value) => {
              const available = valueAvailable(options, variants, chosen, index, value);
              return (
                <option key={value} value={value} disabled={!available}>
                  {available ? value : `${value} (sold out)`}
                </option>
              );
            })}
          </Select>
        </div>
      ))}
      <FieldError id={errorId}>{error}</FieldError>
      <Button
        type="submit"
        className={cn(
          "w-full",
          allSoldOut && "bg-muted text-muted-foreground shadow-none disabled:opacity-80",
        )}
        disabled={allSoldOut}
        aria-describedby={describedBy}
        onPointerEnter={preloadCartUi}
        onFocus={preloadCartUi}
        data-testid="add-to-cart"
      >
        <ShoppingBag aria-hidden /> Add to Cart
        {variant && variant.inStock && (
          <span className="tabular-nums" data-testid="variant-price">
            {" "}
            · {formatPrice(variant.price)}
          </span>
        )}
      </Button>
    </form>
  );
}

/** "$25.00" or "$25.00 – $27.00": what the variants cost. */
export function variantPriceRange(product: Product): string {
  const prices = product.variants.map((v) => v.price);
  if (prices.length === 0) return formatPrice(product.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatPrice(low) : `${formatPrice(low)} – ${formatPrice(high)}`;
}
