import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import {
  PAGE_CONTENT_MESSAGES as M,
  PAGE_CONTENT_TEXT,
  contentDescriptionProblem,
  loeBannerTextSchema,
  pageContentEntrySchema,
} from "./entry-form";

const errors = (input: Record<string, unknown>) => {
  const result = pageContentEntrySchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("page content entry schema", () => {
  it("trims the title, stores a blank description as null and defaults the spacing", () => {
    expect(
      pageContentEntrySchema.parse({
        pageName: "about-hero",
        title: "  About  ",
        description: "  ",
      }),
    ).toEqual({
      pageName: "about-hero",
      title: "About",
      description: null,
      paragraphSpacing: "mb-4",
    });
  });

  it.each(["mb-1", "mb-2", "mb-3", "mb-4", "mb-6", "mb-8", "mb-12"])(
    "takes the paragraph spacing %s",
    (spacing) => {
      expect(
        pageContentEntrySchema.parse({ pageName: "loe", title: "LOE", paragraphSpacing: spacing })
          .paragraphSpacing,
      ).toBe(spacing);
    },
  );

  it("gives each rule's message", () => {
    expect(errors({})).toEqual({ pageName: "Page name is required", title: "Title is required" });
    expect(errors({ pageName: "no-such-key", title: "T" })).toEqual({
      pageName: M.pageNameUnknown,
    });
    expect(errors({ pageName: "media", title: "t".repeat(201) })).toEqual({
      title: "Title must be under 200 characters",
    });
    expect(errors({ pageName: "media", title: "T", description: "d".repeat(1001) })).toEqual({
      description: "Description must be under 1000 characters",
    });
    expect(errors({ pageName: "media", title: "T", paragraphSpacing: "mb-5" })).toEqual({
      paragraphSpacing: M.paragraphSpacingInvalid,
    });
  });

  it("takes 200 title and 1000 description characters", () => {
    expect(
      pageContentEntrySchema.safeParse({
        pageName: "media",
        title: "t".repeat(200),
        description: "d".repeat(1000),
      }).success,
    ).toBe(true);
  });

  it("edits the LOE banner's template alone", () => {
    expect(loeBannerTextSchema.parse({ description: " Book us at {email} " })).toEqual({
      description: "Book us at {email}",
    });
  });

  it("carries the spec's texts", () => {
    expect(PAGE_CONTENT_TEXT).toMatchObject({
      updated: "Content updated successfully",
      updateFailed: "Failed to update content",
      validationErrorTitle: "Validation Error",
      validationError: "Please fix the form errors before submitting.",
      bannerUpdated: "Banner updated",
      bannerUpdateFailed: "Failed to update banner text.",
      loeLoadFailed: "Failed to load page content. Please try again.",
    });
  });
});

describe("page content: what a description may hold, by the key's kind", () => {
  const describe_ = (pageName: string, description: string) =>
    errors({ pageName, title: "T", description }).description;

  it.each([
    "footer-instagram-url",
    "footer-facebook-url",
    "footer-twitter-url",
    "footer-soundcloud-url",
    "footer-bandcamp-url",
    "contact-instagram",
    "contact-youtube",
  ])("%s takes an http(s) URL only", (key) => {
    expect(describe_(key, "https://www.instagram.com/silas")).toBeUndefined();
    expect(describe_(key, "http://example.com/band")).toBeUndefined();
    for (const bad of [
      "javascript:alert(1)",
      "instagram.com/silas",
      "ftp://example.com",
      "https://exa mple.com",
      "/uploads/images/a.png",
      "@silas",
    ]) {
      expect(describe_(key, bad), bad).toBe(M.urlInvalid);
    }
  });

  it.each(["contact-email", "contact-booking-email"])("%s takes an e-mail address", (key) => {
    expect(describe_(key, "booking@example.com")).toBeUndefined();
    for (const bad of ["booking", "booking@", "mailto:booking@example.com", "a b@example.com"]) {
      expect(describe_(key, bad), bad).toBe("Please enter a valid email address");
    }
  });

  it.each(["home-hero-image", "about-hero-image"])(
    "%s takes an http(s) URL, one of our uploads or its own default image",
    (key) => {
      expect(describe_(key, "https://cdn.example.com/hero.jpg")).toBeUndefined();
      expect(describe_(key, "/uploads/images/2025/hero.webp")).toBeUndefined();
      const ownDefault =
        key === "home-hero-image" ? "/images/hero-default.jpg" : "/images/about-default.jpg";
      expect(describe_(key, ownDefault)).toBeUndefined();
      for (const bad of [
        "javascript:alert(1)",
        "data:image/png;base64,AAAA",
        "/uploads/../secret.txt",
        "/etc/passwd",
        "hero.jpg",
        "//evil.example.com/x.png",
      ]) {
        expect(describe_(key, bad), bad).toBe(M.imageInvalid);
      }
    },
  );

  it("leaves plain text alone, markup included (the public pages render it as text)", () => {
    expect(describe_("shop-hero-description", "<b>Sale</b> javascript:alert(1)")).toBeUndefined();
  });

  it("allows a blank description for every kind (a blank link is hidden)", () => {
    for (const key of ["footer-bandcamp-url", "contact-email", "home-hero-image"]) {
      expect(
        pageContentEntrySchema.parse({ pageName: key, title: "T", description: "  " }).description,
      ).toBeNull();
    }
  });

  it("reports a bad title and a bad link together", () => {
    expect(errors({ pageName: "footer-twitter-url", title: "", description: "x" })).toEqual({
      title: "Title is required",
      description: M.urlInvalid,
    });
  });

  it("checks the trimmed value", () => {
    expect(
      pageContentEntrySchema.parse({
        pageName: "footer-twitter-url",
        title: "Twitter",
        description: "  https://twitter.com/silas  ",
      }).description,
    ).toBe("https://twitter.com/silas");
  });

  it("gives the same answers outside the schema", () => {
    expect(contentDescriptionProblem("contact-youtube", "youtube")).toBe(M.urlInvalid);
    expect(contentDescriptionProblem("contact-youtube", null)).toBeNull();
    expect(contentDescriptionProblem("media", "anything <i>at all</i>")).toBeNull();
  });
});
