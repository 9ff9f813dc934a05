import { useEffect } from "react";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { toast } from "~/lib/toast";
import { ImageOff } from "lucide-react";
import type { Route } from "./+types/media";
import { PageHero } from "~/components/page-hero";
import { MediaMosaic } from "~/components/media-mosaic";
import { Container } from "~/components/ui/container";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { resolveContentEntry } from "~/domain/content/page-content/registry";
import { pageTitle, seoMeta, siteMetaData } from "~/domain/pages/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { loadOrCreatePageContent } from "~/server/pages/public-pages.server";
import { orNull } from "~/server/core/settle.server";
import { loadVisibleMediaItems } from "~/server/content/media-items.server";
import { MEDIA_PAGE_EYEBROW, MEDIA_PAGE_KEY } from "~/domain/content/page-content/keys";

export async function loader() {
  const [header, items] = await Promise.all([
    // The media row is created with its defaults on first read (spec §4).
    orNull(loadOrCreatePageContent(MEDIA_PAGE_KEY), "media page content"),
    orNull(loadVisibleMediaItems(), "media items"),
  ]);
  return {
    header: header ?? resolveContentEntry("media"),
    headerFailed: header === null,
    items,
  };
}

export const headers = publicPageHeaders;

export default function MediaPage({ loaderData }: Route.ComponentProps) {
  const { header, headerFailed, items } = loaderData;

  // The failure toasts of spec §8 "Media".
  useEffect(() => {
    if (items === null) toast.error("Error", { description: "Failed to fetch media items" });
    if (headerFailed) toast.error("Error", { description: "Failed to fetch page content" });
  }, [items, headerFailed]);

  return (
    <>
      <HydrateLater>
        <PageHero
          eyebrow={MEDIA_PAGE_EYEBROW}
          title={header.title}
          description={header.description}
        />
      </HydrateLater>
      <section aria-label="Media items" className="py-14 sm:py-20">
        <Container>
          {items && items.length > 0 ? (
            <MediaMosaic items={items} />
          ) : (
            <div
              role={items === null ? "alert" : undefined}
              className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center text-muted-foreground"
            >
              <ImageOff aria-hidden className="size-9 text-primary/70" />
              <p>
                {items === null
                  ? "Failed to fetch media items"
                  : "No media items found. Check back soon for new content!"}
              </p>
            </div>
          )}
        </Container>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteMetaData(matches);
  if (!loaderData) return [{ title: pageTitle("Media") }];
  const first = loaderData.items?.find((i) => i.type === "photo" || i.thumbnailUrl);
  return seoMeta({
    siteUrl: site.siteUrl,
    title: pageTitle(loaderData.header.title),
    description: loaderData.header.description,
    path: "/media",
    image: first ? (first.type === "photo" ? first.url : first.thumbnailUrl) : null,
  });
};

export const ErrorBoundary = RouteErrorBoundary;
