/**
 * Musical influences on the about page (admin spec §3 musical_influences, §5 "About",
 * §8). A new one goes after the others (order index = current maximum + 1, set by the
 * service). Admin and server only (zod).
 */
import { z } from "../../core/zod";
import { requiredText } from "../../admin/form-fields";

export const INFLUENCE_TEXT = {
  created: "Influence added successfully",
  deleted: "Influence deleted successfully",
  fetchFailed: "Failed to fetch influences",
  saveFailed: "Failed to add influence",
  deleteFailed: "Failed to delete influence",
  // Not in the spec: the back office's own words for its confirm dialog and empty list.
  deleteTitle: "Delete Influence",
  deleteConfirm: "Are you sure you want to delete this influence? This action cannot be undone.",
  empty: "No influences yet. Add the first artist above.",
} as const;

export const INFLUENCE_MESSAGES = { nameRequired: "Artist name is required" } as const;

export const influenceCreateSchema = z.object({
  name: requiredText(INFLUENCE_MESSAGES.nameRequired),
});

export type InfluenceFormValues = z.input<typeof influenceCreateSchema>;
export type InfluenceInput = z.output<typeof influenceCreateSchema>;
