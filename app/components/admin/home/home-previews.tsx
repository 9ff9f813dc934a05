/**
 * The live previews of the home editor's four sections: the public home page's own
 * components (components/home-hero.tsx, components/home/*), given the values being
 * edited, saved or not, and the lists as visitors see them now.
 */
import { HomeHero } from "~/components/home-hero";
import { CallToAction } from "~/components/home/call-to-action";
import { FeaturedVideos, type HomeVideo } from "~/components/home/featured-videos";
import { PhotoGallery, type HomePhoto } from "~/components/home/photo-gallery";
import { Testimonial } from "~/components/home/testimonial";
import { cn } from "~/lib/cn";
import { previewContent, previewImageUrl, type DraftValues } from "./home-sections";

type Values = Record<string, DraftValues>;

/**
 * The public sections are laid out for the whole window; beside the editor (from the
 * xl breakpoint) they are drawn at a smaller scale, so the preview keeps the layout a
 * visitor's wide screen shows rather than squeezing it into half the width.
 */
function Frame({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn("xl:[zoom:0.5]", className)}>{children}</div>;
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="px-6 py-12 text-center text-sm text-muted-foreground">{children}</p>;
}

export function HeroPreview({
  values,
  storedImageUrl,
}: {
  values: Values;
  /** The stored picture, shown while the typed address is not yet one. */
  storedImageUrl: string;
}) {
  const content = previewContent(
    ["home-hero-title", "home-hero-description", "home-hero-image"],
    values,
  );
  return (
    <Frame>
      <HomeHero
        title={content["home-hero-title"].title}
        subtitle={content["home-hero-title"].description}
        description={content["home-hero-description"].description}
        imageUrl={previewImageUrl(content["home-hero-image"].value, storedImageUrl)}
      />
    </Frame>
  );
}

export function VideosPreview({
  values,
  videos,
}: {
  values: Values;
  videos: readonly HomeVideo[] | null;
}) {
  const content = previewContent(
    ["home-featured-videos-title", "home-featured-videos-description"],
    values,
  );
  if (!videos || videos.length === 0) {
    return (
      <Empty>
        {videos
          ? "No active featured videos: the section stays hidden on the home page until one is added."
          : "The videos could not be loaded for the preview."}
      </Empty>
    );
  }
  return (
    <Frame>
      <FeaturedVideos
        title={content["home-featured-videos-title"].title}
        description={content["home-featured-videos-description"].description}
        videos={videos}
      />
    </Frame>
  );
}

export function GalleryPreview({
  values,
  photos,
}: {
  values: Values;
  photos: readonly HomePhoto[] | null;
}) {
  const content = previewContent(
    ["home-photo-gallery-title", "home-photo-gallery-description"],
    values,
  );
  if (!photos || photos.length === 0) {
    return (
      <Empty>
        {photos
          ? "No featured photos: the section stays hidden on the home page until a photo is Featured and Active."
          : "The photos could not be loaded for the preview."}
      </Empty>
    );
  }
  return (
    <Frame>
      <PhotoGallery
        title={content["home-photo-gallery-title"].title}
        description={content["home-photo-gallery-description"].description}
        photos={photos}
      />
    </Frame>
  );
}

export function TestimonialPreview({ values }: { values: Values }) {
  const content = previewContent(
    ["home-testimonial-quote", "home-testimonial-author", "home-testimonial-title"],
    values,
  );
  return (
    <Frame>
      <Testimonial
        quote={content["home-testimonial-quote"].value}
        author={content["home-testimonial-author"].value}
        title={content["home-testimonial-title"].description}
      />
    </Frame>
  );
}

/**
 * The public call-to-action as it is: title, description and the newsletter form. Admin
 * spec §2 names "Book Now" and "Download Kit" buttons for it, which the public section
 * does not have; the preview shows what visitors will see (docs/decisions/031).
 */
export function CtaPreview({ values }: { values: Values }) {
  const content = previewContent(["home-cta-title", "home-cta-description"], values);
  return (
    <Frame>
      <CallToAction
        title={content["home-cta-title"].title}
        description={content["home-cta-description"].description}
      />
    </Frame>
  );
}
