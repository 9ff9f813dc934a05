import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { loeAudioTracks, loeImages, loeVideos } from "../db/schema/content.server";
import { NotFound } from "../core/errors.server";
import { publicErrorMessage, settleSection } from "../core/settle.server";
import { readLoeAudioTracks } from "./loe-audio-tracks.server";
import { readLoeImages } from "./loe-images.server";
import { readLoeVideos } from "./loe-videos.server";

describe.each(await testDatabaseKinds())("LOE reads on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("reads only active videos, by order_index", async () => {
    await t.db.insert(loeVideos).values([
      { title: "Second", embedId: "bbbbbbbbbbb", orderIndex: 2 },
      { title: "Hidden", embedId: "ccccccccccc", orderIndex: 0, isActive: false },
      { title: "First", embedId: "aaaaaaaaaaa", orderIndex: 1 },
      { title: "File", videoUrl: "/uploads/videos/x.mp4", orderIndex: 3 },
    ]);
    const videos = await readLoeVideos(t.db);
    expect(videos.map((v) => v.title)).toEqual(["First", "Second", "File"]);
    expect(videos[2]).toMatchObject({ embedId: null, videoUrl: "/uploads/videos/x.mp4" });
  });

  it("reads only active audio tracks, by order_index, invalid ones included", async () => {
    await t.db.insert(loeAudioTracks).values([
      { title: "B", sourceType: "file", audioUrl: "/uploads/audio/b.wav", orderIndex: 1 },
      { title: "Off", sourceType: "file", audioUrl: "/x.wav", orderIndex: 0, isActive: false },
      { title: "A", sourceType: "soundcloud", soundcloudEmbedUrl: null, orderIndex: 0 },
    ]);
    const tracks = await readLoeAudioTracks(t.db);
    expect(tracks.map((x) => x.title)).toEqual(["A", "B"]);
    expect(tracks[0]).toMatchObject({ sourceType: "soundcloud", soundcloudEmbedUrl: null });
  });

  it("reads active images with order_index 0 last and ties oldest first", async () => {
    const at = (iso: string) => new Date(iso);
    const image = (title: string, orderIndex: number, createdAt: string, isActive = true) => ({
      title,
      altText: `${title} alt`,
      imageUrl: `/uploads/images/${title}.jpg`,
      orderIndex,
      createdAt: at(createdAt),
      isActive,
    });
    await t.db
      .insert(loeImages)
      .values([
        image("zero-new", 0, "2024-05-01T00:00:00Z"),
        image("two", 2, "2024-01-01T00:00:00Z"),
        image("one-new", 1, "2024-04-01T00:00:00Z"),
        image("hidden", 1, "2020-01-01T00:00:00Z", false),
        image("zero-old", 0, "2023-01-01T00:00:00Z"),
        image("one-old", 1, "2024-02-01T00:00:00Z"),
      ]);
    const images = await readLoeImages(t.db);
    expect(images.map((i) => i.title)).toEqual([
      "one-old",
      "one-new",
      "two",
      "zero-old",
      "zero-new",
    ]);
    expect(images[0]!.createdAt).toBe("2024-02-01T00:00:00.000Z");
    expect(images[0]!.visualWeight).toBe(3);
  });
});

describe("settleSection", () => {
  it("passes data through", async () => {
    expect(await settleSection("videos", async () => [1, 2])).toEqual({ ok: true, data: [1, 2] });
  });

  it("turns a failure into a message a visitor may read", async () => {
    expect(
      await settleSection("audio", async () => {
        throw new Error("connect ECONNREFUSED 10.0.0.5:5432 password=secret");
      }),
    ).toEqual({ ok: false, message: "Unknown error" });
    const pgError = Object.assign(new Error('relation "loe_audio_tracks" does not exist'), {
      code: "42P01",
    });
    expect(publicErrorMessage(pgError)).toBe("Database Error");
    expect(publicErrorMessage(new NotFound("No such gallery"))).toBe("No such gallery");
  });
});
