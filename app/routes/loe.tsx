import { useRevalidator } from "react-router";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { publicPageHeaders } from "~/lib/http-cache";
import type { Route } from "./+types/loe";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { AudioCollection } from "~/components/loe/audio-collection";
import { ContactBanner, bannerText } from "~/components/loe/contact-banner";
import { FeaturedVideos } from "~/components/loe/featured-videos";
import { GalleryError, LoeGallery } from "~/components/loe/loe-gallery";
import { LoeHero } from "~/components/loe/loe-hero";
import { SectionBoundary, SectionMessage } from "~/components/loe/section";
import { Container } from "~/components/ui/container";
import { splitParagraphs } from "~/domain/content/page-content/registry";
import { pageTitle, seoMeta, siteMetaData } from "~/domain/pages/seo";
import { settleSection } from "~/server/core/settle.server";
import { loadLoeAudioTracks } from "~/server/content/loe-audio-tracks.server";
import { loadLoeImages } from "~/server/content/loe-images.server";
import { loadLoeVideos } from "~/server/content/loe-videos.server";
import { loadPageContent } from "~/server/pages/public-pages.server";
import { LOE_PAGE_KEYS } from "~/domain/content/page-content/keys";

export async function loader() {
  // Each section settles on its own: a failed read becomes that section's message.
  const [content, videos, tracks, images] = await Promise.all([
    loadPageContent(LOE_PAGE_KEYS),
    settleSection("videos", loadLoeVideos),
    settleSection("audio", loadLoeAudioTracks),
    settleSection("gallery", loadLoeImages),
  ]);
  return {
    hero: {
      title: content.loe.title,
      description: content.loe.description,
      paragraphs: splitParagraphs(content.loe.description),
      paragraphSpacing: content.loe.paragraphSpacing,
    },
    banner: bannerText(content["loe-banner-text"].value, content["contact-email"].value),
    videos,
    tracks,
    images,
  };
}

export default function LoePage({ loaderData }: Route.ComponentProps) {
  const { hero, banner, videos, tracks, images } = loaderData;
  const revalidator = useRevalidator();
  const retry = () => void revalidator.revalidate();
  const unableToLoad = (reset: () => void) => (
    <SectionMessage
      tone="error"
      title="Unable to load content"
      className="my-16"
      onRetry={() => {
        reset();
        retry();
      }}
    />
  );

  return (
    <>
      <HydrateLater>
        <LoeHero
          title={hero.title}
          paragraphs={hero.paragraphs}
          paragraphSpacing={hero.paragraphSpacing}
        />
        <ContactBanner text={banner} />
      </HydrateLater>
      <Container>
        <SectionBoundary fallback={unableToLoad}>
          <FeaturedVideos result={videos} onRetry={retry} />
        </SectionBoundary>
        <SectionBoundary fallback={unableToLoad}>
          <AudioCollection result={tracks} onRetry={retry} />
        </SectionBoundary>
        <SectionBoundary
          fallback={(reset) => (
            <div className="py-16">
              <GalleryError
                onRetry={() => {
                  reset();
                  retry();
                }}
              />
            </div>
          )}
        >
          <LoeGallery result={images} onRetry={retry} />
        </SectionBoundary>
      </Container>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    siteUrl: siteMetaData(matches).siteUrl,
    title: pageTitle(loaderData?.hero.title ?? "LOE"),
    description: loaderData?.hero.description ?? "Discover our featured content and gallery",
    path: "/loe",
  });

export const ErrorBoundary = RouteErrorBoundary;

export const headers = publicPageHeaders;
