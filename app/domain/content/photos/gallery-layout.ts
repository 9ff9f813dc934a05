/**
 * Gallery ordering and layout maths (public-site spec §4 "Gallery ordering", §9
 * "Image and gallery layout").
 */

// ---------------------------------------------------------------------------
// Ordering
// ---------------------------------------------------------------------------

export interface Orderable {
  orderIndex: number;
  createdAt: Date | string;
}

const time = (d: Date | string) => (d instanceof Date ? d.getTime() : Date.parse(d));

/**
 * order_index 0 means "unprioritised" and sorts after every prioritised image;
 * otherwise lower first. Ties go to the oldest created_at.
 */
export function compareGalleryOrder(a: Orderable, b: Orderable): number {
  const aUnprioritised = a.orderIndex === 0;
  const bUnprioritised = b.orderIndex === 0;
  if (aUnprioritised !== bUnprioritised) return aUnprioritised ? 1 : -1;
  if (a.orderIndex !== b.orderIndex) return a.orderIndex - b.orderIndex;
  return time(a.createdAt) - time(b.createdAt);
}

export function orderGalleryImages<T extends Orderable>(images: readonly T[]): T[] {
  return [...images].sort(compareGalleryOrder);
}

// ---------------------------------------------------------------------------
// Aspect ratios
// ---------------------------------------------------------------------------

export type AspectClass = "portrait" | "landscape" | "square";

/** Portrait below 0.8 (width / height), landscape above 1.3, square between. */
export function aspectClass(ratio: number): AspectClass {
  if (ratio < 0.8) return "portrait";
  if (ratio > 1.3) return "landscape";
  return "square";
}

export type GalleryAspectRatio = "16:9" | "4:3" | "5:4" | "1:1" | "4:5" | "3:4" | "9:16";

/** Above 1.5 is 16:9, above 1.2 4:3, above 0.9 square, above 0.7 3:4, else 9:16. */
export function aspectRatioFromDimensions(width: number, height: number): GalleryAspectRatio {
  const ratio = width / height;
  if (ratio > 1.5) return "16:9";
  if (ratio > 1.2) return "4:3";
  if (ratio > 0.9) return "1:1";
  if (ratio > 0.7) return "3:4";
  return "9:16";
}

export type VisualWeight = 1 | 2 | 3 | 4 | 5 | 6;

const RATIO_BY_WEIGHT: Record<VisualWeight, GalleryAspectRatio> = {
  6: "4:3",
  5: "3:4",
  4: "5:4",
  3: "1:1",
  2: "4:5",
  1: "3:4",
};

/** Clamps any stored number into the 1 (tiny) to 6 (hero) scale; 3 when unknown. */
export function visualWeight(value: number | null | undefined): VisualWeight {
  if (value === null || value === undefined || !Number.isFinite(value)) return 3;
  return Math.min(6, Math.max(1, Math.round(value))) as VisualWeight;
}

export function aspectRatioFromWeight(weight: number | null | undefined): GalleryAspectRatio {
  return RATIO_BY_WEIGHT[visualWeight(weight)];
}

export interface Dimensioned {
  width?: number | null;
  height?: number | null;
  visualWeight?: number | null;
}

/** From the image's dimensions when both are known, else from its visual weight. */
export function galleryAspectRatio(image: Dimensioned): GalleryAspectRatio {
  if (image.width && image.height && image.width > 0 && image.height > 0) {
    return aspectRatioFromDimensions(image.width, image.height);
  }
  return aspectRatioFromWeight(image.visualWeight);
}

/** "16:9" → 16 / 9 */
export function aspectRatioValue(ratio: GalleryAspectRatio): number {
  const [w, h] = ratio.split(":").map(Number);
  return w! / h!;
}

/** "16:9" → "16 / 9", for the CSS aspect-ratio property. */
export function cssAspectRatio(ratio: GalleryAspectRatio): string {
  return ratio.replace(":", " / ");
}

// ---------------------------------------------------------------------------
// Masonry columns
// ---------------------------------------------------------------------------

/** 1 column at <= 480 px, 2 at <= 768 (and <= 640), otherwise (and by default) 3. */
export function masonryColumnCount(viewportWidth?: number | null): 1 | 2 | 3 {
  if (viewportWidth === null || viewportWidth === undefined) return 3;
  if (viewportWidth <= 480) return 1;
  if (viewportWidth <= 768) return 2;
  return 3;
}

// ---------------------------------------------------------------------------
// The LOE mosaic
// ---------------------------------------------------------------------------

/** Estimated tile heights in px for weights 1 to 6, and the gap under each tile. */
export const MOSAIC_HEIGHT_ESTIMATES: Record<VisualWeight, number> = {
  1: 160,
  2: 200,
  3: 250,
  4: 320,
  5: 400,
  6: 480,
};
export const MOSAIC_GAP = 32;
export const MOSAIC_COLUMNS = 3;
/** Up to this many items keep their order exactly (round-robin, no rebalancing). */
export const MOSAIC_KEEP_ORDER_MAX = 6;

export function estimatedTileHeight(weight: number | null | undefined): number {
  return MOSAIC_HEIGHT_ESTIMATES[visualWeight(weight)] + MOSAIC_GAP;
}

/**
 * Splits the ordered images into columns. Six or fewer are dealt out in order
 * (1 2 3 / 4 5 6), so a small gallery reads exactly as the admin ordered it. More
 * are balanced: each goes to the column that is shortest so far by the height
 * estimates (ties to the leftmost), which keeps the column bottoms close while
 * the earliest images stay at the top. Deterministic, so the server and the
 * browser agree.
 */
export function balanceMosaic<T extends { visualWeight?: number | null }>(
  images: readonly T[],
  columns: number = MOSAIC_COLUMNS,
): T[][] {
  const count = Math.max(1, Math.floor(columns));
  const result: T[][] = Array.from({ length: count }, () => []);
  if (images.length <= MOSAIC_KEEP_ORDER_MAX) {
    images.forEach((image, i) => result[i % count]!.push(image));
    return result;
  }
  const heights = new Array<number>(count).fill(0);
  for (const image of images) {
    let shortest = 0;
    for (let c = 1; c < count; c++) if (heights[c]! < heights[shortest]!) shortest = c;
    result[shortest]!.push(image);
    heights[shortest]! += estimatedTileHeight(image.visualWeight);
  }
  return result;
}

/** Estimated height of each column, for tests and for checking a layout. */
export function mosaicColumnHeights<T extends { visualWeight?: number | null }>(
  columns: readonly (readonly T[])[],
): number[] {
  return columns.map((column) =>
    column.reduce((sum, image) => sum + estimatedTileHeight(image.visualWeight), 0),
  );
}

/**
 * The first six images load eagerly (public-site spec §9). High fetch priority goes only
 * to what can be on the first screen (decision 012): a tile below the fold fetched at
 * high priority holds up the picture the visitor is looking at.
 */
export const GALLERY_EAGER_COUNT = 6;
export function isEagerImage(orderedPosition: number): boolean {
  return orderedPosition < GALLERY_EAGER_COUNT;
}

/** Tiles that can be on the first screen: the top row of the 3-column layout. */
export const FIRST_SCREEN_TILES = 3;
export function isFirstScreenTile(orderedPosition: number): boolean {
  return orderedPosition < FIRST_SCREEN_TILES;
}
