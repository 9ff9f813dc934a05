/**
 * The version history of one page-content key, for the page-content editor of every
 * screen (components/admin/kit/page-content-editor.tsx): no page of its own.
 *
 *   GET  ?pageName=<key>                      → ContentHistoryData (the last 20, newest first)
 *   POST intent=restore-version, pageName, versionId
 *                                             → restores it (a new version), "Version restored"
 */
import { data } from "react-router";
import type { Route } from "./+types/page-content-history";
import type { ContentHistoryData } from "~/components/admin/kit/page-content-draft";
import { isOwnUploadPath } from "~/domain/core/file-reference";
import { isPageContentKey } from "~/domain/content/page-content/registry";
import {
  PAGE_CONTENT_HISTORY_TEXT,
  PAGE_CONTENT_MESSAGES,
  restoreContentVersionSchema,
} from "~/domain/content/page-content/entry-form";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { readContentHistory, restoreContentVersion } from "~/server/content/page-content.server";
import { logger } from "~/server/core/logger.server";
import { getDb } from "~/server/db/database.server";
import { readUploadNames } from "~/server/media/upload-names.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const pageName = new URL(request.url).searchParams.get("pageName") ?? "";
  if (!isPageContentKey(pageName)) {
    return data(
      {
        pageName,
        versions: [],
        error: PAGE_CONTENT_MESSAGES.pageNameUnknown,
      } satisfies ContentHistoryData,
      { status: 404 },
    );
  }
  try {
    const versions = await readContentHistory(getDb(), pageName);
    // An image's version shows the file's own name, not the storage name.
    const names = await readUploadNames(
      getDb(),
      versions.map((v) => v.description).filter((d) => d !== null && isOwnUploadPath(d)),
    );
    return data({
      pageName,
      versions: versions.map((v) => ({
        id: v.id,
        title: v.title,
        description: v.description,
        paragraphSpacing: v.paragraphSpacing,
        savedBy: v.savedByEmail,
        savedAt: v.createdAt.toISOString(),
        isCurrent: v.isCurrent,
        sameAsCurrent: v.sameAsCurrent,
        ...(v.description && names.has(v.description) && { fileName: names.get(v.description) }),
      })),
    } satisfies ContentHistoryData);
  } catch (error) {
    // Answered, not thrown: a fetcher's thrown error would replace the whole screen.
    logger.error({ err: error, pageName }, PAGE_CONTENT_HISTORY_TEXT.loadFailed);
    return data(
      {
        pageName,
        versions: [],
        error: PAGE_CONTENT_HISTORY_TEXT.loadFailed,
      } satisfies ContentHistoryData,
      { status: 500 },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    "restore-version": intent({
      schema: restoreContentVersionSchema,
      run: ({ db, actor, input }) => restoreContentVersion(db, actor, input),
      success: PAGE_CONTENT_HISTORY_TEXT.restored,
      failure: PAGE_CONTENT_HISTORY_TEXT.restoreFailed,
    }),
  });
}
