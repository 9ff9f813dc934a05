/**
 * Gallery photos (admin spec §3 photo_gallery, §5 "Photo", §7, §8). Only photos that
 * are active and featured appear on the home page. Admin and server only (zod).
 */
import { z } from "../../core/zod";
import { rowFlagSchema } from "../../admin/collection-rows";
import {
  entryId,
  formBoolean,
  nullableText,
  optionalCount,
  orderIndexField,
  requiredLink,
  requiredText,
} from "../../admin/form-fields";

export const PHOTO_TEXT = {
  created: "Photo added successfully",
  updated: "Photo updated successfully",
  deleted: "Photo deleted successfully",
  reordered: "Photos reordered successfully",
  saveFailed: "Failed to save photo",
  deleteFailed: "Failed to delete photo",
  reorderFailed: "Failed to reorder photos",
  fetchFailed: "Failed to fetch photo gallery",
  deleteTitle: "Delete Photo",
  deleteConfirm: "Are you sure you want to delete this photo? This action cannot be undone.",
  // Not in the spec: the list's empty state.
  empty: "No photos yet. Add the first one with the form above.",
} as const;

export const PHOTO_MESSAGES = {
  titleRequired: "Title is required",
  altTextRequired: "Alt text is required",
  imageUrlRequired: "Image URL is required",
  invalidImageUrl: "Please enter a valid image URL",
  orderIndex: "Order must be a whole number of 0 or more",
  dimension: "Image size must be a whole number of pixels",
} as const;

/** A new photo's form starts from these (spec §3: active, not featured, order 0). */
export const PHOTO_DEFAULTS = { orderIndex: 0, isActive: true, isFeatured: false } as const;

const M = PHOTO_MESSAGES;

const fields = {
  title: requiredText(M.titleRequired),
  altText: requiredText(M.altTextRequired),
  imageUrl: requiredLink(
    { required: M.imageUrlRequired, invalid: M.invalidImageUrl },
    { uploads: true },
  ),
  orderIndex: orderIndexField(M.orderIndex),
  isActive: formBoolean(),
  isFeatured: formBoolean(),
  /**
   * The picture's size as the upload server measured it, and the URL it was measured
   * on: a size is only kept for the file it belongs to (the artist may paste another
   * address after an upload). All three optional: a pasted address has no size.
   */
  width: optionalCount({ invalid: M.dimension }),
  height: optionalCount({ invalid: M.dimension }),
  dimensionsFor: nullableText(),
};

export const photoCreateSchema = z.object(fields);
export const photoUpdateSchema = z.object({ id: entryId, ...fields });

/** The list's switches (spec §4 "Flags": photos are active/hidden and featured or not). */
export const PHOTO_FLAGS = ["isActive", "isFeatured"] as const;
export const photoFlagSchema = rowFlagSchema(PHOTO_FLAGS);

export type PhotoFormValues = z.input<typeof photoCreateSchema>;
export type PhotoInput = z.output<typeof photoCreateSchema>;
export type PhotoUpdateInput = z.output<typeof photoUpdateSchema>;

/**
 * What a save stores: the photo's fields, and its size when the measured size belongs
 * to the image URL being saved; when an edit keeps the stored URL, the stored size
 * stays; any other URL has no known size (null).
 */
export function photoValues(
  input: PhotoInput,
  storedImageUrl: string | null = null,
): Omit<PhotoInput, "width" | "height" | "dimensionsFor"> & {
  width?: number | null;
  height?: number | null;
} {
  const { width, height, dimensionsFor, ...values } = input;
  if (dimensionsFor === values.imageUrl && width && height) return { ...values, width, height };
  if (storedImageUrl !== null && storedImageUrl === values.imageUrl) return values;
  return { ...values, width: null, height: null };
}
