import { toProduct, type Product, type ShopItemForProduct } from "~/domain/product";

/** A product as the shop page shows it. */
export interface ShopProduct {
  product: Product;
  /** Where free content is offered instead of the cart (it cannot be checked out). */
  freeUrl: string | null;
}

export function toShopProduct(item: ShopItemForProduct): ShopProduct {
  const product = toProduct(item);
  // Free content cannot go through checkout (price above 0); its own link offers it.
  const freeUrl = product.price > 0 ? null : (item.externalUrl ?? item.bandcampUrl);
  return { product, freeUrl };
}
