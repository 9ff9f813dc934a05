/**
 * Featured videos (admin spec §2 "/admin/featured-videos shows a table plus an inline
 * form"): the home page's videos, lowest display order first, the first one large.
 * This action also serves the home editor's video manager (/admin/home posts here).
 */
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/featured-videos";
import {
  FeaturedVideoManager,
  toFeaturedVideoRow,
} from "~/components/admin/featured-videos/featured-videos-screen";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { LivePreview } from "~/components/admin/kit/live-preview";
import { VideosPreview } from "~/components/admin/home/home-previews";
import {
  FEATURED_VIDEO_TEXT,
  featuredVideoCreateSchema,
  featuredVideoFlagSchema,
  featuredVideoUpdateSchema,
} from "~/domain/content/videos/featured-video";
import { adminMeta } from "~/domain/pages/seo";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { collectionIntents, loadCollectionScreen } from "~/server/admin/collection-screen.server";
import { featuredVideoService, readFeaturedVideos } from "~/server/content/featured-videos.server";
import { readHomeSectionPreview } from "~/server/pages/home-section-preview.server";
import { getDb } from "~/server/db/database.server";

export async function loader({ request }: Route.LoaderArgs) {
  // The admin check first (inside loadCollectionScreen), then the preview's reads.
  const screen = await loadCollectionScreen(
    request,
    featuredVideoService,
    toFeaturedVideoRow,
    FEATURED_VIDEO_TEXT,
  );
  const preview = await readHomeSectionPreview(
    getDb(),
    ["home-featured-videos-title", "home-featured-videos-description"],
    readFeaturedVideos,
    "featured videos",
  );
  return { ...screen, preview };
}

export const action = ({ request }: Route.ActionArgs) =>
  handleAdminAction(
    request,
    collectionIntents(featuredVideoService, {
      texts: FEATURED_VIDEO_TEXT,
      name: (row) => row.title,
      create: featuredVideoCreateSchema,
      update: featuredVideoUpdateSchema,
      flags: featuredVideoFlagSchema,
      reorder: true,
    }),
  );

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function FeaturedVideos({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      toasts={[loaderData.toast]}
      title="Featured Videos"
      description="The videos of the home page's video section. Visitors see the active ones, lowest display order first; the first is shown large."
    >
      <AdminSection
        title="Videos"
        description="Move a video up or down to change the order; the Active switch shows or hides it on the home page."
      >
        <FeaturedVideoManager videos={loaderData.rows} loadFailed={loaderData.loadFailed} />
      </AdminSection>
      <LivePreview note="The home page's video section as visitors see it; it follows every save here.">
        <VideosPreview values={loaderData.preview.values} videos={loaderData.preview.items} />
      </LivePreview>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Featured Videos");
