/**
 * Manage media (admin spec §2 "/admin/media"): the media page's header text with its
 * live preview, and its photos, videos and social posts in a table with an add/edit
 * dialog.
 */
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/media";
import { CollectionScreen } from "~/components/admin/kit/collection-screen";
import { AdminSection } from "~/components/admin/kit/admin-screen";
import { PageContentEditor } from "~/components/admin/kit/page-content-editor";
import { MEDIA_SCREEN, toMediaItemRow } from "~/components/admin/media/media-screen";
import { PageHero } from "~/components/page-hero";
import {
  MEDIA_ITEM_TEXT,
  mediaItemCreateSchema,
  mediaItemFlagSchema,
  mediaItemUpdateSchema,
} from "~/domain/content/media-page/media-item";
import { resolveContentEntry } from "~/domain/content/page-content/registry";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import { MEDIA_PAGE_EYEBROW, MEDIA_PAGE_KEY } from "~/domain/content/page-content/keys";
import { adminMeta } from "~/domain/pages/seo";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import {
  collectionIntents,
  loadCollectionRows,
  loadFailedToast,
} from "~/server/admin/collection-screen.server";
import { requireAdmin } from "~/server/auth/access.server";
import { mediaItemService } from "~/server/content/media-items.server";
import { updateContentIntent } from "~/server/content/page-content-intent.server";
import { listEditableContent } from "~/server/content/page-content.server";
import { getDb } from "~/server/db/database.server";

/** The eyebrow above the public media page's title (routes/media.tsx). */

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [header, items] = await Promise.all([
    loadCollectionRows(listEditableContent(db, [MEDIA_PAGE_KEY]), (entry) => entry, {
      fetchFailed: PAGE_CONTENT_TEXT.allFetchFailed,
    }),
    loadCollectionRows(mediaItemService.listAll(db), toMediaItemRow, MEDIA_ITEM_TEXT),
  ]);
  return { header, items, toast: loadFailedToast(items, header) };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    "update-content": updateContentIntent,
    ...collectionIntents(mediaItemService, {
      texts: MEDIA_ITEM_TEXT,
      name: (row) => row.title,
      create: mediaItemCreateSchema,
      update: {
        schema: mediaItemUpdateSchema,
        // A new address is a new picture: the stored size belongs to the old one.
        values: (values, stored) =>
          stored.url === values.url ? values : { ...values, width: null, height: null },
      },
      flags: mediaItemFlagSchema,
    }),
  });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function ManageMedia({ loaderData }: Route.ComponentProps) {
  const { header, items, toast } = loaderData;
  return (
    <CollectionScreen
      screen={MEDIA_SCREEN}
      list={{ ...items, toast }}
      schemas={{ create: mediaItemCreateSchema, update: mediaItemUpdateSchema }}
    >
      <AdminSection
        title="Page header"
        description="The title and introduction at the top of the media page."
      >
        {header.loadFailed ? (
          <p
            role="alert"
            className="rounded-2xl border border-destructive/50 bg-destructive/10 px-6 py-5 text-sm text-destructive"
          >
            {header.loadFailed}
          </p>
        ) : (
          <PageContentEditor
            entries={header.rows}
            preview={(values) => {
              const entry = resolveContentEntry(MEDIA_PAGE_KEY, {
                pageName: MEDIA_PAGE_KEY,
                ...(values[MEDIA_PAGE_KEY] ?? header.rows[0]!),
              });
              return (
                <PageHero
                  eyebrow={MEDIA_PAGE_EYEBROW}
                  title={entry.title}
                  description={entry.description}
                />
              );
            }}
          />
        )}
      </AdminSection>
    </CollectionScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Manage Media");
