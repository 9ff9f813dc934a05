/**
 * The page-content editor's form (admin spec §3 page_content, §5 "Page content", §8).
 * The key registry is ./page-content.ts, which public pages import; this module
 * carries zod and is for admin code and the server only.
 *
 * An entry is saved by its key (page name). The title is trimmed; a blank description
 * is stored as null; the paragraph spacing defaults to mb-4. What the description may
 * hold follows the key's kind in the registry (`contentDescriptionProblem`): a link is
 * an http(s) address, an e-mail an address, an image an http(s) address or one of our
 * uploads; a plain text is any text (the public pages render it as text, never markup).
 */
import { z } from "../../core/zod";
import {
  PRIVATE_FILE_ADDRESS_MESSAGE,
  isOwnUploadPath,
  isPrivateWebAddress,
  isWebUrl,
} from "../../core/file-reference";
import {
  fileAddressFields,
  formChoice,
  formText,
  nullableText,
  requiredText,
} from "../../admin/form-fields";
import {
  DEFAULT_PARAGRAPH_SPACING,
  PARAGRAPH_SPACINGS,
  type PageContentKey,
  contentDefinition,
  isPageContentKey,
} from "./registry";

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
  urlInvalid: "Please enter a valid URL starting with https:// or http://",
  emailInvalid: "Please enter a valid email address",
  imageInvalid: "Please enter an image URL starting with https:// or http://, or upload a file",
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

const emailAddress = z.email();

/**
 * Why `description` cannot be stored for `key`, by the key's kind, or null when it can.
 * Blank is always allowed (a blank link hides it; a blank image shows the default). An
 * image key also takes its own built-in default (e.g. /images/hero-default.jpg), which
 * the editor shows for a key that was never saved.
 */
export function contentDescriptionProblem(
  key: PageContentKey,
  description: string | null,
): string | null {
  const value = description?.trim() ?? "";
  if (value === "") return null;
  const definition = contentDefinition(key);
  switch (definition.kind) {
    case "url":
      return isWebUrl(value) ? null : M.urlInvalid;
    case "email":
      return emailAddress.safeParse(value).success ? null : M.emailInvalid;
    case "image":
      if (isPrivateWebAddress(value)) return PRIVATE_FILE_ADDRESS_MESSAGE;
      return isWebUrl(value) || isOwnUploadPath(value) || value === definition.defaultDescription
        ? null
        : M.imageInvalid;
    default:
      return null;
  }
}

export const pageContentEntrySchema = z
  .object({
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
  })
  // The field rules above only add (non-aborting) issues, so this runs even when the
  // title is wrong: the artist sees every problem at once.
  .superRefine((entry, ctx) => {
    if (!isPageContentKey(entry.pageName)) return;
    const problem = contentDescriptionProblem(entry.pageName, entry.description);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["description"] });
  });

// An image key's description is a file address: the server checks its host before saving.
fileAddressFields.add(pageContentEntrySchema, {
  addressesOf: (entry: PageContentEntryInput) =>
    isPageContentKey(entry.pageName) && contentDefinition(entry.pageName).kind === "image"
      ? { description: entry.description }
      : {},
});

export type PageContentEntryFormValues = z.input<typeof pageContentEntrySchema>;
export type PageContentEntryInput = z.output<typeof pageContentEntrySchema>;

/** The LOE contact banner's editor: only the template (the entry's description) changes. */
export const loeBannerTextSchema = z.object({ description });

export type LoeBannerTextInput = z.output<typeof loeBannerTextSchema>;

/** The resource route that lists and restores the versions of one key (any screen's editor). */
export const PAGE_CONTENT_HISTORY_PATH = "/admin/page-content-history";

export const PAGE_CONTENT_HISTORY_TEXT = {
  restored: "Version restored",
  restoreFailed: "Failed to restore version",
  loadFailed: "The version history could not be loaded.",
  confirmTitle: "Restore this version?",
  confirmDescription: "The current text is kept in the history.",
  empty: "No earlier versions yet. Each save from now on is kept here.",
  unknownSaver: "Before version history",
  versionUnknown: "Unknown version",
} as const;

/** POST intent=restore-version: the key being edited, and the version of it to make current again. */
export const restoreContentVersionSchema = z.object({
  pageName,
  versionId: z.uuid(PAGE_CONTENT_HISTORY_TEXT.versionUnknown),
});
