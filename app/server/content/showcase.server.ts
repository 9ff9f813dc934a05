/**
 * The lists the home, about and media pages show besides their text: featured videos,
 * the featured photos, influences, collaborations, stats and media items. Each read has
 * a cached loader with the spec's freshness (§9); an admin save drops them all.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { MINUTE, cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import {
  collaborations,
  featuredVideos,
  mediaItems,
  musicalInfluences,
  photoGallery,
  stats,
} from "../db/schema.server";

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
    .where(eq(featuredVideos.isActive, true))
    .orderBy(asc(featuredVideos.orderIndex), asc(featuredVideos.createdAt));
}

export interface GalleryPhoto {
  id: string;
  title: string;
  description: string | null;
  altText: string;
  imageUrl: string;
  width: number | null;
  height: number | null;
  visualWeight: number;
}

/**
 * The home page's photos: active and featured, in the gallery order of spec §4
 * (order_index 0 counts as unprioritised and goes last; ties oldest first).
 */
export function readFeaturedPhotos(db: Database, limit = 8): Promise<GalleryPhoto[]> {
  return db
    .select({
      id: photoGallery.id,
      title: photoGallery.title,
      description: photoGallery.description,
      altText: photoGallery.altText,
      imageUrl: photoGallery.imageUrl,
      width: photoGallery.width,
      height: photoGallery.height,
      visualWeight: photoGallery.visualWeight,
    })
    .from(photoGallery)
    .where(and(eq(photoGallery.isActive, true), eq(photoGallery.isFeatured, true)))
    .orderBy(
      sql`case when ${photoGallery.orderIndex} = 0 then 1 else 0 end`,
      asc(photoGallery.orderIndex),
      asc(photoGallery.createdAt),
    )
    .limit(limit);
}

export interface AboutLists {
  influences: { id: string; name: string }[];
  collaborations: { id: string; artist: string; project: string; year: string }[];
  stats: { id: string; iconName: string; numberValue: string; label: string }[];
}

export async function readAboutLists(db: Database): Promise<AboutLists> {
  const [influenceRows, collaborationRows, statRows] = await Promise.all([
    db
      .select({ id: musicalInfluences.id, name: musicalInfluences.name })
      .from(musicalInfluences)
      .orderBy(asc(musicalInfluences.orderIndex), asc(musicalInfluences.createdAt)),
    db
      .select({
        id: collaborations.id,
        artist: collaborations.artist,
        project: collaborations.project,
        year: collaborations.year,
      })
      .from(collaborations)
      .orderBy(asc(collaborations.orderIndex), asc(collaborations.createdAt)),
    db
      .select({
        id: stats.id,
        iconName: stats.iconName,
        numberValue: stats.numberValue,
        label: stats.label,
      })
      .from(stats)
      .orderBy(asc(stats.orderIndex), asc(stats.createdAt)),
  ]);
  return { influences: influenceRows, collaborations: collaborationRows, stats: statRows };
}

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
    .where(eq(mediaItems.isVisible, true))
    .orderBy(desc(mediaItems.createdAt));
}

// Cached loaders. Freshness per spec §9: home content 5 min, media items 2 min; the
// about lists and the home videos and photos follow the home content's 5 min.
export const loadFeaturedVideos = () =>
  cached("featured-videos", 5 * MINUTE, () => readFeaturedVideos(getDb()));
export const loadFeaturedPhotos = () =>
  cached("featured-photos", 5 * MINUTE, () => readFeaturedPhotos(getDb()));
export const loadAboutLists = () =>
  cached("about-lists", 5 * MINUTE, () => readAboutLists(getDb()));
export const loadVisibleMediaItems = () =>
  cached("media-items", 2 * MINUTE, () => readVisibleMediaItems(getDb()));
