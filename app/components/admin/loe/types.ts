/** What the LOE screen's loader hands its tabs: each part loaded on its own. */
import type { PageContentEntry } from "~/components/admin/kit/page-content-editor";

/** A part's rows, or the message shown in their place when they could not be read. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

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
