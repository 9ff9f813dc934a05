import { describe, expect, it } from "vitest";
import {
  extractVideoId,
  serviceThumbnailUrl,
  videoEmbedUrl,
  videoSource,
  videoThumbnailUrl,
} from "./video";

const ID = "dQw4w9WgXcQ";

describe("extractVideoId", () => {
  it.each([
    [ID],
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://youtube.com/watch?feature=share&v=${ID}&t=42`],
    [`https://m.youtube.com/watch?v=${ID}`],
    [`http://www.youtube.com/watch?v=${ID}`],
    [`www.youtube.com/watch?v=${ID}`],
    [`https://youtu.be/${ID}`],
    [`https://youtu.be/${ID}?si=abc&t=10`],
    [`youtu.be/${ID}`],
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`],
    [`https://www.youtube.com/shorts/${ID}`],
    [`  ${ID}  `],
  ])("finds the id in %s", (input) => {
    expect(extractVideoId(input)).toBe(ID);
  });

  it.each([
    [""],
    [null],
    [undefined],
    ["dQw4w9WgXc"], // 10 characters
    ["dQw4w9WgXcQQ"], // 12 characters
    ["https://vimeo.com/123456789"],
    [`https://example.com/watch?v=${ID}`],
    ["https://www.youtube.com/watch?v=short"],
    ["https://www.youtube.com/channel/UCabcdefghijk"],
    [`ftp://youtu.be/${ID}`],
    ["not a url at all"],
  ])("finds no id in %s", (input) => {
    expect(extractVideoId(input)).toBeNull();
  });
});

describe("video sources", () => {
  it("prefers the embed id, then a service URL in video_url, then the file", () => {
    expect(videoSource({ embedId: ID, videoUrl: "/uploads/v.mp4" })).toEqual({
      kind: "embed",
      videoId: ID,
    });
    expect(videoSource({ embedId: `https://youtu.be/${ID}` })).toEqual({
      kind: "embed",
      videoId: ID,
    });
    expect(videoSource({ embedId: null, videoUrl: `https://youtu.be/${ID}` })).toEqual({
      kind: "embed",
      videoId: ID,
    });
    expect(videoSource({ embedId: " ", videoUrl: "/uploads/videos/set.mp4" })).toEqual({
      kind: "file",
      url: "/uploads/videos/set.mp4",
    });
    expect(videoSource({ embedId: null, videoUrl: "  " })).toEqual({ kind: "none" });
    expect(videoSource({})).toEqual({ kind: "none" });
  });

  it("embeds without cookies and with autoplay", () => {
    expect(videoEmbedUrl(ID)).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?rel=0&modestbranding=1&autoplay=1`,
    );
    expect(videoEmbedUrl(ID, { autoplay: false })).not.toContain("autoplay");
  });
});

describe("videoThumbnailUrl", () => {
  it("uses the stored thumbnail, else the service's still, else none", () => {
    expect(videoThumbnailUrl({ embedId: ID, thumbnailUrl: "/uploads/t.jpg" })).toBe(
      "/uploads/t.jpg",
    );
    expect(videoThumbnailUrl({ embedId: ID, thumbnailUrl: "" })).toBe(serviceThumbnailUrl(ID));
    expect(serviceThumbnailUrl(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    expect(videoThumbnailUrl({ videoUrl: "/uploads/v.mp4" })).toBeNull();
  });
});
