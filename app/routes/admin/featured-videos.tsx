/**
 * Featured videos (admin spec §2 "/admin/featured-videos shows a table plus an inline
 * form"): the home page's videos, lowest display order first, the first one large.
 * This action also serves the home editor's video manager (/admin/home posts here).
 */
import type { Route } from "./+types/featured-videos";
import {
  FeaturedVideoManager,
  toFeaturedVideoRow,
} from "~/components/admin/featured-videos/featured-video-manager";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import {
  FEATURED_VIDEO_TEXT,
  featuredVideoCreateSchema,
  featuredVideoDeleteSchema,
  featuredVideoFlagSchema,
  featuredVideoReorderSchema,
  featuredVideoUpdateSchema,
} from "~/domain/featured-video";
import { SITE_NAME } from "~/domain/site";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { featuredVideoService } from "~/server/content/featured-videos.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const videos = await orNull(featuredVideoService.listAll(getDb()), "featured videos");
  return {
    videos: (videos ?? []).map(toFeaturedVideoRow),
    loadFailed: videos ? null : FEATURED_VIDEO_TEXT.fetchFailed,
    toast: videos ? null : newToast("error", "Error", FEATURED_VIDEO_TEXT.fetchFailed),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    create: intent({
      schema: featuredVideoCreateSchema,
      run: ({ db, actor, input }) => featuredVideoService.create(db, actor, input),
      success: (row) => ({ title: FEATURED_VIDEO_TEXT.created, description: row.title }),
      failure: FEATURED_VIDEO_TEXT.saveFailed,
    }),
    update: intent({
      schema: featuredVideoUpdateSchema,
      run: ({ db, actor, input: { id, ...values } }) =>
        featuredVideoService.update(db, actor, id, values),
      success: (row) => ({ title: FEATURED_VIDEO_TEXT.updated, description: row.title }),
      failure: FEATURED_VIDEO_TEXT.saveFailed,
    }),
    "set-flag": intent({
      schema: featuredVideoFlagSchema,
      run: ({ db, actor, input }) =>
        featuredVideoService.setFlag(db, actor, input.id, input.flag, input.value),
      success: (row) => ({ title: FEATURED_VIDEO_TEXT.updated, description: row.title }),
      failure: FEATURED_VIDEO_TEXT.saveFailed,
    }),
    delete: intent({
      schema: featuredVideoDeleteSchema,
      run: ({ db, actor, input }) => featuredVideoService.remove(db, actor, input.id),
      success: (row) => ({ title: FEATURED_VIDEO_TEXT.deleted, description: row.title }),
      failure: FEATURED_VIDEO_TEXT.deleteFailed,
    }),
    reorder: intent({
      schema: featuredVideoReorderSchema,
      run: ({ db, actor, input }) => featuredVideoService.reorder(db, actor, input.ids),
      success: FEATURED_VIDEO_TEXT.reordered,
      failure: FEATURED_VIDEO_TEXT.reorderFailed,
    }),
  });
}

export default function FeaturedVideos({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  return (
    <AdminScreen
      title="Featured Videos"
      description="The videos of the home page's video section. Visitors see the active ones, lowest display order first; the first is shown large."
    >
      <AdminSection
        title="Videos"
        description="Move a video up or down to change the order; the Active switch shows or hides it on the home page."
      >
        <FeaturedVideoManager videos={loaderData.videos} loadFailed={loaderData.loadFailed} />
      </AdminSection>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Featured Videos | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
