import type { Route } from "./+types/media";
import { MEDIA_ITEM_FIELDS } from "~/components/admin/media/media-item-fields";
import { MediaItemsTable, type MediaItemRow } from "~/components/admin/media/media-items-table";
import { AddButton, AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { EntityFormDialog, useEntityDialog } from "~/components/admin/kit/entity-form-dialog";
import { PageContentEditor } from "~/components/admin/kit/page-content-editor";
import { PageHero } from "~/components/page-hero";
import {
  MEDIA_ITEM_TEXT,
  mediaItemCreateSchema,
  mediaItemDeleteSchema,
  mediaItemFlagSchema,
  mediaItemUpdateSchema,
} from "~/domain/media-item";
import { resolveContentEntry } from "~/domain/page-content";
import { PAGE_CONTENT_TEXT } from "~/domain/page-content-entry";
import { MEDIA_PAGE_KEY } from "~/domain/page-content-keys";
import { SITE_NAME } from "~/domain/site";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { mediaItemService } from "~/server/content/media-items.server";
import { updateContentIntent } from "~/server/content/page-content-intent.server";
import { listEditableContent } from "~/server/content/page-content.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

/** The public media page's words (public-site spec §8 "Media"). */
const MEDIA_FETCH_FAILED = "Failed to fetch media items";
/** The eyebrow above the public media page's title (routes/media.tsx). */
const MEDIA_PAGE_EYEBROW = "Watch · Look · Follow";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [content, items] = await Promise.all([
    orNull(listEditableContent(db, [MEDIA_PAGE_KEY]), "media page content"),
    orNull(mediaItemService.listAll(db), "media items"),
  ]);
  const failures = {
    content: content ? null : PAGE_CONTENT_TEXT.allFetchFailed,
    items: items ? null : MEDIA_FETCH_FAILED,
  };
  return {
    entries: content ?? [],
    items: (items ?? []).map((item): MediaItemRow => ({
      id: item.id,
      title: item.title,
      description: item.description,
      type: item.type,
      url: item.url,
      thumbnailUrl: item.thumbnailUrl,
      platform: item.platform,
      isFeatured: item.isFeatured,
      isVisible: item.isVisible,
    })),
    failures,
    toast:
      failures.items || failures.content
        ? newToast("error", "Error", (failures.items ?? failures.content)!)
        : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    "update-content": updateContentIntent,
    create: intent({
      schema: mediaItemCreateSchema,
      run: ({ db, actor, input }) => mediaItemService.create(db, actor, input),
      success: (row) => ({ title: MEDIA_ITEM_TEXT.created, description: row.title }),
      failure: MEDIA_ITEM_TEXT.saveFailed,
    }),
    update: intent({
      schema: mediaItemUpdateSchema,
      run: async ({ db, actor, input: { id, ...values } }) => {
        // A new address is a new picture: the stored size belongs to the old one.
        const current = await mediaItemService.get(db, id);
        const changed = current !== null && current.url !== values.url;
        return mediaItemService.update(
          db,
          actor,
          id,
          changed ? { ...values, width: null, height: null } : values,
        );
      },
      success: (row) => ({ title: MEDIA_ITEM_TEXT.updated, description: row.title }),
      failure: MEDIA_ITEM_TEXT.saveFailed,
    }),
    "set-flag": intent({
      schema: mediaItemFlagSchema,
      run: ({ db, actor, input }) =>
        mediaItemService.setFlag(db, actor, input.id, input.flag, input.value),
      success: (row) => ({ title: MEDIA_ITEM_TEXT.updated, description: row.title }),
      failure: MEDIA_ITEM_TEXT.saveFailed,
    }),
    delete: intent({
      schema: mediaItemDeleteSchema,
      run: ({ db, actor, input }) => mediaItemService.remove(db, actor, input.id),
      success: (row) => ({ title: MEDIA_ITEM_TEXT.deleted, description: row.title }),
      failure: MEDIA_ITEM_TEXT.deleteFailed,
    }),
  });
}

export default function ManageMedia({ loaderData }: Route.ComponentProps) {
  const { entries, items, failures } = loaderData;
  useToastMessage(loaderData.toast);
  const dialog = useEntityDialog<MediaItemRow>();

  return (
    <AdminScreen
      title="Manage Media"
      description="The photos, videos and social posts of the media page, and the words above them."
      primaryAction={<AddButton onClick={dialog.openAdd}>Add Media Item</AddButton>}
    >
      <AdminSection
        title="Page header"
        description="The title and introduction at the top of the media page."
      >
        {failures.content ? (
          <p
            role="alert"
            className="rounded-2xl border border-destructive/50 bg-destructive/10 px-6 py-5 text-sm text-destructive"
          >
            {failures.content}
          </p>
        ) : (
          <PageContentEditor
            entries={entries}
            preview={(values) => {
              const header = resolveContentEntry(MEDIA_PAGE_KEY, {
                pageName: MEDIA_PAGE_KEY,
                ...(values[MEDIA_PAGE_KEY] ?? entries[0]!),
              });
              return (
                <PageHero
                  eyebrow={MEDIA_PAGE_EYEBROW}
                  title={header.title}
                  description={header.description}
                />
              );
            }}
          />
        )}
      </AdminSection>

      <AdminSection
        title="Media items"
        description="Newest first, as on the media page. Hidden items stay here but not on the site."
      >
        <MediaItemsTable rows={items} loadFailed={failures.items} onEdit={dialog.openEdit} />
      </AdminSection>

      <EntityFormDialog
        {...dialog.dialogProps}
        title={dialog.editing ? MEDIA_ITEM_TEXT.editTitle : MEDIA_ITEM_TEXT.addTitle}
        schema={dialog.editing ? mediaItemUpdateSchema : mediaItemCreateSchema}
        fields={MEDIA_ITEM_FIELDS}
        submitLabel={dialog.editing ? "Save Changes" : "Create Media Item"}
      />
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Manage Media | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
