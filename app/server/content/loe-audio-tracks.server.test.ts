/** The SoundCloud playlist lookup, against a stand-in for SoundCloud (no network). */
import { describe, expect, it } from "vitest";
import { lookUpSoundCloudPlaylist } from "./loe-audio-tracks.server";

function fakeSoundCloud(answers: {
  oembed?: { status: number; body: string };
  page?: { status: number; body: string };
}) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const answer = url.startsWith("https://soundcloud.com/oembed") ? answers.oembed : answers.page;
    if (!answer) throw new TypeError("fetch failed");
    return new Response(answer.body, { status: answer.status });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

const options = { cacheMs: 0 };

describe("lookUpSoundCloudPlaylist", () => {
  it("reads the title from oEmbed and the track count from the playlist's page", async () => {
    const sc = fakeSoundCloud({
      oembed: { status: 200, body: JSON.stringify({ title: "Live at the Blue Room" }) },
      page: { status: 200, body: '<script>{"kind":"playlist","track_count":12}</script>' },
    });
    const url = "https://soundcloud.com/artist/sets/live-blue-room";
    expect(await lookUpSoundCloudPlaylist(url, { ...options, fetch: sc.fetch })).toEqual({
      title: "Live at the Blue Room",
      trackCount: 12,
    });
    expect(sc.asked).toEqual([
      `https://soundcloud.com/oembed?format=json&url=${encodeURIComponent(url)}`,
      url,
    ]);
  });

  it("asks only soundcloud.com, for the page of a mobile or player link", async () => {
    const sc = fakeSoundCloud({ oembed: { status: 200, body: '{"title":"Set"}' } });
    await lookUpSoundCloudPlaylist("https://m.soundcloud.com/artist/sets/tour", {
      ...options,
      fetch: sc.fetch,
    });
    expect(sc.asked.every((u) => new URL(u).hostname === "soundcloud.com")).toBe(true);
    expect(sc.asked).toContain("https://soundcloud.com/artist/sets/tour");
  });

  it("says what it could read, and null when it read nothing", async () => {
    const url = "https://soundcloud.com/artist/sets/tour";
    const titleOnly = fakeSoundCloud({
      oembed: { status: 200, body: '{"title":"Tour"}' },
      page: { status: 404, body: "gone" },
    });
    expect(await lookUpSoundCloudPlaylist(url, { ...options, fetch: titleOnly.fetch })).toEqual({
      title: "Tour",
      trackCount: null,
    });
    const offline = fakeSoundCloud({});
    expect(await lookUpSoundCloudPlaylist(url, { ...options, fetch: offline.fetch })).toBeNull();
  });

  it("asks nothing for a link that is not a playlist", async () => {
    const sc = fakeSoundCloud({ oembed: { status: 200, body: '{"title":"x"}' } });
    for (const url of [
      "https://soundcloud.com/artist/night-tune",
      "https://on.soundcloud.com/AbC123",
      "https://example.com/artist/sets/tour",
      "not a link",
    ]) {
      expect(await lookUpSoundCloudPlaylist(url, { ...options, fetch: sc.fetch })).toBeNull();
    }
    expect(sc.asked).toEqual([]);
  });
});
