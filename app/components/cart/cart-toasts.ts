/**
 * The cart's toasts with the spec's texts and durations (public-site spec §8, §9).
 */
import { toast } from "sonner";
import type { Product } from "~/domain/product";
import { addProductToCart, openCartDrawer } from "~/lib/cart-store";

export function showStockToast(message: string) {
  toast.error("Insufficient Stock", { description: message, duration: 4000 });
}

/** Adds one of a product; on success a toast and the drawer, otherwise the stock toast. */
export function addToCartWithFeedback(product: Product): boolean {
  const change = addProductToCart(product);
  if (!change.changed) {
    showStockToast(change.stock.message);
    return false;
  }
  toast.success("Added to cart!", {
    description: `${product.title} has been added to your cart.`,
    duration: 3000,
  });
  openCartDrawer();
  return true;
}
