import { Suspense, lazy, useState } from "react";
import { useCartDrawerOpen } from "~/lib/cart-drawer-state";
import { preloadToaster } from "~/components/ui/toaster";

const loadCartDrawers = () => import("./cart-drawers");
const CartDrawers = lazy(loadCartDrawers);

/**
 * Starts downloading the drawers (and the toasts that come with a change to the cart)
 * when the visitor shows intent: a pointer over, or focus on, a cart or buy button.
 * That is usually a few hundred milliseconds before the click, and no page loads
 * checkout code before anyone reaches for it.
 */
export function preloadCartUi(): void {
  loadCartDrawers().catch(() => {}); // opening the cart tries again
  preloadToaster();
}

/**
 * Mounts the cart and confirmation drawers the first time the cart is opened, and
 * keeps them mounted after that (the confirmation outlives the cart drawer).
 */
export function CartDrawerHost() {
  const open = useCartDrawerOpen();
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawers />
    </Suspense>
  );
}
