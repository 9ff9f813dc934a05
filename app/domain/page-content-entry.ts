/**
 * The page-content editor's form (admin spec §3 page_content, §5 "Page content", §8).
 * The key registry is ./page-content.ts, which public pages import; this module
 * carries zod and is for admin code and the server only.
 *
 * An entry is saved by its key (page name). The title is trimmed; a blank description
 * is stored as null; the paragraph spacing defaults to mb-4.
 */
import { z } from "zod";
import { formChoice, formText, nullableText, requiredText } from "./form-fields";
import {
  DEFAULT_PARAGRAPH_SPACING,
  PARAGRAPH_SPACINGS,
  type PageContentKey,
  isPageContentKey,
} from "./page-content";

export const PAGE_CONTENT_TITLE_MAX_LENGTH = 200;
export const PAGE_CONTENT_DESCRIPTION_MAX_LENGTH = 1000;

export const PAGE_CONTENT_TEXT = {
  updated: "Content updated successfully",
  updateFailed: "Failed to update content",
  validationErrorTitle: "Validation Error",
  validationError: "Please fix the form errors before submitting.",
  homeFetchFailed: "Failed to fetch home page contents",
  shopFetchFailed: "Failed to fetch shop page contents",
  contactFetchFailed: "Failed to fetch contact page contents",
  footerFetchFailed: "Failed to fetch footer link contents",
  allFetchFailed: "Failed to fetch page contents",
  loeLoadFailed: "Failed to load page content. Please try again.",
  bannerUpdated: "Banner updated",
  bannerUpdateFailed: "Failed to update banner text.",
} as const;

export const PAGE_CONTENT_MESSAGES = {
  pageNameRequired: "Page name is required",
  pageNameUnknown: "Unknown page content entry",
  titleRequired: "Title is required",
  titleTooLong: "Title must be under 200 characters",
  descriptionTooLong: "Description must be under 1000 characters",
  paragraphSpacingInvalid: "Please choose a paragraph spacing",
} as const;

const M = PAGE_CONTENT_MESSAGES;

const pageName = formText(M.pageNameRequired)
  .superRefine((v, ctx) => {
    if (v === "") ctx.addIssue({ code: "custom", message: M.pageNameRequired });
    else if (!isPageContentKey(v)) ctx.addIssue({ code: "custom", message: M.pageNameUnknown });
  })
  .transform((v) => v as PageContentKey);

const description = nullableText({
  max: [PAGE_CONTENT_DESCRIPTION_MAX_LENGTH, M.descriptionTooLong],
});

export const pageContentEntrySchema = z.object({
  pageName,
  title: requiredText(M.titleRequired, {
    max: [PAGE_CONTENT_TITLE_MAX_LENGTH, M.titleTooLong],
  }),
  description,
  /** Only some keys show the selector; absent or blank is the default, mb-4. */
  paragraphSpacing: formChoice(
    PARAGRAPH_SPACINGS,
    M.paragraphSpacingInvalid,
    DEFAULT_PARAGRAPH_SPACING,
  ),
});

export type PageContentEntryFormValues = z.input<typeof pageContentEntrySchema>;
export type PageContentEntryInput = z.output<typeof pageContentEntrySchema>;

/** The LOE contact banner's editor: only the template (the entry's description) changes. */
export const loeBannerTextSchema = z.object({ description });

export type LoeBannerTextInput = z.output<typeof loeBannerTextSchema>;
