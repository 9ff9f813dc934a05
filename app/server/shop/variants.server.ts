/**
 * Options and variants in the database (issue 24): the dialog's save, the variants the
 * shop page and checkout read, and the stock totals the admin and the dashboard show.
 * An item with options does not use its own inventory_count (it is kept null); each
 * variant counts its own stock, taken and returned in stock.server.ts.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  combinationKey,
  totalVariantStock,
  variantPrice,
  type CatalogueVariant,
  type ItemOption,
  type PublicVariant,
} from "~/domain/shop/catalogue/item-variant";
import type { VariantsPost } from "~/domain/shop/catalogue/shop-item-form";
import type { Executor } from "../db/database.server";
import { orderLines, shopItemVariants, shopItems } from "../db/schema/shop.server";
import { stockEdit } from "./stock.server";

/** An order line's title as the buyer and the artist read it: "T-shirt, Black, L". */
export const orderLineTitle = sql<string>`${orderLines.title} || coalesce(', ' || ${orderLines.variantLabel}, '')`;

/**
 * Writes an item's options and variants, inside the item's save transaction: a kept
 * combination keeps its id (and so its holds and order lines) and applies a change of
 * stock as the difference from what the dialog showed, so copies held meanwhile stay
 * held; a new one is inserted; one whose combination is gone is removed (order lines
 * keep their variant_label; its open holds go with it).
 */
export async function saveItemVariants(
  tx: Executor,
  shopItemId: string,
  post: VariantsPost,
): Promise<void> {
  const existing = await tx
    .select({ id: shopItemVariants.id, optionValues: shopItemVariants.optionValues })
    .from(shopItemVariants)
    .where(eq(shopItemVariants.shopItemId, shopItemId));
  const byKey = new Map(existing.map((v) => [combinationKey(v.optionValues), v.id]));
  const wanted = new Set(post.variants.map((v) => combinationKey(v.optionValues)));
  const gone = existing.filter((v) => !wanted.has(combinationKey(v.optionValues)));
  if (gone.length) {
    await tx.delete(shopItemVariants).where(
      inArray(
        shopItemVariants.id,
        gone.map((v) => v.id),
      ),
    );
  }
  for (const [index, variant] of post.variants.entries()) {
    const id = byKey.get(combinationKey(variant.optionValues));
    const values = {
      priceDifference: variant.priceDifference,
      sku: variant.sku,
      orderIndex: index,
      updatedAt: new Date(),
    };
    if (!id) {
      await tx.insert(shopItemVariants).values({
        shopItemId,
        optionValues: variant.optionValues,
        inventoryCount: variant.inventoryCount,
        ...values,
      });
      continue;
    }
    const stock = stockEdit(shopItemVariants.inventoryCount, variant.inventoryCount, variant.seen);
    await tx
      .update(shopItemVariants)
      .set(stock === undefined ? values : { ...values, inventoryCount: stock as number })
      .where(eq(shopItemVariants.id, id));
  }
  await tx
    .update(shopItems)
    .set({
      options: post.options,
      // The variants count the stock; the item's own count is not used.
      ...(post.options.length ? { inventoryCount: null } : {}),
    })
    .where(eq(shopItems.id, shopItemId));
}

export interface StoredVariant extends CatalogueVariant {
  shopItemId: string;
  sku: string | null;
  orderIndex: number;
}

/** The variants of these items, in each item's order. */
export async function readVariants(
  db: Executor,
  shopItemIds: readonly string[],
): Promise<Map<string, StoredVariant[]>> {
  const result = new Map<string, StoredVariant[]>();
  if (shopItemIds.length === 0) return result;
  const rows = await db
    .select({
      id: shopItemVariants.id,
      shopItemId: shopItemVariants.shopItemId,
      optionValues: shopItemVariants.optionValues,
      priceDifference: shopItemVariants.priceDifference,
      sku: shopItemVariants.sku,
      inventoryCount: shopItemVariants.inventoryCount,
      orderIndex: shopItemVariants.orderIndex,
    })
    .from(shopItemVariants)
    .where(inArray(shopItemVariants.shopItemId, [...new Set(shopItemIds)]))
    .orderBy(asc(shopItemVariants.orderIndex), asc(shopItemVariants.id));
  for (const row of rows) {
    const list = result.get(row.shopItemId) ?? [];
    list.push(row);
    result.set(row.shopItemId, list);
  }
  return result;
}

/** A variant for the shop page: its price, and whether it can be bought. */
export function toPublicVariant(
  item: { price: number | null },
  v: CatalogueVariant,
): PublicVariant {
  return {
    id: v.id,
    values: v.optionValues,
    price: variantPrice(item.price ?? 0, v.priceDifference),
    inStock: v.inventoryCount === null || v.inventoryCount > 0,
    stock: v.inventoryCount,
  };
}

export type { ItemOption };

/**
 * The admin list's rows with their variants for the dialog, and the variants' total
 * as the stock of an item with options.
 */
export async function withItemVariants<
  T extends { id: string; options: ItemOption[]; inventoryCount: number | null },
>(db: Executor, rows: readonly T[]): Promise<(T & { variantRows: StoredVariant[] })[]> {
  const variants = await readVariants(
    db,
    rows.filter((row) => row.options.length).map((row) => row.id),
  );
  return rows.map((row) => {
    const list = row.options.length ? (variants.get(row.id) ?? []) : [];
    return {
      ...row,
      variantRows: list,
      ...(row.options.length ? { inventoryCount: totalVariantStock(list) } : {}),
    };
  });
}
