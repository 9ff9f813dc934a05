import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import {
  LOE_IMAGE_MESSAGES as M,
  LOE_IMAGE_TEXT,
  loeImageCreateSchema,
  loeImageDimensions,
  loeImageUpdateSchema,
} from "./loe-image";

const valid = { title: "Letter", altText: "A signed letter", imageUrl: "/uploads/loe/a.jpg" };
const errors = (input: Record<string, unknown>) => {
  const result = loeImageCreateSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("LOE image schema", () => {
  it("normalises a valid form", () => {
    expect(
      loeImageCreateSchema.parse({
        title: " Letter ",
        altText: " A signed letter ",
        caption: "  ",
        imageUrl: " https://example.com/a.jpg ",
        orderIndex: "4",
      }),
    ).toEqual({
      title: "Letter",
      altText: "A signed letter",
      caption: null,
      imageUrl: "https://example.com/a.jpg",
      orderIndex: 4,
      width: null,
      height: null,
      dimensionsFor: null,
    });
  });

  it("reads a display order that is not a number as 0", () => {
    expect(loeImageCreateSchema.parse({ ...valid, orderIndex: "first" }).orderIndex).toBe(0);
    expect(loeImageCreateSchema.parse({ ...valid, orderIndex: "" }).orderIndex).toBe(0);
  });

  it("gives each rule's message", () => {
    expect(errors({})).toEqual({
      title: M.titleRequired,
      altText: M.altTextRequired,
      imageUrl: "Image URL is required",
    });
    expect(errors({ ...valid, imageUrl: "letter.jpg" })).toEqual({ imageUrl: M.invalidImageUrl });
    expect(errors({ ...valid, orderIndex: "-1" })).toEqual({ orderIndex: M.orderIndex });
    expect(errors({ ...valid, orderIndex: "2.5" })).toEqual({ orderIndex: M.orderIndex });
  });

  it("updates by id", () => {
    expect(loeImageUpdateSchema.safeParse(valid).success).toBe(false);
  });

  it("carries the spec's texts", () => {
    expect(LOE_IMAGE_TEXT.hidden).toBe("Image hidden successfully");
    expect(LOE_IMAGE_TEXT.shown).toBe("Image shown successfully");
    expect(LOE_IMAGE_TEXT.saveFailed).toBe("Failed to save image");
  });
});

describe("LOE image size", () => {
  const upload = "/uploads/images/a.png";
  const parse = (input: Record<string, unknown>) =>
    loeImageCreateSchema.parse({ ...valid, imageUrl: upload, ...input });

  it("keeps the measured size for the file it was measured on", () => {
    const input = parse({ width: "1600", height: "900", dimensionsFor: upload });
    expect(loeImageDimensions(input)).toEqual({ width: 1600, height: 900 });
  });

  it("forgets a size measured on another file (a URL pasted after an upload)", () => {
    const input = parse({
      imageUrl: "https://example.com/b.jpg",
      width: "1600",
      height: "900",
      dimensionsFor: upload,
    });
    expect(loeImageDimensions(input)).toEqual({ width: null, height: null });
  });

  it("leaves the stored size alone when an edit keeps the image", () => {
    expect(loeImageDimensions(parse({}), upload)).toEqual({});
    expect(loeImageDimensions(parse({}), "/uploads/images/old.png")).toEqual({
      width: null,
      height: null,
    });
  });

  it("refuses a size that is not a whole number", () => {
    expect(errors({ ...valid, width: "wide" })).toEqual({ width: M.dimension });
  });
});
