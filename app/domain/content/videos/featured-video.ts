/**
 * Featured videos (admin spec §3 featured_videos, §5 "Video inputs", §8): the home
 * page's videos, lowest display order first; order 0 is the hero video.
 * Admin and server only (zod).
 */
import { z } from "../../core/zod";
import { rowFlagSchema } from "../../admin/collection-rows";
import {
  entryId,
  formBoolean,
  nullableText,
  optionalLink,
  orderIndexField,
  requiredText,
  videoIdInput,
} from "../../admin/form-fields";

export const VIDEO_TEXT = {
  created: "Video Created Successfully",
  updated: "Video Updated Successfully",
  deleted: "Video deleted successfully",
  saveFailed: "Failed to save video",
  deleteFailed: "Failed to delete video",
  deleteConfirm: "Are you sure you want to delete this video?",
  // Not in the spec (it used the browser's own confirm box): the dialog's title.
  deleteTitle: "Delete Video",
} as const;

export const FEATURED_VIDEO_TEXT = {
  ...VIDEO_TEXT,
  fetchFailed: "Failed to fetch featured videos",
  // The spec's generic reorder words (§8), as the other ordered lists use them.
  reordered: "Items reordered successfully",
  reorderFailed: "Failed to reorder items",
  // Not in the spec: the table's empty state.
  empty: "No featured videos yet. Add the first one with the form below.",
} as const;

export const FEATURED_VIDEO_MESSAGES = {
  titleRequired: "Title is required",
  invalidVideoId: "Please enter a valid YouTube URL or video ID",
  invalidVideoUrl: "Please enter a valid video URL",
  sourceRequired: "Please enter a YouTube URL or video ID, or add a video file",
  orderIndex: "Display order must be a whole number of 0 or more",
} as const;

/** A new video's form starts from these (spec §3: active by default). */
export const FEATURED_VIDEO_DEFAULTS = { orderIndex: 0, isActive: true } as const;

const M = FEATURED_VIDEO_MESSAGES;

const fields = {
  title: requiredText(M.titleRequired),
  description: nullableText(),
  /** A watch, short or embed URL, or the id; stored as the id. */
  embedId: videoIdInput(M.invalidVideoId),
  /** The uploaded (or linked) video file, for a video that is not on the service. */
  videoUrl: optionalLink(M.invalidVideoUrl, { uploads: true }),
  orderIndex: orderIndexField(M.orderIndex),
  isActive: formBoolean(),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

function needsASource(v: Fields, ctx: z.RefinementCtx) {
  if (typeof v.embedId === "string" || typeof v.videoUrl === "string") return;
  // Refuse only when both fields were blank (not when one of them was malformed).
  if (v.embedId === null && v.videoUrl === null) {
    ctx.addIssue({ code: "custom", message: M.sourceRequired, path: ["embedId"] });
  }
}

export const featuredVideoCreateSchema = z.object(fields).superRefine(needsASource);
export const featuredVideoUpdateSchema = z
  .object({ id: entryId, ...fields })
  .superRefine(needsASource);

/** The table's Active switch (spec §4 "Flags": featured videos are active/hidden). */
export const featuredVideoFlagSchema = rowFlagSchema(["isActive"]);

/** The form's values as submitted. */
export type FeaturedVideoFormValues = z.input<typeof featuredVideoCreateSchema>;
/** What the service stores: trimmed, id extracted, blanks as null. */
export type FeaturedVideoInput = z.output<typeof featuredVideoCreateSchema>;
export type FeaturedVideoUpdateInput = z.output<typeof featuredVideoUpdateSchema>;
