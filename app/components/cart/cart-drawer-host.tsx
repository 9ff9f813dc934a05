import { Suspense, lazy, useState } from "react";
import { useCartDrawerOpen } from "~/lib/cart-store";

const loadCartDrawers = () => import("./cart-drawers");
const CartDrawers = lazy(loadCartDrawers);

/** Starts downloading the drawers ahead of use (the shop page calls it when idle). */
export function preloadCartDrawers(): void {
  void loadCartDrawers();
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
