/**
 * The LOE collections as the admin screen's loader hands them to its tabs: stored rows
 * without timestamps. An image shares its fields with the public page's (loe-page.ts).
 */
import type { LoeImageFields } from "./loe-page";

export interface LoeVideoRow {
  id: string;
  title: string;
  description: string | null;
  embedId: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  orderIndex: number;
  isActive: boolean;
}

export type LoeImageRow = LoeImageFields & { isActive: boolean };

export interface LoeAudioRow {
  id: string;
  title: string;
  artist: string | null;
  album: string | null;
  sourceType: string;
  soundcloudEmbedUrl: string | null;
  audioUrl: string | null;
  artworkUrl: string | null;
  duration: number | null;
  orderIndex: number;
  isActive: boolean;
}

/** Stored rows as the tables show them (no timestamps over the wire). */
export function toLoeVideoRow(v: LoeVideoRow): LoeVideoRow {
  const { id, title, description, embedId, videoUrl, thumbnailUrl, orderIndex, isActive } = v;
  return { id, title, description, embedId, videoUrl, thumbnailUrl, orderIndex, isActive };
}

export function toLoeImageRow(i: LoeImageRow): LoeImageRow {
  const { id, title, altText, caption, imageUrl, width, height, orderIndex, isActive } = i;
  return { id, title, altText, caption, imageUrl, width, height, orderIndex, isActive };
}

export function toLoeAudioRow(t: LoeAudioRow): LoeAudioRow {
  const { id, title, artist, album, sourceType, soundcloudEmbedUrl, audioUrl, artworkUrl } = t;
  const { duration, orderIndex, isActive } = t;
  return {
    ...{ id, title, artist, album, sourceType, soundcloudEmbedUrl, audioUrl, artworkUrl },
    ...{ duration, orderIndex, isActive },
  };
}
