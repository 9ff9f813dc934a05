import { describe, expect, it } from "vitest";
import {
  GALLERY_EAGER_COUNT,
  MOSAIC_GAP,
  aspectClass,
  aspectRatioValue,
  aspectRatioFromDimensions,
  aspectRatioFromWeight,
  balanceMosaic,
  cssAspectRatio,
  estimatedTileHeight,
  galleryAspectRatio,
  isEagerImage,
  isFirstScreenTile,
  masonryColumnCount,
  mosaicColumnHeights,
  orderGalleryImages,
} from "./gallery-layout";

describe("gallery ordering", () => {
  const img = (id: string, orderIndex: number, createdAt: string) => ({
    id,
    orderIndex,
    createdAt,
  });

  it("puts order_index 0 after every prioritised image, lower indexes first", () => {
    const ordered = orderGalleryImages([
      img("unprioritised", 0, "2020-01-01"),
      img("third", 9, "2024-01-01"),
      img("first", 1, "2024-01-01"),
      img("second", 2, "2024-01-01"),
    ]);
    expect(ordered.map((i) => i.id)).toEqual(["first", "second", "third", "unprioritised"]);
  });

  it("breaks ties by the oldest created_at, among prioritised and unprioritised alike", () => {
    const ordered = orderGalleryImages([
      img("zero-new", 0, "2024-03-01T00:00:00Z"),
      img("two-new", 2, "2024-02-01T00:00:00Z"),
      img("zero-old", 0, "2023-01-01T00:00:00Z"),
      img("two-old", 2, "2023-06-01T00:00:00Z"),
    ]);
    expect(ordered.map((i) => i.id)).toEqual(["two-old", "two-new", "zero-old", "zero-new"]);
  });

  it("accepts Date objects and does not change its input", () => {
    const input = [
      { id: "b", orderIndex: 1, createdAt: new Date("2024-02-01") },
      { id: "a", orderIndex: 1, createdAt: new Date("2024-01-01") },
    ];
    expect(orderGalleryImages(input).map((i) => i.id)).toEqual(["a", "b"]);
    expect(input.map((i) => i.id)).toEqual(["b", "a"]);
  });
});

describe("aspect classes and ratios", () => {
  it("classifies portrait below 0.8, landscape above 1.3, else square", () => {
    expect(aspectClass(0.79)).toBe("portrait");
    expect(aspectClass(0.8)).toBe("square");
    expect(aspectClass(1.3)).toBe("square");
    expect(aspectClass(1.31)).toBe("landscape");
  });

  it("maps dimensions to the nearest named ratio at the spec's thresholds", () => {
    expect(aspectRatioFromDimensions(1920, 1080)).toBe("16:9");
    expect(aspectRatioFromDimensions(150, 100)).toBe("4:3"); // exactly 1.5 is not above 1.5
    expect(aspectRatioFromDimensions(1200, 800)).toBe("4:3");
    expect(aspectRatioFromDimensions(120, 100)).toBe("1:1"); // exactly 1.2
    expect(aspectRatioFromDimensions(1000, 1000)).toBe("1:1");
    expect(aspectRatioFromDimensions(90, 100)).toBe("3:4"); // exactly 0.9
    expect(aspectRatioFromDimensions(900, 1200)).toBe("3:4");
    expect(aspectRatioFromDimensions(70, 100)).toBe("9:16"); // exactly 0.7
    expect(aspectRatioFromDimensions(1080, 1920)).toBe("9:16");
  });

  it("maps visual weights when there are no dimensions", () => {
    expect([6, 5, 4, 3, 2, 1].map(aspectRatioFromWeight)).toEqual([
      "4:3",
      "3:4",
      "5:4",
      "1:1",
      "4:5",
      "3:4",
    ]);
    expect(aspectRatioFromWeight(null)).toBe("1:1");
    expect(aspectRatioFromWeight(9)).toBe("4:3");
  });

  it("prefers dimensions over weight", () => {
    expect(galleryAspectRatio({ width: 1920, height: 1080, visualWeight: 5 })).toBe("16:9");
    expect(galleryAspectRatio({ width: null, height: 1080, visualWeight: 5 })).toBe("3:4");
    expect(cssAspectRatio("16:9")).toBe("16 / 9");
    expect(aspectRatioValue("3:4")).toBe(0.75);
    expect(aspectClass(aspectRatioValue("9:16"))).toBe("portrait");
  });
});

describe("masonry columns", () => {
  it("has 3 columns by default and from 1024 px, 2 at 768 and below, 1 at 480 and below", () => {
    expect(masonryColumnCount()).toBe(3);
    expect(masonryColumnCount(1440)).toBe(3);
    expect(masonryColumnCount(1024)).toBe(3);
    expect(masonryColumnCount(768)).toBe(2);
    expect(masonryColumnCount(640)).toBe(2);
    expect(masonryColumnCount(481)).toBe(2);
    expect(masonryColumnCount(480)).toBe(1);
    expect(masonryColumnCount(320)).toBe(1);
  });
});

describe("LOE mosaic", () => {
  const w = (id: string, visualWeight: number) => ({ id, visualWeight });

  it("estimates each tile from its weight plus the 32 px gap", () => {
    expect([1, 2, 3, 4, 5, 6].map(estimatedTileHeight)).toEqual(
      [160, 200, 250, 320, 400, 480].map((h) => h + MOSAIC_GAP),
    );
  });

  it("deals six or fewer images out in order, unshuffled", () => {
    const six = [w("a", 6), w("b", 1), w("c", 1), w("d", 6), w("e", 1), w("f", 1)];
    expect(balanceMosaic(six).map((c) => c.map((i) => i.id))).toEqual([
      ["a", "d"],
      ["b", "e"],
      ["c", "f"],
    ]);
    expect(balanceMosaic([w("a", 3)]).map((c) => c.length)).toEqual([1, 0, 0]);
  });

  it("balances more than six into the shortest column", () => {
    const images = [w("a", 6), w("b", 1), w("c", 1), w("d", 1), w("e", 1), w("f", 1), w("g", 1)];
    const columns = balanceMosaic(images);
    // a (512) fills column 1; the small ones share columns 2 and 3 until they catch up.
    expect(columns.map((c) => c.map((i) => i.id))).toEqual([
      ["a"],
      ["b", "d", "f"],
      ["c", "e", "g"],
    ]);
    expect(mosaicColumnHeights(columns)).toEqual([512, 576, 576]);
  });

  it("keeps every image exactly once and the columns close in height", () => {
    const weights = [6, 5, 4, 2, 5, 3, 1, 4, 3, 2, 1, 6, 2, 3];
    const images = weights.map((v, i) => w(String(i), v));
    const columns = balanceMosaic(images);
    expect(
      columns
        .flat()
        .map((i) => i.id)
        .sort(),
    ).toEqual(images.map((i) => i.id).sort());
    const heights = mosaicColumnHeights(columns);
    const tallest = Math.max(...heights);
    const shortest = Math.min(...heights);
    // Greedy placement never leaves a gap larger than the tallest single tile.
    expect(tallest - shortest).toBeLessThanOrEqual(estimatedTileHeight(6));
    // Earlier images never sit below later ones in the same column.
    for (const column of columns) {
      const positions = column.map((i) => Number(i.id));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it("is deterministic", () => {
    const images = [6, 2, 4, 1, 5, 3, 3, 2].map((v, i) => w(String(i), v));
    expect(balanceMosaic(images)).toEqual(balanceMosaic(images));
  });

  it("loads the first six images eagerly, the first row at high priority", () => {
    expect(GALLERY_EAGER_COUNT).toBe(6);
    expect(isEagerImage(0)).toBe(true);
    expect(isEagerImage(5)).toBe(true);
    expect(isEagerImage(6)).toBe(false);
    expect([0, 1, 2, 3].map(isFirstScreenTile)).toEqual([true, true, true, false]);
  });
});
