import { describe, expect, it } from "vitest";
import { withinKm } from "~/domain/geo/geo";
import { TOUR_MAIL_DEFAULT_RADIUS_KM } from "~/domain/audience/letters/campaign";
import { PAGE_CONTENT_DEFINITIONS } from "~/domain/content/page-content/registry";
import { DEMO_IMAGES, DEMO_SHEET_MUSIC, DEMO_TUNES, type DemoAssets } from "./demo-assets.server";
import { buildDemoContent, isoDateFrom } from "./demo-content.server";

/** Assets as the generator would describe them, without generating anything. */
function fakeAssets(): DemoAssets {
  const map = <T extends object, V>(o: T, f: (v: T[keyof T]) => V) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v as T[keyof T])])) as Record<
      keyof T,
      V
    >;
  return {
    images: map(DEMO_IMAGES, (s) => ({
      url: `/uploads/${s.file}.jpg`,
      width: s.width,
      height: s.height,
    })),
    audio: map(DEMO_TUNES, (s) => ({ url: `/uploads/${s.file}`, durationSeconds: 8.2 })),
    sheetMusic: map(DEMO_SHEET_MUSIC, (s) => ({ key: s.key, pages: 2 })),
    filesWritten: 0,
  };
}

describe("demo content", () => {
  it("puts every concert town on the map, with confirmed fans near some and not all of the list", () => {
    const content = buildDemoContent(fakeAssets(), new Date());
    for (const event of content.events) {
      expect(event.latitude, event.city).toEqual(expect.any(Number));
    }
    const fans = content.newsletterSubscribers;
    expect(fans.length).toBeGreaterThanOrEqual(200);
    expect(new Set(fans.map((f) => f.email)).size).toBe(fans.length);
    expect(fans.every((f) => f.status === "subscribed" && f.confirmedAt)).toBe(true);
    const located = fans
      .filter((f) => f.latitude != null)
      .map((f) => ({ latitude: f.latitude!, longitude: f.longitude! }));
    expect(located.length).toBeGreaterThan(fans.length / 2);
    expect(located.length).toBeLessThan(fans.length);
    const first = content.events[0]!;
    const nearby = withinKm(
      located,
      { latitude: first.latitude!, longitude: first.longitude! },
      TOUR_MAIL_DEFAULT_RADIUS_KM,
    );
    expect(nearby.length).toBeGreaterThan(0);
    expect(nearby.length).toBeLessThan(located.length);
  });

  it("formats local calendar days, across month and year ends", () => {
    const d = new Date(2024, 11, 30, 23, 30);
    expect(isoDateFrom(d, 0)).toBe("2024-12-30");
    expect(isoDateFrom(d, 3)).toBe("2025-01-02");
    expect(isoDateFrom(d, -30)).toBe("2024-11-30");
  });

  it("has text for every registry key, within the editors' limits", () => {
    const content = buildDemoContent(fakeAssets(), new Date());
    expect(content.pageContent.map((r) => r.pageName).sort()).toEqual(
      PAGE_CONTENT_DEFINITIONS.map((d) => d.key).sort(),
    );
    for (const row of content.pageContent) {
      expect(row.title!.length, row.pageName).toBeLessThanOrEqual(200);
      expect(row.description?.length ?? 0, row.pageName).toBeLessThanOrEqual(1000);
    }
  });

  it("dates events relative to the seed day", () => {
    const today = new Date(2030, 5, 15);
    const { events } = buildDemoContent(fakeAssets(), today);
    const upcoming = events.filter((e) => e.date >= "2030-06-15");
    expect(upcoming.every((e) => e.date <= "2030-11-15")).toBe(true);
    expect(upcoming.filter((e) => e.status === "upcoming").length).toBeGreaterThanOrEqual(5);
    expect(events.filter((e) => e.status === "past").every((e) => e.date < "2030-06-15")).toBe(
      true,
    );
  });

  it("names no shop item or featured event without an image", () => {
    const content = buildDemoContent(fakeAssets(), new Date());
    expect(content.shopItems.every((i) => i.imageUrl)).toBe(true);
    expect(content.events.filter((e) => e.isFeatured).every((e) => e.imageUrl)).toBe(true);
  });
});
