/**
 * Statistics on the about page (admin spec §3 stats, §5 "About", §8, §9): an icon, a
 * number as text ("500+") and a label. The service appends a new one at the end.
 * Admin and server only (zod).
 */
import { z } from "../../core/zod";
import { formChoice, requiredText } from "../../admin/form-fields";

export const STAT_ICONS = ["Music", "Users", "MapPin"] as const;
export type StatIcon = (typeof STAT_ICONS)[number];
export const DEFAULT_STAT_ICON: StatIcon = "Music";

export const STAT_TEXT = {
  created: "Statistic added successfully",
  deleted: "Statistic deleted successfully",
  fetchFailed: "Failed to fetch stats",
  saveFailed: "Failed to add statistic",
  deleteFailed: "Failed to delete statistic",
  // Not in the spec: the back office's own words for its confirm dialog and empty list.
  deleteTitle: "Delete Statistic",
  deleteConfirm: "Are you sure you want to delete this statistic? This action cannot be undone.",
  empty: "No statistics yet. Add the first one above.",
} as const;

export const STAT_MESSAGES = {
  iconInvalid: "Please choose an icon (Music, Users or MapPin)",
  numberRequired: "Number is required",
  labelRequired: "Label is required",
} as const;

export const statCreateSchema = z.object({
  iconName: formChoice(STAT_ICONS, STAT_MESSAGES.iconInvalid, DEFAULT_STAT_ICON),
  numberValue: requiredText(STAT_MESSAGES.numberRequired),
  label: requiredText(STAT_MESSAGES.labelRequired),
});

export type StatFormValues = z.input<typeof statCreateSchema>;
export type StatInput = z.output<typeof statCreateSchema>;
