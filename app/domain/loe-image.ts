/**
 * LOE images (admin spec §3 loe_images, §4 "Flags", §5 "LOE image", §8). Shown/hidden
 * with the table's toggle, not by this form. Admin and server only (zod).
 */
import { z } from "zod";
import { entryId, nullableText, orderIndexField, requiredLink, requiredText } from "./form-fields";

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
  empty: "No images added yet...",
} as const;

export const LOE_IMAGE_MESSAGES = {
  titleRequired: "Title is required",
  altTextRequired: "Alt text is required",
  imageUrlRequired: "Image URL is required",
  invalidImageUrl: "Please enter a valid image URL",
  orderIndex: "Display order must be a whole number of 0 or more",
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

export const loeImageCreateSchema = z.object(fields);
export const loeImageUpdateSchema = z.object({ id: entryId, ...fields });

export type LoeImageFormValues = z.input<typeof loeImageCreateSchema>;
export type LoeImageInput = z.output<typeof loeImageCreateSchema>;
export type LoeImageUpdateInput = z.output<typeof loeImageUpdateSchema>;
