import { describe, expect, it } from "vitest";
import { NAV_LINKS, cartBadgeLabel, homeHref, isProductionHost } from "./site";
import { splitHeroTitle } from "../content/page-content/hero-title";
import { socialLinksFromContent } from "../content/page-content/social-links";
import { resolveContent } from "../content/page-content/registry";
import { FOOTER_LINK_KEYS } from "../content/page-content/social-links";

describe("navigation", () => {
  it("links Home, About, Media, LOE, Shop and Contact in that order", () => {
    expect(NAV_LINKS.map((l) => [l.label, l.to])).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Media", "/media"],
      ["LOE", "/loe"],
      ["Shop", "/shop"],
      ["Contact", "/contact"],
    ]);
  });

  it("caps the cart badge at 99+ and hides it when empty", () => {
    expect(cartBadgeLabel(0)).toBeNull();
    expect(cartBadgeLabel(1)).toBe("1");
    expect(cartBadgeLabel(99)).toBe("99");
    expect(cartBadgeLabel(100)).toBe("99+");
  });
});

describe("production-domain rule", () => {
  it("matches the configured host, ignoring case and port", () => {
    expect(isProductionHost("Silas.example:443", "silas.example")).toBe(true);
    expect(isProductionHost("localhost:3000", "silas.example")).toBe(false);
    expect(isProductionHost("silas.example", undefined)).toBe(false);
  });

  it("points Home at /home on the production host", () => {
    expect(homeHref(true)).toBe("/home");
    expect(homeHref(false)).toBe("/");
  });
});

describe("hero title", () => {
  it("splits by words and highlights the second", () => {
    expect(splitHeroTitle("  Silas   Lowenthorne Quartet ")).toEqual([
      { text: "Silas", highlighted: false },
      { text: "Lowenthorne", highlighted: true },
      { text: "Quartet", highlighted: false },
    ]);
    expect(splitHeroTitle("Solo")).toEqual([{ text: "Solo", highlighted: false }]);
  });
});

describe("footer social links", () => {
  it("shows only http(s) links that are set, in the footer order", () => {
    const content = resolveContent(FOOTER_LINK_KEYS, [
      {
        pageName: "footer-bandcamp-url",
        title: "Bandcamp",
        description: "https://band.example/x",
        paragraphSpacing: null,
      },
      {
        pageName: "footer-instagram-url",
        title: "Instagram",
        description: "https://insta.example/s",
        paragraphSpacing: null,
      },
      {
        pageName: "footer-twitter-url",
        title: "Twitter",
        description: "javascript:alert(1)",
        paragraphSpacing: null,
      },
    ]);
    expect(socialLinksFromContent(content).map((l) => l.key)).toEqual([
      "footer-instagram-url",
      "footer-bandcamp-url",
    ]);
  });
});
