/**
 * The home editor's preview carousel (admin spec §2, §9: at most 5 featured photos):
 * which photos it shows and which one is on screen as the arrows move it round.
 */

/** Spec §9: the gallery preview shows at most 5 featured photos. */
export const CAROUSEL_PREVIEW_LIMIT = 5;

/** The photo `step` places away from `index`, going round at either end; 0 with none. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** `index` kept on a photo that exists (after the list shrank); 0 with none. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, index), count - 1);
}

interface CarouselCandidate {
  isActive?: boolean;
  isFeatured?: boolean;
}

/**
 * The photos the carousel shows: the active, featured ones (in the order given, which
 * is the visitors' order), at most `limit`. Photos without flags (a public read that
 * already chose them) all count.
 */
export function carouselPhotos<T extends CarouselCandidate>(
  photos: readonly T[],
  limit = CAROUSEL_PREVIEW_LIMIT,
): T[] {
  return photos
    .filter((photo) => photo.isActive !== false && photo.isFeatured !== false)
    .slice(0, limit);
}
