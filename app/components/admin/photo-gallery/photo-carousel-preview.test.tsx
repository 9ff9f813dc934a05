/** The preview carousel as the server renders it; moving it runs in tests/e2e/admin-home.e2e.ts. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  PhotoCarouselPreview,
  STOCK_PHOTO_URL,
  type CarouselPhoto,
} from "./photo-carousel-preview";

const photo = (n: number, over: Partial<CarouselPhoto> = {}): CarouselPhoto => ({
  id: `p${n}`,
  title: `Photo ${n}`,
  altText: `Alt ${n}`,
  imageUrl: `/uploads/photo-gallery/p${n}.jpg`,
  isActive: true,
  isFeatured: true,
  ...over,
});

describe("preview carousel", () => {
  it("shows at most 5 featured active photos, the first one with its title as caption", () => {
    const html = renderToStaticMarkup(
      <PhotoCarouselPreview
        photos={[
          photo(1),
          photo(2, { isFeatured: false }),
          photo(3, { isActive: false }),
          ...[4, 5, 6, 7, 8].map((n) => photo(n)),
        ]}
      />,
    );
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(5);
    expect(html).toContain('aria-label="Previous photo"');
    expect(html).toContain('aria-label="Next photo"');
    const dots = [...html.matchAll(/aria-label="Show photo (\d): ([^"]+)"/g)].map((m) => m[2]);
    expect(dots).toEqual(["Photo 1", "Photo 4", "Photo 5", "Photo 6", "Photo 7"]);
    expect(html).toMatch(/aria-label="Show photo 1: Photo 1" aria-current="true"/);
    // Only the first slide is shown; the others are hidden from everyone.
    expect(html.match(/<figure[^>]*aria-hidden="true"[^>]*inert=""/g)).toHaveLength(4);
    expect(html).toContain("Photo 1</span></figcaption>");
    expect(html).toContain('src="/img/1200/uploads/photo-gallery/p1.jpg.webp" alt="Alt 1"');
  });

  it("has no arrows or dots for a single photo", () => {
    const html = renderToStaticMarkup(<PhotoCarouselPreview photos={[photo(1)]} />);
    expect(html).not.toContain("Next photo");
    expect(html).not.toContain("Show photo");
  });

  it("says how to fill it when no photo is featured", () => {
    const html = renderToStaticMarkup(
      <PhotoCarouselPreview photos={[photo(1, { isFeatured: false })]} />,
    );
    expect(html).toContain("No featured photos yet.");
    expect(html).not.toContain("carousel");
  });

  it("has a stock picture that exists in public/images", async () => {
    const { existsSync } = await import("node:fs");
    expect(STOCK_PHOTO_URL).toMatch(/^\/images\//);
    expect(existsSync(`public${STOCK_PHOTO_URL}`)).toBe(true);
  });
});
