/**
 * Stock holds. Tracked stock is taken off the shelf when the buyer opens the payment
 * step and held for a fixed time; a capture commits the hold, a cancel or the expiry
 * puts the stock back. Pure rules here; the database work is in stock.server.ts.
 */
import { hasStockTracking, type StockSource } from "./stock";

/** How long a started checkout keeps its items (public-site spec is silent; see decision 006). */
export const STOCK_HOLD_MINUTES = 15;
/** Before a capture the hold is stretched by this much, so it cannot expire mid-capture. */
export const CAPTURE_GRACE_MINUTES = 5;

const MINUTE_MS = 60_000;

export function holdExpiresAt(from: Date, minutes: number = STOCK_HOLD_MINUTES): Date {
  return new Date(from.getTime() + minutes * MINUTE_MS);
}

/** A hold is over at its expiry instant, not a millisecond later. */
export function isHoldExpired(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() <= now.getTime();
}

/** Whole minutes left, rounded up, for telling the buyer; 0 once expired. */
export function holdMinutesLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / MINUTE_MS));
}

export interface HoldLine {
  shopItemId: string;
  quantity: number;
  /** A line of an item with options holds stock of its variant (variantHoldQuantities). */
  variantId?: string | null;
}

/**
 * The quantity to hold per tracked item: lines of one item are added up (the cart may
 * hold one item in two formats); untracked items are not held at all.
 */
export function holdQuantities(
  lines: readonly HoldLine[],
  items: ReadonlyMap<string, StockSource>,
): Map<string, number> {
  const result = new Map<string, number>();
  for (const line of lines) {
    if (line.variantId) continue;
    const item = items.get(line.shopItemId);
    if (!item || !hasStockTracking(item)) continue;
    result.set(line.shopItemId, (result.get(line.shopItemId) ?? 0) + line.quantity);
  }
  return result;
}

/**
 * The quantity to hold per tracked variant (issue 24), keyed by variant id: lines of one
 * variant are added up; a variant whose stock is not counted (null) is not held.
 */
export function variantHoldQuantities(
  lines: readonly HoldLine[],
  items: ReadonlyMap<
    string,
    { category: string; variants?: readonly { id: string; inventoryCount: number | null }[] }
  >,
): Map<string, { shopItemId: string; quantity: number }> {
  const result = new Map<string, { shopItemId: string; quantity: number }>();
  for (const line of lines) {
    if (!line.variantId) continue;
    const item = items.get(line.shopItemId);
    const variant = item?.variants?.find((v) => v.id === line.variantId);
    if (!item || !variant) continue;
    if (!hasStockTracking({ category: item.category, inventoryCount: variant.inventoryCount }))
      continue;
    const held = result.get(line.variantId)?.quantity ?? 0;
    result.set(line.variantId, { shopItemId: line.shopItemId, quantity: held + line.quantity });
  }
  return result;
}
