/**
 * A media item as the server hands it over: to the media page's mosaic and, with its
 * switches, to the admin screen's rows. No zod here: the public page imports it.
 */
export interface PublicMediaItem {
  id: string;
  title: string;
  description: string | null;
  type: string;
  url: string;
  thumbnailUrl: string | null;
  platform: string | null;
  width: number | null;
  height: number | null;
  isFeatured: boolean;
}

/** What the mosaic draws of an item. */
export type MosaicItem = Omit<PublicMediaItem, "isFeatured">;

/** A media item as the admin screen's loader hands it over (the dialog edits these fields). */
export type MediaItemRow = Omit<PublicMediaItem, "width" | "height"> & { isVisible: boolean };
