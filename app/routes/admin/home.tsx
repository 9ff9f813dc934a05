/**
 * Manage Home Page (admin spec §2): four section editors, Hero, Featured Videos, Photo
 * Gallery and Call-to-Action, each with a live preview drawn by the public home page's
 * own components from the unsaved values. The open section is kept in `?section=`.
 *
 * This action answers the page texts (update-content). The video and photo managers
 * are the featured-videos and photo-gallery screens' own, and post to those screens'
 * actions; React Router then reloads this page's data, previews included.
 */
import { Link } from "react-router";
import { ArrowRight, Film, Images, Megaphone, Sparkles } from "lucide-react";
import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import type { Route } from "./+types/home";
import {
  FeaturedVideoManager,
  toFeaturedVideoRow,
} from "~/components/admin/featured-videos/featured-videos-screen";
import {
  CtaPreview,
  GalleryPreview,
  HeroPreview,
  VideosPreview,
} from "~/components/admin/home/home-previews";
import {
  HOME_EDITOR_KEYS,
  HOME_SECTIONS,
  HOME_TABS,
  type HomeSectionId,
} from "~/components/admin/home/home-sections";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { FormAlert } from "~/components/admin/kit/form-alert";
import { UrlTabs, tabsShouldRevalidate } from "~/components/admin/kit/url-tabs";
import {
  PageContentEditor,
  type ContentValues,
  type PageContentEntry,
} from "~/components/admin/kit/page-content-editor";
import { PhotoCarouselPreview } from "~/components/admin/photo-gallery/photo-carousel-preview";
import { PhotoManager, toPhotoRow } from "~/components/admin/photo-gallery/photo-gallery-screen";
import { TabsContent } from "~/components/ui/tabs";
import { FEATURED_VIDEO_TEXT } from "~/domain/content/videos/featured-video";
import { contentDefinition } from "~/domain/content/page-content/registry";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import { PHOTO_TEXT } from "~/domain/content/photos/photo-form";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { featuredVideoService, readFeaturedVideos } from "~/server/content/featured-videos.server";
import { updateContentIntent } from "~/server/content/page-content-intent.server";
import { listEditableContent } from "~/server/content/page-content.server";
import { photoGalleryService, readFeaturedPhotos } from "~/server/content/photo-gallery.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

/** The screens whose actions the managers post to (and whose full pages they link to). */
const FEATURED_VIDEOS_PATH = "/admin/featured-videos";
const PHOTO_GALLERY_PATH = "/admin/photo-gallery";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  // Each part stands on its own: a failed read says so where it would be (and in a
  // toast), the rest of the screen works as usual.
  const [entries, videos, photos, publicVideos, publicPhotos] = await Promise.all([
    orNull(listEditableContent(db, HOME_EDITOR_KEYS), "home page content"),
    orNull(featuredVideoService.listAll(db), "featured videos"),
    orNull(photoGalleryService.listAll(db), "photo gallery"),
    // What visitors see now, for the previews (fresh, not the cached public read).
    orNull(readFeaturedVideos(db), "featured videos preview"),
    orNull(readFeaturedPhotos(db), "featured photos preview"),
  ]);
  const failures: Record<"content" | "videos" | "photos", string | null> = {
    content: entries ? null : PAGE_CONTENT_TEXT.homeFetchFailed,
    videos: videos ? null : FEATURED_VIDEO_TEXT.fetchFailed,
    photos: photos ? null : PHOTO_TEXT.fetchFailed,
  };
  return {
    entries: entries ?? [],
    videos: (videos ?? []).map(toFeaturedVideoRow),
    photos: (photos ?? []).map(toPhotoRow),
    preview: { videos: publicVideos, photos: publicPhotos },
    failures,
    toasts: Object.values(failures)
      .filter((failure): failure is string => failure !== null)
      .map((failure) => newToast("error", "Error", failure)),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, { "update-content": updateContentIntent });
}

/** Switching sections only changes `?section=`: nothing to load again for that. */
export const shouldRevalidate = tabsShouldRevalidate(HOME_TABS);

const SECTION_ICONS: Record<HomeSectionId, React.ReactNode> = {
  hero: <Sparkles aria-hidden />,
  videos: <Film aria-hidden />,
  gallery: <Images aria-hidden />,
  cta: <Megaphone aria-hidden />,
};

type Preview = (values: Record<string, ContentValues>) => React.ReactNode;

/** A section's texts with their live preview, or why they could not be read. */
function SectionTexts({
  title,
  description,
  entries,
  failed,
  preview,
}: {
  title: string;
  description: string;
  entries: readonly PageContentEntry[];
  failed: string | null;
  preview: Preview;
}) {
  return (
    <AdminSection title={title} description={description}>
      {failed ? (
        <FormAlert message={failed} />
      ) : (
        <PageContentEditor entries={entries} preview={preview} />
      )}
    </AdminSection>
  );
}

function ScreenLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {children} <ArrowRight aria-hidden className="size-4" />
    </Link>
  );
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);

export default function ManageHome({ loaderData }: Route.ComponentProps) {
  const { entries, videos, photos, preview, failures } = loaderData;
  const entriesOf = (id: HomeSectionId) => {
    const keys: readonly string[] = HOME_SECTIONS.find((s) => s.id === id)!.keys;
    return entries.filter((entry) => keys.includes(entry.pageName));
  };
  const storedHeroImage =
    entries.find((entry) => entry.pageName === "home-hero-image")?.description ??
    contentDefinition("home-hero-image").defaultDescription ??
    "";

  return (
    <AdminScreen
      toasts={loaderData.toasts}
      title="Manage Home Page"
      description="The home page, section by section. Each preview is the public page's own section, drawn from what you type before you save; lists change on the site as soon as they are saved."
    >
      <UrlTabs
        config={HOME_TABS}
        label="Sections of the home page"
        icons={SECTION_ICONS}
        // Two by two on a phone, so every section is in view.
        listClassName="max-sm:grid max-sm:w-full max-sm:grid-cols-2 max-sm:rounded-2xl"
      >
        <TabsContent value="hero" className="space-y-12">
          <SectionTexts
            title="Hero"
            description="The first screen of the home page: the artist's name with the line above it, the introduction, and the picture behind them (an address or an uploaded image)."
            entries={entriesOf("hero")}
            failed={failures.content}
            preview={(values) => <HeroPreview values={values} storedImageUrl={storedHeroImage} />}
          />
        </TabsContent>

        <TabsContent value="videos" className="space-y-12">
          <SectionTexts
            title="Section text"
            description="The heading and introduction above the videos."
            entries={entriesOf("videos")}
            failed={failures.content}
            preview={(values) => <VideosPreview values={values} videos={preview.videos} />}
          />
          <AdminSection
            title="Featured videos"
            description="Visitors see the active videos, lowest display order first; the first one plays large."
            action={<ScreenLink to={FEATURED_VIDEOS_PATH}>Featured Videos screen</ScreenLink>}
          >
            <FeaturedVideoManager
              videos={videos}
              loadFailed={failures.videos}
              action={FEATURED_VIDEOS_PATH}
              uploadKind="video-large"
            />
          </AdminSection>
        </TabsContent>

        <TabsContent value="gallery" className="space-y-12">
          <SectionTexts
            title="Section text"
            description="The heading and introduction above the photos."
            entries={entriesOf("gallery")}
            failed={failures.content}
            preview={(values) => <GalleryPreview values={values} photos={preview.photos} />}
          />
          <AdminSection
            title="Carousel preview"
            description="The first five Featured, Active photos, in the order visitors see them."
          >
            {preview.photos ? (
              <PhotoCarouselPreview photos={preview.photos} className="mx-auto max-w-3xl" />
            ) : (
              <FormAlert message={PHOTO_TEXT.fetchFailed} />
            )}
          </AdminSection>
          <AdminSection
            title="Photos"
            description="Only Featured photos appear on the home page. Move a photo up or down to change the order."
            action={<ScreenLink to={PHOTO_GALLERY_PATH}>Photo Gallery screen</ScreenLink>}
          >
            <PhotoManager
              photos={photos}
              loadFailed={failures.photos}
              action={PHOTO_GALLERY_PATH}
            />
          </AdminSection>
        </TabsContent>

        <TabsContent value="cta" className="space-y-12">
          <SectionTexts
            title="Call-to-Action"
            description="The invitation that closes the home page, above the newsletter form."
            entries={entriesOf("cta")}
            failed={failures.content}
            preview={(values) => <CtaPreview values={values} />}
          />
        </TabsContent>
      </UrlTabs>
      <p className="text-sm text-muted-foreground">
        The testimonial and the upcoming-events heading of the home page are edited with the other
        page texts: <ScreenLink to="/admin/page-content">Page Content</ScreenLink>
      </p>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Manage Home Page");
