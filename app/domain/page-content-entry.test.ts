import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "./form-errors";
import {
  PAGE_CONTENT_MESSAGES as M,
  PAGE_CONTENT_TEXT,
  loeBannerTextSchema,
  pageContentEntrySchema,
} from "./page-content-entry";

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
