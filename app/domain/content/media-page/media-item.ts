/**
 * Media items of the media page (admin spec §3 media_items, §5 "Media item", §8, §9).
 * The url is a web address, or the file our upload server stored when the item was
 * uploaded. Admin and server only (zod).
 */
import { z } from "../../core/zod";
import { rowFlagSchema } from "../../admin/collection-rows";
import {
  entryId,
  formBoolean,
  formChoice,
  nullableText,
  optionalLink,
  requiredLink,
  requiredText,
} from "../../admin/form-fields";

export const MEDIA_TYPES = ["photo", "video", "social"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const MEDIA_TITLE_MIN_LENGTH = 2;
export const MEDIA_DESCRIPTION_MAX_LENGTH = 500;
export const MEDIA_PLATFORM_MAX_LENGTH = 50;

export const MEDIA_ITEM_TEXT = {
  created: "Media item created successfully",
  updated: "Media item updated successfully",
  deleted: "Media item deleted successfully",
  saveFailed: "Failed to save media item",
  deleteFailed: "Failed to delete media item",
  deleteConfirm: "Are you sure you want to delete this media item?",
  empty: "No media items found. Create your first one!",
  // The public media page's words for a list that could not be read (public spec §8).
  fetchFailed: "Failed to fetch media items",
  addTitle: "Add New Media Item",
  editTitle: "Edit Media Item",
  // Not in the spec (it used the browser's own confirm box): the dialog's title.
  deleteTitle: "Delete Media Item",
} as const;

export const MEDIA_ITEM_MESSAGES = {
  titleRequired: "Title is required",
  titleTooShort: "Title must be at least 2 characters",
  descriptionTooLong: "Description must be less than 500 characters",
  typeRequired: "Type is required",
  urlRequired: "URL is required",
  invalidUrl: "Please enter a valid URL",
  invalidThumbnailUrl: "Please enter a valid thumbnail URL",
  platformTooLong: "Platform name must be less than 50 characters",
} as const;

/** A new item's form starts from these (spec §3). */
export const MEDIA_ITEM_DEFAULTS = {
  type: "photo",
  isFeatured: false,
  isVisible: true,
} as const satisfies { type: MediaType; isFeatured: boolean; isVisible: boolean };

const M = MEDIA_ITEM_MESSAGES;

const fields = {
  title: requiredText(M.titleRequired, { min: [MEDIA_TITLE_MIN_LENGTH, M.titleTooShort] }),
  description: nullableText({ max: [MEDIA_DESCRIPTION_MAX_LENGTH, M.descriptionTooLong] }),
  type: formChoice(MEDIA_TYPES, M.typeRequired),
  url: requiredLink({ required: M.urlRequired, invalid: M.invalidUrl }, { uploads: true }),
  thumbnailUrl: optionalLink(M.invalidThumbnailUrl, { uploads: true }),
  platform: nullableText({ max: [MEDIA_PLATFORM_MAX_LENGTH, M.platformTooLong] }),
  isFeatured: formBoolean(),
  isVisible: formBoolean(),
};

export const mediaItemCreateSchema = z.object(fields);
export const mediaItemUpdateSchema = z.object({ id: entryId, ...fields });

/** The switches of the table's rows (spec §4 "Flags": visible/hidden, featured or not). */
export const MEDIA_ITEM_FLAGS = ["isFeatured", "isVisible"] as const;
export type MediaItemFlag = (typeof MEDIA_ITEM_FLAGS)[number];

export const mediaItemFlagSchema = rowFlagSchema(MEDIA_ITEM_FLAGS);

export type MediaItemFormValues = z.input<typeof mediaItemCreateSchema>;
export type MediaItemInput = z.output<typeof mediaItemCreateSchema>;
export type MediaItemUpdateInput = z.output<typeof mediaItemUpdateSchema>;
