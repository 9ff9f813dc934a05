/**
 * Gallery photos (admin spec §3 photo_gallery, §5 "Photo", §7, §8). Only photos that
 * are active and featured appear in the home carousel. Admin and server only (zod).
 */
import { z } from "zod";
import { entryId, formBoolean, orderIndexField, requiredLink, requiredText } from "./form-fields";

export const PHOTO_TEXT = {
  added: "Photo added successfully",
  updated: "Photo updated successfully",
  deleted: "Photo deleted successfully",
  reordered: "Photos reordered successfully",
  saveFailed: "Failed to save photo",
  deleteFailed: "Failed to delete photo",
  reorderFailed: "Failed to reorder photos",
  fetchFailed: "Failed to fetch photo gallery",
  deleteTitle: "Delete Photo",
  deleteConfirm: "Are you sure you want to delete this photo? This action cannot be undone.",
} as const;

export const PHOTO_MESSAGES = {
  titleRequired: "Title is required",
  altTextRequired: "Alt text is required",
  imageUrlRequired: "Image URL is required",
  invalidImageUrl: "Please enter a valid image URL",
  orderIndex: "Order must be a whole number of 0 or more",
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
};

export const photoCreateSchema = z.object(fields);
export const photoUpdateSchema = z.object({ id: entryId, ...fields });

export type PhotoFormValues = z.input<typeof photoCreateSchema>;
export type PhotoInput = z.output<typeof photoCreateSchema>;
export type PhotoUpdateInput = z.output<typeof photoUpdateSchema>;
