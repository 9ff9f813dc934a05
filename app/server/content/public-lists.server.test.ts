import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  events,
  featuredVideos,
  loeVideos,
  mediaItems,
  photoGallery,
} from "../db/schema/content.server";
import { readFeaturedVideos } from "./featured-videos.server";
import { readVisibleMediaItems } from "./media-items.server";
import { readFeaturedPhotos } from "./photo-gallery.server";
import { readEvent, readEvents } from "./events.server";

describe.each(await testDatabaseKinds())("public lists on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("reads active featured videos in order, with a poster stored for the same video", async () => {
    await t.db.insert(loeVideos).values({
      title: "Live",
      embedId: "Lw7kQ2vRx9A",
      thumbnailUrl: "/uploads/poster.jpg",
    });
    await t.db.insert(mediaItems).values({
      title: "Clinic",
      type: "video",
      url: "https://www.youtube.com/watch?v=Cs5hYt1MzWo",
      thumbnailUrl: "/uploads/clinic.jpg",
      isVisible: false,
    });
    await t.db.insert(featuredVideos).values([
      { title: "Third", embedId: "Vs3nPp8TqLe", orderIndex: 3 },
      { title: "First", embedId: "Lw7kQ2vRx9A", orderIndex: 1 },
      { title: "Second", embedId: "Cs5hYt1MzWo", orderIndex: 2 },
      { title: "Hidden", embedId: "Bw8cHs2LoPm", orderIndex: 0, isActive: false },
    ]);
    const videos = await readFeaturedVideos(t.db);
    expect(videos.map((v) => [v.title, v.thumbnailUrl])).toEqual([
      ["First", "/uploads/poster.jpg"],
      ["Second", "/uploads/clinic.jpg"],
      ["Third", null],
    ]);
    await t.db.delete(mediaItems);
  });

  it("reads the featured active photos with order_index 0 last, ties oldest first", async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    const photo = (title: string, orderIndex: number, createdAt: Date, extra = {}) => ({
      title,
      altText: title,
      imageUrl: `/uploads/${title}.jpg`,
      orderIndex,
      createdAt,
      isFeatured: true,
      ...extra,
    });
    await t.db
      .insert(photoGallery)
      .values([
        photo("unprioritised", 0, at(0)),
        photo("two-newer", 2, at(5)),
        photo("two-older", 2, at(1)),
        photo("one", 1, at(9)),
        photo("not-featured", 1, at(0), { isFeatured: false }),
        photo("inactive", 1, at(0), { isActive: false }),
      ]);
    expect((await readFeaturedPhotos(t.db)).map((p) => p.title)).toEqual([
      "one",
      "two-older",
      "two-newer",
      "unprioritised",
    ]);
  });

  it("reads visible media items, newest first", async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    await t.db.insert(mediaItems).values([
      { title: "Old", url: "/a.jpg", createdAt: day(1) },
      { title: "New", url: "/b.jpg", createdAt: day(9) },
      { title: "Hidden", url: "/c.jpg", createdAt: day(10), isVisible: false },
    ]);
    expect((await readVisibleMediaItems(t.db)).map((m) => m.title)).toEqual(["New", "Old"]);
  });

  it("reads events in date order and one event by id", async () => {
    const [later] = await t.db
      .insert(events)
      .values([
        { title: "Later", date: "2026-09-01", venue: "V", city: "C" },
        { title: "Sooner", date: "2026-08-01", venue: "V", city: "C", time: "" },
      ])
      .returning({ id: events.id });
    const all = await readEvents(t.db);
    expect(all.map((e) => e.title)).toEqual(["Sooner", "Later"]);
    expect(all[0]?.time).toBe("TBD");
    expect((await readEvent(t.db, later!.id))?.title).toBe("Later");
    expect(await readEvent(t.db, "not-a-uuid")).toBeNull();
    expect(await readEvent(t.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
