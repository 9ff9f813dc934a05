import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseVariantPath, variantUrl } from "~/domain/media/image-variants";
import { runExclusively } from "../db/job-lock.server";
import { createTestDatabase, testDatabaseKinds } from "../testing/test-database.server";
import {
  SWIFT_SKIP_REASON,
  startSwiftS3,
  SWIFT_START_TIMEOUT_MS,
  swiftInstalled,
  type SwiftS3,
} from "../testing/swift-s3.server";
import {
  imageVariantFile,
  imageVariantMiddleware,
  pruneImageVariantCache,
  pruneImageVariantObjects,
  pruneImageVariants,
  type ImageVariantOptions,
} from "./images.server";
import { createDiskStorage, createS3Storage, type ObjectStorage } from "./object-storage.server";

// Counts sharp() calls, so a test can tell that a variant was served without an encode.
const sharpCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const counted = (...args: Parameters<typeof sharp>) => {
    sharpCalls.count++;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

const withSwift = swiftInstalled();
const onPostgres = (await testDatabaseKinds()).includes("postgres");
if (!withSwift) console.warn(`image variant S3 tests skipped: ${SWIFT_SKIP_REASON}`);

let base: string;
let uploadsDir: string;
let dirs: ImageVariantOptions;

async function writeJpeg(file: string, width: number, height: number) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 40 } } })
    .jpeg()
    .toFile(file);
}

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "img-variants-"));
  uploadsDir = path.join(base, "uploads");
  dirs = {
    storage: createDiskStorage(base),
    staticImagesDir: path.join(base, "static", "images"),
    cacheDir: path.join(base, "cache"),
  };
  await writeJpeg(path.join(uploadsDir, "images", "wide.jpg"), 1000, 500);
  await writeJpeg(path.join(dirs.staticImagesDir, "hero.jpg"), 600, 400);
  await fs.writeFile(path.join(uploadsDir, "broken.jpg"), "not an image");
  await fs.writeFile(path.join(base, "secret.jpg"), "secret");
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const request = (src: string, width: 480 | 768 | 1200 | 1920, format: "avif" | "webp") =>
  parseVariantPath(variantUrl(src, width, format)!)!;

describe("imageVariantFile", () => {
  it("makes a variant of the requested width and format and keeps it on disk", async () => {
    const variant = await imageVariantFile(dirs, request("/uploads/images/wide.jpg", 480, "webp"));
    expect(variant?.contentType).toBe("image/webp");
    expect(variant!.file.startsWith(dirs.cacheDir)).toBe(true);
    const meta = await sharp(variant!.file).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(240);
  });

  it("never enlarges: a wider request gets the source's own width", async () => {
    const variant = await imageVariantFile(dirs, request("/uploads/images/wide.jpg", 1920, "avif"));
    const meta = await sharp(variant!.file).metadata();
    expect(meta.format).toBe("heif");
    expect(meta.width).toBe(1000);
  });

  it("serves the cached file until the source changes", async () => {
    const req = request("/uploads/images/wide.jpg", 768, "webp");
    const first = await imageVariantFile(dirs, req);
    const firstStat = await fs.stat(first!.file);
    const again = await imageVariantFile(dirs, req);
    expect((await fs.stat(again!.file)).mtimeMs).toBe(firstStat.mtimeMs);

    // A replaced source (newer than the variant) is encoded again.
    await writeJpeg(path.join(uploadsDir, "images", "wide.jpg"), 800, 800);
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(path.join(uploadsDir, "images", "wide.jpg"), later, later);
    const fresh = await imageVariantFile(dirs, req);
    const meta = await sharp(fresh!.file).metadata();
    expect(meta.height).toBe(768);
  });

  it("shares one encode between simultaneous requests", async () => {
    const req = request("/images/hero.jpg", 480, "avif");
    const results = await Promise.all([1, 2, 3].map(() => imageVariantFile(dirs, req)));
    expect(new Set(results.map((r) => r!.file)).size).toBe(1);
    expect((await sharp(results[0]!.file).metadata()).width).toBe(480);
  });

  it("answers null for a missing source", async () => {
    expect(await imageVariantFile(dirs, request("/uploads/missing.jpg", 480, "webp"))).toBeNull();
  });
});

describe("imageVariantMiddleware", () => {
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let origin: string;

  beforeAll(async () => {
    const app = express();
    app.use("/img", imageVariantMiddleware(dirs));
    server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("serves a variant with its content type and a long cache", async () => {
    const res = await fetch(`${origin}${variantUrl("/images/hero.jpg", 768, "webp")}?retry=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(600);
  });

  it("answers 404 for missing sources and URLs outside the scheme", async () => {
    for (const url of [
      "/img/480/uploads/missing.jpg.webp",
      "/img/500/uploads/images/wide.jpg.webp",
      "/img/480/uploads/%2e%2e/secret.jpg.webp",
      "/img/480/uploads/images/wide.jpg.gif",
    ]) {
      const res = await fetch(`${origin}${url}`);
      expect(res.status, url).toBe(404);
    }
  });

  it("sends an undecodable source as it is rather than failing", async () => {
    const res = await fetch(`${origin}/img/480/uploads/broken.jpg.webp`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("not an image");
  });
});

describe("pruneImageVariantCache", () => {
  it("removes variants whose source is gone and stale temp files, and keeps the rest", async () => {
    const kept = await imageVariantFile(dirs, request("/uploads/images/wide.jpg", 480, "webp"));
    const goneSource = path.join(uploadsDir, "images", "gone.jpg");
    await writeJpeg(goneSource, 800, 600);
    const orphan = await imageVariantFile(dirs, request("/uploads/images/gone.jpg", 480, "webp"));
    await fs.rm(goneSource);
    const freshTemp = path.join(dirs.cacheDir, "480", "uploads", "images", "new.jpg.webp.1.2.tmp");
    const staleTemp = path.join(dirs.cacheDir, "480", "uploads", "images", "old.jpg.webp.1.1.tmp");
    const stray = path.join(dirs.cacheDir, "notes.txt");
    for (const file of [freshTemp, staleTemp, stray]) await fs.writeFile(file, "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await fs.utimes(staleTemp, twoHoursAgo, twoHoursAgo);

    expect(await pruneImageVariantCache(dirs)).toBe(3);

    const exists = (file: string) =>
      fs.stat(file).then(
        () => true,
        () => false,
      );
    expect(await exists(kept!.file)).toBe(true);
    expect(await exists(orphan!.file)).toBe(false);
    expect(await exists(freshTemp)).toBe(true); // an encode may still be writing it
    expect(await exists(staleTemp)).toBe(false);
    expect(await exists(stray)).toBe(false);
    expect(await pruneImageVariantCache(dirs)).toBe(0);
  });

  it("does nothing when there is no cache yet", async () => {
    expect(
      await pruneImageVariantCache({ ...dirs, cacheDir: path.join(base, "no-cache-yet") }),
    ).toBe(0);
  });
});

/** Read from the bytes: libvips caches a file it opened by path, even once replaced. */
async function metadataOf(file: string) {
  return sharp(await fs.readFile(file)).metadata();
}

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
}

/** An app serving variants, standing for one instance of the site. */
async function instance(options: ImageVariantOptions) {
  const app = express();
  app.use("/img", imageVariantMiddleware(options));
  const server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/**
 * Stores a replacement whose LastModified (whole seconds on S3) is later than `than`.
 * Also how a test waits, on the bucket's own clock, for objects stored from now on to
 * be later than `than`: a variant from the same second as its source is made again.
 */
async function replace(storage: ObjectStorage, key: string, body: Buffer, than: Date) {
  for (;;) {
    await storage.put(key, body, { contentType: "image/jpeg" });
    if ((await storage.stat(key))!.lastModified > than) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!withSwift)("variants of bucket objects (OpenStack Swift)", () => {
  let swift: SwiftS3;
  let storage: ObjectStorage;
  let first: ImageVariantOptions;
  let second: ImageVariantOptions;
  const source = "uploads/images/bucket.jpg";
  const variantKey = "variants/480/uploads/images/bucket.jpg.webp";
  const req480 = () => request("/uploads/images/bucket.jpg", 480, "webp");

  beforeAll(async () => {
    swift = await startSwiftS3();
    storage = createS3Storage(swift.config());
    await storage.prepare();
    await storage.put(source, await jpeg(1000, 500), { contentType: "image/jpeg" });
    // As when a visitor comes a second or more after the upload.
    const uploaded = (await storage.stat(source))!.lastModified;
    await replace(storage, "uploads/clock.txt", Buffer.from("tick"), uploaded);
    // Two instances: the same bucket, each its own local cache and static files.
    const staticImagesDir = path.join(base, "s3-static");
    first = { storage, staticImagesDir, cacheDir: path.join(base, "s3-cache-first") };
    second = { storage, staticImagesDir, cacheDir: path.join(base, "s3-cache-second") };
  }, SWIFT_START_TIMEOUT_MS);
  afterAll(() => swift?.stop());

  it("makes a variant from the bucket object and keeps it in the bucket and locally", async () => {
    const variant = await imageVariantFile(first, req480());
    expect(variant!.file.startsWith(first.cacheDir)).toBe(true);
    const local = await metadataOf(variant!.file);
    expect([local.format, local.width, local.height]).toEqual(["webp", 480, 240]);
    const stored = await storage.read(variantKey);
    expect(stored?.equals(await fs.readFile(variant!.file))).toBe(true);
    expect((await storage.stat(variantKey))?.contentType).toBe("image/webp");
  });

  it("lets another instance serve it from the bucket without encoding it again", async () => {
    const before = await storage.stat(variantKey);
    const encodesBefore = sharpCalls.count;
    const other = await instance(second);
    try {
      const res = await fetch(
        `${other.origin}${variantUrl("/uploads/images/bucket.jpg", 480, "webp")}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toContain("immutable");
      const body = Buffer.from(await res.arrayBuffer());
      expect(sharpCalls.count).toBe(encodesBefore);
      expect(body.equals((await storage.read(variantKey))!)).toBe(true);
      expect((await storage.stat(variantKey))?.etag).toBe(before?.etag);
    } finally {
      await other.close();
    }
  });

  it("serves a hot variant from the local cache, not the bucket", async () => {
    // With the bucket's copy gone, only the local one can answer; no encode either.
    await storage.remove(variantKey);
    const encodesBefore = sharpCalls.count;
    const variant = await imageVariantFile(second, req480());
    expect(sharpCalls.count).toBe(encodesBefore);
    expect((await metadataOf(variant!.file)).width).toBe(480);
    expect(await storage.stat(variantKey)).toBeNull();
    // Made again for the bucket by whoever has no local copy.
    await imageVariantFile({ ...first, cacheDir: path.join(base, "s3-cache-third") }, req480());
    expect(await storage.stat(variantKey)).not.toBeNull();
  });

  it("makes it again when the source is replaced, once for every instance", async () => {
    const old = (await storage.stat(source))!;
    await replace(storage, source, await jpeg(800, 800), old.lastModified);
    const replaced = (await storage.stat(source))!.lastModified;
    await replace(storage, "uploads/clock.txt", Buffer.from("tick"), replaced);

    const fresh = await imageVariantFile(first, req480());
    expect((await metadataOf(fresh!.file)).height).toBe(480);
    const stored = (await storage.read(variantKey))!;
    expect((await sharp(stored).metadata()).height).toBe(480);

    const encodesBefore = sharpCalls.count;
    const other = await imageVariantFile(second, req480());
    expect(sharpCalls.count).toBe(encodesBefore);
    expect((await fs.readFile(other!.file)).equals(stored)).toBe(true);
  });

  it("answers 404 once the source is deleted, even with the variant cached", async () => {
    const served = await instance(first);
    try {
      await storage.remove(source);
      const res = await fetch(
        `${served.origin}${variantUrl("/uploads/images/bucket.jpg", 480, "webp")}`,
      );
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
    } finally {
      await served.close();
    }
  });

  it("sends an undecodable bucket object as it is", async () => {
    await storage.put("uploads/broken.jpg", "not an image");
    const served = await instance(first);
    try {
      const res = await fetch(`${served.origin}/img/480/uploads/broken.jpg.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(await res.text()).toBe("not an image");
    } finally {
      await served.close();
    }
  });

  it("prunes the bucket's variants whose source is gone and keeps the live ones", async () => {
    const bucket = createS3Storage(swift.config());
    await bucket.prepare();
    const options = { ...first, storage: bucket, cacheDir: path.join(base, "s3-cache-prune") };
    await bucket.put("uploads/images/live.jpg", await jpeg(600, 300));
    await bucket.put("uploads/images/gone.jpg", await jpeg(600, 300));
    await imageVariantFile(options, request("/uploads/images/live.jpg", 480, "avif"));
    await imageVariantFile(options, request("/uploads/images/live.jpg", 768, "webp"));
    const orphan = await imageVariantFile(
      options,
      request("/uploads/images/gone.jpg", 480, "webp"),
    );
    await bucket.remove("uploads/images/gone.jpg");
    await bucket.put("variants/notes.txt", "not a variant");

    expect(await pruneImageVariantObjects(options)).toBe(2);
    const left: string[] = [];
    for await (const object of bucket.list("variants/")) left.push(object.key);
    expect(left.sort()).toEqual([
      "variants/480/uploads/images/live.jpg.avif",
      "variants/768/uploads/images/live.jpg.webp",
    ]);
    expect(await pruneImageVariantObjects(options)).toBe(0);

    // Each instance's own copies go too; the live ones stay.
    expect(await pruneImageVariantCache(options)).toBe(1);
    await expect(fs.stat(orphan!.file)).rejects.toThrow();
    expect(
      await imageVariantFile(options, request("/uploads/images/live.jpg", 480, "avif")),
    ).not.toBeNull();
  });

  it("prunes the bucket on one instance at a time, and every instance's own cache", async () => {
    const bucket = createS3Storage(swift.config());
    await bucket.prepare();
    const options = { ...first, storage: bucket, cacheDir: path.join(base, "s3-cache-lock") };
    await bucket.put("uploads/images/gone.jpg", await jpeg(600, 300));
    await imageVariantFile(options, request("/uploads/images/gone.jpg", 480, "webp"));
    await bucket.remove("uploads/images/gone.jpg");
    const orphanKey = "variants/480/uploads/images/gone.jpg.webp";

    const kinds = onPostgres ? (["postgres", "pglite"] as const) : (["pglite"] as const);
    if (!onPostgres) console.warn("image variant pruner lock test skipped: no PostgreSQL answers");
    for (const kind of kinds) {
      const t = await createTestDatabase(kind);
      try {
        if (kind === "postgres") {
          // Another instance is pruning: this one leaves the bucket to it.
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          let holding!: () => void;
          const taken = new Promise<void>((resolve) => (holding = resolve));
          const other = runExclusively(t.db, "image-variant-pruner", async () => {
            holding();
            await held;
          });
          await taken;
          expect(await pruneImageVariants({ ...options, db: t.db })).toEqual({
            local: 1,
            bucket: null,
          });
          expect(await bucket.stat(orphanKey)).not.toBeNull();
          release();
          await other;
        } else {
          // PGlite serves one process: the run simply happens.
          expect((await pruneImageVariants({ ...options, db: t.db })).bucket).toBe(1);
          expect(await bucket.stat(orphanKey)).toBeNull();
        }
      } finally {
        await t.destroy();
      }
    }
  });

  it("leaves disk storage's variants to the local cache alone", async () => {
    expect(await pruneImageVariantObjects(dirs)).toBe(0);
  });
});
