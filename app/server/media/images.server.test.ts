import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVariantPath, variantUrl } from "~/domain/image-variants";
import {
  imageVariantFile,
  imageVariantMiddleware,
  pruneImageVariantCache,
  type ImageVariantDirs,
} from "./images.server";

let base: string;
let dirs: ImageVariantDirs;

async function writeJpeg(file: string, width: number, height: number) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 40 } } })
    .jpeg()
    .toFile(file);
}

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "img-variants-"));
  dirs = {
    roots: { uploads: path.join(base, "uploads"), images: path.join(base, "static", "images") },
    cacheDir: path.join(base, "cache"),
  };
  await writeJpeg(path.join(dirs.roots.uploads, "images", "wide.jpg"), 1000, 500);
  await writeJpeg(path.join(dirs.roots.images, "hero.jpg"), 600, 400);
  await fs.writeFile(path.join(dirs.roots.uploads, "broken.jpg"), "not an image");
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
    await writeJpeg(path.join(dirs.roots.uploads, "images", "wide.jpg"), 800, 800);
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(path.join(dirs.roots.uploads, "images", "wide.jpg"), later, later);
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
    const goneSource = path.join(dirs.roots.uploads, "images", "gone.jpg");
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
