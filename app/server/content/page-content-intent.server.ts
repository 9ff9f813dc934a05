/**
 * The `update-content` intent every screen with a page-content editor answers
 * (components/admin/kit/page-content-editor.tsx posts it): one definition, so the
 * messages, the validation and the audit are the same on every screen.
 *
 *   export const action = ({ request }) =>
 *     handleAdminAction(request, { "update-content": updateContentIntent, … });
 */
import {
  PAGE_CONTENT_TEXT,
  loeBannerTextSchema,
  pageContentEntrySchema,
} from "~/domain/content/page-content/entry-form";
import { intent } from "../admin/admin-action.server";
import { readContent, updatePageContent } from "./page-content.server";

export const updateContentIntent = intent({
  schema: pageContentEntrySchema,
  run: ({ db, actor, input }) => updatePageContent(db, actor, input),
  success: PAGE_CONTENT_TEXT.updated,
  failure: PAGE_CONTENT_TEXT.updateFailed,
});

/** The LOE banner's template (admin spec §7): only the description changes; the stored title stays. */
export const updateBannerTextIntent = intent({
  schema: loeBannerTextSchema,
  run: async ({ db, actor, input }) => {
    const { "loe-banner-text": stored } = await readContent(db, ["loe-banner-text"]);
    return updatePageContent(db, actor, {
      pageName: "loe-banner-text",
      title: stored.title,
      description: input.description,
    });
  },
  success: PAGE_CONTENT_TEXT.bannerUpdated,
  failure: PAGE_CONTENT_TEXT.bannerUpdateFailed,
});
