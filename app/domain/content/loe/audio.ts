/**
 * The LOE audio collection's rules (public-site spec §2 LOE, §4 "Audio", §5 "Audio
 * track validity" and "Embed URL rule", §9): which tracks can play, which SoundCloud
 * links can be embedded and how, and how the playlist moves.
 */

export type AudioSourceType = "soundcloud" | "file" | "url";

export interface AudioTrack {
  id: string;
  title: string;
  artist: string | null;
  album: string | null;
  artworkUrl: string | null;
  sourceType: string;
  audioUrl: string | null;
  soundcloudEmbedUrl: string | null;
  duration: number | null;
}

const present = (v: string | null | undefined): v is string => !!v && v.trim() !== "";

// ---------------------------------------------------------------------------
// Track validity
// ---------------------------------------------------------------------------

/** Valid: a soundcloud track with an embed URL, any other track with an audio URL. */
export function isTrackValid(
  track: Pick<AudioTrack, "sourceType" | "audioUrl" | "soundcloudEmbedUrl">,
) {
  return track.sourceType === "soundcloud"
    ? present(track.soundcloudEmbedUrl)
    : present(track.audioUrl);
}

export type TrackStatus = "OK" | "Missing SoundCloud URL" | "Missing audio URL";

export function trackStatus(
  track: Pick<AudioTrack, "sourceType" | "audioUrl" | "soundcloudEmbedUrl">,
): TrackStatus {
  if (isTrackValid(track)) return "OK";
  return track.sourceType === "soundcloud" ? "Missing SoundCloud URL" : "Missing audio URL";
}

export interface TrackAudit<T> {
  /** Only the valid tracks, in their order: the playlist. */
  playable: T[];
  /** Every track with its status, for "Audio Tracks Need Attention". */
  statuses: { track: T; status: TrackStatus }[];
  invalidCount: number;
}

export function auditTracks<
  T extends Pick<AudioTrack, "sourceType" | "audioUrl" | "soundcloudEmbedUrl">,
>(tracks: readonly T[]): TrackAudit<T> {
  const statuses = tracks.map((track) => ({ track, status: trackStatus(track) }));
  return {
    playable: statuses.filter((s) => s.status === "OK").map((s) => s.track),
    statuses,
    invalidCount: statuses.filter((s) => s.status !== "OK").length,
  };
}

/** The note under "Audio Tracks Need Attention" when only some tracks are invalid. */
export function invalidTracksNote(invalidCount: number): string {
  return invalidCount === 1
    ? "1 track has invalid audio sources and won't play."
    : `${invalidCount} tracks have invalid audio sources and won't play.`;
}

// ---------------------------------------------------------------------------
// Playlist movement
// ---------------------------------------------------------------------------

/** The current index, back to 0 when it no longer points into the list. */
export function clampTrackIndex(index: number, length: number): number {
  return Number.isInteger(index) && index >= 0 && index < length ? index : 0;
}

/** Next and previous only move with more than one track. */
export function canSkip(length: number): boolean {
  return length > 1;
}

export function nextTrackIndex(index: number, length: number): number {
  if (!canSkip(length)) return clampTrackIndex(index, length);
  return (clampTrackIndex(index, length) + 1) % length;
}

export function previousTrackIndex(index: number, length: number): number {
  if (!canSkip(length)) return clampTrackIndex(index, length);
  return (clampTrackIndex(index, length) - 1 + length) % length;
}

// ---------------------------------------------------------------------------
// SoundCloud embeds
// ---------------------------------------------------------------------------

export const SOUNDCLOUD_HOST = "https://soundcloud.com";
export const SOUNDCLOUD_PLAYER_HEIGHT = 300;
export const SOUNDCLOUD_PLAYLIST_PLAYER_HEIGHT = 400;

const API_HOSTS = new Set([
  "api.soundcloud.com",
  "api-v2.soundcloud.com",
  "api-widget.soundcloud.com",
]);
const MAIN_HOSTS = new Set(["soundcloud.com", "www.soundcloud.com"]);
const MOBILE_HOST = "m.soundcloud.com";
const SHORT_HOST = "on.soundcloud.com";
const PLAYER_HOST = "w.soundcloud.com";

export const SOUNDCLOUD_API_URL_MESSAGE = `API URLs cannot be embedded. Please use a regular SoundCloud playlist URL (${SOUNDCLOUD_HOST}/user/sets/playlist).`;
export const INVALID_SOUNDCLOUD_URL_MESSAGE = "Please enter a valid SoundCloud URL";

export type SoundCloudLinkKind = "short" | "track" | "private" | "playlist" | "mobile" | "player";

export type SoundCloudUrlCheck =
  | { ok: true; kind: SoundCloudLinkKind; isPlaylist: boolean; isPrivate: boolean }
  | { ok: false; error: string };

// First path segments that are SoundCloud pages, not user names.
const RESERVED_FIRST_SEGMENTS = new Set([
  "discover",
  "search",
  "stream",
  "upload",
  "you",
  "charts",
  "pages",
  "settings",
  "messages",
  "notifications",
  "player",
  "oembed",
  "signin",
  "logout",
  "terms-of-use",
]);
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SECRET_TOKEN = /^s-[A-Za-z0-9]+$/;

/** Reads a soundcloud.com path: user/track, user/track/s-token, user/sets/name[/s-token]. */
function classifyPath(segments: string[]): { isPlaylist: boolean; isPrivate: boolean } | null {
  const [user, second, third, fourth, ...rest] = segments;
  if (rest.length || !user || !second) return null;
  if (!SEGMENT.test(user) || RESERVED_FIRST_SEGMENTS.has(user.toLowerCase())) return null;
  if (second === "sets") {
    if (!third || !SEGMENT.test(third)) return null;
    if (fourth === undefined) return { isPlaylist: true, isPrivate: false };
    return SECRET_TOKEN.test(fourth) ? { isPlaylist: true, isPrivate: true } : null;
  }
  if (!SEGMENT.test(second) || fourth !== undefined) return null;
  if (third === undefined) return { isPlaylist: false, isPrivate: false };
  return SECRET_TOKEN.test(third) ? { isPlaylist: false, isPrivate: true } : null;
}

function looksLikePlaylistResource(resource: string): boolean {
  return /\/(sets|playlists)\//.test(resource);
}

/**
 * The embed URL rule: https only, and one of a short link, a track link
 * (user/track), a private share link (with an s- token), a set/playlist link, a
 * mobile link or a player embed link. API-host URLs are refused with their own
 * message.
 */
export function checkSoundCloudUrl(input: string | null | undefined): SoundCloudUrlCheck {
  const value = (input ?? "").trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: INVALID_SOUNDCLOUD_URL_MESSAGE };
  }
  const host = url.hostname.toLowerCase();
  if (API_HOSTS.has(host)) return { ok: false, error: SOUNDCLOUD_API_URL_MESSAGE };
  if (url.protocol !== "https:") return { ok: false, error: INVALID_SOUNDCLOUD_URL_MESSAGE };
  const segments = url.pathname.split("/").filter(Boolean);

  if (host === SHORT_HOST) {
    return segments.length === 1 && SEGMENT.test(segments[0]!)
      ? { ok: true, kind: "short", isPlaylist: false, isPrivate: false }
      : { ok: false, error: INVALID_SOUNDCLOUD_URL_MESSAGE };
  }
  if (host === PLAYER_HOST) {
    const resource = url.searchParams.get("url") ?? "";
    if (segments[0] !== "player" || !resource) {
      return { ok: false, error: INVALID_SOUNDCLOUD_URL_MESSAGE };
    }
    let resourceHost: string;
    try {
      resourceHost = new URL(resource).hostname.toLowerCase();
    } catch {
      return { ok: false, error: INVALID_SOUNDCLOUD_URL_MESSAGE };
    }
    // The player's own url= may point at the API (that is how SoundCloud's embed codes look).
    if (!resourceHost.endsWith("soundcloud.com")) {
      return { ok: false, error: INVALID_SOUNDCLOUD_URL_MESSAGE };
    }
    return {
      ok: true,
      kind: "player",
      isPlaylist: looksLikePlaylistResource(resource),
      isPrivate: url.searchParams.has("secret_token") || /\/s-[A-Za-z0-9]+/.test(resource),
    };
  }
  if (host === MOBILE_HOST || MAIN_HOSTS.has(host)) {
    const shape = classifyPath(segments);
    if (!shape) return { ok: false, error: INVALID_SOUNDCLOUD_URL_MESSAGE };
    const kind: SoundCloudLinkKind =
      host === MOBILE_HOST
        ? "mobile"
        : shape.isPrivate
          ? "private"
          : shape.isPlaylist
            ? "playlist"
            : "track";
    return { ok: true, kind, ...shape };
  }
  return { ok: false, error: INVALID_SOUNDCLOUD_URL_MESSAGE };
}

/** The player frame's height: 400 for playlists, otherwise 300. */
export function soundCloudPlayerHeight(url: string): number {
  const check = checkSoundCloudUrl(url);
  return check.ok && check.isPlaylist
    ? SOUNDCLOUD_PLAYLIST_PLAYER_HEIGHT
    : SOUNDCLOUD_PLAYER_HEIGHT;
}

/**
 * The w.soundcloud.com player URL for a link, with auto-play off; null when the link
 * cannot be embedded.
 */
export function soundCloudPlayerUrl(input: string): string | null {
  const check = checkSoundCloudUrl(input);
  if (!check.ok) return null;
  const value = input.trim();
  const options: Record<string, string> = {
    auto_play: "false",
    hide_related: "true",
    show_comments: "false",
    show_reposts: "false",
    visual: "false",
  };
  if (check.kind === "player") {
    const url = new URL(value);
    for (const [k, v] of Object.entries(options)) url.searchParams.set(k, v);
    return url.toString();
  }
  // The player wants the canonical page URL; a mobile link is the same page on m.
  const resource =
    check.kind === "mobile" ? value.replace("://m.soundcloud.com", "://soundcloud.com") : value;
  return `https://w.soundcloud.com/player/?${new URLSearchParams({ url: resource, ...options })}`;
}

/** A link a visitor can open in SoundCloud itself (the player link's own resource). */
export function soundCloudPageUrl(input: string): string {
  const value = input.trim();
  try {
    const url = new URL(value);
    if (url.hostname.toLowerCase() === PLAYER_HOST) {
      const resource = url.searchParams.get("url");
      if (resource && !API_HOSTS.has(new URL(resource).hostname.toLowerCase())) return resource;
      return SOUNDCLOUD_HOST;
    }
  } catch {
    // Fall through: show what was stored.
  }
  return value;
}

/** "m:ss", or "--:--" when unknown (admin spec §9). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return "--:--";
  }
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
