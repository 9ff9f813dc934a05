/**
 * Responsive image variants (AVIF and WebP at several widths) made with sharp.
 *
 * A variant is made on its first request and kept, so seeded images and admin uploads
 * get variants the same way with no step to remember (docs/decisions/004-image-variants.md).
 * A source newer than its variant makes it again. The URL scheme lives in
 * app/domain/media/image-variants.ts.
 *
 * Sources: /images/... are the static files shipped with the build (local disk on every
 * instance); /uploads/... are "uploads/<path>" in the configured ObjectStorage. Variants
 * are kept in this instance's DATA_DIR/cache/image-variants and, when the storage is a
 * bucket, also under "variants/<width>/<source path>.<format>" in it, so a variant one
 * instance made is served by every other without encoding it again.
 */
import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import sharp from "sharp";
import {
  VARIANT_CONTENT_TYPES,
  VARIANT_URL_PREFIX,
  parseVariantPath,
  type ParsedVariantRequest,
  type VariantFormat,
} from "~/domain/media/image-variants";
import type { Env } from "../core/env.server";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { runExclusively } from "../db/job-lock.server";
import {
  UnsafeStorageKeyError,
  type ObjectStorage,
  type StoredObjectInfo,
} from "./object-storage.server";

export interface ImageVariantOptions {
  /** The configured storage; uploads are its "uploads/..." keys. */
  storage: ObjectStorage;
  /** The static images shipped with the build (public/images, build/client/images). */
  staticImagesDir: string;
  /** This instance's variant cache, DATA_DIR/cache/image-variants. */
  cacheDir: string;
}

export function imageVariantCacheDir(env: Pick<Env, "DATA_DIR">): string {
  return path.join(path.resolve(env.DATA_DIR), "cache", "image-variants");
}

/** Variant URLs never change for a given source; uploads get fresh names when replaced. */
export const VARIANT_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Where variants live in a bucket: "variants/480/uploads/images/x.jpg.webp". */
const VARIANT_KEY_PREFIX = "variants/";

function variantRelativePath(request: ParsedVariantRequest): string {
  return `${request.width}/${request.sourcePath}.${request.format}`;
}

const ENCODERS: Record<VariantFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  // effort 2: files as small as effort 4 here, but a 1920 px encode takes ~0.6 s, not ~4 s.
  avif: (image) => image.avif({ quality: 52, effort: 2 }),
  webp: (image) => image.webp({ quality: 74, effort: 4 }),
};

function encoder(input: string | Buffer, request: ParsedVariantRequest): sharp.Sharp {
  return ENCODERS[request.format](
    sharp(input).rotate().resize({ width: request.width, withoutEnlargement: true }),
  );
}

/** Resolves `relative` inside `root`, or null when it would leave it. */
function inside(root: string, relative: string): string | null {
  const base = path.resolve(root);
  const full = path.resolve(base, relative);
  return full.startsWith(base + path.sep) ? full : null;
}

/**
 * The folder a request's source is read from on this machine, or null when it is in a
 * bucket. On disk storage uploads stay plain files (DATA_DIR/uploads), as they always were.
 */
function localRoot(options: ImageVariantOptions, request: ParsedVariantRequest): string | null {
  if (request.root === "images") return options.staticImagesDir;
  return options.storage.kind === "disk" ? path.join(options.storage.location, "uploads") : null;
}

const sourceKey = (request: ParsedVariantRequest) => `uploads/${request.pathInRoot}`;

async function mtimeOf(file: string): Promise<number | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat.mtimeMs : null;
  } catch {
    return null;
  }
}

/** The bucket object's details, or null when it is not there (or its key is refused). */
async function statObject(storage: ObjectStorage, key: string): Promise<StoredObjectInfo | null> {
  try {
    return await storage.stat(key);
  } catch (error) {
    if (error instanceof UnsafeStorageKeyError) return null;
    throw error;
  }
}

/**
 * Bounds what sharp (libvips) keeps in memory between encodes (IMAGE_CACHE_MAX_MB; its
 * own default is 50 MB): decoded sources and operations, least recently used out first.
 * Variants are files once made, so a small cache costs only a re-decode now and then.
 */
export function limitImageCache(maxMb: number): void {
  sharp.cache({ memory: maxMb, files: 20, items: 100 });
}

// Several visitors asking for the same new variant share one encode.
const inFlight = new Map<string, Promise<boolean>>();

function singleFlight(target: string, work: () => Promise<boolean>): Promise<boolean> {
  let job = inFlight.get(target);
  if (!job) {
    job = work().finally(() => inFlight.delete(target));
    inFlight.set(target, job);
  }
  return job;
}

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

/**
 * Writes `target` through a temp file beside it: readers never see a half-written file.
 * A `write` that answers false had nothing to write; then so does this.
 */
async function writeAtomically(
  target: string,
  write: (temporary: string) => Promise<unknown>,
): Promise<boolean> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    if ((await write(temporary)) === false) {
      await fs.rm(temporary, { force: true });
      return false;
    }
    await fs.rename(temporary, target);
    return true;
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

async function encodeLocalVariant(source: string, target: string, request: ParsedVariantRequest) {
  return writeAtomically(target, async (temporary) => {
    await withEncodeSlot(() => encoder(source, request).toFile(temporary));
  });
}

/**
 * Whether a variant in the bucket was made from this version of its source. S3 times
 * are whole seconds: a variant from the same second as its source may predate it (the
 * source overwritten in that second), so only a strictly later one counts. The cost is
 * at most one more encode, stored a second later.
 */
function madeAfter(variant: StoredObjectInfo, source: StoredObjectInfo): boolean {
  return variant.lastModified.getTime() > source.lastModified.getTime();
}

/**
 * Brings a variant of a bucket source into the local cache: the bucket's copy when it
 * was made after the source (maybe by another instance), else a new encode, stored in
 * the bucket for the others. The local file's mtime is set to the bucket copy's
 * LastModified, so later requests compare bucket times only, whatever this machine's
 * clock says. False when the source went away meanwhile.
 */
async function bucketVariant(
  storage: ObjectStorage,
  source: StoredObjectInfo,
  target: string,
  request: ParsedVariantRequest,
): Promise<boolean> {
  const variantKey = `${VARIANT_KEY_PREFIX}${variantRelativePath(request)}`;
  let stored = await storage.stat(variantKey);
  // The pruner may remove it between the HEAD and the GET: then it is encoded here.
  const copied =
    stored !== null &&
    madeAfter(stored, source) &&
    (await writeAtomically(target, (temporary) => storage.readToFile(variantKey, temporary)));
  if (!copied) {
    // Images are bounded by the upload limit: the source is read into memory.
    const input = await storage.read(sourceKey(request));
    if (!input) return false;
    const encoded = await withEncodeSlot(() => encoder(input, request).toBuffer());
    await storage.put(variantKey, encoded, { contentType: VARIANT_CONTENT_TYPES[request.format] });
    await writeAtomically(target, (temporary) => fs.writeFile(temporary, encoded));
    stored = await storage.stat(variantKey);
  }
  // Without the bucket's time (removed meanwhile) the source's: checked again next time.
  await fs.utimes(target, new Date(), (stored ?? source).lastModified);
  return true;
}

export interface VariantFile {
  file: string;
  contentType: string;
}

/**
 * The local file of a variant, made now if it is missing or older than its source.
 * Null when the source does not exist. An unreadable source throws.
 */
export async function imageVariantFile(
  options: ImageVariantOptions,
  request: ParsedVariantRequest,
): Promise<VariantFile | null> {
  const target = inside(options.cacheDir, variantRelativePath(request));
  if (!target) return null;
  const found = { file: target, contentType: VARIANT_CONTENT_TYPES[request.format] };

  const root = localRoot(options, request);
  if (root !== null) {
    const source = inside(root, request.pathInRoot);
    if (!source) return null;
    const sourceTime = await mtimeOf(source);
    if (sourceTime === null) return null;
    const targetTime = await mtimeOf(target);
    if (targetTime === null || targetTime < sourceTime) {
      await singleFlight(target, () => encodeLocalVariant(source, target, request));
    }
    return found;
  }

  // In a bucket: one HEAD per request, so a deleted source answers 404 at once.
  const source = await statObject(options.storage, sourceKey(request));
  if (!source) return null;
  // The local copy's mtime is its bucket copy's LastModified (see bucketVariant).
  const targetTime = await mtimeOf(target);
  if (targetTime === null || targetTime <= source.lastModified.getTime()) {
    const made = await singleFlight(target, () =>
      bucketVariant(options.storage, source, target, request),
    );
    if (!made) return null;
  }
  return found;
}

/** Sends a source sharp could not read as it is, from disk or from the bucket. */
async function sendSource(
  options: ImageVariantOptions,
  request: ParsedVariantRequest,
  res: Response,
  next: NextFunction,
) {
  res.set("Cache-Control", "no-store");
  const root = localRoot(options, request);
  if (root !== null) {
    const source = inside(root, request.pathInRoot);
    if (!source) return void res.status(404).end();
    return res.sendFile(source, (sendError) => {
      if (sendError && !res.headersSent) next(sendError);
    });
  }
  const opened = await options.storage.open(sourceKey(request));
  if (!opened) return void res.status(404).end();
  res.type(path.extname(request.pathInRoot) || "application/octet-stream");
  res.set("Content-Length", String(opened.info.size));
  await pipeline(opened.body, res).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
  });
}

/** Express middleware for GET /img/{width}/{source path}.{avif|webp}. */
export function imageVariantMiddleware(options: ImageVariantOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const request = parseVariantPath(req.originalUrl.split("?", 1)[0]!);
    if (!request) return void res.status(404).set("Cache-Control", "no-store").end();
    try {
      const variant = await imageVariantFile(options, request);
      if (!variant) return void res.status(404).set("Cache-Control", "no-store").end();
      res.type(variant.contentType).set("Cache-Control", VARIANT_CACHE_CONTROL);
      res.sendFile(variant.file, { lastModified: true }, (error) => {
        if (error && !res.headersSent) next(error);
      });
    } catch (error) {
      // A source sharp cannot read: send it as it is rather than a broken picture.
      logger.warn({ err: error, source: request.sourcePath }, "Image variant failed");
      try {
        await sendSource(options, request, res, next);
      } catch (sendError) {
        // The bucket does not answer either.
        logger.error({ err: sendError, source: request.sourcePath }, "Image source failed");
        if (res.headersSent) return void res.destroy();
        res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "5" }).end();
      }
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

/** The variant a stored path ("480/uploads/x.jpg.webp") is, or null when it is none. */
function parseStoredVariant(relative: string): ParsedVariantRequest | null {
  // Stored paths are plain text; the parser expects a URL (percent-encoded) path.
  const url = `${VARIANT_URL_PREFIX}/${relative.split("/").map(encodeURIComponent).join("/")}`;
  return parseVariantPath(url);
}

/**
 * Whether a variant's source still exists, for one pruning run. Bucket sources are
 * listed once per run (one LIST per thousand objects rather than a HEAD per variant);
 * call it only after listing the variants, so a source added since is not missed.
 */
function sourceChecker(options: ImageVariantOptions) {
  let uploadKeys: Promise<Set<string>> | null = null;
  const listUploads = async () => {
    const keys = new Set<string>();
    for await (const object of options.storage.list("uploads/")) keys.add(object.key);
    return keys;
  };
  return async (request: ParsedVariantRequest): Promise<boolean> => {
    const root = localRoot(options, request);
    if (root !== null) {
      const source = inside(root, request.pathInRoot);
      return source !== null && (await mtimeOf(source)) !== null;
    }
    uploadKeys ??= listUploads();
    return (await uploadKeys).has(sourceKey(request));
  };
}

/**
 * Deletes locally cached variants whose source is gone (an upload deleted or replaced
 * under a new name) and anything in the cache that is not a variant, such as a temp file
 * of an interrupted encode. Returns how many files it removed.
 */
export async function pruneImageVariantCache(
  options: ImageVariantOptions,
  now: Date = new Date(),
): Promise<number> {
  let removed = 0;
  const files = await filesUnder(options.cacheDir);
  const sourceExists = sourceChecker(options);
  for (const relative of files) {
    if (relative.endsWith(".tmp")) {
      // An encode may be writing it right now; one left for an hour was interrupted.
      const written = await mtimeOf(path.join(options.cacheDir, relative));
      if (written !== null && now.getTime() - written < STALE_TEMP_FILE_MS) continue;
    }
    const request = parseStoredVariant(relative);
    if (request && (await sourceExists(request))) continue;
    const target = inside(options.cacheDir, relative);
    if (!target || inFlight.has(target)) continue;
    await fs.rm(target, { force: true });
    removed++;
  }
  return removed;
}

/**
 * Deletes the bucket's variants whose upload is gone, and any other object under
 * variants/ (only variants of uploads are kept there). Nothing to do on disk storage,
 * whose variants are all in the local cache. Returns how many objects it removed.
 */
export async function pruneImageVariantObjects(options: ImageVariantOptions): Promise<number> {
  if (options.storage.kind === "disk") return 0;
  const keys: string[] = [];
  for await (const object of options.storage.list(VARIANT_KEY_PREFIX)) keys.push(object.key);
  const sourceExists = sourceChecker(options);
  let removed = 0;
  for (const key of keys) {
    const request = parseStoredVariant(key.slice(VARIANT_KEY_PREFIX.length));
    if (request?.root === "uploads" && (await sourceExists(request))) continue;
    try {
      await options.storage.remove(key);
      removed++;
    } catch (error) {
      // A key the storage refuses was not written here; it is left alone.
      if (!(error instanceof UnsafeStorageKeyError)) throw error;
    }
  }
  return removed;
}

export interface PruneResult {
  /** Files removed from this instance's cache. */
  local: number;
  /** Objects removed from the bucket; null when another instance was pruning it. */
  bucket: number | null;
}

/**
 * One pruning run: this instance's cache, then the bucket's variants, by one instance
 * at a time when `db` is a shared PostgreSQL (the others skip that part of the run).
 */
export async function pruneImageVariants(
  options: ImageVariantOptions & { db?: Database },
): Promise<PruneResult> {
  const local = await pruneImageVariantCache(options);
  if (options.storage.kind === "disk") return { local, bucket: 0 };
  let bucket: number | null = null;
  const pruneBucket = async () => void (bucket = await pruneImageVariantObjects(options));
  if (options.db) await runExclusively(options.db, "image-variant-pruner", pruneBucket);
  else await pruneBucket();
  return { local, bucket };
}

/** Prunes now and then every interval; returns a stop function for shutdown. */
export function startImageVariantCachePruner(
  options: ImageVariantOptions & { db?: Database },
  intervalMs = 6 * 60 * 60_000,
): () => void {
  const prune = () =>
    pruneImageVariants(options)
      .then(({ local, bucket }) => {
        if (local > 0 || (bucket ?? 0) > 0) {
          logger.info({ local, bucket }, "Removed orphaned image variants");
        }
      })
      .catch((error) => logger.error({ err: error }, "Pruning image variants failed"));
  void prune();
  const timer = setInterval(() => void prune(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
