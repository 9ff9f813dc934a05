/**
 * Stock holds in the database. Every change of a tracked item's stock is one
 * conditional UPDATE (`inventory_count >= q`), so two buyers can never take the same
 * last copy, on PGlite or PostgreSQL, and the CHECK constraint keeps stock at 0 or
 * above whatever happens. Items are always touched in id order, so two transactions
 * never wait on each other in a circle.
 *
 * An item with options (issue 24) counts stock per variant: its holds name the variant
 * and take from shop_item_variants.inventory_count the same way. Every transaction
 * touches plain items first, in id order, then variants, in id order.
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { checkStock } from "~/domain/shop/stock/stock";
import type { Database, Transaction } from "../db/database.server";
import { shopItemVariants, shopItems, stockReservations } from "../db/schema/shop.server";
import { VARIANT_MESSAGES, variantLabel } from "~/domain/shop/catalogue/item-variant";
import { Conflict } from "../core/errors.server";
import { logger } from "../core/logger.server";
import { invalidateSiteCache } from "../core/cache.server";
import { runExclusively } from "../db/job-lock.server";
import { expireDiscountHolds } from "./discount-codes.server";

/**
 * The stock to write for an admin edit of `column` (an item's or a variant's count).
 * `seen` is what the dialog opened with: unchanged stock is left alone; a changed
 * number moves the stock by the difference (never below 0), so copies held by a
 * checkout since then stay held. Without a `seen` (tracking switched on, or switched
 * off) the number is written as it is. `undefined`: leave the column alone.
 */
export function stockEdit(
  column: AnyPgColumn,
  wanted: number | null | undefined,
  seen: number | null | undefined,
): number | null | SQL | undefined {
  if (wanted === undefined) return undefined;
  if (seen === undefined || seen === null || wanted === null) return wanted;
  if (wanted === seen) return undefined;
  const delta = wanted - seen;
  return sql`case when ${column} is null then ${wanted}::int
    else greatest(0, ${column} + ${delta}::int) end`;
}

/** Stock ran out for an item between the cart and the hold. */
export class OutOfStock extends Conflict {
  constructor(
    message: string,
    readonly shopItemId: string,
    readonly title: string,
  ) {
    super(message);
  }
}

const byId = <T>(entries: Iterable<[string, T]>) =>
  [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Takes `quantity` off an item's stock only if that much is there. */
async function takeStock(tx: Transaction, shopItemId: string, quantity: number): Promise<void> {
  const taken = await tx
    .update(shopItems)
    .set({ inventoryCount: sql`${shopItems.inventoryCount} - ${quantity}` })
    .where(and(eq(shopItems.id, shopItemId), sql`${shopItems.inventoryCount} >= ${quantity}`))
    .returning({ id: shopItems.id });
  if (taken.length) return;
  const [item] = await tx
    .select({
      title: shopItems.title,
      category: shopItems.category,
      inventoryCount: shopItems.inventoryCount,
    })
    .from(shopItems)
    .where(eq(shopItems.id, shopItemId));
  const check = item ? checkStock(item, quantity) : { message: "Item is currently out of stock" };
  throw new OutOfStock(check.message, shopItemId, item?.title ?? "Item");
}

/** Takes `quantity` off a variant's stock only if that much is there. */
async function takeVariantStock(tx: Transaction, variantId: string, quantity: number) {
  const taken = await tx
    .update(shopItemVariants)
    .set({ inventoryCount: sql`${shopItemVariants.inventoryCount} - ${quantity}` })
    .where(
      and(
        eq(shopItemVariants.id, variantId),
        sql`${shopItemVariants.inventoryCount} >= ${quantity}`,
      ),
    )
    .returning({ id: shopItemVariants.id });
  if (taken.length) return;
  const [variant] = await tx
    .select({
      shopItemId: shopItemVariants.shopItemId,
      title: shopItems.title,
      category: shopItems.category,
      optionValues: shopItemVariants.optionValues,
      inventoryCount: shopItemVariants.inventoryCount,
    })
    .from(shopItemVariants)
    .innerJoin(shopItems, eq(shopItems.id, shopItemVariants.shopItemId))
    .where(eq(shopItemVariants.id, variantId));
  // A variant no longer counted (null) needs no stock; one removed cannot be sold.
  if (variant && variant.inventoryCount === null) return;
  const title = variant ? `${variant.title}, ${variantLabel(variant.optionValues)}` : "Item";
  // The shop's one stock rule says how many are left; none left names the variant.
  const left = variant
    ? checkStock({ category: variant.category, inventoryCount: variant.inventoryCount }, quantity)
    : null;
  const message = left?.maxQuantity
    ? left.message
    : VARIANT_MESSAGES.soldOut(variant?.title ?? "Item", variantLabel(variant?.optionValues ?? []));
  throw new OutOfStock(message, variant?.shopItemId ?? "", title);
}

async function returnVariantStock(tx: Transaction, variantId: string, quantity: number) {
  await tx
    .update(shopItemVariants)
    .set({ inventoryCount: sql`${shopItemVariants.inventoryCount} + ${quantity}` })
    .where(
      and(eq(shopItemVariants.id, variantId), sql`${shopItemVariants.inventoryCount} is not null`),
    );
}

/** A hold's stock goes back: plain items first in id order, then variants in id order. */
async function returnHeld(
  tx: Transaction,
  rows: readonly { shopItemId: string; variantId: string | null; quantity: number }[],
): Promise<void> {
  const perItem = new Map<string, number>();
  const perVariant = new Map<string, number>();
  for (const row of rows) {
    if (row.variantId)
      perVariant.set(row.variantId, (perVariant.get(row.variantId) ?? 0) + row.quantity);
    else perItem.set(row.shopItemId, (perItem.get(row.shopItemId) ?? 0) + row.quantity);
  }
  for (const [shopItemId, quantity] of byId(perItem)) await returnStock(tx, shopItemId, quantity);
  for (const [variantId, quantity] of byId(perVariant))
    await returnVariantStock(tx, variantId, quantity);
}

async function returnStock(tx: Transaction, shopItemId: string, quantity: number): Promise<void> {
  // An item whose tracking was switched off (null) keeps its null.
  await tx
    .update(shopItems)
    .set({ inventoryCount: sql`${shopItems.inventoryCount} + ${quantity}` })
    .where(and(eq(shopItems.id, shopItemId), sql`${shopItems.inventoryCount} is not null`));
}

/**
 * Puts goods back on the shelf (a refunded order that never left), inside the
 * caller's transaction, in id order like every other stock change. Returns what went
 * back per item: an item that no longer counts its stock takes nothing.
 */
export async function restockItems(
  tx: Transaction,
  quantities: ReadonlyMap<string, number>,
): Promise<{ shopItemId: string; title: string; quantity: number; stock: number }[]> {
  const restocked = [];
  for (const [shopItemId, quantity] of byId(quantities)) {
    const [item] = await tx
      .update(shopItems)
      .set({ inventoryCount: sql`${shopItems.inventoryCount} + ${quantity}` })
      .where(and(eq(shopItems.id, shopItemId), sql`${shopItems.inventoryCount} is not null`))
      .returning({ title: shopItems.title, stock: shopItems.inventoryCount });
    if (item) restocked.push({ shopItemId, title: item.title, quantity, stock: item.stock ?? 0 });
  }
  return restocked;
}

/**
 * Puts variants' goods back (a refund's restock), after the items, in variant id order.
 * Returns what went back per variant: one no longer counted takes nothing.
 */
export async function restockVariants(
  tx: Transaction,
  quantities: ReadonlyMap<string, number>,
): Promise<{ shopItemId: string; title: string; quantity: number; stock: number }[]> {
  const restocked = [];
  for (const [variantId, quantity] of byId(quantities)) {
    const [variant] = await tx
      .update(shopItemVariants)
      .set({ inventoryCount: sql`${shopItemVariants.inventoryCount} + ${quantity}` })
      .where(
        and(
          eq(shopItemVariants.id, variantId),
          sql`${shopItemVariants.inventoryCount} is not null`,
        ),
      )
      .returning({
        shopItemId: shopItemVariants.shopItemId,
        optionValues: shopItemVariants.optionValues,
        stock: shopItemVariants.inventoryCount,
      });
    if (!variant) continue;
    const [item] = await tx
      .select({ title: shopItems.title })
      .from(shopItems)
      .where(eq(shopItems.id, variant.shopItemId));
    restocked.push({
      shopItemId: variant.shopItemId,
      title: `${item?.title ?? "Item"}, ${variantLabel(variant.optionValues)}`,
      quantity,
      stock: variant.stock ?? 0,
    });
  }
  return restocked;
}

/** The stock a checkout holds of one variant. */
export interface VariantHold {
  shopItemId: string;
  quantity: number;
}

/**
 * Holds stock for a new provider order, inside the caller's transaction (with the
 * pending order): plain items by id, then variants (keyed by variant id) by id.
 * Throws OutOfStock, which rolls the whole order back.
 */
export async function holdStock(
  tx: Transaction,
  providerOrderId: string,
  quantities: ReadonlyMap<string, number>,
  expiresAt: Date,
  variantQuantities: ReadonlyMap<string, VariantHold> = new Map(),
): Promise<void> {
  for (const [shopItemId, quantity] of byId(quantities)) {
    await takeStock(tx, shopItemId, quantity);
    await tx
      .insert(stockReservations)
      .values({ shopItemId, providerOrderId, quantity, status: "held", expiresAt });
  }
  for (const [variantId, { shopItemId, quantity }] of byId(variantQuantities)) {
    await takeVariantStock(tx, variantId, quantity);
    await tx
      .insert(stockReservations)
      .values({ shopItemId, variantId, providerOrderId, quantity, status: "held", expiresAt });
  }
}

/** Puts an order's held stock back (cancel, denied payment). Returns how many holds ended. */
export async function releaseStock(
  db: Database,
  providerOrderId: string,
  status: "released" | "expired" = "released",
): Promise<number> {
  const released = await db.transaction(async (tx) => {
    const rows = await tx
      .update(stockReservations)
      .set({ status })
      .where(
        and(
          eq(stockReservations.providerOrderId, providerOrderId),
          eq(stockReservations.status, "held"),
        ),
      )
      .returning({
        shopItemId: stockReservations.shopItemId,
        variantId: stockReservations.variantId,
        quantity: stockReservations.quantity,
      });
    await returnHeld(tx, rows);
    return rows.length;
  });
  if (released) invalidateSiteCache({ kind: "shop" });
  return released;
}

/** Ends every hold whose time is up and puts its stock back. Returns how many. */
export async function expireStockHolds(db: Database, now: Date = new Date()): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .update(stockReservations)
      .set({ status: "expired" })
      .where(and(eq(stockReservations.status, "held"), lte(stockReservations.expiresAt, now)))
      .returning({
        shopItemId: stockReservations.shopItemId,
        variantId: stockReservations.variantId,
        quantity: stockReservations.quantity,
      });
    await returnHeld(tx, rows);
    return rows.length;
  });
  if (expired) {
    invalidateSiteCache({ kind: "shop" });
    logger.info({ expired }, "Expired stock holds released");
  }
  return expired;
}

/**
 * Makes sure every hold of an order is in place, inside the caller's transaction:
 * holds still held are kept (and stretched to `until` when given); holds that expired
 * or were released are taken again if the stock is still there. Throws OutOfStock
 * when it is not.
 */
export async function reholdStock(
  tx: Transaction,
  providerOrderId: string,
  until: Date | null,
): Promise<void> {
  if (until) {
    await tx
      .update(stockReservations)
      .set({ expiresAt: until })
      .where(
        and(
          eq(stockReservations.providerOrderId, providerOrderId),
          eq(stockReservations.status, "held"),
        ),
      );
  }
  const lapsed = await tx
    .select()
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.providerOrderId, providerOrderId),
        inArray(stockReservations.status, ["expired", "released"]),
      ),
    )
    .orderBy(asc(stockReservations.shopItemId));
  // Plain items first, then variants, each in id order (as holdStock).
  const ordered = [
    ...lapsed.filter((hold) => !hold.variantId),
    ...lapsed
      .filter((hold) => hold.variantId)
      .sort((a, b) => (a.variantId! < b.variantId! ? -1 : 1)),
  ];
  for (const hold of ordered) {
    if (hold.variantId) await takeVariantStock(tx, hold.variantId, hold.quantity);
    else await takeStock(tx, hold.shopItemId, hold.quantity);
    const [renewed] = await tx
      .update(stockReservations)
      .set({ status: "held", ...(until ? { expiresAt: until } : {}) })
      .where(and(eq(stockReservations.id, hold.id), eq(stockReservations.status, hold.status)))
      .returning({ id: stockReservations.id });
    // Someone else changed this hold meanwhile: undo our take by failing the transaction.
    if (!renewed) throw new Conflict("The stock hold changed during checkout; please try again.");
  }
}

/** At capture, inside the order's transaction: lapsed holds are retaken, then all are committed. */
export async function commitStock(tx: Transaction, providerOrderId: string): Promise<void> {
  await reholdStock(tx, providerOrderId, null);
  await tx
    .update(stockReservations)
    .set({ status: "committed" })
    .where(
      and(
        eq(stockReservations.providerOrderId, providerOrderId),
        eq(stockReservations.status, "held"),
      ),
    );
}

/**
 * Runs the expiry every interval, on one instance at a time; returns a stop function.
 * A discount code's use held by a checkout ends with it (discount-codes.server.ts).
 */
export function startStockHoldSweeper(db: Database, intervalMs = 30_000): () => void {
  const sweep = () =>
    runExclusively(db, "stock-hold-sweeper", async () => {
      await expireStockHolds(db);
      await expireDiscountHolds(db);
    }).catch((error) => logger.error({ err: error }, "Releasing expired stock holds failed"));
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
