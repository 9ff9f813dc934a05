import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "./form-errors";
import {
  PHOTO_DEFAULTS,
  PHOTO_MESSAGES as M,
  PHOTO_TEXT,
  photoCreateSchema,
  photoUpdateSchema,
} from "./photo";

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
