/**
 * Shop items as the admin manages them (shop_items): create, edit, flags and the
 * up/down order. The public catalogue reads them in shop-catalogue.server.ts, without
 * the private PDF reference.
 */
import { asc, desc, eq } from "drizzle-orm";
import { defineCollection } from "../admin/collection.server";
import { shopItems } from "../db/schema.server";

export const shopItemService = defineCollection({
  entity: "shop_items",
  table: shopItems,
  publicWhere: eq(shopItems.isVisible, true),
  orderBy: [asc(shopItems.orderIndex), desc(shopItems.createdAt)],
  flags: ["isVisible", "isFeatured"],
});
