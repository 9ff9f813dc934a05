import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import {
  PHOTO_DEFAULTS,
  PHOTO_MESSAGES as M,
  PHOTO_TEXT,
  photoCreateSchema,
  photoFlagSchema,
  photoUpdateSchema,
  photoValues,
} from "./photo-form";

const valid = {
  title: "Soundcheck",
  altText: "The band at soundcheck",
  imageUrl: "/uploads/a.jpg",
};
const errors = (input: Record<string, unknown>) => {
  const result = photoCreateSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("photo schema", () => {
  it("normalises a valid form", () => {
    expect(
      photoCreateSchema.parse({
        title: " Soundcheck ",
        altText: " The band ",
        imageUrl: " https://example.com/a.jpg ",
        orderIndex: " 3 ",
        isActive: "true",
        isFeatured: "on",
      }),
    ).toEqual({
      title: "Soundcheck",
      altText: "The band",
      imageUrl: "https://example.com/a.jpg",
      orderIndex: 3,
      isActive: true,
      isFeatured: true,
      width: null,
      height: null,
      dimensionsFor: null,
    });
  });

  it("reads a blank order as 0 and unchecked boxes as false", () => {
    expect(photoCreateSchema.parse({ ...valid, orderIndex: "" })).toMatchObject({
      orderIndex: 0,
      isActive: false,
      isFeatured: false,
    });
  });

  it("gives each rule's message", () => {
    expect(errors({})).toEqual({
      title: M.titleRequired,
      altText: M.altTextRequired,
      imageUrl: M.imageUrlRequired,
    });
    expect(errors({ ...valid, imageUrl: "photo.jpg" })).toEqual({ imageUrl: M.invalidImageUrl });
    expect(errors({ ...valid, orderIndex: "-1" })).toEqual({ orderIndex: M.orderIndex });
    expect(errors({ ...valid, orderIndex: "first" })).toEqual({ orderIndex: M.orderIndex });
  });

  it("reads the uploaded picture's size, and refuses one that is not a whole number", () => {
    expect(
      photoCreateSchema.parse({
        ...valid,
        width: "1600",
        height: "900",
        dimensionsFor: valid.imageUrl,
      }),
    ).toMatchObject({ width: 1600, height: 900, dimensionsFor: valid.imageUrl });
    expect(errors({ ...valid, width: "wide" })).toEqual({ width: M.dimension });
    expect(errors({ ...valid, height: "-3" })).toEqual({ height: M.dimension });
  });

  it("updates by id", () => {
    expect(photoUpdateSchema.safeParse({ ...valid, id: "nope" }).success).toBe(false);
  });

  it("carries the spec's defaults and texts", () => {
    expect(PHOTO_DEFAULTS).toEqual({ orderIndex: 0, isActive: true, isFeatured: false });
    expect(PHOTO_TEXT.deleteTitle).toBe("Delete Photo");
    expect(PHOTO_TEXT.deleteConfirm).toBe(
      "Are you sure you want to delete this photo? This action cannot be undone.",
    );
    expect(PHOTO_TEXT.reordered).toBe("Photos reordered successfully");
    expect(PHOTO_TEXT.reorderFailed).toBe("Failed to reorder photos");
    expect(PHOTO_TEXT.saveFailed).toBe("Failed to save photo");
  });
});

describe("what a photo save stores", () => {
  const parsed = (input: Record<string, unknown>) =>
    photoCreateSchema.parse({ ...valid, ...input });

  it("keeps the measured size when it belongs to the image being saved", () => {
    const values = photoValues(
      parsed({ width: "1600", height: "900", dimensionsFor: valid.imageUrl }),
    );
    expect(values).toMatchObject({ imageUrl: valid.imageUrl, width: 1600, height: 900 });
    expect(values).not.toHaveProperty("dimensionsFor");
  });

  it("forgets a size measured on another address (a URL pasted after an upload)", () => {
    const values = photoValues(
      parsed({
        imageUrl: "https://example.com/other.jpg",
        width: "1600",
        height: "900",
        dimensionsFor: "/uploads/a.jpg",
      }),
    );
    expect(values).toMatchObject({ width: null, height: null });
  });

  it("leaves the stored size alone when an edit keeps the stored image", () => {
    const values = photoValues(parsed({ width: "", height: "" }), valid.imageUrl);
    expect(values).not.toHaveProperty("width");
    expect(values).not.toHaveProperty("height");
  });
});

describe("photo row operations", () => {
  const ID = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";

  it("switches only Active and Featured", () => {
    expect(photoFlagSchema.parse({ id: ID, flag: "isFeatured", value: "true" })).toEqual({
      id: ID,
      flag: "isFeatured",
      value: true,
    });
    expect(photoFlagSchema.safeParse({ id: ID, flag: "title", value: "true" }).success).toBe(false);
  });
});
