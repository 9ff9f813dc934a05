/**
 * The photo gallery (photo_gallery). The home page shows the active, featured photos;
 * the admin sees, flags and orders them all.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { defineCollection } from "../admin/collection.server";
import { MINUTE, cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { photoGallery } from "../db/schema.server";

export const photoGalleryService = defineCollection({
  entity: "photo_gallery",
  table: photoGallery,
  publicWhere: eq(photoGallery.isActive, true),
  flags: ["isActive", "isFeatured"],
});

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

/** Fresh for 5 minutes, like the rest of the home page (spec §9). */
export const loadFeaturedPhotos = () =>
  cached("featured-photos", 5 * MINUTE, () => readFeaturedPhotos(getDb()));
