/**
 * Responsive image variants (AVIF and WebP at several widths) made with sharp.
 *
 * A variant is made on its first request and kept on disk under
 * DATA_DIR/cache/image-variants, so seeded images and admin uploads get variants
 * the same way with no step to remember (docs/decisions/004-image-variants.md).
 * A source newer than its cached variant makes it again. The URL scheme lives in
 * app/domain/image-variants.ts.
 */
import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import sharp from "sharp";
import {
  VARIANT_CONTENT_TYPES,
  VARIANT_URL_PREFIX,
  parseVariantPath,
  type ParsedVariantRequest,
  type VariantFormat,
  type VariantSourceRoot,
} from "~/domain/image-variants";
import type { Env } from "../core/env.server";
import { logger } from "../core/logger.server";

export interface ImageVariantDirs {
  /** Where each source root lives on disk: uploads → DATA_DIR/uploads, images → the static dir. */
  roots: Record<VariantSourceRoot, string>;
  cacheDir: string;
}

export function imageVariantCacheDir(env: Pick<Env, "DATA_DIR">): string {
  return path.join(path.resolve(env.DATA_DIR), "cache", "image-variants");
}

/** Variant URLs never change for a given source; uploads get fresh names when replaced. */
export const VARIANT_CACHE_CONTROL = "public, max-age=31536000, immutable";

const ENCODERS: Record<VariantFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  // effort 2: files as small as effort 4 here, but a 1920 px encode takes ~0.6 s, not ~4 s.
  avif: (image) => image.avif({ quality: 52, effort: 2 }),
  webp: (image) => image.webp({ quality: 74, effort: 4 }),
};

/** Resolves `relative` inside `root`, or null when it would leave it. */
function inside(root: string, relative: string): string | null {
  const base = path.resolve(root);
  const full = path.resolve(base, relative);
  return full.startsWith(base + path.sep) ? full : null;
}

async function mtimeOf(file: string): Promise<number | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat.mtimeMs : null;
  } catch {
    return null;
  }
}

// Several visitors asking for the same new variant share one encode.
const inFlight = new Map<string, Promise<void>>();

// sharp already spreads one encode over the cores; two at a time keeps pages responsive.
const MAX_PARALLEL_ENCODES = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function withEncodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_ENCODES) await new Promise<void>((r) => waiting.push(r));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function encodeVariant(source: string, target: string, request: ParsedVariantRequest) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    await withEncodeSlot(() =>
      ENCODERS[request.format](
        sharp(source).rotate().resize({ width: request.width, withoutEnlargement: true }),
      ).toFile(temporary),
    );
    // Readers never see a half-written file.
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

export interface VariantFile {
  file: string;
  contentType: string;
}

/**
 * The file of a variant, made now if it is missing or older than its source. Null
 * when the source does not exist. An unreadable source throws.
 */
export async function imageVariantFile(
  dirs: ImageVariantDirs,
  request: ParsedVariantRequest,
): Promise<VariantFile | null> {
  const source = inside(dirs.roots[request.root], request.pathInRoot);
  const target = inside(
    dirs.cacheDir,
    path.join(String(request.width), `${request.sourcePath}.${request.format}`),
  );
  if (!source || !target) return null;
  const sourceTime = await mtimeOf(source);
  if (sourceTime === null) return null;

  const targetTime = await mtimeOf(target);
  if (targetTime === null || targetTime < sourceTime) {
    let job = inFlight.get(target);
    if (!job) {
      job = encodeVariant(source, target, request).finally(() => inFlight.delete(target));
      inFlight.set(target, job);
    }
    await job;
  }
  return { file: target, contentType: VARIANT_CONTENT_TYPES[request.format] };
}

/** Express middleware for GET /img/{width}/{source path}.{avif|webp}. */
export function imageVariantMiddleware(dirs: ImageVariantDirs) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const request = parseVariantPath(req.originalUrl.split("?", 1)[0]!);
    if (!request) return void res.status(404).set("Cache-Control", "no-store").end();
    try {
      const variant = await imageVariantFile(dirs, request);
      if (!variant) return void res.status(404).set("Cache-Control", "no-store").end();
      res.type(variant.contentType).set("Cache-Control", VARIANT_CACHE_CONTROL);
      res.sendFile(variant.file, { lastModified: true }, (error) => {
        if (error && !res.headersSent) next(error);
      });
    } catch (error) {
      // A source sharp cannot read: send it as it is rather than a broken picture.
      logger.warn({ err: error, source: request.sourcePath }, "Image variant failed");
      const source = inside(dirs.roots[request.root], request.pathInRoot);
      if (!source) return void res.status(404).end();
      res.set("Cache-Control", "no-store");
      res.sendFile(source, (sendError) => {
        if (sendError && !res.headersSent) next(sendError);
      });
    }
  };
}

const STALE_TEMP_FILE_MS = 60 * 60_000;

/** Every file under `dir`, as paths relative to it ("/"-separated). */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/**
 * Deletes cached variants whose source is gone (an upload deleted or replaced under a
 * new name) and anything in the cache that is not a variant, such as a temp file of an
 * interrupted encode. Returns how many files it removed.
 */
export async function pruneImageVariantCache(
  dirs: ImageVariantDirs,
  now: Date = new Date(),
): Promise<number> {
  let removed = 0;
  for (const relative of await filesUnder(dirs.cacheDir)) {
    if (relative.endsWith(".tmp")) {
      // An encode may be writing it right now; one left for an hour was interrupted.
      const written = await mtimeOf(path.join(dirs.cacheDir, relative));
      if (written !== null && now.getTime() - written < STALE_TEMP_FILE_MS) continue;
    }
    const request = parseVariantPath(`${VARIANT_URL_PREFIX}/${relative}`);
    const source = request ? inside(dirs.roots[request.root], request.pathInRoot) : null;
    if (source && (await mtimeOf(source)) !== null) continue;
    const target = inside(dirs.cacheDir, relative);
    if (!target || inFlight.has(target)) continue;
    await fs.rm(target, { force: true });
    removed++;
  }
  return removed;
}

/** Prunes the cache now and then every interval; returns a stop function for shutdown. */
export function startImageVariantCachePruner(
  dirs: ImageVariantDirs,
  intervalMs = 6 * 60 * 60_000,
): () => void {
  const prune = () =>
    pruneImageVariantCache(dirs)
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "Removed orphaned image variants");
      })
      .catch((error) => logger.error({ err: error }, "Pruning the image variant cache failed"));
  void prune();
  const timer = setInterval(() => void prune(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
