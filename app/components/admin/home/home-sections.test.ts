import { describe, expect, it } from "vitest";
import { HOME_PAGE_KEYS } from "~/domain/content/page-content/keys";
import {
  HOME_EDITOR_KEYS,
  HOME_KEYS_ELSEWHERE,
  HOME_SECTIONS,
  HOME_TABS,
  previewContent,
  previewImageUrl,
} from "./home-sections";

describe("the home editor's sections", () => {
  it("are the spec's four, in the page's order", () => {
    expect(HOME_SECTIONS.map((s) => s.label)).toEqual([
      "Hero",
      "Featured Videos",
      "Photo Gallery",
      "Call-to-Action",
    ]);
    expect(HOME_SECTIONS.find((s) => s.id === "hero")?.keys).toEqual([
      "home-hero-title",
      "home-hero-description",
      "home-hero-image",
    ]);
  });

  it("split the home page's keys: each key in one section, or named as edited elsewhere", () => {
    const all = [...HOME_EDITOR_KEYS, ...HOME_KEYS_ELSEWHERE];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...HOME_PAGE_KEYS].sort());
    expect(HOME_KEYS_ELSEWHERE).toEqual([
      "home-testimonial-quote",
      "home-testimonial-author",
      "home-testimonial-title",
      "events-upcoming-title",
    ]);
  });

  it("keeps the open section in ?section=, Hero first", () => {
    expect(HOME_TABS.param).toBe("section");
    expect(HOME_TABS.tabs.map((t) => t.value)).toEqual(["hero", "videos", "gallery", "cta"]);
  });
});

describe("the previews' content", () => {
  it("reads the unsaved values as the public page would: description, title, then the default", () => {
    const content = previewContent(["home-hero-title", "home-cta-title"], {
      "home-hero-title": { title: "Silas Unsaved", description: null, paragraphSpacing: null },
      "home-cta-title": { title: "", description: null, paragraphSpacing: null },
    });
    expect(content["home-hero-title"].title).toBe("Silas Unsaved");
    // A cleared subtitle previews as the registry's default, as the public page shows it.
    expect(content["home-hero-title"].description).toBe("Bass Trombone · Voice · Composer");
    expect(content["home-cta-title"].title).toBe("Stay in the Loop");
  });

  it("uses the defaults for keys without values", () => {
    expect(previewContent(["home-hero-image"], {})["home-hero-image"].value).toBe(
      "/images/hero-default.jpg",
    );
  });

  it("shows a typed picture address only once it is one the page can show", () => {
    const stored = "/uploads/images/stored.jpg";
    expect(previewImageUrl("https://example.com/new.jpg", stored)).toBe(
      "https://example.com/new.jpg",
    );
    expect(previewImageUrl("/uploads/images/new.png", stored)).toBe("/uploads/images/new.png");
    expect(previewImageUrl("/images/hero-default.jpg", stored)).toBe("/images/hero-default.jpg");
    expect(previewImageUrl("/upl", stored)).toBe(stored);
    expect(previewImageUrl("javascript:alert(1)", stored)).toBe(stored);
    expect(previewImageUrl("", stored)).toBe(stored);
  });
});
