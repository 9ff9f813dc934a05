/** What the LOE screen's loader hands its tabs: each part loaded on its own. */
import type { PageContentEntry } from "~/components/admin/kit/page-content-editor";

export interface LoeContent {
  /** The `loe` entry: title, description, paragraph spacing. */
  header: PageContentEntry;
  /** The banner's template (the `loe-banner-text` entry's description). */
  bannerTemplate: string;
  /** What the public page puts in place of the placeholder. */
  contactEmail: string;
}

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

export interface LoeImageRow {
  id: string;
  title: string;
  altText: string;
  caption: string | null;
  imageUrl: string;
  width: number | null;
  height: number | null;
  orderIndex: number;
  isActive: boolean;
}

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
