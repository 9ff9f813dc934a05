/**
 * The `update-content` intent every screen with a page-content editor answers
 * (components/admin/kit/page-content-editor.tsx posts it): one definition, so the
 * messages, the validation and the audit are the same on every screen.
 *
 *   export const action = ({ request }) =>
 *     handleAdminAction(request, { "update-content": updateContentIntent, … });
 */
import { PAGE_CONTENT_TEXT, pageContentEntrySchema } from "~/domain/page-content-entry";
import { intent } from "../admin/admin-action.server";
import { updatePageContent } from "./page-content.server";

export const updateContentIntent = intent({
  schema: pageContentEntrySchema,
  run: ({ db, actor, input }) => updatePageContent(db, actor, input),
  success: PAGE_CONTENT_TEXT.updated,
  failure: PAGE_CONTENT_TEXT.updateFailed,
});
