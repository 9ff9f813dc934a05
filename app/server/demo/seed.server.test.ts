import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { PAGE_CONTENT_DEFINITIONS } from "~/domain/content/page-content/registry";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import * as schema from "../db/schema.server";
import { seedDemoContent } from "./seed.server";
import { isoDateFrom } from "./demo-content.server";
import type { StoragePaths } from "./demo-assets.server";
import { parseMpegFrame, readAudioFileDuration } from "../media/audio-duration.server";
import { PUBLIC_UPLOADS_URL_PREFIX } from "../media/storage.server";

const SEEDED_TABLES = {
  pageContent: schema.pageContent,
  pageSettings: schema.pageSettings,
  themeSettings: schema.themeSettings,
  events: schema.events,
  featuredVideos: schema.featuredVideos,
  photoGallery: schema.photoGallery,
  mediaItems: schema.mediaItems,
  musicalInfluences: schema.musicalInfluences,
  collaborations: schema.collaborations,
  stats: schema.stats,
  loeVideos: schema.loeVideos,
  loeImages: schema.loeImages,
  loeAudioTracks: schema.loeAudioTracks,
  shopItems: schema.shopItems,
} satisfies Record<string, PgTable>;

describe.each(await testDatabaseKinds())("demo content seed on %s", (kind) => {
  let t: TestDatabase;
  let dir: string;
  let paths: StoragePaths;
  let firstRun: Record<string, number>;

  /** The file behind a public /uploads URL. */
  const publicFile = (url: string) => {
    expect(url.startsWith(`${PUBLIC_UPLOADS_URL_PREFIX}/`)).toBe(true);
    return path.join(paths.publicDir, url.slice(PUBLIC_UPLOADS_URL_PREFIX.length + 1));
  };

  async function rowCounts(): Promise<Record<string, number>> {
    const entries = await Promise.all(
      Object.entries(SEEDED_TABLES).map(async ([name, table]) => {
        const [row] = await t.db.select({ n: count() }).from(table);
        return [name, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "demo-seed-"));
    paths = { publicDir: path.join(dir, "uploads"), privateDir: path.join(dir, "private") };
    firstRun = await seedDemoContent(t.db, paths);
  });

  afterAll(async () => {
    await t?.destroy();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it("reports what it inserted and wrote", async () => {
    const counts = await rowCounts();
    for (const name of Object.keys(SEEDED_TABLES)) {
      expect(firstRun[name], name).toBeGreaterThan(0);
      expect(firstRun[name], name).toBe(counts[name]);
    }
    expect(firstRun.filesWritten).toBeGreaterThan(30);
  });

  it("fills every page-content key of the registry, within the editors' limits", async () => {
    const rows = await t.db.select().from(schema.pageContent);
    const byKey = new Map(rows.map((r) => [r.pageName, r]));
    for (const definition of PAGE_CONTENT_DEFINITIONS) {
      const row = byKey.get(definition.key);
      expect(row, definition.key).toBeDefined();
      expect(row!.title?.trim(), definition.key).toBeTruthy();
      expect(row!.title!.length, definition.key).toBeLessThanOrEqual(200);
      expect(row!.description?.length ?? 0, definition.key).toBeLessThanOrEqual(1000);
    }
    expect(rows).toHaveLength(PAGE_CONTENT_DEFINITIONS.length);
    expect(byKey.get("about-hero")!.description!.split("\n").length).toBeGreaterThanOrEqual(3);
    expect(byKey.get("loe-banner-text")!.description).toContain("{email}");
    expect(byKey.get("contact-email")!.description).toBe("hello@silaslowenthorne.example");
    for (const key of ["home-hero-image", "about-hero-image"]) {
      await expect(fs.access(publicFile(byKey.get(key)!.description!))).resolves.toBeUndefined();
    }
    for (const key of PAGE_CONTENT_DEFINITIONS.filter((d) => d.group === "footer").map(
      (d) => d.key,
    )) {
      expect(byKey.get(key)!.description, key).toMatch(/^https:\/\//);
    }
  });

  it("sets up the live shop and exactly one active theme", async () => {
    const [shop] = await t.db
      .select()
      .from(schema.pageSettings)
      .where(eq(schema.pageSettings.pageName, "shop"));
    expect(shop).toMatchObject({
      isWorkInProgress: false,
      wipMessage: "We anticipate being back online within the next few hours.",
    });
    const themes = await t.db.select().from(schema.themeSettings);
    expect(themes.filter((th) => th.isActive).map((th) => th.name)).toEqual(["Midnight Gold"]);
    expect(themes.length).toBeGreaterThanOrEqual(2);
  });

  it("creates upcoming and past events around the day of seeding", async () => {
    const today = isoDateFrom(new Date(), 0);
    const rows = await t.db.select().from(schema.events);
    const upcoming = rows.filter((e) => e.date >= today && e.status === "upcoming");
    const past = rows.filter((e) => e.date < today);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(past.length).toBeGreaterThanOrEqual(3);
    expect(past.every((e) => e.status === "past")).toBe(true);
    expect(upcoming.every((e) => e.ticketUrl?.startsWith("https://"))).toBe(true);
    expect(past.some((e) => e.videoUrl)).toBe(true);
    for (const e of rows) {
      expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
      expect(e.description!.length).toBeLessThan(500);
    }
  });

  it("stocks every shop category, with low, empty and untracked stock", async () => {
    const items = await t.db.select().from(schema.shopItems);
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(schema.SHOP_CATEGORIES));
    const tracked = new Set(["physical_music", "merchandise", "cd"]);
    expect(items.filter((i) => tracked.has(i.category) && i.inventoryCount === 3)).toHaveLength(1);
    expect(items.filter((i) => tracked.has(i.category) && i.inventoryCount === 0)).toHaveLength(1);
    expect(items.some((i) => tracked.has(i.category) && i.inventoryCount === null)).toBe(true);
    expect(items.some((i) => i.isFeatured)).toBe(true);
    expect(items.some((i) => i.category === "digital_music" && i.bandcampUrl)).toBe(true);
    expect(items.map((i) => i.orderIndex).sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
    for (const item of items) {
      expect(typeof item.price).toBe("number");
      expect(Math.round(item.price! * 100) / 100).toBe(item.price);
      await expect(fs.access(publicFile(item.imageUrl!))).resolves.toBeUndefined();
    }
  });

  it("keeps sheet music private: a storage key to a valid two-page PDF", async () => {
    const sheets = (await t.db.select().from(schema.shopItems)).filter(
      (i) => i.category === "sheet_music",
    );
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) {
      expect(sheet.pdfFileUrl).toMatch(/^sheet-music\/[a-z0-9-]+\.pdf$/);
      expect(sheet).toMatchObject({ downloadLimit: 5, downloadExpiryDays: 30 });
      await expect(fs.access(path.join(paths.publicDir, sheet.pdfFileUrl!))).rejects.toThrow();
      const pdf = await PDFDocument.load(
        await fs.readFile(path.join(paths.privateDir, sheet.pdfFileUrl!)),
      );
      expect(pdf.getPageCount()).toBe(2);
    }
  });

  it("records images with the real width and height of the files", async () => {
    const rows = [
      ...(await t.db.select().from(schema.photoGallery)),
      ...(await t.db.select().from(schema.loeImages)),
    ];
    const mediaPhotos = (await t.db.select().from(schema.mediaItems)).filter(
      (m) => m.type === "photo",
    );
    const images = [...rows, ...mediaPhotos.map((m) => ({ ...m, imageUrl: m.url }))];
    expect(images.length).toBeGreaterThan(20);
    for (const image of images) {
      const meta = await sharp(publicFile(image.imageUrl)).metadata();
      expect({ url: image.imageUrl, width: meta.width, height: meta.height }).toEqual({
        url: image.imageUrl,
        width: image.width,
        height: image.height,
      });
      expect(meta.format).toBe("jpeg");
    }
    const loeImages = await t.db.select().from(schema.loeImages);
    expect(new Set(loeImages.map((i) => i.visualWeight)).size).toBeGreaterThanOrEqual(5);
    expect(loeImages.filter((i) => i.orderIndex === 0).length).toBeGreaterThanOrEqual(3);
    const hero = await fs.stat(path.join(paths.publicDir, "images/hero/stage-lights.jpg"));
    expect(hero.size).toBeLessThan(250 * 1024);
  });

  it("points audio tracks at MP3s of a minute or more, and at a SoundCloud set", async () => {
    const tracks = await t.db.select().from(schema.loeAudioTracks);
    const files = tracks.filter((tr) => tr.sourceType === "file");
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const track of files) {
      expect(track.audioUrl).toMatch(/\.mp3$/);
      const file = publicFile(track.audioUrl!);
      const mp3 = await fs.readFile(file);
      expect(parseMpegFrame(mp3, 0)).toMatchObject({ layer: 3, sampleRate: 22_050, mono: true });
      // Small: a modest bit rate, mono.
      expect(mp3.length).toBeLessThan(800 * 1024);
      // The row says what the server reads from the file, as for an uploaded track.
      expect(track.duration).toBe(await readAudioFileDuration(file, "audio/mpeg"));
      expect(track.duration).toBeGreaterThanOrEqual(60);
      expect(track.duration).toBeLessThanOrEqual(90);
      await expect(fs.access(publicFile(track.artworkUrl!))).resolves.toBeUndefined();
    }
    const soundcloud = tracks.filter((tr) => tr.sourceType === "soundcloud");
    expect(soundcloud).toHaveLength(1);
    expect(soundcloud[0]!.soundcloudEmbedUrl).toMatch(/^https:\/\/soundcloud\.com\//);
  });

  it("changes nothing when run again after the artist's edits", async () => {
    await t.db
      .update(schema.pageContent)
      .set({ title: "About Me", description: "Edited by the artist." })
      .where(eq(schema.pageContent.pageName, "about-hero"));
    const [item] = await t.db.select().from(schema.shopItems).limit(1);
    await t.db
      .update(schema.shopItems)
      .set({ price: 42.5, inventoryCount: 7 })
      .where(eq(schema.shopItems.id, item!.id));
    const before = await rowCounts();

    const again = await seedDemoContent(t.db, paths);

    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(await rowCounts()).toEqual(before);
    const [about] = await t.db
      .select()
      .from(schema.pageContent)
      .where(eq(schema.pageContent.pageName, "about-hero"));
    expect(about).toMatchObject({ title: "About Me", description: "Edited by the artist." });
    const [edited] = await t.db
      .select()
      .from(schema.shopItems)
      .where(eq(schema.shopItems.id, item!.id));
    expect(edited).toMatchObject({ price: 42.5, inventoryCount: 7 });
  });

  it("seeds once when two instances start at the same time", async () => {
    const fresh = await createTestDatabase(kind);
    try {
      const [a, b] = await Promise.all([
        seedDemoContent(fresh.db, paths),
        seedDemoContent(fresh.db, paths),
      ]);
      expect(a.shopItems! + b.shopItems!).toBe(firstRun.shopItems);
      expect(a.events! + b.events!).toBe(firstRun.events);
      const [row] = await fresh.db.select({ n: count() }).from(schema.shopItems);
      expect(row?.n).toBe(firstRun.shopItems);
    } finally {
      await fresh.destroy();
    }
  });
});
