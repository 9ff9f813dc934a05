/** Musical influences (musical_influences): the about page's list of artists, in order. */
import { defineCollection } from "../admin/collection.server";
import { musicalInfluences } from "../db/schema/content.server";

export const influenceService = defineCollection({
  entity: "musical_influences",
  table: musicalInfluences,
  // Added at the end: order_index is the current maximum plus 1 (spec §7).
  appendToEnd: true,
});
