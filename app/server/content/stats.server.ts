/** Statistics (stats): the about page's number cards, in order. */
import { defineCollection } from "../admin/collection.server";
import { stats } from "../db/schema/content.server";

export const statService = defineCollection({
  entity: "stats",
  table: stats,
  // Added at the end: order_index is the current maximum plus 1 (spec §7).
  appendToEnd: true,
});
