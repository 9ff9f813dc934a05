/**
 * Shop items as the admin manages them (shop_items): create, edit, flags and the
 * up/down order. The public catalogue reads them in shop-catalogue.server.ts, without
 * the private PDF reference.
 *
 * Orders in progress are never disturbed by an edit (issue 11): an order's lines keep
 * the price they were created with (orders.server.ts), and inventory_count is the stock
 * still free, with held copies already taken off (stock.server.ts). So an edit applies
 * a change of stock as the difference from what the dialog showed, and a hold taken
 * meanwhile stays taken.
 */
import { asc, desc, eq, ilike, sql } from "drizzle-orm";
import {
  SHOP_ITEM_TEXT,
  TEST_SHOP_ITEM,
  classifyShopSaveError,
  shopSaveFailureMessage,
  type ShopItemInput,
} from "~/domain/shop-item";
import { defineCollection } from "../admin/collection.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { invalidateSiteCache } from "../core/cache.server";
import { AppError, pgErrorCode } from "../core/errors.server";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { shopItems } from "../db/schema.server";

export const shopItemService = defineCollection({
  entity: "shop_items",
  table: shopItems,
  publicWhere: eq(shopItems.isVisible, true),
  orderBy: [asc(shopItems.orderIndex), desc(shopItems.createdAt)],
  flags: ["isVisible", "isFeatured"],
});

export type ShopItem = typeof shopItems.$inferSelect;

const SAVE_FAILED = SHOP_ITEM_TEXT.saveFailedTitle;

/**
 * The stock to write for an edit. `seen` is what the dialog opened with: unchanged
 * stock is left alone; a changed number moves the stock by the difference (never
 * below 0), so copies held by a checkout since then stay held. Without a `seen`
 * (tracking switched on, or switched off) the number is written as it is.
 */
function stockChange(wanted: number | null | undefined, seen: number | null | undefined) {
  if (wanted === undefined) return undefined;
  if (seen === undefined || seen === null || wanted === null) return wanted;
  if (wanted === seen) return undefined;
  const delta = wanted - seen;
  return sql`case when ${shopItems.inventoryCount} is null then ${wanted}::int
    else greatest(0, ${shopItems.inventoryCount} + ${delta}::int) end`;
}

/** The dialog's save of an existing item. */
export function updateShopItem(
  db: Database,
  actor: Actor,
  id: string,
  values: Partial<ShopItemInput>,
  inventoryCountSeen?: number | null,
): Promise<ShopItem> {
  const { inventoryCount, ...rest } = values;
  const stock = stockChange(inventoryCount, inventoryCountSeen);
  // An SQL expression is a valid value for .set(); the collection's types only know plain values.
  const update = stock === undefined ? rest : { ...rest, inventoryCount: stock as number };
  return shopItemService.update(db, actor, id, update);
}

/** The test-inventory panel's item (spec §7): physical music, price 1, stock 2, order 999. */
export function createTestShopItem(db: Database, actor: Actor): Promise<ShopItem> {
  return shopItemService.create(db, actor, {
    title: TEST_SHOP_ITEM.title,
    category: TEST_SHOP_ITEM.category,
    price: TEST_SHOP_ITEM.price,
    inventoryCount: TEST_SHOP_ITEM.inventoryCount,
    orderIndex: TEST_SHOP_ITEM.orderIndex,
  });
}

/** Deletes every item whose title contains 'Test Physical Item'; returns how many. */
export async function deleteTestShopItems(db: Database, actor: Actor): Promise<number> {
  const pattern = `%${TEST_SHOP_ITEM.titleMatch}%`;
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(shopItems)
      .where(ilike(shopItems.title, pattern))
      .returning({ id: shopItems.id, title: shopItems.title });
    await recordAudit(tx, {
      actor,
      action: "shop_items.delete_test_items",
      entity: "shop_items",
      details: { removed: rows },
    });
    return rows.length;
  });
  invalidateSiteCache();
  return removed;
}

/**
 * A failed create or update as admin spec §8 "Shop save" words it, under the title
 * 'Save Failed'. Errors that already carry a message for the artist (not found, a
 * stale list) keep it.
 */
export function shopSaveError(error: unknown, mode: "create" | "update"): AppError {
  const pgCode = pgErrorCode(error);
  if (error instanceof AppError && !pgCode && error.status !== 403 && error.status !== 401) {
    return error;
  }
  const e = (error ?? {}) as { status?: number; code?: unknown; name?: unknown };
  const failure = classifyShopSaveError({
    pgCode,
    status: typeof e.status === "number" ? e.status : undefined,
    code: typeof e.code === "string" ? e.code : undefined,
    name: typeof e.name === "string" ? e.name : undefined,
  });
  const status = { duplicate: 409, "invalid-data": 400, permission: 403 }[failure as string] ?? 500;
  return new AppError(shopSaveFailureMessage(failure, mode), status, SAVE_FAILED);
}

/** Runs a save and turns its failure into the spec's 'Save Failed' words. */
export async function withShopSaveErrors<T>(
  mode: "create" | "update",
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    const described = shopSaveError(error, mode);
    if (described !== error && described.status >= 500) {
      logger.error({ err: error, mode }, "Saving a shop item failed");
    }
    throw described;
  }
}
