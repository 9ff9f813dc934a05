/**
 * The cart's toasts with the spec's texts and durations (public-site spec §8, §9).
 */
import { toast } from "~/lib/toast";
import type { Product } from "~/domain/shop/catalogue/product";
import { lineTitle, variantLabel, type PublicVariant } from "~/domain/shop/catalogue/item-variant";
import { addProductToCart } from "~/lib/cart-store";
import { openCartDrawer } from "~/lib/cart-drawer-state";

/** Shop toasts sit at the top, clear of the bottom drawer and its buttons. */
export const CART_TOAST_POSITION = "top-center" as const;

export function showStockToast(message: string) {
  toast.error("Insufficient Stock", {
    description: message,
    duration: 4000,
    position: CART_TOAST_POSITION,
  });
}

/**
 * Adds one of a product (a name-your-price one at the buyer's amount); on success a
 * toast and the drawer, otherwise the stock toast.
 */
export function addToCartWithFeedback(
  product: Product,
  chosenPrice?: number,
  variant?: PublicVariant,
): boolean {
  const change = addProductToCart(product, undefined, chosenPrice, variant);
  if (!change.changed) {
    showStockToast(change.stock.message);
    return false;
  }
  toast.success("Added to cart!", {
    description: `${lineTitle(product.title, variant && variantLabel(variant.values))} has been added to your cart.`,
    duration: 3000,
    position: CART_TOAST_POSITION,
  });
  openCartDrawer();
  return true;
}
