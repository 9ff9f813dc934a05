/**
 * The LOE page's reads (public-site spec §7): active videos and audio tracks by
 * order_index, active images by the gallery ordering rule. Each section is read and
 * cached on its own, so one failing query leaves the other sections working.
 */
import { asc, eq } from "drizzle-orm";
import type { AudioTrack } from "~/domain/audio";
import { orderGalleryImages } from "~/domain/gallery";
import type { LoeImage, LoeVideo, SectionResult } from "~/domain/loe";
import { MINUTE, cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { loeAudioTracks, loeImages, loeVideos } from "../db/schema.server";
import { AppError, databaseErrorTitle, pgErrorCode } from "../core/errors.server";
import { logger } from "../core/logger.server";

export async function readLoeVideos(db: Database): Promise<LoeVideo[]> {
  return db
    .select({
      id: loeVideos.id,
      title: loeVideos.title,
      description: loeVideos.description,
      embedId: loeVideos.embedId,
      videoUrl: loeVideos.videoUrl,
      thumbnailUrl: loeVideos.thumbnailUrl,
    })
    .from(loeVideos)
    .where(eq(loeVideos.isActive, true))
    .orderBy(asc(loeVideos.orderIndex), asc(loeVideos.createdAt));
}

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

export async function readLoeImages(db: Database): Promise<LoeImage[]> {
  const rows = await db
    .select({
      id: loeImages.id,
      title: loeImages.title,
      altText: loeImages.altText,
      caption: loeImages.caption,
      imageUrl: loeImages.imageUrl,
      width: loeImages.width,
      height: loeImages.height,
      visualWeight: loeImages.visualWeight,
      orderIndex: loeImages.orderIndex,
      createdAt: loeImages.createdAt,
    })
    .from(loeImages)
    .where(eq(loeImages.isActive, true));
  return orderGalleryImages(rows).map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
}

// The spec names no freshness for LOE; media items use 2 minutes, and every admin
// save drops the cache anyway.
const LOE_TTL = 2 * MINUTE;

export const loadLoeVideos = () => cached("loe:videos", LOE_TTL, () => readLoeVideos(getDb()));
export const loadLoeAudioTracks = () =>
  cached("loe:audio-tracks", LOE_TTL, () => readLoeAudioTracks(getDb()));
export const loadLoeImages = () => cached("loe:images", LOE_TTL, () => readLoeImages(getDb()));

/** What a visitor may read about a failure: our own messages, a database title, or nothing. */
export function publicErrorMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (pgErrorCode(error)) return databaseErrorTitle(error);
  return "Unknown error";
}

/** Turns a section's load into data or a message, so the page renders either way. */
export async function settleSection<T>(
  section: string,
  load: () => Promise<T>,
): Promise<SectionResult<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    logger.error({ err: error, section }, "LOE section failed to load");
    return { ok: false, message: publicErrorMessage(error) };
  }
}
