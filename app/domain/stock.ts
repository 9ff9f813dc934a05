/**
 * Stock rules (public-site spec §5, §8, §9). Only physical goods are counted; a
 * tracked category whose stock is not set (null) is treated as untracked.
 */

export const STOCK_TRACKED_CATEGORIES = ["physical_music", "merchandise", "cd"] as const;
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

/** "Only N left in stock" on product cards, when tracking is on and stock is 1 to 5. */
export function lowStockCount(item: StockSource): number | null {
  if (!hasStockTracking(item)) return null;
  const stock = item.inventoryCount ?? 0;
  return stock >= 1 && stock <= LOW_STOCK_THRESHOLD ? stock : null;
}

export function isOutOfStock(item: StockSource): boolean {
  return hasStockTracking(item) && (item.inventoryCount ?? 0) <= 0;
}
