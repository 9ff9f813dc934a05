/**
 * The LOE sections' empty and failure states, rendered as the server renders them
 * (the browser suite runs against the demo data, where every section has content).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AudioTrack } from "~/domain/content/loe/audio";
import type { LoeImage, LoeVideo, SectionResult } from "~/domain/content/loe/loe-page";
import { VideoPlayer } from "~/components/video-player-dialog";
import { AudioCollection } from "./audio-collection";
import { FeaturedVideos } from "./featured-videos";
import { LoeGallery } from "./loe-gallery";
import { bannerText } from "./contact-banner";

/** Visible text of some markup, tags dropped and spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

const failed = (message: string) => ({ ok: false, message }) as const;
const ok = <T,>(data: T): SectionResult<T> => ({ ok: true, data });

const track = (over: Partial<AudioTrack>): AudioTrack => ({
  id: over.title ?? "t",
  title: "Track",
  artist: "LOE",
  album: null,
  artworkUrl: null,
  sourceType: "file",
  audioUrl: "/uploads/audio/a.wav",
  soundcloudEmbedUrl: null,
  duration: 60,
  ...over,
});

describe("audio collection states", () => {
  it("shows the load failure with the error message", () => {
    const html = renderToStaticMarkup(<AudioCollection result={failed("Database Error")} />);
    expect(text(html)).toContain(
      "Failed to Load Audio There was an error loading the audio tracks from the database. Database Error",
    );
  });

  it('falls back to "Unknown error" when there is no message', () => {
    expect(text(renderToStaticMarkup(<AudioCollection result={failed("")} />))).toContain(
      "Unknown error",
    );
  });

  it('shows "No tracks available" without tracks', () => {
    const html = renderToStaticMarkup(<AudioCollection result={ok([])} />);
    expect(text(html)).toContain("No tracks available");
    expect(html).not.toContain("Audio Tracks Need Attention");
  });

  it("lists every track when all are invalid, without the partial note", () => {
    const html = renderToStaticMarkup(
      <AudioCollection
        result={ok([
          track({ title: "Cloud", sourceType: "soundcloud", soundcloudEmbedUrl: " " }),
          track({ title: "Link", sourceType: "url", audioUrl: null }),
        ])}
      />,
    );
    const visible = text(html);
    expect(visible).toContain("Audio Tracks Need Attention");
    expect(visible).toContain("Cloud Missing SoundCloud URL");
    expect(visible).toContain("Link Missing audio URL");
    expect(visible).not.toContain("won't play");
    expect(visible).toContain("No tracks available");
  });

  it("starts on the first track, paused, with the file player loading", () => {
    const html = renderToStaticMarkup(
      <AudioCollection
        result={ok([track({ title: "One" }), track({ title: "Two", audioUrl: "/b.wav" })])}
      />,
    );
    expect(text(html)).toContain("Now playing · 1 / 2 One");
    expect(text(html)).toContain("Loading audio");
    expect(html).not.toMatch(/<audio[^>]*autoplay/i);
    expect(html).toContain('aria-label="Play"');
  });

  it("disables next and previous with a single track", () => {
    const html = renderToStaticMarkup(<AudioCollection result={ok([track({ title: "Solo" })])} />);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Previous track"/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Next track"/);
  });

  it("embeds a SoundCloud track 300 high, and refuses a link it cannot embed", () => {
    const single = renderToStaticMarkup(
      <AudioCollection
        result={ok([
          track({
            title: "Cloud",
            sourceType: "soundcloud",
            soundcloudEmbedUrl: "https://soundcloud.com/silas/lowlight-walk",
          }),
        ])}
      />,
    );
    expect(single).toMatch(/<iframe[^>]*height="300"/);
    expect(single).toContain("auto_play=false");

    const api = renderToStaticMarkup(
      <AudioCollection
        result={ok([
          track({
            title: "Api",
            sourceType: "soundcloud",
            soundcloudEmbedUrl: "https://api.soundcloud.com/playlists/1",
          }),
        ])}
      />,
    );
    expect(text(api)).toContain(
      "Failed to load SoundCloud player The SoundCloud content may be private or unavailable Open in SoundCloud",
    );
  });
});

describe("gallery states", () => {
  it('shows "No images available" without images', () => {
    expect(text(renderToStaticMarkup(<LoeGallery result={ok<LoeImage[]>([])} />))).toContain(
      "No images available",
    );
  });

  it("shows the gallery error with Retry", () => {
    const html = renderToStaticMarkup(<LoeGallery result={failed("x")} onRetry={() => {}} />);
    expect(text(html)).toContain(
      "LOE Gallery Error There was an issue loading the LOE gallery. Please try again. Retry",
    );
  });

  it("lays out three columns and loads the first six images eagerly", () => {
    const images: LoeImage[] = Array.from({ length: 8 }, (_, i) => ({
      id: `i${i}`,
      title: `Image ${i}`,
      altText: `Alt ${i}`,
      caption: null,
      imageUrl: `/uploads/images/${i}.jpg`,
      width: 1200,
      height: 800,
      visualWeight: (i % 6) + 1,
      orderIndex: i + 1,
      createdAt: "2024-01-01T00:00:00.000Z",
    }));
    const html = renderToStaticMarkup(<LoeGallery result={ok(images)} />);
    // Eager, but never at high priority: the gallery is the page's third section.
    expect(html.match(/loading="eager"/g)).toHaveLength(6);
    expect(html).not.toContain('fetchPriority="high"');
    expect(html.match(/<figure/g)).toHaveLength(8);
    // Lazy tiles ship a <noscript> copy with native lazy loading for visitors without JS.
    expect(html).toMatch(/<noscript>.*loading="lazy"/s);
  });
});

describe("featured videos states", () => {
  it("shows its own failure message with Retry", () => {
    const html = renderToStaticMarkup(
      <FeaturedVideos result={failed("Database Error")} onRetry={() => {}} />,
    );
    expect(text(html)).toContain("Unable to load content");
    expect(text(html)).toContain("Retry");
  });

  it("has an empty state", () => {
    expect(text(renderToStaticMarkup(<FeaturedVideos result={ok<LoeVideo[]>([])} />))).toContain(
      "No videos available",
    );
  });

  it("shows the first video large and the rest in the carousel", () => {
    const videos: LoeVideo[] = ["First", "Second", "Third"].map((title, i) => ({
      id: String(i),
      title,
      description: null,
      embedId: "dQw4w9WgXcQ",
      videoUrl: null,
      thumbnailUrl: null,
    }));
    const html = renderToStaticMarkup(<FeaturedVideos result={ok(videos)} />);
    expect(text(html)).toMatch(/Featured First .* More Videos .* Second .* Third/);
    // No stored thumbnail: the video service's still.
    expect(html).toContain("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
  });
});

describe("video player", () => {
  it("plays a file in a <video> element with the fallback text", () => {
    const html = renderToStaticMarkup(
      <VideoPlayer video={{ title: "Set", videoUrl: "/uploads/videos/set.mp4" }} />,
    );
    expect(html).toMatch(/<video[^>]*src="\/uploads\/videos\/set.mp4"/);
    expect(text(html)).toBe("Your browser does not support the video tag.");
  });

  it('says "No video source available" with neither an id nor a URL', () => {
    const html = renderToStaticMarkup(<VideoPlayer video={{ title: "Nothing" }} />);
    expect(text(html)).toBe("No video source available");
    expect(html).not.toContain("<iframe");
  });
});

describe("contact banner", () => {
  it("fills the {email} placeholder", () => {
    expect(bannerText("Write to {email} · {email}", "band@example.org")).toBe(
      "Write to band@example.org · band@example.org",
    );
  });
});
