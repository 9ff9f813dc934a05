/** LOE images (loe_images): the LOE gallery, active ones in the gallery order. */
import { eq } from "drizzle-orm";
import { orderGalleryImages } from "~/domain/content/photos/gallery-layout";
import type { LoeImage } from "~/domain/content/loe/loe-page";
import { loeImageDimensions, type LoeImageInput } from "~/domain/content/loe/loe-image";
import { defineCollection } from "../admin/collection.server";
import { cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { loeImages } from "../db/schema/content.server";
import { LOE_TTL } from "./loe-videos.server";

export const loeImageService = defineCollection({
  entity: "loe_images",
  table: loeImages,
  publicWhere: eq(loeImages.isActive, true),
  flags: ["isActive", "isFeatured"],
});

export async function readLoeImages(db: Database): Promise<LoeImage[]> {
  const rows = await db
    .select({
      id: loeImages.id,
      title: loeImages.title,
      altText: loeImages.altText,
      caption: loeImages.caption,
      imageUrl: loeImages.imageUrl,
      width: loeImages.width,
      height: loeImages.height,
      visualWeight: loeImages.visualWeight,
      orderIndex: loeImages.orderIndex,
      createdAt: loeImages.createdAt,
    })
    .from(loeImages)
    .where(loeImageService.publicWhere);
  return orderGalleryImages(rows).map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
}

export const loadLoeImages = () => cached("loe:images", LOE_TTL, () => readLoeImages(getDb()));

/** An image's stored fields: the measured size when it belongs to the address saved. */
export function loeImageValues(input: LoeImageInput, storedImageUrl?: string) {
  const { width: _w, height: _h, dimensionsFor: _for, ...values } = input;
  return { ...values, ...loeImageDimensions(input, storedImageUrl) };
}
