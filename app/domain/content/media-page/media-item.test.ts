import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import {
  MEDIA_ITEM_MESSAGES as M,
  MEDIA_ITEM_TEXT,
  mediaItemCreateSchema,
  mediaItemFlagSchema,
  mediaItemUpdateSchema,
} from "./media-item";

const valid = { title: "Festival set", type: "video", url: "https://example.com/v" };
const errors = (input: Record<string, unknown>) => {
  const result = mediaItemCreateSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("media item schema", () => {
  it("normalises a valid form", () => {
    expect(
      mediaItemCreateSchema.parse({
        title: "  Festival set ",
        description: "   ",
        type: "social",
        url: " https://instagram.com/p/abc ",
        thumbnailUrl: "",
        platform: " Instagram ",
        isFeatured: "on",
        isVisible: "on",
      }),
    ).toEqual({
      title: "Festival set",
      description: null,
      type: "social",
      url: "https://instagram.com/p/abc",
      thumbnailUrl: null,
      platform: "Instagram",
      isFeatured: true,
      isVisible: true,
    });
  });

  it("accepts a file our upload server stored, and unchecked boxes are false", () => {
    expect(
      mediaItemCreateSchema.parse({
        ...valid,
        url: "/uploads/media/a.webp",
        thumbnailUrl: "/uploads/media/a-thumb.webp",
      }),
    ).toMatchObject({ url: "/uploads/media/a.webp", isFeatured: false, isVisible: false });
  });

  it("gives each rule's message", () => {
    expect(errors({})).toEqual({
      title: "Title is required",
      type: "Type is required",
      url: "URL is required",
    });
    expect(errors({ ...valid, title: " a " })).toEqual({
      title: "Title must be at least 2 characters",
    });
    expect(errors({ ...valid, type: "audio" })).toEqual({ type: M.typeRequired });
    expect(errors({ ...valid, url: "example.com/v" })).toEqual({ url: "Please enter a valid URL" });
    expect(errors({ ...valid, thumbnailUrl: "thumb.jpg" })).toEqual({
      thumbnailUrl: "Please enter a valid thumbnail URL",
    });
    expect(errors({ ...valid, platform: "p".repeat(51) })).toEqual({
      platform: "Platform name must be less than 50 characters",
    });
    expect(errors({ ...valid, description: "d".repeat(501) })).toEqual({
      description: "Description must be less than 500 characters",
    });
  });

  it("takes 500 description characters and 50 platform characters", () => {
    const v = mediaItemCreateSchema.parse({
      ...valid,
      description: "d".repeat(500),
      platform: "p".repeat(50),
    });
    expect(v.description).toHaveLength(500);
    expect(v.platform).toHaveLength(50);
  });

  it("updates by id", () => {
    const id = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
    expect(mediaItemUpdateSchema.parse({ ...valid, id }).id).toBe(id);
    expect(mediaItemUpdateSchema.safeParse(valid).success).toBe(false);
  });

  it("carries the spec's texts", () => {
    expect(MEDIA_ITEM_TEXT).toMatchObject({
      created: "Media item created successfully",
      saveFailed: "Failed to save media item",
      deleteFailed: "Failed to delete media item",
      empty: "No media items found. Create your first one!",
      addTitle: "Add New Media Item",
      editTitle: "Edit Media Item",
    });
  });

  it("switches a row's Featured or Visible flag, and no other column", () => {
    const id = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
    expect(mediaItemFlagSchema.parse({ id, flag: "isVisible", value: "false" })).toEqual({
      id,
      flag: "isVisible",
      value: false,
    });
    expect(mediaItemFlagSchema.parse({ id, flag: "isFeatured", value: "true" }).value).toBe(true);
    expect(mediaItemFlagSchema.safeParse({ id, flag: "title", value: "true" }).success).toBe(false);
  });
});
