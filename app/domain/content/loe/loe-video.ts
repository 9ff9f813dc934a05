/**
 * LOE videos (admin spec §3 loe_videos, §4 "Flags", §5 "Video inputs", §8). A video is
 * either on the video-sharing service (YouTube mode: its id) or a file (file mode: its
 * URL); saving in one mode clears the other's field. Shown/hidden with the table's
 * toggle, not by this form. Admin and server only (zod).
 */
import { z } from "../../core/zod";
import { VIDEO_TEXT } from "../videos/featured-video";
import {
  entryId,
  formChoice,
  nullableText,
  optionalLink,
  orderIndexField,
  requiredText,
  videoIdInput,
} from "../../admin/form-fields";

export const LOE_VIDEO_SOURCES = ["youtube", "file"] as const;
export type LoeVideoSource = (typeof LOE_VIDEO_SOURCES)[number];
/** A new video starts in YouTube mode (spec §4). */
export const DEFAULT_LOE_VIDEO_SOURCE: LoeVideoSource = "youtube";

export const LOE_VIDEO_TEXT = {
  ...VIDEO_TEXT,
  updateFailed: "Failed to update video",
  fetchFailed: "Failed to fetch videos",
  hidden: "Video hidden successfully",
  shown: "Video shown successfully",
  empty: "No videos added yet...",
  reordered: "Items reordered successfully",
  reorderFailed: "Failed to reorder items",
} as const;

export const LOE_VIDEO_MESSAGES = {
  titleRequired: "Title is required",
  sourceInvalid: "Please choose YouTube or File",
  embedIdRequired: "YouTube Embed ID is required",
  invalidVideoId: "Please enter a valid YouTube URL or video ID",
  videoFileRequired: "Video file is required. Please select a video file to upload.",
  invalidVideoUrl: "Please enter a valid video URL",
  invalidThumbnailUrl: "Please enter a valid thumbnail URL",
  orderIndex: "Order must be a whole number of 0 or more",
} as const;

const M = LOE_VIDEO_MESSAGES;

const fields = {
  title: requiredText(M.titleRequired),
  description: nullableText(),
  /** Which of the two fields below the video uses; not stored. */
  sourceType: formChoice(LOE_VIDEO_SOURCES, M.sourceInvalid, DEFAULT_LOE_VIDEO_SOURCE),
  /** A watch, short or embed URL, or the id; stored as the id. */
  embedId: videoIdInput(M.invalidVideoId),
  videoUrl: optionalLink(M.invalidVideoUrl, { uploads: true }),
  thumbnailUrl: optionalLink(M.invalidThumbnailUrl, { uploads: true }),
  orderIndex: orderIndexField(M.orderIndex),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

function sourceRules(existingVideoUrl: string | null) {
  return (v: Fields, ctx: z.RefinementCtx) => {
    // A malformed value already has its own message; only a blank one is "required".
    if (v.sourceType === "youtube" && v.embedId === null) {
      ctx.addIssue({ code: "custom", message: M.embedIdRequired, path: ["embedId"] });
    }
    if (v.sourceType === "file" && v.videoUrl === null && !existingVideoUrl) {
      ctx.addIssue({ code: "custom", message: M.videoFileRequired, path: ["videoUrl"] });
    }
  };
}

function normalise(existingVideoUrl: string | null) {
  return <T extends Fields>({ sourceType, ...v }: T) =>
    sourceType === "youtube"
      ? { ...v, videoUrl: null }
      : { ...v, embedId: null, videoUrl: v.videoUrl ?? existingVideoUrl };
}

export const loeVideoCreateSchema = z
  .object(fields)
  .superRefine(sourceRules(null))
  .transform(normalise(null));

/**
 * Editing: in file mode a blank video URL keeps the item's current file, when it has one
 * (pass the stored `videoUrl`); otherwise a file is required as when creating.
 */
export function loeVideoUpdateSchema(existing: { videoUrl: string | null } | null = null) {
  const existingVideoUrl = existing?.videoUrl?.trim() || null;
  return z
    .object({ id: entryId, ...fields })
    .superRefine(sourceRules(existingVideoUrl))
    .transform(normalise(existingVideoUrl));
}

export type LoeVideoFormValues = z.input<typeof loeVideoCreateSchema>;
/** What the service stores: the id extracted, the other mode's field cleared. */
export type LoeVideoInput = z.output<typeof loeVideoCreateSchema>;
export type LoeVideoUpdateInput = z.output<ReturnType<typeof loeVideoUpdateSchema>>;
