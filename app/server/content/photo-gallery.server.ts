/**
 * The photo gallery (photo_gallery). The home page shows the active, featured photos;
 * the admin sees, flags and orders them all, in the very order visitors see them.
 */
import type { WeightedGalleryPhoto } from "~/domain/content/photos/gallery-photo";
import { and, asc, eq, sql } from "drizzle-orm";
import { defineCollection } from "../admin/collection.server";
import { MINUTE, cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { photoGallery } from "../db/schema/content.server";

/**
 * The gallery order of public-site spec §4: order_index 0 counts as unprioritised and
 * goes last; otherwise lower first; ties oldest first.
 */
const galleryOrder = [
  sql`case when ${photoGallery.orderIndex} = 0 then 1 else 0 end`,
  asc(photoGallery.orderIndex),
  asc(photoGallery.createdAt),
];

export const photoGalleryService = defineCollection({
  entity: "photo_gallery",
  table: photoGallery,
  publicWhere: eq(photoGallery.isActive, true),
  flags: ["isActive", "isFeatured"],
  // The admin's list in the visitors' order; a reorder numbers from 1, so no photo the
  // artist placed becomes "unprioritised" (0) and drops to the end.
  orderBy: galleryOrder,
  firstOrderIndex: 1,
});

/** How many featured photos the home page shows. */
export const HOME_PHOTO_LIMIT = 8;

/**
 * The home page's photos: active and featured, in the gallery order of spec §4
 * (order_index 0 counts as unprioritised and goes last; ties oldest first).
 */
export function readFeaturedPhotos(
  db: Database,
  limit = HOME_PHOTO_LIMIT,
): Promise<WeightedGalleryPhoto[]> {
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
    .where(and(photoGalleryService.publicWhere, eq(photoGallery.isFeatured, true)))
    .orderBy(...galleryOrder)
    .limit(limit);
}

/** Fresh for 5 minutes, like the rest of the home page (spec §9). */
export const loadFeaturedPhotos = () =>
  cached("featured-photos", 5 * MINUTE, () => readFeaturedPhotos(getDb()));
