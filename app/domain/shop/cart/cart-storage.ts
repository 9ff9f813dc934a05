/**
 * Local-storage key of the cart. Its own module so that the nav's cart count, which every
 * page loads, does not bring the cart's rules with it.
 */
export const CART_STORAGE_KEY = "shop-cart";
