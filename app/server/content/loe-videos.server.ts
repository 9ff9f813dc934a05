/** LOE videos (loe_videos): the LOE page's video section, active ones by order_index. */
import { asc, eq } from "drizzle-orm";
import type { LoeVideo } from "~/domain/content/loe/loe-page";
import { defineCollection } from "../admin/collection.server";
import { MINUTE, cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { loeVideos } from "../db/schema/content.server";

export const loeVideoService = defineCollection({
  entity: "loe_videos",
  table: loeVideos,
  publicWhere: eq(loeVideos.isActive, true),
  flags: ["isActive"],
});

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
    .where(loeVideoService.publicWhere)
    .orderBy(asc(loeVideos.orderIndex), asc(loeVideos.createdAt));
}

// The spec names no freshness for LOE; media items use 2 minutes, and every admin
// save drops the cache anyway.
export const LOE_TTL = 2 * MINUTE;

export const loadLoeVideos = () => cached("loe:videos", LOE_TTL, () => readLoeVideos(getDb()));
