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

export interface LoeImage {
  id: string;
  title: string;
  altText: string;
  caption: string | null;
  imageUrl: string;
  width: number | null;
  height: number | null;
  visualWeight: number;
  orderIndex: number;
  /** ISO timestamp */
  createdAt: string;
}

/** One section's data, or the message to show in its place. */
export type SectionResult<T> = { ok: true; data: T } | { ok: false; message: string };
