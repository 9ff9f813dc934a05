import { describe, expect, it } from "vitest";
import {
  SOUNDCLOUD_API_URL_MESSAGE,
  auditTracks,
  canSkip,
  checkSoundCloudUrl,
  clampTrackIndex,
  formatDuration,
  invalidTracksNote,
  isTrackValid,
  nextTrackIndex,
  previousTrackIndex,
  soundCloudPageUrl,
  soundCloudPlayerHeight,
  soundCloudPlayerUrl,
  trackStatus,
} from "./audio";

const track = (sourceType: string, audioUrl: string | null, soundcloudEmbedUrl: string | null) => ({
  sourceType,
  audioUrl,
  soundcloudEmbedUrl,
});

describe("track validity", () => {
  it("a soundcloud track needs a non-blank embed URL", () => {
    expect(isTrackValid(track("soundcloud", null, "https://soundcloud.com/a/b"))).toBe(true);
    expect(isTrackValid(track("soundcloud", "/uploads/a.mp3", null))).toBe(false);
    expect(isTrackValid(track("soundcloud", null, "   "))).toBe(false);
    expect(trackStatus(track("soundcloud", null, ""))).toBe("Missing SoundCloud URL");
  });

  it("file and url tracks need a non-blank audio URL", () => {
    expect(isTrackValid(track("file", "/uploads/audio/a.wav", null))).toBe(true);
    expect(isTrackValid(track("url", "https://cdn.test/a.mp3", null))).toBe(true);
    expect(isTrackValid(track("file", " ", "https://soundcloud.com/a/b"))).toBe(false);
    expect(trackStatus(track("url", null, null))).toBe("Missing audio URL");
    expect(trackStatus(track("file", "/a.wav", null))).toBe("OK");
  });

  it("audits a list: the playable tracks in order, every status, the invalid count", () => {
    const a = track("file", "/a.wav", null);
    const b = track("soundcloud", null, null);
    const c = track("url", "https://x.test/c.mp3", null);
    const d = track("file", "", null);
    const audit = auditTracks([a, b, c, d]);
    expect(audit.playable).toEqual([a, c]);
    expect(audit.statuses.map((s) => s.status)).toEqual([
      "OK",
      "Missing SoundCloud URL",
      "OK",
      "Missing audio URL",
    ]);
    expect(audit.invalidCount).toBe(2);
    expect(invalidTracksNote(2)).toBe("2 tracks have invalid audio sources and won't play.");
    expect(invalidTracksNote(1)).toBe("1 track has invalid audio sources and won't play.");
  });
});

describe("playlist movement", () => {
  it("wraps around in both directions", () => {
    expect(nextTrackIndex(0, 3)).toBe(1);
    expect(nextTrackIndex(2, 3)).toBe(0);
    expect(previousTrackIndex(0, 3)).toBe(2);
    expect(previousTrackIndex(2, 3)).toBe(1);
  });

  it("only moves with more than one track", () => {
    expect(canSkip(1)).toBe(false);
    expect(canSkip(2)).toBe(true);
    expect(nextTrackIndex(0, 1)).toBe(0);
    expect(previousTrackIndex(0, 1)).toBe(0);
    expect(nextTrackIndex(0, 0)).toBe(0);
  });

  it("starts at 0 and resets to 0 when the index is past the list", () => {
    expect(clampTrackIndex(0, 3)).toBe(0);
    expect(clampTrackIndex(2, 3)).toBe(2);
    expect(clampTrackIndex(3, 3)).toBe(0);
    expect(clampTrackIndex(7, 2)).toBe(0);
    expect(clampTrackIndex(-1, 2)).toBe(0);
    expect(nextTrackIndex(5, 3)).toBe(1);
  });
});

describe("SoundCloud embed URL rule", () => {
  it.each([
    ["https://on.soundcloud.com/AbC123xyz", "short", false, false],
    ["https://soundcloud.com/silas/lowlight-walk", "track", false, false],
    ["https://www.soundcloud.com/silas/lowlight-walk", "track", false, false],
    ["https://soundcloud.com/silas/lowlight-walk/s-AbC123", "private", false, true],
    ["https://soundcloud.com/silas/sets/loe-live", "playlist", true, false],
    ["https://soundcloud.com/silas/sets/loe-live/s-XyZ789", "private", true, true],
    ["https://m.soundcloud.com/silas/lowlight-walk", "mobile", false, false],
    ["https://m.soundcloud.com/silas/sets/loe-live", "mobile", true, false],
    [
      "https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/12345&color=%23ff5500",
      "player",
      false,
      false,
    ],
    [
      "https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/playlists/987",
      "player",
      true,
      false,
    ],
  ])("accepts %s as a %s link", (url, kind, isPlaylist, isPrivate) => {
    expect(checkSoundCloudUrl(url)).toEqual({ ok: true, kind, isPlaylist, isPrivate });
  });

  it.each([
    ["http://soundcloud.com/silas/lowlight-walk"],
    ["https://soundcloud.com/silas"],
    ["https://soundcloud.com/discover/sets/charts"],
    ["https://soundcloud.com/silas/lowlight-walk/not-a-token"],
    ["https://soundcloud.com/silas/sets"],
    ["https://soundcloud.com/a/b/c/d/e"],
    ["https://evil.example.com/silas/lowlight-walk"],
    ["https://soundcloud.com.evil.example/silas/track"],
    ["https://on.soundcloud.com/"],
    ["https://w.soundcloud.com/player/"],
    ["https://w.soundcloud.com/player/?url=https%3A//evil.example/tracks/1"],
    ["soundcloud.com/silas/track"],
    [""],
  ])("refuses %s", (url) => {
    expect(checkSoundCloudUrl(url)).toEqual({
      ok: false,
      error: "Please enter a valid SoundCloud URL",
    });
  });

  it("refuses API-host URLs with their own message", () => {
    const expected =
      "API URLs cannot be embedded. Please use a regular SoundCloud playlist URL (https://soundcloud.com/user/sets/playlist).";
    expect(SOUNDCLOUD_API_URL_MESSAGE).toBe(expected);
    for (const url of [
      "https://api.soundcloud.com/playlists/12345",
      "https://api-v2.soundcloud.com/tracks/1",
      "http://api.soundcloud.com/tracks/1",
    ]) {
      expect(checkSoundCloudUrl(url)).toEqual({ ok: false, error: expected });
    }
  });
});

describe("SoundCloud player", () => {
  it("is 400 high for playlists and 300 otherwise", () => {
    expect(soundCloudPlayerHeight("https://soundcloud.com/silas/sets/loe-live")).toBe(400);
    expect(soundCloudPlayerHeight("https://soundcloud.com/silas/lowlight-walk")).toBe(300);
    expect(soundCloudPlayerHeight("https://on.soundcloud.com/AbC123")).toBe(300);
  });

  it("builds the player URL with auto-play off", () => {
    const url = new URL(soundCloudPlayerUrl("https://soundcloud.com/silas/sets/loe-live")!);
    expect(url.origin + url.pathname).toBe("https://w.soundcloud.com/player/");
    expect(url.searchParams.get("url")).toBe("https://soundcloud.com/silas/sets/loe-live");
    expect(url.searchParams.get("auto_play")).toBe("false");
  });

  it("turns auto-play off in a pasted player link and maps mobile links to the page", () => {
    const player = new URL(
      soundCloudPlayerUrl(
        "https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/1&auto_play=true",
      )!,
    );
    expect(player.searchParams.get("auto_play")).toBe("false");
    expect(player.searchParams.get("url")).toBe("https://api.soundcloud.com/tracks/1");
    const mobile = new URL(soundCloudPlayerUrl("https://m.soundcloud.com/silas/lowlight-walk")!);
    expect(mobile.searchParams.get("url")).toBe("https://soundcloud.com/silas/lowlight-walk");
  });

  it("has no player for a link it refuses", () => {
    expect(soundCloudPlayerUrl("https://api.soundcloud.com/tracks/1")).toBeNull();
    expect(soundCloudPlayerUrl("nonsense")).toBeNull();
  });

  it("opens the page behind a player link in SoundCloud", () => {
    expect(
      soundCloudPageUrl("https://w.soundcloud.com/player/?url=https%3A//soundcloud.com/a/b"),
    ).toBe("https://soundcloud.com/a/b");
    expect(soundCloudPageUrl("https://soundcloud.com/a/b")).toBe("https://soundcloud.com/a/b");
  });
});

describe("formatDuration", () => {
  it("shows m:ss or --:--", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(3599.9)).toBe("59:59");
    expect(formatDuration(null)).toBe("--:--");
    expect(formatDuration(Number.NaN)).toBe("--:--");
  });
});
