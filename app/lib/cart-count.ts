import { useSyncExternalStore } from "react";

import { CART_STORAGE_KEY } from "~/domain/shop/cart/cart-storage";

/** Dispatched on window whenever this tab changes the stored cart. */
export const CART_CHANGE_EVENT = "shop-cart-change";

export function countCartItems(raw: string | null): number {
  if (!raw) return 0;
  try {
    const lines: unknown = JSON.parse(raw);
    if (!Array.isArray(lines)) return 0;
    return lines.reduce((sum: number, line) => {
      const q = Number((line as { quantity?: unknown })?.quantity);
      return sum + (Number.isFinite(q) && q > 0 ? Math.floor(q) : 0);
    }, 0);
  } catch {
    return 0;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  // Adding the page's first "storage" listener took Chromium 10 to 14 ms (profiled)
  // among hydration's effects: it gets a task of its own (issue 28). A change made in
  // another tab during that moment is read by the check below.
  const timer = setTimeout(() => {
    window.addEventListener("storage", onChange);
    onChange();
  }, 0);
  return () => {
    clearTimeout(timer);
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

/** The number of items in the stored cart; 0 on the server and before hydration. */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => countCartItems(window.localStorage.getItem(CART_STORAGE_KEY)),
    () => 0,
  );
}
