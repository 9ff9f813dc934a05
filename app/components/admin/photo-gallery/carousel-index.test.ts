import { describe, expect, it } from "vitest";
import { CAROUSEL_PREVIEW_LIMIT, carouselPhotos, clampIndex, stepIndex } from "./carousel-index";

describe("preview carousel", () => {
  it("moves to the next and previous photo, going round at both ends", () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, -1, 3)).toBe(0);
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(stepIndex(4, 7, 5)).toBe(1);
  });

  it("stays at 0 without photos", () => {
    expect(stepIndex(0, 1, 0)).toBe(0);
    expect(stepIndex(0, -1, 0)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });

  it("keeps the index on a photo that is still there when the list shrinks", () => {
    expect(clampIndex(4, 5)).toBe(4);
    expect(clampIndex(4, 2)).toBe(1);
    expect(clampIndex(-1, 2)).toBe(0);
  });

  it("shows at most 5 photos, only active featured ones, in the order given", () => {
    expect(CAROUSEL_PREVIEW_LIMIT).toBe(5);
    const photo = (id: number, isActive = true, isFeatured = true) => ({
      id,
      isActive,
      isFeatured,
    });
    const photos = [
      photo(1),
      photo(2, false),
      photo(3, true, false),
      photo(4),
      photo(5),
      photo(6),
      photo(7),
      photo(8),
    ];
    expect(carouselPhotos(photos).map((p) => p.id)).toEqual([1, 4, 5, 6, 7]);
    expect(carouselPhotos(photos, 2).map((p) => p.id)).toEqual([1, 4]);
    expect(carouselPhotos([])).toEqual([]);
  });

  it("takes every photo of a list that carries no flags (already chosen by the public read)", () => {
    const chosen: { id: string; isActive?: boolean }[] = [{ id: "a" }, { id: "b" }];
    expect(carouselPhotos(chosen).map((p) => p.id)).toEqual(["a", "b"]);
  });
});
