/** LOE audio tracks (loe_audio_tracks): the LOE page's player, active ones by order_index. */
import { asc, eq } from "drizzle-orm";
import { z } from "~/domain/core/zod";
import {
  type AudioTrack,
  checkSoundCloudUrl,
  soundCloudPageUrl,
  soundCloudPlayerUrl,
} from "~/domain/content/loe/audio";
import { formText } from "~/domain/admin/form-fields";
import {
  AUDIO_TRACK_TEXT,
  type AudioTrackInput,
  type SoundCloudPlaylistInfo,
} from "~/domain/content/loe/loe-audio-track";
import { intent } from "../admin/admin-action.server";
import { defineCollection } from "../admin/collection.server";
import { cached } from "../core/cache.server";
import { AppError } from "../core/errors.server";
import { getDb, type Database } from "../db/database.server";
import { loeAudioTracks } from "../db/schema/content.server";
import { LOE_TTL } from "./loe-videos.server";

export const loeAudioTrackService = defineCollection({
  entity: "loe_audio_tracks",
  table: loeAudioTracks,
  publicWhere: eq(loeAudioTracks.isActive, true),
  flags: ["isActive"],
});

export async function readLoeAudioTracks(db: Database): Promise<AudioTrack[]> {
  return db
    .select({
      id: loeAudioTracks.id,
      title: loeAudioTracks.title,
      artist: loeAudioTracks.artist,
      album: loeAudioTracks.album,
      artworkUrl: loeAudioTracks.artworkUrl,
      sourceType: loeAudioTracks.sourceType,
      audioUrl: loeAudioTracks.audioUrl,
      soundcloudEmbedUrl: loeAudioTracks.soundcloudEmbedUrl,
      duration: loeAudioTracks.duration,
    })
    .from(loeAudioTracks)
    .where(loeAudioTrackService.publicWhere)
    .orderBy(asc(loeAudioTracks.orderIndex), asc(loeAudioTracks.createdAt));
}

export const loadLoeAudioTracks = () =>
  cached("loe:audio-tracks", LOE_TTL, () => readLoeAudioTracks(getDb()));

// ---------------------------------------------------------------------------
// SoundCloud playlists: title and track count, for the track dialog
// ---------------------------------------------------------------------------

export interface SoundCloudLookupOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Answers are kept this long (per link), so typing does not repeat the requests. */
  cacheMs?: number;
}

const SOUNDCLOUD_OEMBED = "https://soundcloud.com/oembed";
const PAGE_HOSTS = new Set(["soundcloud.com", "www.soundcloud.com", "m.soundcloud.com"]);
const lookups = new Map<string, { at: number; info: SoundCloudPlaylistInfo }>();
const MAX_CACHED_LOOKUPS = 200;

/** The playlist's page on soundcloud.com (for a player link, its own resource), or null. */
function playlistPageUrl(url: string): string | null {
  try {
    const page = new URL(soundCloudPageUrl(url));
    if (page.protocol !== "https:" || !PAGE_HOSTS.has(page.hostname.toLowerCase())) return null;
    page.hostname = "soundcloud.com";
    page.search = "";
    page.hash = "";
    return page.toString();
  } catch {
    return null;
  }
}

/**
 * Asks SoundCloud about a playlist link: its title (oEmbed) and its track count (the
 * count its page carries). Only for links the embed rule accepts as playlists, only to
 * soundcloud.com; anything that fails or times out is simply unknown (null fields), and
 * a link that is not a playlist gives null without a request.
 */
export async function lookUpSoundCloudPlaylist(
  url: string,
  {
    fetch = globalThis.fetch,
    timeoutMs = 4_000,
    cacheMs = 10 * 60_000,
  }: SoundCloudLookupOptions = {},
): Promise<SoundCloudPlaylistInfo | null> {
  const check = checkSoundCloudUrl(url);
  if (!check.ok || !check.isPlaylist) return null;
  const page = playlistPageUrl(url);
  if (!page) return null;

  const cached = lookups.get(page);
  if (cached && Date.now() - cached.at < cacheMs) return cached.info;

  const get = (address: string) =>
    fetch(address, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/json, text/html;q=0.9" },
    }).then((response) => {
      if (!response.ok) throw new Error(`SoundCloud answered ${response.status}`);
      return response.text();
    });

  const [oembed, html] = await Promise.allSettled([
    get(`${SOUNDCLOUD_OEMBED}?${new URLSearchParams({ format: "json", url: page })}`),
    get(page),
  ]);
  let title: string | null = null;
  if (oembed.status === "fulfilled") {
    try {
      const body = JSON.parse(oembed.value) as { title?: unknown };
      if (typeof body.title === "string" && body.title.trim()) title = body.title.trim();
    } catch {
      // not JSON: unknown
    }
  }
  let trackCount: number | null = null;
  if (html.status === "fulfilled") {
    const match = /"track_count"\s*:\s*(\d{1,6})/.exec(html.value);
    if (match) trackCount = Number(match[1]);
  }
  if (title === null && trackCount === null) return null; // asked again next time
  const info = { title, trackCount };
  if (lookups.size >= MAX_CACHED_LOOKUPS) lookups.delete(lookups.keys().next().value!);
  lookups.set(page, { at: Date.now(), info });
  return info;
}

/** The stored fields of a track: a duration belongs to an uploaded file only. */
export function audioTrackValues(
  input: Omit<AudioTrackInput, "sourceType"> & { sourceType: string },
) {
  if (input.sourceType === "soundcloud" && !soundCloudPlayerUrl(input.soundcloudEmbedUrl ?? "")) {
    throw new AppError(AUDIO_TRACK_TEXT.invalidSoundCloudUrl, 400, "Error", "soundcloudEmbedUrl");
  }
  return { ...input, duration: input.sourceType === "file" ? input.duration : null };
}

/** The track dialog's check of a SoundCloud link: what it points at (it changes nothing). */
export const soundCloudLookupIntent = intent({
  schema: z.object({ url: formText() }),
  run: async ({ input }) => ({ url: input.url, info: await lookUpSoundCloudPlaylist(input.url) }),
  success: "SoundCloud link checked",
  failure: "Could not read the SoundCloud link",
});
