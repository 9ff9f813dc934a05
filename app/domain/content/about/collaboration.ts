/**
 * Collaborations on the about page (admin spec §3 collaborations, §5 "About", §8). The
 * year is free text ("2019", "2019–2021"). The service appends a new one at the end.
 * Admin and server only (zod).
 */
import { z } from "../../core/zod";
import { requiredText } from "../../admin/form-fields";

export const COLLABORATION_TEXT = {
  created: "Collaboration added successfully",
  deleted: "Collaboration deleted successfully",
  fetchFailed: "Failed to fetch collaborations",
  saveFailed: "Failed to add collaboration",
  deleteFailed: "Failed to delete collaboration",
  // Not in the spec: the back office's own words for its confirm dialog and empty list.
  deleteTitle: "Delete Collaboration",
  deleteConfirm:
    "Are you sure you want to delete this collaboration? This action cannot be undone.",
  empty: "No collaborations yet. Add the first one above.",
} as const;

export const COLLABORATION_MESSAGES = {
  artistRequired: "Artist is required",
  projectRequired: "Project is required",
  yearRequired: "Year is required",
} as const;

export const collaborationCreateSchema = z.object({
  artist: requiredText(COLLABORATION_MESSAGES.artistRequired),
  project: requiredText(COLLABORATION_MESSAGES.projectRequired),
  year: requiredText(COLLABORATION_MESSAGES.yearRequired),
});

export type CollaborationFormValues = z.input<typeof collaborationCreateSchema>;
export type CollaborationInput = z.output<typeof collaborationCreateSchema>;
