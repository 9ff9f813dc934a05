import { describe, expect, it } from "vitest";
import {
  hasVariants,
  parseVariantPath,
  variantSourcePath,
  variantSrcSet,
  variantUrl,
  variantWidthsFor,
  withRetryMarker,
} from "./image-variants";

describe("variantSourcePath", () => {
  it("accepts raster images under /uploads and /images", () => {
    expect(variantSourcePath("/uploads/images/photos/bell-light.jpg")).toBe(
      "uploads/images/photos/bell-light.jpg",
    );
    expect(variantSourcePath("/images/hero-default.jpg")).toBe("images/hero-default.jpg");
    expect(variantSourcePath("/uploads/a/b.PNG?x=1")).toBe("uploads/a/b.PNG");
    expect(variantSourcePath("/uploads/a%20b.webp")).toBe("uploads/a b.webp");
  });

  it("refuses external URLs, vector and animated images, other roots and unsafe paths", () => {
    expect(variantSourcePath("https://cdn.example.com/x.jpg")).toBeNull();
    expect(variantSourcePath("//cdn.example.com/x.jpg")).toBeNull();
    expect(variantSourcePath("/images/placeholder.svg")).toBeNull();
    expect(variantSourcePath("/uploads/anim.gif")).toBeNull();
    expect(variantSourcePath("/assets/x.jpg")).toBeNull();
    expect(variantSourcePath("/uploads/../secret.jpg")).toBeNull();
    expect(variantSourcePath("/uploads/%2e%2e/secret.jpg")).toBeNull();
    expect(variantSourcePath("/uploads//x.jpg")).toBeNull();
    expect(variantSourcePath("/uploads/x%5c..%5cy.jpg")).toBeNull();
    expect(variantSourcePath("/uploads/%E0%A4%A.jpg")).toBeNull();
    expect(variantSourcePath("/uploads/noext")).toBeNull();
    expect(hasVariants("/uploads/x.jpeg")).toBe(true);
  });
});

describe("variant URLs", () => {
  it("keeps the whole source path and appends the format", () => {
    expect(variantUrl("/uploads/images/x.jpg", 768, "avif")).toBe(
      "/img/768/uploads/images/x.jpg.avif",
    );
    expect(variantUrl("/uploads/my photo.jpg", 480, "webp")).toBe(
      "/img/480/uploads/my%20photo.jpg.webp",
    );
    expect(variantUrl("https://x.test/a.jpg", 480, "webp")).toBeNull();
  });

  it("parses its own URLs back", () => {
    const url = variantUrl("/uploads/my photo.jpg", 1200, "webp")!;
    expect(parseVariantPath(url)).toEqual({
      width: 1200,
      format: "webp",
      sourcePath: "uploads/my photo.jpg",
      root: "uploads",
      pathInRoot: "my photo.jpg",
    });
    expect(parseVariantPath("/img/768/images/hero-default.jpg.avif")).toMatchObject({
      root: "images",
      pathInRoot: "hero-default.jpg",
    });
  });

  it("refuses widths and formats outside the scheme and unsafe paths", () => {
    expect(parseVariantPath("/img/500/uploads/x.jpg.avif")).toBeNull();
    expect(parseVariantPath("/img/768/uploads/x.jpg.png")).toBeNull();
    expect(parseVariantPath("/img/768/uploads/../x.jpg.avif")).toBeNull();
    expect(parseVariantPath("/img/768/etc/passwd.jpg.avif")).toBeNull();
    expect(parseVariantPath("/img/768")).toBeNull();
    expect(parseVariantPath("/other/768/uploads/x.jpg.avif")).toBeNull();
  });
});

describe("srcset widths", () => {
  it("lists the widths below the source and one that is served at the source width", () => {
    expect(variantWidthsFor(900)).toEqual([
      { width: 480, actual: 480 },
      { width: 768, actual: 768 },
      { width: 1200, actual: 900 },
    ]);
    expect(variantWidthsFor(1920).map((w) => w.width)).toEqual([480, 768, 1200, 1920]);
    expect(variantWidthsFor(4000).map((w) => w.actual)).toEqual([480, 768, 1200, 1920]);
    expect(variantWidthsFor(300)).toEqual([{ width: 480, actual: 300 }]);
  });

  it("uses every width when the source width is unknown", () => {
    expect(variantWidthsFor(undefined).map((w) => w.actual)).toEqual([480, 768, 1200, 1920]);
  });

  it("builds a srcset, with a retry marker on each URL after a failure", () => {
    expect(variantSrcSet("/uploads/x.jpg", "avif", 800)).toBe(
      "/img/480/uploads/x.jpg.avif 480w, /img/768/uploads/x.jpg.avif 768w, /img/1200/uploads/x.jpg.avif 800w",
    );
    expect(variantSrcSet("/uploads/x.jpg", "webp", 400, 2)).toBe(
      "/img/480/uploads/x.jpg.webp?retry=2 400w",
    );
    expect(variantSrcSet("https://x.test/a.jpg", "webp", 400)).toBeNull();
  });

  it("encodes a source's name once in every URL of its srcset", () => {
    expect(variantSrcSet("/images/Blue%20Note%20night.jpg", "webp", 600)).toBe(
      "/img/480/images/Blue%20Note%20night.jpg.webp 480w, /img/768/images/Blue%20Note%20night.jpg.webp 600w",
    );
    expect(variantSrcSet("/uploads/../private/x.jpg", "webp", 600)).toBeNull();
  });
});

describe("withRetryMarker", () => {
  it("busts the cache of same-origin URLs only", () => {
    expect(withRetryMarker("/uploads/x.jpg", 0)).toBe("/uploads/x.jpg");
    expect(withRetryMarker("/uploads/x.jpg", 1)).toBe("/uploads/x.jpg?retry=1");
    expect(withRetryMarker("/uploads/x.jpg?v=3", 2)).toBe("/uploads/x.jpg?v=3&retry=2");
    expect(withRetryMarker("https://x.test/a.jpg?sig=1", 1)).toBe("https://x.test/a.jpg?sig=1");
  });
});
