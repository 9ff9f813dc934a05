import { describe, expect, it } from "vitest";
import {
  FEATURED_VIDEO_MESSAGES as M,
  FEATURED_VIDEO_TEXT,
  featuredVideoCreateSchema,
  featuredVideoFlagSchema,
  featuredVideoUpdateSchema,
} from "./featured-video";
import { fieldErrorsFrom } from "../../core/form-errors";

const ID = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
const errors = (input: Record<string, unknown>) => {
  const result = featuredVideoCreateSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("featured video schema", () => {
  it("normalises a valid form: trimmed, id extracted, order read, blanks null", () => {
    expect(
      featuredVideoCreateSchema.parse({
        title: "  Live at the Blue Room ",
        description: "  ",
        embedId: " https://youtu.be/dQw4w9WgXcQ?t=3 ",
        videoUrl: "",
        orderIndex: "2",
        isActive: "on",
      }),
    ).toEqual({
      title: "Live at the Blue Room",
      description: null,
      embedId: "dQw4w9WgXcQ",
      videoUrl: null,
      orderIndex: 2,
      isActive: true,
    });
  });

  it("reads an unchecked active switch as hidden and a blank order as 0", () => {
    const v = featuredVideoCreateSchema.parse({
      title: "T",
      embedId: "dQw4w9WgXcQ",
      orderIndex: "",
    });
    expect(v.isActive).toBe(false);
    expect(v.orderIndex).toBe(0);
  });

  it("takes an uploaded file instead of a video id", () => {
    const v = featuredVideoCreateSchema.parse({ title: "T", videoUrl: "/uploads/videos/a.mp4" });
    expect(v).toMatchObject({ embedId: null, videoUrl: "/uploads/videos/a.mp4" });
  });

  it("gives each rule's message", () => {
    expect(errors({ title: " ", embedId: "dQw4w9WgXcQ" })).toEqual({ title: M.titleRequired });
    expect(errors({ title: "T", embedId: "https://vimeo.com/1" })).toEqual({
      embedId: M.invalidVideoId,
    });
    expect(errors({ title: "T" })).toEqual({ embedId: M.sourceRequired });
    expect(errors({ title: "T", embedId: "dQw4w9WgXcQ", orderIndex: "-1" })).toEqual({
      orderIndex: M.orderIndex,
    });
    expect(errors({ title: "T", embedId: "dQw4w9WgXcQ", orderIndex: "1.5" })).toEqual({
      orderIndex: M.orderIndex,
    });
    expect(errors({ title: "T", videoUrl: "ftp://x/y.mp4" })).toEqual({
      videoUrl: M.invalidVideoUrl,
    });
  });

  it("stores the id of every kind of link (watch, short, embed, shorts) and a bare id", () => {
    const idOf = (embedId: string) =>
      featuredVideoCreateSchema.parse({ title: "T", embedId }).embedId;
    expect(idOf("https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=x")).toBe("dQw4w9WgXcQ");
    expect(idOf("youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(idOf("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(idOf("https://youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(idOf("dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  });

  it("switches only Active from the table", () => {
    expect(featuredVideoFlagSchema.parse({ id: ID, flag: "isActive", value: "false" })).toEqual({
      id: ID,
      flag: "isActive",
      value: false,
    });
    expect(
      featuredVideoFlagSchema.safeParse({ id: ID, flag: "title", value: "true" }).success,
    ).toBe(false);
  });

  it("needs the id of the video it updates", () => {
    const input = { title: "T", embedId: "dQw4w9WgXcQ" };
    expect(featuredVideoUpdateSchema.safeParse(input).success).toBe(false);
    expect(featuredVideoUpdateSchema.parse({ ...input, id: ID }).id).toBe(ID);
  });

  it("carries the spec's texts", () => {
    expect(FEATURED_VIDEO_TEXT).toMatchObject({
      created: "Video Created Successfully",
      updated: "Video Updated Successfully",
      deleted: "Video deleted successfully",
      saveFailed: "Failed to save video",
      deleteFailed: "Failed to delete video",
      fetchFailed: "Failed to fetch featured videos",
      deleteConfirm: "Are you sure you want to delete this video?",
    });
  });
});
