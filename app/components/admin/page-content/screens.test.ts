import { describe, expect, it } from "vitest";
import { PAGE_CONTENT_DEFINITIONS } from "~/domain/content/page-content/registry";
import {
  CONTACT_SCREEN,
  FOOTER_SCREEN,
  PAGE_CONTENT_SCREEN,
  SHOP_CONTENT_SCREEN,
  matchesContentSearch,
} from "./screens";

const keysOf = (screen: typeof PAGE_CONTENT_SCREEN) => screen.sections.flatMap((s) => s.keys);

describe("the page-content list screens", () => {
  it("/admin/page-content lists every key of the registry once, grouped by page", () => {
    const keys = keysOf(PAGE_CONTENT_SCREEN);
    expect([...keys].sort()).toEqual(PAGE_CONTENT_DEFINITIONS.map((d) => d.key).sort());
    expect(PAGE_CONTENT_SCREEN.sections.map((s) => s.title)).toEqual([
      "Home page",
      "About page",
      "Media page",
      "LOE page",
      "Events page",
      "Shop page",
      "Contact page",
      "Footer links",
    ]);
    expect(PAGE_CONTENT_SCREEN.searchable).toBe(true);
    expect(PAGE_CONTENT_SCREEN.sections[0]!.failure).toBe("Failed to fetch page contents");
  });

  it("/admin/shop-content lists the shop keys", () => {
    expect(keysOf(SHOP_CONTENT_SCREEN)).toEqual([
      "shop-hero-title",
      "shop-hero-description",
      "shop-hero-shipping",
      "shop-hero-delivery",
      "shop-featured-title",
      "shop-featured-description",
      "shop-catalog-title",
    ]);
    expect(SHOP_CONTENT_SCREEN.sections[0]!.failure).toBe("Failed to fetch shop page contents");
  });

  it("/admin/contact lists the contact keys, then the footer links (Contact & Footer)", () => {
    expect(CONTACT_SCREEN.title).toBe("Contact & Footer");
    const [contact, footer] = CONTACT_SCREEN.sections;
    expect(contact!.keys).toContain("contact-booking-email");
    expect(contact!.keys.every((k) => k.startsWith("contact-"))).toBe(true);
    expect(contact!.failure).toBe("Failed to fetch contact page contents");
    expect(footer!.keys).toEqual(FOOTER_SCREEN.sections[0]!.keys);
    expect(footer!.failure).toBe("Failed to fetch footer link contents");
  });

  it("/admin/footer lists the five footer links", () => {
    expect(keysOf(FOOTER_SCREEN)).toEqual([
      "footer-instagram-url",
      "footer-facebook-url",
      "footer-twitter-url",
      "footer-soundcloud-url",
      "footer-bandcamp-url",
    ]);
  });

  it("finds a text by its friendly name or key, any case, every word", () => {
    const entry = { label: "Shop hero title", pageName: "shop-hero-title" };
    expect(matchesContentSearch(entry, "HERO")).toBe(true);
    expect(matchesContentSearch(entry, "shop title")).toBe(true);
    expect(matchesContentSearch(entry, "shop-hero")).toBe(true);
    expect(matchesContentSearch(entry, "footer")).toBe(false);
    expect(matchesContentSearch(entry, "shop footer")).toBe(false);
  });
});
