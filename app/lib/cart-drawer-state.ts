/**
 * Which cart drawer is open: the nav's cart button, the product cards and checkout
 * all open or close it. Apart from the cart store (./cart-store.ts) so that every
 * page's nav can open the drawer without loading the cart's rules.
 */
import { useSyncExternalStore } from "react";

let drawerOpen = false;
const drawerListeners = new Set<() => void>();

function setDrawerOpen(open: boolean) {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const listener of drawerListeners) listener();
}

export const openCartDrawer = () => setDrawerOpen(true);
export const closeCartDrawer = () => setDrawerOpen(false);

function subscribeToDrawer(onChange: () => void) {
  drawerListeners.add(onChange);
  return () => drawerListeners.delete(onChange);
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    subscribeToDrawer,
    () => drawerOpen,
    () => false,
  );
}
