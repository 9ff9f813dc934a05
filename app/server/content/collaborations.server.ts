/** Collaborations (collaborations): artist, project and year on the about page, in order. */
import { defineCollection } from "../admin/collection.server";
import { collaborations } from "../db/schema/content.server";

export const collaborationService = defineCollection({
  entity: "collaborations",
  table: collaborations,
  // Added at the end: order_index is the current maximum plus 1 (spec §7).
  appendToEnd: true,
});
