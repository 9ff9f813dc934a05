/**
 * Video inputs (admin spec §5 "Video inputs") and what a player needs: the id of a
 * video on the video-sharing service, its embed and thumbnail URLs, and which kind
 * of player a stored video gets (public-site spec §2 LOE).
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);
// Paths whose next segment is the id: /embed/ID, /shorts/ID, /live/ID, /v/ID.
const ID_PATH_PREFIXES = new Set(["embed", "shorts", "live", "v"]);

/**
 * The 11-character video id in a watch URL, short URL, embed URL or a bare id; null
 * when there is none.
 */
export function extractVideoId(input: string | null | undefined): string | null {
  const value = (input ?? "").trim();
  if (!value) return null;
  if (VIDEO_ID.test(value)) return value;

  let url: URL;
  try {
    // People paste "youtu.be/…" or "www.youtube.com/…" without the scheme.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);

  let candidate: string | null | undefined = null;
  if (SHORT_HOSTS.has(host)) {
    candidate = segments[0];
  } else if (VIDEO_HOSTS.has(host)) {
    if (segments[0] === "watch") candidate = url.searchParams.get("v");
    else if (segments[0] && ID_PATH_PREFIXES.has(segments[0])) candidate = segments[1];
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The privacy-friendly embed player; autoplay because the visitor just asked for it. */
export function videoEmbedUrl(videoId: string, { autoplay = true } = {}): string {
  const params = new URLSearchParams({ rel: "0", modestbranding: "1" });
  if (autoplay) params.set("autoplay", "1");
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params}`;
}

/** The service's own still for a video id. */
export function serviceThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;
}

export interface VideoLike {
  embedId?: string | null;
  videoUrl?: string | null;
  thumbnailUrl?: string | null;
}

/** A video as players and dialogs show it. */
export interface DialogVideoData extends VideoLike {
  title: string;
  description?: string | null;
}

const present = (v: string | null | undefined): v is string => !!v && v.trim() !== "";

export type VideoSource =
  { kind: "embed"; videoId: string } | { kind: "file"; url: string } | { kind: "none" };

/**
 * What the player shows: the embed when there is a video id (in embed_id, or a
 * service URL in video_url), else the file in video_url, else nothing
 * ("No video source available").
 */
export function videoSource(video: VideoLike): VideoSource {
  const fromEmbed = extractVideoId(video.embedId);
  if (fromEmbed) return { kind: "embed", videoId: fromEmbed };
  if (present(video.videoUrl)) {
    const fromUrl = extractVideoId(video.videoUrl);
    if (fromUrl) return { kind: "embed", videoId: fromUrl };
    return { kind: "file", url: video.videoUrl.trim() };
  }
  return { kind: "none" };
}

/** The stored thumbnail when there is one, else the service's still, else null. */
export function videoThumbnailUrl(video: VideoLike): string | null {
  if (present(video.thumbnailUrl)) return video.thumbnailUrl.trim();
  const source = videoSource(video);
  return source.kind === "embed" ? serviceThumbnailUrl(source.videoId) : null;
}
