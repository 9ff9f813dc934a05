import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrorsFrom } from "../../core/form-errors";
import {
  LOE_VIDEO_MESSAGES as M,
  LOE_VIDEO_TEXT,
  loeVideoCreateSchema,
  loeVideoUpdateSchema,
} from "./loe-video";

const ID = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
const errorsOf = (result: { success: boolean; error?: z.ZodError }) =>
  result.error ? fieldErrorsFrom(result.error) : {};

describe("LOE video schema", () => {
  it("in YouTube mode (the default) extracts the id and clears the file URL", () => {
    expect(
      loeVideoCreateSchema.parse({
        title: "  Endorsement  ",
        description: "",
        embedId: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        videoUrl: "/uploads/videos/old.mp4",
        thumbnailUrl: "",
        orderIndex: "",
      }),
    ).toEqual({
      title: "Endorsement",
      description: null,
      embedId: "dQw4w9WgXcQ",
      videoUrl: null,
      thumbnailUrl: null,
      orderIndex: 0,
    });
  });

  it("in file mode keeps the file URL and clears the id", () => {
    expect(
      loeVideoCreateSchema.parse({
        title: "T",
        sourceType: "file",
        embedId: "dQw4w9WgXcQ",
        videoUrl: "/uploads/videos/a.mp4",
      }),
    ).toMatchObject({ embedId: null, videoUrl: "/uploads/videos/a.mp4" });
  });

  it("needs an id in YouTube mode and a file in file mode", () => {
    expect(errorsOf(loeVideoCreateSchema.safeParse({ title: "T", sourceType: "youtube" }))).toEqual(
      {
        embedId: "YouTube Embed ID is required",
      },
    );
    expect(errorsOf(loeVideoCreateSchema.safeParse({ title: "T", embedId: "not-an-id" }))).toEqual({
      embedId: M.invalidVideoId,
    });
    expect(errorsOf(loeVideoCreateSchema.safeParse({ title: "T", sourceType: "file" }))).toEqual({
      videoUrl: "Video file is required. Please select a video file to upload.",
    });
    expect(
      errorsOf(loeVideoCreateSchema.safeParse({ title: " ", embedId: "dQw4w9WgXcQ" })),
    ).toEqual({
      title: "Title is required",
    });
  });

  it("when editing an item that has a file, keeps it unless a new one is given", () => {
    const schema = loeVideoUpdateSchema({ videoUrl: "/uploads/videos/current.mp4" });
    expect(schema.parse({ id: ID, title: "T", sourceType: "file", videoUrl: "" })).toMatchObject({
      id: ID,
      videoUrl: "/uploads/videos/current.mp4",
      embedId: null,
    });
    expect(
      schema.parse({ id: ID, title: "T", sourceType: "file", videoUrl: "/uploads/videos/new.mp4" })
        .videoUrl,
    ).toBe("/uploads/videos/new.mp4");
    expect(
      errorsOf(
        loeVideoUpdateSchema({ videoUrl: null }).safeParse({
          id: ID,
          title: "T",
          sourceType: "file",
        }),
      ),
    ).toEqual({ videoUrl: M.videoFileRequired });
    expect(
      errorsOf(loeVideoUpdateSchema().safeParse({ title: "T", embedId: "dQw4w9WgXcQ" })),
    ).toEqual({
      id: "Unknown entry",
    });
  });

  it("carries the spec's texts", () => {
    expect(LOE_VIDEO_TEXT).toMatchObject({
      created: "Video Created Successfully",
      hidden: "Video hidden successfully",
      shown: "Video shown successfully",
      updateFailed: "Failed to update video",
      fetchFailed: "Failed to fetch videos",
    });
  });
});
