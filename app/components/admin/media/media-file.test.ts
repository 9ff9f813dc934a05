import { describe, expect, it } from "vitest";
import { mediaTypeOfFile, titleFromFileName } from "./media-file";

describe("mediaTypeOfFile", () => {
  it("makes a video file a video", () => {
    expect(mediaTypeOfFile("video/mp4")).toBe("video");
    expect(mediaTypeOfFile("video/quicktime")).toBe("video");
    expect(mediaTypeOfFile("VIDEO/WEBM")).toBe("video");
  });

  it("makes anything else a photo", () => {
    expect(mediaTypeOfFile("image/jpeg")).toBe("photo");
    expect(mediaTypeOfFile("")).toBe("photo");
    expect(mediaTypeOfFile("audio/mpeg")).toBe("photo");
  });
});

describe("titleFromFileName", () => {
  it("drops the extension and turns separators into spaces", () => {
    expect(titleFromFileName("night_walk-2024.jpg")).toBe("night walk 2024");
    expect(titleFromFileName("Blue Hour.final.mov")).toBe("Blue Hour.final");
    expect(titleFromFileName("__clip__.mp4")).toBe("clip");
  });

  it("keeps a name without an extension and ignores folders", () => {
    expect(titleFromFileName("rehearsal")).toBe("rehearsal");
    expect(titleFromFileName("C:\\fakepath\\solo spot.png")).toBe("solo spot");
  });

  it("gives an empty title for a name that is only an extension", () => {
    expect(titleFromFileName(".mp4")).toBe("");
  });
});
