import { describe, expect, it } from "vitest";
import {
  IMAGE_CAPTION_PREVIEW,
  LOE_INTENTS,
  LOE_TABS,
  VIDEO_DESCRIPTION_PREVIEW,
  audioDialogProgress,
  audioSourceLabel,
  canLookUpPlaylist,
  loeVideoSource,
  loeVideoSourceType,
  loeVideoType,
  loeVideoWatchUrl,
  soundCloudFlags,
  trackCountLabel,
  truncateText,
} from "./loe-admin";

describe("tabs and intents", () => {
  it("are the spec's four, in ?tab=, Page Content first", () => {
    expect(LOE_TABS.param).toBe("tab");
    expect(LOE_TABS.tabs.map((t) => t.label)).toEqual([
      "Page Content",
      "Videos",
      "Audio",
      "Images",
    ]);
  });

  it("namespaces every intent by its tab", () => {
    expect(LOE_INTENTS.video.create).toBe("video:create");
    expect(LOE_INTENTS.image.setFlag).toBe("image:set-flag");
    expect(LOE_INTENTS.audio.reorder).toBe("audio:reorder");
    expect(LOE_INTENTS.banner).toBe("banner:update");
  });
});

describe("truncateText", () => {
  it("cuts video descriptions at 80 characters and captions at 50, with an ellipsis", () => {
    const long = "a".repeat(100);
    expect(truncateText(long, VIDEO_DESCRIPTION_PREVIEW)).toBe(`${"a".repeat(80)}…`);
    expect(truncateText(long, IMAGE_CAPTION_PREVIEW)).toBe(`${"a".repeat(50)}…`);
  });

  it("leaves a short text whole and folds its white space", () => {
    expect(truncateText("a".repeat(80), 80)).toBe("a".repeat(80));
    expect(truncateText("  Live at\n the  Blue Room ", 80)).toBe("Live at the Blue Room");
    expect(truncateText(null, 80)).toBe("");
  });

  it("does not end on a space before the ellipsis", () => {
    expect(truncateText(`${"word ".repeat(20)}`, 12)).toBe("word word wo…");
    expect(truncateText("abcd efgh", 5)).toBe("abcd…");
  });
});

describe("LOE video labels", () => {
  const youtube = { embedId: "aqz-KE-bpKQ", videoUrl: null };
  const file = { embedId: null, videoUrl: "/uploads/videos/0f3a.mp4" };
  const linked = { embedId: null, videoUrl: "https://youtu.be/aqz-KE-bpKQ" };
  const none = { embedId: null, videoUrl: "  " };

  it("types a video YouTube, File or Unknown", () => {
    expect(loeVideoType(youtube)).toBe("YouTube");
    expect(loeVideoType(file)).toBe("File");
    expect(loeVideoType(linked)).toBe("YouTube");
    expect(loeVideoType(none)).toBe("Unknown");
  });

  it("shows the id or the file name as its source", () => {
    expect(loeVideoSource(youtube)).toBe("aqz-KE-bpKQ");
    expect(loeVideoSource(file)).toBe("0f3a.mp4");
    expect(loeVideoSource(linked)).toBe("aqz-KE-bpKQ");
    expect(loeVideoSource(none)).toBe("");
  });

  it("opens a YouTube video on YouTube, and nothing else there", () => {
    expect(loeVideoWatchUrl(youtube)).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(loeVideoWatchUrl(linked)).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(loeVideoWatchUrl(file)).toBeNull();
  });

  it("edits a file video in file mode and anything else in YouTube mode", () => {
    expect(loeVideoSourceType(file)).toBe("file");
    expect(loeVideoSourceType(youtube)).toBe("youtube");
    expect(loeVideoSourceType(none)).toBe("youtube");
  });
});

describe("audio labels", () => {
  it("labels the three sources", () => {
    expect(audioSourceLabel("soundcloud")).toBe("SoundCloud");
    expect(audioSourceLabel("file")).toBe("File");
    expect(audioSourceLabel("url")).toBe("External URL");
    expect(audioSourceLabel("tape")).toBe("Unknown");
  });

  it("flags short, private and playlist links, and nothing for a plain track", () => {
    expect(soundCloudFlags("https://soundcloud.com/artist/night-tune")).toEqual([]);
    expect(soundCloudFlags("https://on.soundcloud.com/AbC123")).toEqual(["Short link"]);
    expect(soundCloudFlags("https://soundcloud.com/artist/night-tune/s-Xy12z")).toEqual([
      "Private link",
    ]);
    expect(soundCloudFlags("https://soundcloud.com/artist/sets/live-album")).toEqual(["Playlist"]);
    expect(soundCloudFlags("https://soundcloud.com/artist/sets/live-album/s-Xy12z")).toEqual([
      "Private link",
      "Playlist",
    ]);
    expect(soundCloudFlags("https://example.com/artist/sets/x")).toEqual([]);
    expect(soundCloudFlags("")).toEqual([]);
  });

  it("asks about playlists only", () => {
    expect(canLookUpPlaylist("https://soundcloud.com/artist/sets/live-album")).toBe(true);
    expect(canLookUpPlaylist("https://soundcloud.com/artist/night-tune")).toBe(false);
    expect(canLookUpPlaylist("not a link")).toBe(false);
  });

  it("counts tracks", () => {
    expect(trackCountLabel(1)).toBe("1 track");
    expect(trackCountLabel(12)).toBe("12 tracks");
  });

  it("steps the dialog's progress 50, 75, 100", () => {
    const none = { audioUploaded: false, artworkUploaded: false, saved: false };
    expect(audioDialogProgress(none)).toBe(0);
    expect(audioDialogProgress({ ...none, audioUploaded: true })).toBe(50);
    expect(audioDialogProgress({ ...none, audioUploaded: true, artworkUploaded: true })).toBe(75);
    expect(audioDialogProgress({ ...none, audioUploaded: true, saved: true })).toBe(100);
  });
});
