/**
 * LOE images (admin spec §3 loe_images, §4 "Flags", §5 "LOE image", §8). Shown/hidden
 * with the table's toggle, not by this form. Admin and server only (zod).
 */
import { z } from "../../core/zod";
import {
  entryId,
  nullableText,
  optionalCount,
  orderIndexField,
  requiredLink,
  requiredText,
} from "../../admin/form-fields";

export const LOE_IMAGE_TEXT = {
  created: "Image created successfully",
  updated: "Image updated successfully",
  deleted: "Image deleted successfully",
  hidden: "Image hidden successfully",
  shown: "Image shown successfully",
  saveFailed: "Failed to save image",
  updateFailed: "Failed to update image",
  deleteFailed: "Failed to delete image",
  deleteConfirm: "Are you sure you want to delete this image?",
  // Not in the spec (it used the browser's own confirm box): the dialog's title.
  deleteTitle: "Delete Image",
  empty: "No images added yet...",
  fetchFailed: "Failed to fetch images",
  reordered: "Items reordered successfully",
  reorderFailed: "Failed to reorder items",
} as const;

export const LOE_IMAGE_MESSAGES = {
  titleRequired: "Title is required",
  altTextRequired: "Alt text is required",
  imageUrlRequired: "Image URL is required",
  invalidImageUrl: "Please enter a valid image URL",
  orderIndex: "Display order must be a whole number of 0 or more",
  dimension: "Image size must be a whole number of pixels",
} as const;

const M = LOE_IMAGE_MESSAGES;

const fields = {
  title: requiredText(M.titleRequired),
  altText: requiredText(M.altTextRequired),
  caption: nullableText(),
  imageUrl: requiredLink(
    { required: M.imageUrlRequired, invalid: M.invalidImageUrl },
    { uploads: true },
  ),
  /** Text that is not a number becomes 0 (spec §5). */
  orderIndex: orderIndexField(M.orderIndex, { nonNumeric: "zero" }),
};

/**
 * The picture's size, as the upload server measured it, and the URL it measured: the
 * form carries both, so a size is only kept for the file it belongs to (the artist may
 * paste another URL after an upload).
 */
const dimensions = {
  width: optionalCount({ invalid: M.dimension }),
  height: optionalCount({ invalid: M.dimension }),
  dimensionsFor: nullableText(),
};

export const loeImageCreateSchema = z.object({ ...fields, ...dimensions });
export const loeImageUpdateSchema = z.object({ id: entryId, ...fields, ...dimensions });

export type LoeImageFormValues = z.input<typeof loeImageCreateSchema>;
export type LoeImageInput = z.output<typeof loeImageCreateSchema>;
export type LoeImageUpdateInput = z.output<typeof loeImageUpdateSchema>;

/**
 * What to store of an image's size: the measured size when it belongs to the image URL
 * being saved; nothing (keep what is stored) when an edit leaves the URL as it was;
 * unknown (null) for any other URL.
 */
export function loeImageDimensions(
  input: Pick<LoeImageInput, "imageUrl" | "width" | "height" | "dimensionsFor">,
  storedImageUrl: string | null = null,
): { width: number | null; height: number | null } | Record<string, never> {
  if (input.dimensionsFor === input.imageUrl && input.width && input.height) {
    return { width: input.width, height: input.height };
  }
  if (storedImageUrl !== null && storedImageUrl === input.imageUrl) return {};
  return { width: null, height: null };
}
