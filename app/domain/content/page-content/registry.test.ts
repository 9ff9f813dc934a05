import { describe, expect, it } from "vitest";
import {
  CONTENT_GROUPS,
  PAGE_CONTENT_DEFINITIONS,
  contentKeysOfGroup,
  resolveContent,
  resolveContentEntry,
  splitParagraphs,
} from "./registry";

const row = (
  pageName: string,
  title: string | null,
  description: string | null,
  paragraphSpacing: string | null = null,
) => ({
  pageName,
  title,
  description,
  paragraphSpacing,
});

describe("page-content registry", () => {
  it("has every key from both spec files exactly once, each with a name, group and default", () => {
    const keys = PAGE_CONTENT_DEFINITIONS.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    const required = [
      "footer-instagram-url",
      "footer-facebook-url",
      "footer-twitter-url",
      "footer-soundcloud-url",
      "footer-bandcamp-url",
      "home-hero-title",
      "home-hero-image",
      "home-hero-description",
      "home-featured-videos-title",
      "home-featured-videos-description",
      "home-photo-gallery-title",
      "home-photo-gallery-description",
      "home-testimonial-quote",
      "home-testimonial-author",
      "home-testimonial-title",
      "home-cta-title",
      "home-cta-description",
      "about-hero",
      "about-hero-secondary",
      "about-hero-image",
      "about-journey",
      "about-influences",
      "about-collaborations",
      "about-milestones",
      "media",
      "loe",
      "loe-banner-text",
      "events-hero-title",
      "events-hero-description",
      "events-upcoming-title",
      "events-past-title",
      "shop-hero-title",
      "shop-hero-description",
      "shop-hero-shipping",
      "shop-hero-delivery",
      "shop-featured-title",
      "shop-featured-description",
      "shop-catalog-title",
      "contact-hero-title",
      "contact-hero-description",
      "contact-email",
      "contact-phone",
      "contact-location",
      "contact-instagram",
      "contact-youtube",
      "contact-booking-title",
      "contact-booking-email",
    ];
    expect(keys).toEqual(expect.arrayContaining(required));
    for (const d of PAGE_CONTENT_DEFINITIONS) {
      expect(d.name.length).toBeGreaterThan(0);
      expect(CONTENT_GROUPS).toContain(d.group);
      expect(d.defaultTitle.length).toBeGreaterThan(0);
    }
  });

  it("carries the spec's defaults", () => {
    const e = (k: Parameters<typeof resolveContentEntry>[0]) => resolveContentEntry(k);
    expect(e("media").title).toBe("Media Gallery");
    expect(e("media").description).toBe(
      "Explore videos, photos, and social content showcasing performances, studio sessions, and behind-the-scenes moments",
    );
    expect(e("loe").title).toBe("LOE");
    expect(e("loe").description).toBe("Discover our featured content and gallery");
    expect(e("events-hero-title").value).toBe("Live Events");
    expect(e("shop-hero-title").value).toBe("Official Store");
    expect(e("shop-hero-shipping").value).toBe("free shipping on orders over $50");
    expect(e("shop-hero-delivery").value).toBe("instant digital delivery");
    expect(e("shop-featured-title").value).toBe("Featured Items");
    expect(e("about-hero").title).toMatch(/^About /);
    expect(e("loe-banner-text").value).toContain("{email}");
  });

  it("limits the paragraph-spacing selector to the five about keys", () => {
    const withSpacing = PAGE_CONTENT_DEFINITIONS.filter((d) => d.hasParagraphSpacing).map(
      (d) => d.key,
    );
    expect(withSpacing.filter((k) => k.startsWith("about-")).sort()).toEqual([
      "about-collaborations",
      "about-hero",
      "about-influences",
      "about-journey",
      "about-milestones",
    ]);
  });

  it("groups keys for the admin lists", () => {
    expect(contentKeysOfGroup("footer")).toHaveLength(5);
    expect(contentKeysOfGroup("contact")).toContain("contact-booking-email");
  });
});

describe("resolving content", () => {
  it("uses the description first, then the title, then the default", () => {
    const content = resolveContent(
      ["contact-email", "events-hero-title", "shop-hero-title"],
      [row("contact-email", "Email", "a@b.example"), row("events-hero-title", "On Tour", "  ")],
    );
    expect(content["contact-email"].value).toBe("a@b.example");
    expect(content["events-hero-title"].value).toBe("On Tour");
    expect(content["shop-hero-title"].value).toBe("Official Store");
  });

  it("fills each field with its own default", () => {
    const entry = resolveContentEntry("media", row("media", "Gallery", null));
    expect(entry.title).toBe("Gallery");
    expect(entry.description).toMatch(/^Explore videos/);
  });

  it("defaults paragraph spacing to mb-4 and ignores unknown classes", () => {
    expect(
      resolveContentEntry("about-hero", row("about-hero", "A", "B", "mb-8")).paragraphSpacing,
    ).toBe("mb-8");
    expect(
      resolveContentEntry("about-hero", row("about-hero", "A", "B", "evil")).paragraphSpacing,
    ).toBe("mb-4");
  });

  it("ignores rows for keys nobody asked for", () => {
    const content = resolveContent(["loe"], [row("media", "x", "y")]);
    expect(Object.keys(content)).toEqual(["loe"]);
  });
});

describe("splitParagraphs", () => {
  it("splits on line breaks and drops blank lines", () => {
    expect(splitParagraphs("One\n\nTwo\r\nThree\n  ")).toEqual(["One", "Two", "Three"]);
    expect(splitParagraphs(null)).toEqual([]);
  });
});
