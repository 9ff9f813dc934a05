/**
 * Featured videos (featured_videos): the home page's video section. Visitors see the
 * active ones by order_index; the admin sees and orders them all.
 */
import { asc, eq, sql } from "drizzle-orm";
import { defineCollection } from "../admin/collection.server";
import { MINUTE, cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { featuredVideos } from "../db/schema/content.server";

export const featuredVideoService = defineCollection({
  entity: "featured_videos",
  table: featuredVideos,
  publicWhere: eq(featuredVideos.isActive, true),
  flags: ["isActive"],
});

export interface FeaturedVideo {
  id: string;
  title: string;
  description: string | null;
  embedId: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
}

/**
 * Active featured videos, order_index ascending (spec §7). featured_videos has no
 * poster column; a poster stored for the same video elsewhere on the site (an LOE
 * video with that id, or a video media item linking to it) is used, else the card
 * falls back to the video service's still.
 */
export function readFeaturedVideos(db: Database): Promise<FeaturedVideo[]> {
  return db
    .select({
      id: featuredVideos.id,
      title: featuredVideos.title,
      description: featuredVideos.description,
      embedId: featuredVideos.embedId,
      videoUrl: featuredVideos.videoUrl,
      // Spelled out: inside a subquery an unqualified column would bind to the inner table.
      thumbnailUrl: sql<string | null>`coalesce(
        (select lv.thumbnail_url from loe_videos lv
          where lv.embed_id = featured_videos.embed_id and coalesce(lv.thumbnail_url, '') <> ''
          order by lv.order_index limit 1),
        (select mi.thumbnail_url from media_items mi
          where mi.type = 'video' and coalesce(mi.thumbnail_url, '') <> ''
            and coalesce(featured_videos.embed_id, '') <> ''
            and position(featured_videos.embed_id in mi.url) > 0
          order by mi.created_at desc limit 1))`,
    })
    .from(featuredVideos)
    .where(featuredVideoService.publicWhere)
    .orderBy(asc(featuredVideos.orderIndex), asc(featuredVideos.createdAt));
}

/** Fresh for 5 minutes, like the rest of the home page (spec §9). */
export const loadFeaturedVideos = () =>
  cached("featured-videos", 5 * MINUTE, () => readFeaturedVideos(getDb()));
