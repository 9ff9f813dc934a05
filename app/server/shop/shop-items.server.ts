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
import { asc, desc, eq, ilike } from "drizzle-orm";
import {
  SHOP_ITEM_MESSAGES,
  SHOP_ITEM_TEXT,
  canBeDigitalTwin,
  TEST_SHOP_ITEM,
  classifyShopSaveError,
  shopSaveFailureMessage,
  type ShopItemInput,
} from "~/domain/shop/catalogue/shop-item-form";
import { defineCollection } from "../admin/collection.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { invalidateSiteCache } from "../core/cache.server";
import { AppError, ValidationError, pgErrorCode } from "../core/errors.server";
import { logger } from "../core/logger.server";
import type { Database, Executor } from "../db/database.server";
import { shopItems } from "../db/schema/shop.server";
import { saveItemVariants } from "./variants.server";
import { stockEdit } from "./stock.server";
import { releaseDateProblem } from "~/domain/shop/catalogue/preorder";
import { moveBuyersReleaseDateIn, releaseDuePreorders, siteToday } from "./preorders.server";
import { deliverQueuedMail, type QueuedMail } from "../mail/outbox.server";

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
 * A record's digital twin must be another item with a file to download (issue 23): the
 * dialog offers only those, and a posted id is checked here as well.
 */
export async function checkDigitalTwin(
  db: Executor,
  itemId: string | null,
  twinId: string | null | undefined,
): Promise<void> {
  if (!twinId) return;
  const refuse = (message: string) => {
    throw new ValidationError(message, { digitalTwinId: [message] });
  };
  if (twinId === itemId) refuse(SHOP_ITEM_MESSAGES.twinItself);
  const [twin] = await db
    .select({ category: shopItems.category, pdfFileUrl: shopItems.pdfFileUrl })
    .from(shopItems)
    .where(eq(shopItems.id, twinId))
    .limit(1);
  if (!twin || !canBeDigitalTwin(twin)) refuse(SHOP_ITEM_MESSAGES.twinUnknown);
}

/**
 * A release day the save may not set (issue 24): a new one before today, in the site's
 * time zone. The form checks only that it is a day; "today" is the server's.
 */
function checkReleaseDate(
  wanted: string | null | undefined,
  stored: string | null,
  now: Date,
): void {
  const problem = releaseDateProblem(wanted, siteToday(now), stored);
  if (problem) throw new ValidationError(problem, { releaseDate: [problem] });
}

/** The dialog's save of a new item. */
export async function createShopItem(
  db: Database,
  actor: Actor,
  values: ShopItemInput,
  now: Date = new Date(),
): Promise<ShopItem> {
  await checkDigitalTwin(db, null, values.digitalTwinId);
  checkReleaseDate(values.releaseDate, null, now);
  const { variants, ...item } = values;
  // The options and variants are written in the item's own transaction (issue 24).
  return shopItemService.create(
    db,
    actor,
    variants?.options.length ? { ...item, options: variants.options, inventoryCount: null } : item,
    variants ? (tx, row) => saveItemVariants(tx, row.id, variants) : undefined,
  );
}

/** The dialog's save of an existing item. */
export async function updateShopItem(
  db: Database,
  actor: Actor,
  id: string,
  values: Partial<ShopItemInput>,
  inventoryCountSeen?: number | null,
  now: Date = new Date(),
): Promise<ShopItem & { buyersTold: number }> {
  await checkDigitalTwin(db, id, values.digitalTwinId);
  const before = await shopItemService.get(db, id);
  checkReleaseDate(values.releaseDate, before?.releaseDate ?? null, now);
  const { inventoryCount, variants, ...rest } = values;
  // An item with options counts stock per variant; its own count stays null.
  const stock = variants?.options.length
    ? null
    : stockEdit(shopItems.inventoryCount, inventoryCount, inventoryCountSeen);
  // An SQL expression is a valid value for .set(); the collection's types only know plain values.
  const update = stock === undefined ? rest : { ...rest, inventoryCount: stock as number };
  // A moved release day (issue 24) moves the paid pre-orders' day in the same
  // transaction, and their buyers are mailed it once that has committed.
  let told: QueuedMail[] = [];
  const moved = (after: ShopItem) => before !== null && before.releaseDate !== after.releaseDate;
  const row = await shopItemService.update(db, actor, id, update, async (tx, after) => {
    if (variants) await saveItemVariants(tx, id, variants);
    if (moved(after)) told = await moveBuyersReleaseDateIn(tx, after, { now });
  });
  deliverQueuedMail(db, told);
  // A day that has come releases them at once (else the job would, within a minute).
  if (moved(row) && (row.releaseDate === null || row.releaseDate <= siteToday(now))) {
    await releaseDuePreorders(db, { now });
  }
  return { ...row, buyersTold: told.length };
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
