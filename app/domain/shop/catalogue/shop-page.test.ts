import { describe, expect, it } from "vitest";
import {
  carouselArrowsHiddenClass,
  carouselCanScroll,
  slideImageSizes,
  slidesPerView,
} from "./carousel";
import { productJsonLd, serializeJsonLd } from "./product-json-ld";
import { toProduct, type ShopItemForProduct } from "./product";

describe("featured carousel", () => {
  it("shows 1, 2, 3 or 4 slides per view at base, md, lg and xl", () => {
    expect(slidesPerView(390)).toBe(1);
    expect(slidesPerView(767)).toBe(1);
    expect(slidesPerView(768)).toBe(2);
    expect(slidesPerView(1023)).toBe(2);
    expect(slidesPerView(1024)).toBe(3);
    expect(slidesPerView(1279)).toBe(3);
    expect(slidesPerView(1280)).toBe(4);
    expect(slidesPerView(2560)).toBe(4);
  });

  it("scrolls only with more slides than fit in a view", () => {
    expect(carouselCanScroll(4, 1440)).toBe(false);
    expect(carouselCanScroll(5, 1440)).toBe(true);
    expect(carouselCanScroll(2, 390)).toBe(true);
    expect(carouselCanScroll(1, 390)).toBe(false);
  });

  it("tells the browser each slide's image width per breakpoint", () => {
    expect(slideImageSizes(1200)).toBe(
      "(min-width: 1280px) min(25vw, 300px), (min-width: 1024px) min(33vw, 400px), (min-width: 768px) min(50vw, 600px), 100vw",
    );
  });
});

const item = (overrides: Partial<ShopItemForProduct>): ShopItemForProduct => ({
  id: "lp-1",
  title: "Lowlight Walk (180g Vinyl LP)",
  description: "Gatefold double LP.",
  price: 29.99,
  imageUrl: "/uploads/images/products/lp.svg",
  category: "physical_music",
  tags: [],
  bandcampUrl: null,
  externalUrl: null,
  hasDownload: false,
  inventoryCount: 0,
  isFeatured: false,
  ...overrides,
});

describe("product JSON-LD", () => {
  it("names the product, its price in USD and its availability", () => {
    const data = productJsonLd(toProduct(item({})), "https://example.org/");
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Lowlight Walk (180g Vinyl LP)",
      image: "https://example.org/uploads/images/products/lp.svg",
      description: "Gatefold double LP.",
      sku: "lp-1",
      offers: {
        "@type": "Offer",
        price: "29.99",
        priceCurrency: "USD",
        availability: "https://schema.org/OutOfStock",
        url: "https://example.org/shop#product-lp-1",
      },
    });
    const untracked = productJsonLd(
      toProduct(item({ category: "digital_music", inventoryCount: null, price: null })),
      "https://example.org",
    );
    expect(untracked.offers.availability).toBe("https://schema.org/InStock");
    expect(untracked.offers).toMatchObject({ price: "0.00" });
  });

  it("gives variants at different prices as a range (issue 24)", () => {
    const shirt = toProduct(
      item({
        category: "merchandise",
        price: 25,
        inventoryCount: null,
        options: [{ name: "Size", values: ["S", "XXL"] }],
        variants: [
          { id: "v1", values: ["S"], price: 25, inStock: false, stock: 0 },
          { id: "v2", values: ["XXL"], price: 27, inStock: true, stock: 4 },
        ],
      }),
    );
    expect(productJsonLd(shirt, "https://example.org").offers).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: "25.00",
      highPrice: "27.00",
      offerCount: 2,
      availability: "https://schema.org/InStock",
    });
  });

  it("cannot close its script element", () => {
    const text = serializeJsonLd(
      productJsonLd(
        toProduct(item({ title: "</script><script>alert(1)</script>" })),
        "https://x.org",
      ),
    );
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });
});

describe("carouselArrowsHiddenClass", () => {
  it("hides the arrows from the breakpoint where every slide fits", () => {
    expect(carouselArrowsHiddenClass(1)).toBe("invisible");
    expect(carouselArrowsHiddenClass(2)).toBe("md:invisible");
    expect(carouselArrowsHiddenClass(3)).toBe("lg:invisible");
    expect(carouselArrowsHiddenClass(4)).toBe("xl:invisible");
    expect(carouselArrowsHiddenClass(5)).toBe("");
  });
});
