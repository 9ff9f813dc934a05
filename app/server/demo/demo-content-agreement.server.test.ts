/**
 * The demo content reads like a real site whatever the day it is seeded: texts agree
 * with their dates, and no page shows one picture for two different things.
 */
import { describe, expect, it } from "vitest";
import { DEMO_IMAGES, DEMO_SHEET_MUSIC, DEMO_TUNES, type DemoAssets } from "./demo-assets.server";
import { WEEKDAYS } from "./demo-calendar.server";
import { buildDemoContent, isoDateFrom } from "./demo-content.server";

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
    audio: map(DEMO_TUNES, (s) => ({ url: `/uploads/${s.file}`, durationSeconds: 71 })),
    sheetMusic: map(DEMO_SHEET_MUSIC, (s) => ({ key: s.key, pages: 2 })),
    filesWritten: 0,
  };
}

const weekdayOf = (isoDate: string) => WEEKDAYS[new Date(`${isoDate}T12:00:00Z`).getUTCDay()];

/** Seed days on every day of the week, and over a year end. */
const SEED_DAYS = Array.from({ length: 9 }, (_, i) => new Date(2030, 11, 27 + i, 10));

const duplicates = (urls: (string | null | undefined)[]) =>
  urls.filter((url, i) => url && urls.indexOf(url) !== i);

describe("demo texts and dates", () => {
  it.each(SEED_DAYS.map((d) => [isoDateFrom(d, 0), d] as const))(
    "an event that names a day of the week falls on it (seeded %s)",
    (_, today) => {
      const { events } = buildDemoContent(fakeAssets(), today);
      const named = events.flatMap((event) => {
        const text = `${event.title} ${event.description ?? ""}`;
        const weekday = WEEKDAYS.find((day) => text.includes(day));
        return weekday ? [{ title: event.title, weekday, date: event.date }] : [];
      });
      expect(named.map((e) => e.title)).toContain("Greyhaven Jazz Festival: LOE on the Main Stage");
      for (const event of named) expect(weekdayOf(event.date), event.title).toBe(event.weekday);
    },
  );

  it("names no season or relative day in event texts: their dates move with the seed day", () => {
    const { events } = buildDemoContent(fakeAssets(), SEED_DAYS[0]!);
    for (const event of events) {
      expect(`${event.title} ${event.description}`, event.title).not.toMatch(
        /\b(spring|summer|autumn|fall|winter|tonight|tomorrow|yesterday|this week(end)?)\b/i,
      );
    }
  });

  it.each(SEED_DAYS.slice(3, 6).map((d) => [isoDateFrom(d, 0), d] as const))(
    "gives a collaboration the year of the event it names (seeded %s)",
    (_, today) => {
      const { events, collaborations } = buildDemoContent(fakeAssets(), today);
      let checked = 0;
      for (const collaboration of collaborations) {
        for (const event of events.filter((e) => e.title.includes(collaboration.artist))) {
          const years = collaboration.year!.split("–");
          const [from, to] = [years[0]!, years.at(-1) === "present" ? "9999" : years.at(-1)!];
          expect(event.date.slice(0, 4) >= from && event.date.slice(0, 4) <= to, event.title).toBe(
            true,
          );
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
  );
});

describe("demo pictures", () => {
  const content = buildDemoContent(fakeAssets(), SEED_DAYS[0]!);
  const today = isoDateFrom(SEED_DAYS[0]!, 0);

  it("gives every event a picture of its own, used by no gallery, photo or video", () => {
    const eventImages = content.events.map((e) => e.imageUrl);
    expect(eventImages.every(Boolean)).toBe(true);
    expect(duplicates(eventImages)).toEqual([]);
    const elsewhere = new Set([
      ...content.photoGallery.map((p) => p.imageUrl),
      ...content.loeImages.map((p) => p.imageUrl),
      ...content.mediaItems.flatMap((m) => [m.url, m.thumbnailUrl]),
      ...content.loeVideos.map((v) => v.thumbnailUrl),
    ]);
    const upcoming = content.events.filter((e) => e.date >= today);
    expect(upcoming.filter((e) => elsewhere.has(e.imageUrl!)).map((e) => e.title)).toEqual([]);
  });

  it("shows no picture twice on one page", () => {
    const pages = {
      home: [
        ...content.photoGallery.map((p) => p.imageUrl),
        ...content.events.filter((e) => e.date >= today).map((e) => e.imageUrl),
      ],
      loe: [
        ...content.loeImages.map((p) => p.imageUrl),
        ...content.loeVideos.map((v) => v.thumbnailUrl),
        ...content.loeAudioTracks.map((t) => t.artworkUrl),
      ],
      media: content.mediaItems.map((m) => (m.type === "photo" ? m.url : m.thumbnailUrl)),
      shop: content.shopItems.map((i) => i.imageUrl),
    };
    for (const [page, urls] of Object.entries(pages)) expect(duplicates(urls), page).toEqual([]);
  });
});
