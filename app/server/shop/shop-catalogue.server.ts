/**
 * What the shop page shows: visible shop items and the featured ones (public-site spec
 * §2 "Shop", §7 shop_items reads, §9 cache times). Its texts are read with every page's,
 * in content/pages.server.ts.
 *
 * The private storage key of a sheet-music PDF is never selected here; the browser
 * only learns whether an item has a download.
 */
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { ShopItemForProduct } from "~/domain/shop/catalogue/product";
import { isPreorder } from "~/domain/shop/catalogue/preorder";
import { siteToday } from "./preorders.server";
import { MINUTE, cached } from "../core/cache.server";
import type { Database } from "../db/database.server";
import { shopItems } from "../db/schema/shop.server";
import { shopItemService } from "./shop-items.server";
import { readVariants, toPublicVariant } from "./variants.server";

const publicColumns = {
  id: shopItems.id,
  title: shopItems.title,
  description: shopItems.description,
  price: shopItems.price,
  minimumPrice: shopItems.minimumPrice,
  imageUrl: shopItems.imageUrl,
  category: shopItems.category,
  format: shopItems.format,
  tags: shopItems.tags,
  bandcampUrl: shopItems.bandcampUrl,
  externalUrl: shopItems.externalUrl,
  hasDownload: sql<boolean>`${shopItems.pdfFileUrl} is not null`.mapWith(Boolean),
  inventoryCount: shopItems.inventoryCount,
  isFeatured: shopItems.isFeatured,
  options: shopItems.options,
  releaseDate: shopItems.releaseDate,
};

// Drizzle queries are lazy thenables that run again on every `await`; these functions
// are async so the cache holds one real promise.

/** All visible items, by order_index, then newest first. */
export async function readVisibleShopItems(db: Database): Promise<ShopItemForProduct[]> {
  return await db
    .select(publicColumns)
    .from(shopItems)
    .where(shopItemService.publicWhere)
    .orderBy(asc(shopItems.orderIndex), desc(shopItems.createdAt));
}

/** Featured and visible items, by order_index. */
export async function readFeaturedShopItems(db: Database): Promise<ShopItemForProduct[]> {
  return await db
    .select(publicColumns)
    .from(shopItems)
    .where(and(eq(shopItems.isFeatured, true), shopItemService.publicWhere))
    .orderBy(asc(shopItems.orderIndex), desc(shopItems.createdAt));
}

/** Current stock of every item that has a count, keyed by id. */
export async function readStockLevels(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: shopItems.id, inventoryCount: shopItems.inventoryCount })
    .from(shopItems)
    .where(isNotNull(shopItems.inventoryCount));
  return new Map(rows.map((r) => [r.id, r.inventoryCount ?? 0]));
}

/** Replaces cached stock counts with the live ones; an item no longer counted keeps null. */
export function withStockLevels(
  items: readonly ShopItemForProduct[],
  stock: ReadonlyMap<string, number>,
): ShopItemForProduct[] {
  return items.map((item) => ({ ...item, inventoryCount: stock.get(item.id) ?? null }));
}

/** Keeps an item's release day only while it is a pre-order (issue 24): the day decides, not the cache. */
export function withPreorders(
  items: readonly ShopItemForProduct[],
  today: string,
): ShopItemForProduct[] {
  return items.map((item) => ({
    ...item,
    releaseDate: isPreorder(item.releaseDate, today) ? item.releaseDate : null,
  }));
}

export interface ShopCatalogue {
  items: ShopItemForProduct[];
  featured: ShopItemForProduct[];
}

/**
 * The catalogue through the cache (shop items 5 min, featured 10 min). Stock changes
 * with every reservation and purchase, so it is read fresh each time: a visitor never
 * sees "in stock" for something that has just sold out, whatever wrote the change.
 */
export async function loadShopCatalogue(db: Database): Promise<ShopCatalogue> {
  const [items, featured, stock] = await Promise.all([
    cached("shop:items", 5 * MINUTE, () => readVisibleShopItems(db)),
    cached("shop:featured", 10 * MINUTE, () => readFeaturedShopItems(db)),
    readStockLevels(db),
  ]);
  // Variants carry stock too, so they are read fresh like the counts (issue 24).
  const withOptions = [...items, ...featured].filter((item) => item.options?.length);
  const variants = await readVariants(
    db,
    withOptions.map((item) => item.id),
  );
  const withVariants = (list: ShopItemForProduct[]) =>
    list.map((item) =>
      item.options?.length
        ? {
            ...item,
            variants: (variants.get(item.id) ?? []).map((v) => toPublicVariant(item, v)),
          }
        : item,
    );
  const today = siteToday();
  return {
    items: withVariants(withPreorders(withStockLevels(items, stock), today)),
    featured: withVariants(withPreorders(withStockLevels(featured, stock), today)),
  };
}
