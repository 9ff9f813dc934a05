/**
 * Photo gallery (admin spec §2 "/admin/photo-gallery shows a form plus a list; only
 * photos marked Featured appear on the home carousel"). The list is in the order
 * visitors see the photos. This action also serves the home editor's photo manager
 * (/admin/home posts here).
 */
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/photo-gallery";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { LivePreview } from "~/components/admin/kit/live-preview";
import { GalleryPreview } from "~/components/admin/home/home-previews";
import { PhotoManager, toPhotoRow } from "~/components/admin/photo-gallery/photo-gallery-screen";
import {
  PHOTO_TEXT,
  photoCreateSchema,
  photoFlagSchema,
  photoUpdateSchema,
  photoValues,
} from "~/domain/content/photos/photo-form";
import { adminMeta } from "~/domain/pages/seo";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { collectionIntents, loadCollectionScreen } from "~/server/admin/collection-screen.server";
import { photoGalleryService, readFeaturedPhotos } from "~/server/content/photo-gallery.server";
import { readHomeSectionPreview } from "~/server/pages/home-section-preview.server";
import { getDb } from "~/server/db/database.server";

export async function loader({ request }: Route.LoaderArgs) {
  // The admin check first (inside loadCollectionScreen), then the preview's reads.
  const screen = await loadCollectionScreen(request, photoGalleryService, toPhotoRow, PHOTO_TEXT);
  const preview = await readHomeSectionPreview(
    getDb(),
    ["home-photo-gallery-title", "home-photo-gallery-description"],
    readFeaturedPhotos,
    "featured photos",
  );
  return { ...screen, preview };
}

export const action = ({ request }: Route.ActionArgs) =>
  handleAdminAction(
    request,
    collectionIntents(photoGalleryService, {
      texts: PHOTO_TEXT,
      name: (row) => row.title,
      create: { schema: photoCreateSchema, values: (input) => photoValues(input) },
      update: {
        schema: photoUpdateSchema,
        values: (input, stored) => photoValues(input, stored.imageUrl),
      },
      flags: photoFlagSchema,
      reorder: true,
    }),
  );

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function PhotoGallery({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      toasts={[loaderData.toast]}
      title="Photo Gallery"
      description="The photos of the home page's gallery. Add, edit and order them here; visitors see the Active, Featured ones in this order."
    >
      <AdminSection
        title="Photos"
        description="Move a photo up or down to change the order. Only Featured photos appear on the home page."
      >
        <PhotoManager photos={loaderData.rows} loadFailed={loaderData.loadFailed} />
      </AdminSection>
      <LivePreview note="The home page's gallery as visitors see it; it follows every save here.">
        <GalleryPreview values={loaderData.preview.values} photos={loaderData.preview.items} />
      </LivePreview>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Photo Gallery");
