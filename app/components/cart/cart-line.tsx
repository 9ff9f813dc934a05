import { Minus, Plus, Trash2 } from "lucide-react";
import { toast } from "~/lib/toast";
import {
  cartLineStockNote,
  lineTotal,
  lineVariantProblem,
  type Cart,
  type CartItem,
} from "~/domain/shop/cart/cart";
import { lineTitle } from "~/domain/shop/catalogue/item-variant";
import { preorderLabel } from "~/domain/shop/catalogue/preorder";
import { formatPrice } from "~/domain/core/money";
import { removeLine, setLineQuantity } from "~/lib/cart-store";
import { lineFormatLabel } from "~/components/shop/labels";
import { SmartImage } from "~/components/smart-image";
import { CART_TOAST_POSITION, showStockToast } from "./cart-toasts";
import { CartLinePrice } from "./cart-line-price";

const stepButton =
  "inline-flex size-9 items-center justify-center rounded-full text-foreground transition-colors hover:bg-primary/15 hover:text-primary disabled:pointer-events-none disabled:opacity-35";

export function removeWithToast(line: CartItem) {
  removeLine(line.id);
  toast("Item removed", { duration: 2000, position: CART_TOAST_POSITION });
}

/** One cart line: image, title, format, unit price, quantity control, line total, remove. */
export function CartLine({ line, cart }: { line: CartItem; cart: Cart }) {
  const { product } = line;
  const note = cartLineStockNote(cart, line);
  // The item's options changed while it sat in the cart: say what changed.
  const variantProblem = lineVariantProblem(line);
  const atLimit = note?.tone === "limit";
  const noteId = `stock-${line.id}`;

  function change(quantity: number) {
    if (quantity <= 0) {
      removeWithToast(line);
      return;
    }
    const result = setLineQuantity(line.id, quantity);
    if (!result.changed) showStockToast(result.stock.message);
  }

  return (
    <li
      className="flex gap-4 py-5 first:pt-0 last:pb-0"
      data-testid="cart-line"
      data-product-id={product.id}
    >
      <SmartImage
        src={product.image}
        alt=""
        width={800}
        height={800}
        aspectRatio="1 / 1"
        sizes="80px"
        className="size-20 shrink-0 rounded-xl ring-1 ring-border/70"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3
              className="line-clamp-2 font-display text-lg leading-snug break-words text-foreground"
              data-testid="cart-line-title"
            >
              {lineTitle(product.title, line.variant?.label)}
            </h3>
            {product.preorderReleaseDate && (
              <p className="mt-1 text-sm text-primary" data-testid="cart-line-preorder">
                {preorderLabel(product.preorderReleaseDate)}
              </p>
            )}
            {variantProblem && (
              <p
                className="mt-1 text-sm text-destructive"
                role="status"
                data-testid="cart-line-problem"
              >
                {variantProblem}
              </p>
            )}
            {product.nameYourPrice ? (
              <div className="mt-0.5 text-sm text-muted-foreground">
                <span data-testid="cart-line-format">{lineFormatLabel(line)}</span>
                <CartLinePrice line={line} />
              </div>
            ) : (
              <p className="mt-0.5 text-sm text-muted-foreground">
                <span data-testid="cart-line-format">{lineFormatLabel(line)}</span>
                <span aria-hidden> · </span>
                <span className="sr-only">, </span>
                <span data-testid="cart-line-unit-price">
                  {formatPrice(line.pricePerItem)}
                </span>{" "}
                each
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={() => removeWithToast(line)}
            aria-label={`Remove ${lineTitle(product.title, line.variant?.label)}`}
            className="-mr-2 -mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-destructive/15 hover:text-destructive"
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="flex flex-col gap-1">
            <div
              role="group"
              aria-label={`Quantity of ${lineTitle(product.title, line.variant?.label)}`}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-background/50 p-0.5"
            >
              <button
                type="button"
                className={stepButton}
                onClick={() => change(line.quantity - 1)}
                aria-label={
                  line.quantity === 1
                    ? `Remove ${lineTitle(product.title, line.variant?.label)}`
                    : "Decrease quantity"
                }
              >
                <Minus aria-hidden className="size-4" />
              </button>
              <output
                aria-live="polite"
                data-testid="cart-line-quantity"
                className="min-w-8 text-center text-sm font-semibold tabular-nums"
              >
                {line.quantity}
              </output>
              <button
                type="button"
                className={stepButton}
                onClick={() => change(line.quantity + 1)}
                disabled={atLimit}
                aria-label="Increase quantity"
                aria-describedby={note ? noteId : undefined}
              >
                <Plus aria-hidden className="size-4" />
              </button>
            </div>
            {note && (
              <p
                id={noteId}
                className={
                  note.tone === "info" ? "text-xs text-muted-foreground" : "text-xs text-primary"
                }
                data-testid={atLimit ? "cart-line-limit" : "cart-line-stock"}
              >
                {note.text}
              </p>
            )}
          </div>
          <p
            className="font-display text-lg font-semibold text-primary tabular-nums"
            data-testid="cart-line-total"
          >
            {formatPrice(lineTotal(line))}
          </p>
        </div>
      </div>
    </li>
  );
}
