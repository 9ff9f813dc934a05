/**
 * Media items (media_items): the media page's photos, videos and social posts.
 * Visitors see the visible ones, newest first.
 */
import type { PublicMediaItem } from "~/domain/content/media-page/public-media-item";
import { desc, eq } from "drizzle-orm";
import { defineCollection } from "../admin/collection.server";
import { MINUTE, cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { mediaItems } from "../db/schema/content.server";

export const mediaItemService = defineCollection({
  entity: "media_items",
  table: mediaItems,
  publicWhere: eq(mediaItems.isVisible, true),
  orderBy: [desc(mediaItems.createdAt)],
  flags: ["isVisible", "isFeatured"],
});

/** Visible media items, newest first (spec §7). */
export function readVisibleMediaItems(db: Database): Promise<PublicMediaItem[]> {
  return db
    .select({
      id: mediaItems.id,
      title: mediaItems.title,
      description: mediaItems.description,
      type: mediaItems.type,
      url: mediaItems.url,
      thumbnailUrl: mediaItems.thumbnailUrl,
      platform: mediaItems.platform,
      width: mediaItems.width,
      height: mediaItems.height,
      isFeatured: mediaItems.isFeatured,
    })
    .from(mediaItems)
    .where(mediaItemService.publicWhere)
    .orderBy(desc(mediaItems.createdAt));
}

/** Fresh for 2 minutes (spec §9). */
export const loadVisibleMediaItems = () =>
  cached("media-items", 2 * MINUTE, () => readVisibleMediaItems(getDb()));
