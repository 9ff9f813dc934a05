import { useMemo } from "react";
import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/page-content";
import { PageContentScreen } from "~/components/admin/page-content/page-content-screen";
import { pageContentPreviews, type PreviewLists } from "~/components/admin/page-content/previews";
import { PAGE_CONTENT_SCREEN } from "~/components/admin/page-content/screens";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { updateContentIntent } from "~/server/content/page-content-intent.server";
import { readAboutLists } from "~/server/content/about-lists.server";
import { readFeaturedVideos } from "~/server/content/featured-videos.server";
import { loadContentScreen } from "~/server/pages/page-content-screens.server";
import { readFeaturedPhotos } from "~/server/content/photo-gallery.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  // The previews show the lists as visitors see them now; one that fails to load only
  // leaves its preview without them.
  const [screen, videos, photos, about] = await Promise.all([
    loadContentScreen(PAGE_CONTENT_SCREEN, { oneRead: true }),
    orNull(readFeaturedVideos(db), "featured videos preview"),
    orNull(readFeaturedPhotos(db), "featured photos preview"),
    orNull(readAboutLists(db), "about lists preview"),
  ]);
  return { ...screen, lists: { videos, photos, about } satisfies PreviewLists };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, { "update-content": updateContentIntent });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function PageContentList({ loaderData }: Route.ComponentProps) {
  const { sections, toasts, lists } = loaderData;
  const previews = useMemo(
    () =>
      pageContentPreviews(
        sections.flatMap((section) => section.entries),
        lists,
      ),
    [sections, lists],
  );
  return (
    <PageContentScreen
      config={PAGE_CONTENT_SCREEN}
      sections={sections}
      toasts={toasts}
      previews={previews}
    />
  );
}

export const meta: Route.MetaFunction = () => adminMeta("${PAGE_CONTENT_SCREEN.title}");
