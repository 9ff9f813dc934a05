/**
 * What the LOE page receives from the server: its three sections, each loaded on its
 * own so that a failure in one leaves the others working (public-site spec §2 LOE).
 */
import type { AudioTrack } from "./audio";
import type { DialogVideoData } from "../../media/video";

export type { AudioTrack };

export interface LoeVideo extends DialogVideoData {
  id: string;
}

/** An LOE image's own fields, as the page and the admin screen both receive them. */
export interface LoeImageFields {
  id: string;
  title: string;
  altText: string;
  caption: string | null;
  imageUrl: string;
  width: number | null;
  height: number | null;
  orderIndex: number;
}

export interface LoeImage extends LoeImageFields {
  visualWeight: number;
  /** ISO timestamp */
  createdAt: string;
}

/** One section's data, or the message to show in its place. */
export type SectionResult<T> = { ok: true; data: T } | { ok: false; message: string };
