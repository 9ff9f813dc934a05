/**
 * Stock rules (public-site spec §5, §8, §9). Only physical goods are counted; a
 * tracked category whose stock is not set (null) is treated as untracked.
 */

export const STOCK_TRACKED_CATEGORIES = ["physical_music", "merchandise", "cd"] as const;
/**
 * "Low" is 1 to this many left, everywhere: the shop's "Only N left", the cart's "Only N
 * in stock", the dashboard's figure and the admin shop's filter and Stock column. 0 is
 * "out of stock", never "low".
 */
export const LOW_STOCK_THRESHOLD = 5;

export function isStockTrackedCategory(category: string): boolean {
  return (STOCK_TRACKED_CATEGORIES as readonly string[]).includes(category.trim().toLowerCase());
}

export interface StockSource {
  category: string;
  inventoryCount: number | null;
}

export function hasStockTracking(item: StockSource): boolean {
  return isStockTrackedCategory(item.category) && item.inventoryCount !== null;
}

export interface StockCheck {
  available: boolean;
  /** The most that can be bought; undefined when unlimited. */
  maxQuantity?: number;
  message: string;
}

/**
 * Checks a requested quantity (what is already in the cart plus what is being added)
 * against the item's stock.
 */
export function checkStock(item: StockSource, requestedQuantity: number): StockCheck {
  if (!hasStockTracking(item)) {
    return { available: true, message: "Digital item - unlimited availability" };
  }
  const stock = Math.max(0, item.inventoryCount ?? 0);
  if (stock <= 0)
    return { available: false, maxQuantity: 0, message: "Item is currently out of stock" };
  if (requestedQuantity > stock) {
    return {
      available: false,
      maxQuantity: stock,
      message: `Only ${stock} items available in stock`,
    };
  }
  return { available: true, maxQuantity: stock, message: `${stock} items available` };
}

/** Where a product's stock stands: not counted, none left, 1 to 5 left, or more. */
export type StockLevel = "untracked" | "out" | "low" | "in";

export function stockLevel(item: StockSource): StockLevel {
  if (!hasStockTracking(item)) return "untracked";
  const stock = item.inventoryCount ?? 0;
  if (stock <= 0) return "out";
  return stock <= LOW_STOCK_THRESHOLD ? "low" : "in";
}

/** "Only N left in stock" on product cards, when tracking is on and stock is 1 to 5. */
export function lowStockCount(item: StockSource): number | null {
  return stockLevel(item) === "low" ? item.inventoryCount : null;
}

export function isOutOfStock(item: StockSource): boolean {
  return stockLevel(item) === "out";
}

/** The admin shop's stock filters (?stock=low, ?stock=out), as the dashboard links them. */
export const STOCK_FILTERS = ["low", "out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export function parseStockFilter(raw: string | null | undefined): StockFilter | null {
  return (STOCK_FILTERS as readonly string[]).includes(raw ?? "") ? (raw as StockFilter) : null;
}

/**
 * The products a stock figure counts and its filter lists: on sale (visible) and at that
 * level. A hidden product is not sold, so its stock needs no attention.
 */
export function matchesStockFilter(
  item: StockSource & { isVisible: boolean },
  filter: StockFilter,
): boolean {
  return item.isVisible && stockLevel(item) === filter;
}

/**
 * What a stock figure and filter judge a product by. With variants (issue 24) that is
 * its scarcest tracked variant: one sold-out size needs the artist's attention however
 * many others are left, while the card still sells the rest.
 */
export function attentionStock<T extends StockSource>(
  item: T,
  variants: readonly { inventoryCount: number | null }[] = [],
): T {
  if (variants.length === 0) return item;
  const tracked = variants.flatMap((v) => (v.inventoryCount === null ? [] : [v.inventoryCount]));
  return { ...item, inventoryCount: tracked.length ? Math.min(...tracked) : null };
}

/** How many products are low and how many are out of stock, as the dashboard shows them. */
export function countStockAttention(items: readonly (StockSource & { isVisible: boolean })[]): {
  low: number;
  out: number;
} {
  return {
    low: items.filter((item) => matchesStockFilter(item, "low")).length,
    out: items.filter((item) => matchesStockFilter(item, "out")).length,
  };
}
