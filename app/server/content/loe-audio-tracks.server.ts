/** LOE audio tracks (loe_audio_tracks): the LOE page's player, active ones by order_index. */
import { asc, eq } from "drizzle-orm";
import type { AudioTrack } from "~/domain/audio";
import { defineCollection } from "../admin/collection.server";
import { cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { loeAudioTracks } from "../db/schema.server";
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
    .where(eq(loeAudioTracks.isActive, true))
    .orderBy(asc(loeAudioTracks.orderIndex), asc(loeAudioTracks.createdAt));
}

export const loadLoeAudioTracks = () =>
  cached("loe:audio-tracks", LOE_TTL, () => readLoeAudioTracks(getDb()));
