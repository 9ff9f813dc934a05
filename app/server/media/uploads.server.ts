/**
 * The back office's one upload pipeline (docs/decisions/013-uploads.md): resumable
 * uploads over the tus 1.0 protocol (@tus/server with @tus/file-store), mounted by
 * server.ts at /api/uploads ahead of any body parser.
 *
 *   POST   /api/uploads              create (Upload-Length, Upload-Metadata: kind, filename, filetype)
 *   HEAD   /api/uploads/:id          how far it got (resume)
 *   PATCH  /api/uploads/:id          append bytes; the last one answers the stored file as JSON
 *   DELETE /api/uploads/:id          cancel an unfinished upload
 *   GET    /api/uploads/:id/result   the final answer again, for a client that lost it
 *
 * Every request needs a signed-in, allow-listed user, and an upload only answers the
 * user who created it. Bytes land in DATA_DIR/uploads-incoming (never served). When the
 * last byte is in, the file's first bytes decide its type (never its name); a file the
 * kind does not take is deleted and refused with the spec's message. An accepted file
 * moves to DATA_DIR/uploads/<folder>/<random>.<ext> (public, /uploads/...) or, for
 * private kinds, DATA_DIR/private/<folder>/<random>.<ext>, referred to by that storage
 * key, which is what the download handler resolves.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { Metadata, Server as TusServer } from "@tus/server";
import type { DataStore, Locker } from "@tus/utils";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import sharp from "sharp";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_ENDPOINT,
  UPLOAD_INCOMING_TTL_MS,
  UPLOAD_KINDS,
  UPLOAD_RESULT_SUFFIX,
  UPLOAD_TEXT,
  checkUpload,
  checkUploadSize,
  extensionFor,
  isUploadKind,
  sniffFile,
  storedContentType,
  type UploadKind,
  type UploadedFile,
} from "~/domain/uploads";
import { getSessionUser } from "../auth/access.server";
import { isEmailAllowed } from "../auth/allow-list.server";
import { logger } from "../core/logger.server";
import { hitRateLimit, rateLimitKey, type RateLimitRule } from "../core/rate-limit.server";
import type { Database } from "../db/database.server";
import { runExclusively, withAdvisoryLock } from "../db/job-lock.server";
import { fileHandleSource, readAudioFileDuration } from "./audio-duration.server";
import {
  createDiskStorage,
  s3ClientConfig,
  type ObjectStorage,
  type S3Config,
} from "./object-storage.server";
import { PUBLIC_UPLOADS_URL_PREFIX, storagePaths } from "./storage.server";
import { createPostgresUploadLocker } from "./upload-locker.server";

export { UPLOAD_ENDPOINT } from "~/domain/uploads";

/** Upload creations per user: generous for an artist filling a gallery, a wall for a script. */
export const UPLOAD_CREATION_LIMIT: RateLimitRule = { max: 60, windowMs: 10 * 60_000 };

/** Upload ids are @tus's default names: 16 random bytes in hex. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export interface Uploader {
  id: string;
  email: string;
}

export type UploadAuthentication = { user: Uploader } | { refused: 401 | 403 };

/** Who is asking. The default reads the Better Auth session and the allow-list. */
export type Authenticate = (
  req: IncomingMessage,
  res: ServerResponse,
) => Promise<UploadAuthentication>;

/** The refusal body every error answer of ours carries. */
interface ErrorBody {
  error: string;
  title?: string;
}

/** The final answer of an upload, kept for a day so a client that lost it can ask again. */
export interface StoredResult {
  uploadId: string;
  userId: string;
  size: number;
  finishedAt: string;
  /** 200 with the stored file, or the refusal's status with its message. */
  status: number;
  body: UploadedFile | ErrorBody;
}

export interface UploadServerOptions {
  db: Database;
  dataDir: string;
  /**
   * Where accepted files go (default: DATA_DIR on disk). With a bucket (`s3` given too),
   * unfinished uploads live in the bucket as well, so any instance can resume one.
   */
  storage?: ObjectStorage;
  s3?: S3Config | null;
  authenticate?: Authenticate;
  creationLimit?: RateLimitRule;
  /** Unfinished uploads and kept answers older than this are removed (default 24 h). */
  ttlMs?: number;
}

export interface UploadServer {
  /** Express middleware for everything under UPLOAD_ENDPOINT. */
  handler: RequestHandler;
  /** Removes unfinished uploads and kept answers older than the TTL. */
  cleanup(now?: Date): Promise<{ uploads: number; results: number }>;
  /** Cleans up now and every `intervalMs` (default 1 h); returns a stop function. */
  startCleanup(intervalMs?: number): () => void;
  dirs: { incoming: string; results: string; publicDir: string; privateDir: string };
}

export function uploadDirs(dataDir: string) {
  const { publicDir, privateDir } = storagePaths({ DATA_DIR: dataDir });
  const root = path.join(path.resolve(dataDir), "uploads-incoming");
  return {
    incoming: path.join(root, "files"),
    results: path.join(root, "results"),
    publicDir,
    privateDir,
  };
}

/** The signed-in, allow-listed user of a Node request, from the session cookie. */
export function sessionAuthentication(db: Database): Authenticate {
  return async (req, res) => {
    const headers = new Headers();
    if (typeof req.headers.cookie === "string") headers.set("cookie", req.headers.cookie);
    const renewed = new Headers();
    const user = await getSessionUser(
      new Request(`http://localhost${UPLOAD_ENDPOINT}`, { headers }),
      renewed,
    );
    // A session Better Auth just extended keeps going in the browser too.
    for (const cookie of renewed.getSetCookie()) res.appendHeader("Set-Cookie", cookie);
    if (!user) return { refused: 401 };
    if (!(await isEmailAllowed(db, user.email))) return { refused: 403 };
    return { user: { id: user.id, email: user.email } };
  };
}

/** A display name: the last path part, no control characters, at most 200 characters. */
export function cleanOriginalName(name: string | null | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  return [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 200);
}

/** The Node request behind the web-style request @tus/server hands its hooks. */
function nodeRequestOf(req: unknown): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

function sendError(res: Response, status: number, body: ErrorBody) {
  res.status(status).set("Cache-Control", "no-store").json(body);
}

/** Where the bytes of unfinished uploads live: beside the files on disk, or in the bucket. */
interface IncomingUploads {
  store: DataStore;
  /** The metadata of an upload still coming in, or null when there is none. */
  metadata(id: string): Promise<Record<string, string | null> | null>;
  /** Runs `work` with the complete bytes in a local file (sharp and the sniffers read files). */
  withLocalFile<T>(id: string, work: (file: string) => Promise<T>): Promise<T>;
  /** Moves the complete bytes to `key` in the storage and forgets the upload. */
  keep(id: string, key: string, contentType: string): Promise<void>;
  /** Forgets the upload and whatever bytes it has. */
  discard(id: string): Promise<void>;
  /** Unfinished uploads created before `cutoff` (ms), never one being finished. */
  staleIds(cutoff: number): Promise<string[]>;
}

function diskIncoming(directory: string, storage: ObjectStorage, ttlMs: number): IncomingUploads {
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: ttlMs });
  const fileOf = (id: string) => path.join(directory, id);
  const mtime = async (file: string) => {
    try {
      return (await fs.stat(file)).mtimeMs;
    } catch {
      return null;
    }
  };
  return {
    store,
    async metadata(id) {
      const info = (await store.configstore.get(id)) as
        | { metadata?: Record<string, string | null> }
        | undefined;
      return info ? (info.metadata ?? {}) : null;
    },
    withLocalFile: (id, work) => work(fileOf(id)),
    async keep(id, key) {
      await storage.moveIn(key, fileOf(id));
      await store.configstore.delete(id).catch(() => {});
    },
    async discard(id) {
      await store.remove(id).catch(() => {});
      await fs.rm(fileOf(id), { force: true });
      await fs.rm(`${fileOf(id)}.json`, { force: true });
    },
    async staleIds(cutoff) {
      const entries = await fs.readdir(directory).catch(() => [] as string[]);
      const stale: string[] = [];
      for (const id of new Set(entries.map((name) => name.replace(/\.json$/, "")))) {
        if (!UPLOAD_ID.test(id)) continue;
        const info = (await store.configstore.get(id).catch(() => undefined)) as
          | { creation_date?: string }
          | undefined;
        const created =
          (info?.creation_date ? Date.parse(info.creation_date) : NaN) ||
          ((await mtime(fileOf(id))) ?? (await mtime(`${fileOf(id)}.json`)) ?? Date.now());
        if (created < cutoff) stale.push(id);
      }
      return stale;
    },
  };
}

/**
 * @tus/s3-store keeps an upload as a multipart upload named by its id at the bucket's
 * top level, with `<id>.info` (its metadata) and `<id>.part` (bytes short of a part).
 * Every instance reads the same state, so an upload started on one resumes on another.
 */
function bucketIncoming(config: S3Config, storage: ObjectStorage): IncomingUploads {
  const store = new S3Store({
    // 8 MiB parts: a killed instance loses at most the part it was sending.
    partSize: 8 * 1024 * 1024,
    // Expiry by object tags is not in every S3-compatible server: cleanup() does it.
    useTags: false,
    s3ClientConfig: { ...s3ClientConfig(config), bucket: config.bucket },
  });
  const lister = new S3Client(s3ClientConfig(config));
  return {
    store,
    async metadata(id) {
      const info = await storage.read(`${id}.info`);
      if (!info) return null;
      try {
        return (JSON.parse(info.toString()) as { metadata?: Record<string, string | null> })
          .metadata ?? {};
      } catch {
        return null;
      }
    },
    async withLocalFile(id, work) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "upload-"));
      try {
        const file = path.join(dir, id);
        if (!(await storage.readToFile(id, file))) {
          throw new Error(`Upload ${id} has no bytes in the bucket`);
        }
        return await work(file);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    async keep(id, key, contentType) {
      await storage.move(id, key, { contentType });
      await storage.remove(`${id}.info`);
    },
    async discard(id) {
      // Aborts a multipart upload still open; then whatever objects it left.
      await store.remove(id).catch(() => {});
      for (const key of [id, `${id}.info`, `${id}.part`]) {
        await storage.remove(key).catch(() => {});
      }
    },
    async staleIds(cutoff) {
      const stale: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        // Only the top level: uploads/ and private/ may hold many thousands of files.
        const page = await lister.send(
          new ListObjectsV2Command({ Bucket: config.bucket, Delimiter: "/", ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const id = object.Key?.match(/^([0-9a-f]{32})\.info$/)?.[1];
          if (id && (object.LastModified?.getTime() ?? 0) < cutoff) stale.push(id);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return stale;
    },
  };
}

type Inspection =
  | { ok: true; contentType: string; width?: number; height?: number; durationSeconds?: number }
  | { ok: false; status: number; title?: string; message: string; reason: string };

/** Reads what the stored bytes are, and refuses what the kind does not take. */
async function inspectUpload(file: string, kind: UploadKind, size: number): Promise<Inspection> {
  const rule = UPLOAD_KINDS[kind];
  const handle = await fs.open(file, "r");
  let sniffed: string | null;
  try {
    sniffed = await sniffFile(fileHandleSource(handle, size).read, size);
  } finally {
    await handle.close();
  }
  const verdict = checkUpload(kind, { size, sniffedType: sniffed });
  if (!verdict.ok) {
    return {
      ok: false,
      status: verdict.status,
      title: verdict.title,
      message: verdict.message,
      reason: `${verdict.reason}: ${sniffed ?? "unknown"}`,
    };
  }
  const contentType = storedContentType(kind, sniffed!);

  if (rule.image) {
    try {
      const meta = await sharp(file).metadata();
      const format = meta.format === "jpg" ? "jpeg" : meta.format;
      if (!meta.width || !meta.height || `image/${format}` !== contentType) {
        throw new Error(`sharp read ${meta.format} ${meta.width}x${meta.height}`);
      }
      // Public pages show images turned upright (EXIF orientation 5–8 turns them a quarter).
      const quarterTurn = (meta.orientation ?? 1) >= 5;
      return {
        ok: true,
        contentType,
        width: quarterTurn ? meta.height : meta.width,
        height: quarterTurn ? meta.width : meta.height,
      };
    } catch (error) {
      // The right first bytes, then something sharp cannot read: not an image we can show.
      return {
        ok: false,
        status: 422,
        ...rule.typeMessage,
        reason: `unreadable image: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  if (kind === "audio") {
    const durationSeconds = await readAudioFileDuration(file, contentType).catch(() => undefined);
    return { ok: true, contentType, ...(durationSeconds !== undefined && { durationSeconds }) };
  }
  return { ok: true, contentType };
}

/** Where kept answers live in the storage (on disk: DATA_DIR/uploads-incoming/results). */
const RESULTS_KEY_PREFIX = "uploads-incoming/results/";

export function createUploadServer(options: UploadServerOptions): UploadServer {
  const dirs = uploadDirs(options.dataDir);
  const ttlMs = options.ttlMs ?? UPLOAD_INCOMING_TTL_MS;
  const creationLimit = options.creationLimit ?? UPLOAD_CREATION_LIMIT;
  const authenticate = options.authenticate ?? sessionAuthentication(options.db);
  const storage = options.storage ?? createDiskStorage(options.dataDir);
  const incoming =
    storage.kind === "s3" && options.s3
      ? bucketIncoming(options.s3, storage)
      : diskIncoming(dirs.incoming, storage, ttlMs);
  const { store } = incoming;
  const locker: Locker | null = createPostgresUploadLocker(options.db);
  // Kept answers share the storage, so any instance can answer for any upload.
  const resultKey = (id: string) => `${RESULTS_KEY_PREFIX}${id}.json`;
  async function readResult(id: string): Promise<StoredResult | null> {
    const bytes = await storage.read(resultKey(id));
    if (!bytes) return null;
    try {
      return JSON.parse(bytes.toString()) as StoredResult;
    } catch {
      return null;
    }
  }
  const keepResult = (result: StoredResult) =>
    storage.put(resultKey(result.uploadId), JSON.stringify(result), {
      contentType: "application/json",
    });
  const finishing = new Map<string, Promise<StoredResult>>();
  /** The metadata the creation guard approved, for the tus hook of the same request. */
  const creations = new WeakMap<IncomingMessage, Record<string, string>>();

  async function finishUpload(id: string): Promise<StoredResult> {
    const kept = await readResult(id);
    if (kept) return kept;

    const upload = await store.getUpload(id);
    const meta = upload.metadata ?? {};
    const kind = meta.kind;
    const userId = meta.userId;
    if (!isUploadKind(kind) || !userId) throw new Error(`Upload ${id} has no kind or owner`);
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw new Error(`Upload ${id} is not complete`);
    }
    const size = upload.size;
    const originalName = cleanOriginalName(meta.filename);
    const finishedAt = new Date().toISOString();

    const inspection = await incoming.withLocalFile(id, (file) => inspectUpload(file, kind, size));
    if (!inspection.ok) {
      await incoming.discard(id);
      const body: ErrorBody = { error: inspection.message };
      if (inspection.title) body.title = inspection.title;
      const result: StoredResult = {
        uploadId: id,
        userId,
        size,
        finishedAt,
        status: inspection.status,
        body,
      };
      await keepResult(result);
      logger.warn(
        { uploadId: id, userId, kind, size, originalName, reason: inspection.reason },
        "Upload refused",
      );
      return result;
    }

    const rule = UPLOAD_KINDS[kind];
    const name = `${crypto.randomBytes(16).toString("hex")}.${extensionFor(inspection.contentType)}`;
    await incoming.keep(
      id,
      `${rule.private ? "private" : "uploads"}/${rule.folder}/${name}`,
      inspection.contentType,
    );

    const stored: UploadedFile = {
      url: rule.private
        ? `${rule.folder}/${name}`
        : `${PUBLIC_UPLOADS_URL_PREFIX}/${rule.folder}/${name}`,
      kind,
      contentType: inspection.contentType,
      size,
      originalName,
      ...(rule.private && { private: true }),
      ...(inspection.width !== undefined && { width: inspection.width }),
      ...(inspection.height !== undefined && { height: inspection.height }),
      ...(inspection.durationSeconds !== undefined && {
        durationSeconds: inspection.durationSeconds,
      }),
    };
    const result: StoredResult = {
      uploadId: id,
      userId,
      size,
      finishedAt,
      status: 200,
      body: stored,
    };
    await keepResult(result);
    logger.info(
      { uploadId: id, userId, kind, size, url: stored.url, contentType: stored.contentType },
      "Upload stored",
    );
    return result;
  }

  /**
   * One finishing run per upload, whoever asks (the last PATCH or a result request), on
   * whichever instance: the advisory lock makes a second instance wait, then read the
   * kept answer.
   */
  function finish(id: string): Promise<StoredResult> {
    let running = finishing.get(id);
    if (!running) {
      running = withAdvisoryLock(options.db, `upload-finish:${id}`, () => finishUpload(id), {
        timeoutMs: 10 * 60_000,
      }).finally(() => finishing.delete(id));
      finishing.set(id, running);
    }
    return running;
  }

  const tus = new TusServer({
    path: UPLOAD_ENDPOINT,
    datastore: store,
    // On PostgreSQL, an upload's lock is held in the database, so two instances never
    // write one upload at once, and a dead instance's lock ends with its connection.
    ...(locker && { locker }),
    maxSize: MAX_UPLOAD_BYTES,
    // "/api/uploads/<id>": right behind any proxy, with no need to trust Host headers.
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin header at all.
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    namingFunction: () => crypto.randomBytes(16).toString("hex"),
    async onUploadCreate(req) {
      // What tus stores is what the guard in front prepared for this very request: the
      // owner from the session, the kind checked, the name and type for display only.
      const metadata = nodeRequestOf(req) && creations.get(nodeRequestOf(req)!);
      if (!metadata) {
        throw { status_code: 401, body: JSON.stringify({ error: UPLOAD_TEXT.authRequired }) };
      }
      return { metadata };
    },
    async onUploadFinish(_req, upload) {
      const result = await finish(upload.id);
      return {
        status_code: result.status,
        body: JSON.stringify(result.body),
        headers: { "Content-Type": "application/json; charset=utf-8" },
      };
    },
    onResponseError(_req, error) {
      const status = "status_code" in error ? error.status_code : 500;
      if (status >= 500) logger.error({ err: error }, "Upload request failed");
      return undefined;
    },
  });

  function toTus(req: Request, res: Response, next: NextFunction) {
    // Express strips its mount path; tus reads the upload id from the full path.
    req.url = req.originalUrl;
    tus.handle(req, res).catch(next);
  }

  async function ownerOf(
    id: string,
  ): Promise<
    | { state: "uploading"; userId: string | undefined }
    | { state: "finished"; userId: string; result: StoredResult }
    | null
  > {
    const metadata = await incoming.metadata(id);
    if (metadata) return { state: "uploading", userId: metadata.userId ?? undefined };
    const result = await readResult(id);
    return result ? { state: "finished", userId: result.userId, result } : null;
  }

  async function create(req: Request, res: Response, next: NextFunction, user: Uploader) {
    const limit = await hitRateLimit(
      options.db,
      rateLimitKey("upload-create", user.id),
      creationLimit,
    );
    if (!limit.allowed) {
      const retryAfter = Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000));
      res.set("Retry-After", String(retryAfter));
      return sendError(res, 429, { error: UPLOAD_TEXT.rateLimited });
    }
    const length = req.get("upload-length");
    if (length === undefined || !/^\d{1,15}$/.test(length)) {
      // Deferred lengths are refused too: a kind's limit is checked before any byte.
      return sendError(res, 400, { error: "Upload-Length is required." });
    }
    let metadata: Record<string, string | null>;
    try {
      metadata = Metadata.parse(req.get("upload-metadata"));
    } catch {
      return sendError(res, 400, { error: UPLOAD_TEXT.unknownKind });
    }
    const kind = metadata.kind;
    if (!isUploadKind(kind)) return sendError(res, 400, { error: UPLOAD_TEXT.unknownKind });
    const size = Number(length);
    const verdict =
      size === 0 ? checkUpload(kind, { size, sniffedType: null }) : checkUploadSize(kind, size);
    if (!verdict.ok) {
      const body: ErrorBody = { error: verdict.message };
      if (verdict.title) body.title = verdict.title;
      return sendError(res, verdict.status, body);
    }
    creations.set(req, {
      kind,
      userId: user.id,
      filename: cleanOriginalName(metadata.filename),
      filetype: (metadata.filetype ?? "").slice(0, 100),
    });
    toTus(req, res, next);
  }

  async function answerResult(res: Response, id: string, user: Uploader) {
    const owner = await ownerOf(id);
    if (!owner) return sendError(res, 404, { error: UPLOAD_TEXT.notFound });
    if (owner.userId !== user.id) return sendError(res, 403, { error: UPLOAD_TEXT.forbidden });
    let result: StoredResult;
    if (owner.state === "finished") {
      result = owner.result;
    } else {
      const upload = await store.getUpload(id).catch(() => null);
      if (!upload || upload.size === undefined || upload.offset !== upload.size) {
        return sendError(res, 409, { error: UPLOAD_TEXT.incomplete });
      }
      // Complete but never finished (the server stopped in between): finish it now.
      result = await finish(id);
    }
    res.status(result.status).set("Cache-Control", "no-store").json(result.body);
  }

  const handler: RequestHandler = async (req, res, next) => {
    try {
      res.set("Cache-Control", "no-store");
      const pathname = new URL(req.originalUrl, "http://localhost").pathname;
      if (!pathname.startsWith(UPLOAD_ENDPOINT)) return next();
      const rest = pathname.slice(UPLOAD_ENDPOINT.length).replace(/\/$/, "");

      const who = await authenticate(req, res);
      if ("refused" in who) return sendError(res, who.refused, { error: UPLOAD_TEXT.authRequired });
      const { user } = who;

      if (rest === "") {
        if (req.method === "POST") return await create(req, res, next, user);
        if (req.method === "OPTIONS") return toTus(req, res, next);
        return sendError(res, 405, { error: "Method not allowed." });
      }

      const [, id, tail, ...extra] = rest.split("/");
      if (!id || !UPLOAD_ID.test(id) || extra.length > 0) {
        return sendError(res, 404, { error: UPLOAD_TEXT.notFound });
      }
      if (tail !== undefined) {
        if (`/${tail}` !== UPLOAD_RESULT_SUFFIX || req.method !== "GET") {
          return sendError(res, 404, { error: UPLOAD_TEXT.notFound });
        }
        return await answerResult(res, id, user);
      }

      if (req.method === "OPTIONS") return toTus(req, res, next);
      if (req.method !== "HEAD" && req.method !== "PATCH" && req.method !== "DELETE") {
        // No GET: stored files are served from /uploads (public) or not at all (private).
        return sendError(res, 405, { error: "Method not allowed." });
      }
      const owner = await ownerOf(id);
      if (!owner) return sendError(res, 404, { error: UPLOAD_TEXT.notFound });
      if (owner.userId !== user.id) return sendError(res, 403, { error: UPLOAD_TEXT.forbidden });
      if (owner.state === "uploading") return toTus(req, res, next);

      // Finished (stored or refused). A client that lost the last answer asks HEAD on
      // resuming: every byte is here, so it reads the answer from /result.
      if (req.method === "HEAD") {
        res
          .status(200)
          .set({
            "Tus-Resumable": "1.0.0",
            "Upload-Offset": String(owner.result.size),
            "Upload-Length": String(owner.result.size),
          })
          .end();
        return;
      }
      if (req.method === "PATCH") {
        // 409 makes tus-js-client ask HEAD again, which answers as above.
        res.set("Tus-Resumable", "1.0.0");
        return sendError(res, 409, { error: "This upload is already complete." });
      }
      return sendError(res, 404, { error: UPLOAD_TEXT.notFound });
    } catch (error) {
      next(error);
    }
  };

  async function cleanup(now: Date = new Date()) {
    const cutoff = now.getTime() - ttlMs;
    let uploads = 0;
    let results = 0;
    for (const id of await incoming.staleIds(cutoff)) {
      if (finishing.has(id)) continue;
      await incoming.discard(id);
      uploads++;
    }
    for await (const kept of storage.list(RESULTS_KEY_PREFIX)) {
      if (kept.lastModified.getTime() >= cutoff) continue;
      await storage.remove(kept.key);
      results++;
    }
    return { uploads, results };
  }

  function startCleanup(intervalMs = 60 * 60_000) {
    // One instance at a time cleans the shared storage.
    const run = () =>
      runExclusively(options.db, "upload-cleanup", async () => {
        const removed = await cleanup();
        if (removed.uploads || removed.results) logger.info(removed, "Removed stale uploads");
      }).catch((error) => logger.error({ err: error }, "Upload cleanup failed"));
    void run();
    const timer = setInterval(() => void run(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { handler, cleanup, startCleanup, dirs };
}
