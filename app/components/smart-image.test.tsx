/** SmartImage as the server renders it; its loading, retries and Retry run in tests/e2e/loe.e2e.ts. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SmartImage, imagePreloadMeta } from "./smart-image";

describe("SmartImage on the server", () => {
  it("renders a priority image at once: eager, high priority, AVIF and WebP sources", () => {
    const html = renderToStaticMarkup(
      <SmartImage src="/uploads/images/a.jpg" alt="A" width={900} height={600} priority />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain(
      '<source type="image/avif" srcSet="/img/480/uploads/images/a.jpg.avif 480w, /img/768/uploads/images/a.jpg.avif 768w, /img/1200/uploads/images/a.jpg.avif 900w"',
    );
    expect(html).toContain('<source type="image/webp"');
    expect(html).toContain('src="/uploads/images/a.jpg"');
    // The box keeps its shape before the picture arrives.
    expect(html).toContain("aspect-ratio:900 / 600");
    expect(html).toContain('data-image-state="loading"');
    expect(html).toContain('class="smart-image-pulse"');
    expect(html).not.toContain("<noscript>");
  });

  it("renders an eager image at once, at low priority", () => {
    const html = renderToStaticMarkup(
      <SmartImage src="/uploads/images/a.jpg" alt="A" width={900} height={600} eager />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="low"');
    expect(html).toContain('decoding="async"');
    expect(html).not.toContain("<noscript>");
  });

  it("leaves a lazy image to the browser, with a native lazy copy for visitors without JS", () => {
    const html = renderToStaticMarkup(
      <SmartImage src="/uploads/images/a.jpg" alt="A" aspectRatio="4 / 3" />,
    );
    // No loading pulse until it comes near the screen.
    expect(html).toMatch(/^<span[^>]*><noscript>/);
    expect(html).not.toContain("smart-image-pulse");
    expect(html).toContain('loading="lazy"');
    expect(html).toContain("aspect-ratio:4 / 3");
    // The copy without JavaScript is one plain <img> of the source (every page carries it).
    expect(html).toContain('<noscript><img src="/uploads/images/a.jpg" alt="A" loading="lazy"');
    expect(html).not.toContain("<source");
  });

  it("uses an external or vector image as it is", () => {
    const html = renderToStaticMarkup(
      <SmartImage src="https://i.ytimg.com/vi/x/hqdefault.jpg" alt="" fill priority />,
    );
    expect(html).not.toContain("<source");
    expect(html).toContain('src="https://i.ytimg.com/vi/x/hqdefault.jpg"');
    expect(html).not.toContain("aspect-ratio");
  });
});

describe("imagePreloadMeta", () => {
  it("describes a high-priority AVIF preload with the srcset", () => {
    expect(imagePreloadMeta("/uploads/h.jpg", { sizes: "100vw", width: 700 })).toEqual({
      tagName: "link",
      rel: "preload",
      as: "image",
      href: "/uploads/h.jpg",
      fetchPriority: "high",
      imageSrcSet: "/img/480/uploads/h.jpg.avif 480w, /img/768/uploads/h.jpg.avif 700w",
      imageSizes: "100vw",
      type: "image/avif",
    });
    expect(imagePreloadMeta("https://x.test/h.jpg")).toEqual({
      tagName: "link",
      rel: "preload",
      as: "image",
      href: "https://x.test/h.jpg",
      fetchPriority: "high",
    });
  });
});
