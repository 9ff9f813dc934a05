/** A gallery photo as the server hands it to the home page and the admin previews. */
export interface GalleryPhoto {
  id: string;
  title: string;
  description: string | null;
  altText: string;
  imageUrl: string;
  width: number | null;
  height: number | null;
}

/** The gallery order's weight comes along from the server's read. */
export type WeightedGalleryPhoto = GalleryPhoto & { visualWeight: number };
