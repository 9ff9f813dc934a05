import { toProduct, type Product, type ShopItemForProduct } from "~/domain/shop/catalogue/product";

/** A product as the shop page shows it. */
export interface ShopProduct {
  product: Product;
  /** Where free content is offered instead of the cart (it cannot be checked out). */
  freeUrl: string | null;
}

export function toShopProduct(item: ShopItemForProduct): ShopProduct {
  const product = toProduct(item);
  // Free content cannot go through checkout (price above 0); its own link offers it. So
  // does a name-your-price item whose minimum is 0, for the fan who chooses 0.
  const free = product.price <= 0 || product.nameYourPrice?.minimum === 0;
  const freeUrl = free ? (item.externalUrl ?? item.bandcampUrl) : null;
  return { product, freeUrl };
}
