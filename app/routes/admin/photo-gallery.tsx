/**
 * Photo gallery (admin spec §2 "/admin/photo-gallery shows a form plus a list; only
 * photos marked Featured appear on the home carousel"). The list is in the order
 * visitors see the photos. This action also serves the home editor's photo manager
 * (/admin/home posts here).
 */
import type { Route } from "./+types/photo-gallery";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { PhotoManager, toPhotoRow } from "~/components/admin/photo-gallery/photo-manager";
import {
  PHOTO_TEXT,
  photoCreateSchema,
  photoDeleteSchema,
  photoFlagSchema,
  photoReorderSchema,
  photoUpdateSchema,
  photoValues,
} from "~/domain/photo";
import { SITE_NAME } from "~/domain/site";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { photoGalleryService } from "~/server/content/photo-gallery.server";
import { NotFound } from "~/server/core/errors.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const photos = await orNull(photoGalleryService.listAll(getDb()), "photo gallery");
  return {
    photos: (photos ?? []).map(toPhotoRow),
    loadFailed: photos ? null : PHOTO_TEXT.fetchFailed,
    toast: photos ? null : newToast("error", "Error", PHOTO_TEXT.fetchFailed),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    create: intent({
      schema: photoCreateSchema,
      run: ({ db, actor, input }) => photoGalleryService.create(db, actor, photoValues(input)),
      success: (row) => ({ title: PHOTO_TEXT.added, description: row.title }),
      failure: PHOTO_TEXT.saveFailed,
    }),
    update: intent({
      schema: photoUpdateSchema,
      run: async ({ db, actor, input: { id, ...input } }) => {
        const stored = await photoGalleryService.get(db, id);
        if (!stored) throw new NotFound();
        return photoGalleryService.update(db, actor, id, photoValues(input, stored.imageUrl));
      },
      success: (row) => ({ title: PHOTO_TEXT.updated, description: row.title }),
      failure: PHOTO_TEXT.saveFailed,
    }),
    "set-flag": intent({
      schema: photoFlagSchema,
      run: ({ db, actor, input }) =>
        photoGalleryService.setFlag(db, actor, input.id, input.flag, input.value),
      success: (row) => ({ title: PHOTO_TEXT.updated, description: row.title }),
      failure: PHOTO_TEXT.saveFailed,
    }),
    delete: intent({
      schema: photoDeleteSchema,
      run: ({ db, actor, input }) => photoGalleryService.remove(db, actor, input.id),
      success: (row) => ({ title: PHOTO_TEXT.deleted, description: row.title }),
      failure: PHOTO_TEXT.deleteFailed,
    }),
    reorder: intent({
      schema: photoReorderSchema,
      run: ({ db, actor, input }) => photoGalleryService.reorder(db, actor, input.ids),
      success: PHOTO_TEXT.reordered,
      failure: PHOTO_TEXT.reorderFailed,
    }),
  });
}

export default function PhotoGallery({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  return (
    <AdminScreen
      title="Photo Gallery"
      description="The photos of the home page's gallery. Add, edit and order them here; visitors see the Active, Featured ones in this order."
    >
      <AdminSection
        title="Photos"
        description="Move a photo up or down to change the order. Only Featured photos appear on the home page."
      >
        <PhotoManager photos={loaderData.photos} loadFailed={loaderData.loadFailed} />
      </AdminSection>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Photo Gallery | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
