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
 *
 * This module is the HTTP side: routing, who owns an upload, the creation guard, tus and
 * clean-up. Who is asking: upload-auth.server.ts. Where the bytes and the kept answers
 * live: upload-stores.server.ts. What happens when the last byte is in:
 * upload-finish.server.ts.
 */
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Metadata, Server as TusServer } from "@tus/server";
import type { DataStore, Locker } from "@tus/utils";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_ENDPOINT,
  UPLOAD_INCOMING_TTL_MS,
  UPLOAD_RESULT_SUFFIX,
  UPLOAD_TEXT,
  checkUpload,
  checkUploadSize,
  cleanOriginalName,
  isUploadKind,
} from "~/domain/media/uploads";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { runExclusively } from "../db/job-lock.server";
import { hitRateLimit, rateLimitKey, type RateLimitRule } from "../db/rate-limit.server";
import { createDiskStorage, type ObjectStorage, type S3Config } from "./object-storage.server";
import { sessionAuthentication, type Authenticate, type Uploader } from "./upload-auth.server";
import { uploadFinisher } from "./upload-finish.server";
import { createPostgresUploadLocker } from "./upload-locker.server";
import {
  UPLOAD_ID,
  incomingUploads,
  keptResults,
  uploadDirs,
  type ErrorBody,
  type StoredResult,
} from "./upload-stores.server";

export { UPLOAD_ENDPOINT } from "~/domain/media/uploads";

/** Upload creations per user: generous for an artist filling a gallery, a wall for a script. */
export const UPLOAD_CREATION_LIMIT: RateLimitRule = { max: 60, windowMs: 10 * 60_000 };

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

/** The Node request behind the web-style request @tus/server hands its hooks. */
function nodeRequestOf(req: unknown): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

function sendError(res: Response, status: number, body: ErrorBody) {
  res.status(status).set("Cache-Control", "no-store").json(body);
}

/**
 * The tus protocol itself. Creation takes only what the guard in front approved for the
 * same request (`creations`); the last byte finishes the upload and answers with it.
 */
function tusServer(
  store: DataStore,
  locker: Locker | null,
  creations: WeakMap<IncomingMessage, Record<string, string>>,
  finish: (id: string) => Promise<StoredResult>,
): TusServer {
  return new TusServer({
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
}

type CreationCheck =
  | { metadata: Record<string, string> }
  | { refused: { status: number; body: ErrorBody; retryAfter?: number } };

/**
 * The guard in front of tus's creation: the user's rate limit, a declared length, a
 * known kind and that kind's size limit, all before any byte. What it approves is the
 * metadata tus stores: the owner from the session, the name and type for display only.
 */
async function checkCreation(
  req: Request,
  user: Uploader,
  db: Database,
  creationLimit: RateLimitRule,
): Promise<CreationCheck> {
  const limit = await hitRateLimit(db, rateLimitKey("upload-create", user.id), creationLimit);
  if (!limit.allowed) {
    const retryAfter = Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000));
    return { refused: { status: 429, body: { error: UPLOAD_TEXT.rateLimited }, retryAfter } };
  }
  const length = req.get("upload-length");
  if (length === undefined || !/^\d{1,15}$/.test(length)) {
    // Deferred lengths are refused too: a kind's limit is checked before any byte.
    return { refused: { status: 400, body: { error: "Upload-Length is required." } } };
  }
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(req.get("upload-metadata"));
  } catch {
    return { refused: { status: 400, body: { error: UPLOAD_TEXT.unknownKind } } };
  }
  const kind = metadata.kind;
  if (!isUploadKind(kind)) {
    return { refused: { status: 400, body: { error: UPLOAD_TEXT.unknownKind } } };
  }
  const size = Number(length);
  const verdict =
    size === 0 ? checkUpload(kind, { size, sniffedType: null }) : checkUploadSize(kind, size);
  if (!verdict.ok) {
    const body: ErrorBody = { error: verdict.message };
    if (verdict.title) body.title = verdict.title;
    return { refused: { status: verdict.status, body } };
  }
  return {
    metadata: {
      kind,
      userId: user.id,
      filename: cleanOriginalName(metadata.filename),
      filetype: (metadata.filetype ?? "").slice(0, 100),
    },
  };
}

export function createUploadServer(options: UploadServerOptions): UploadServer {
  const dirs = uploadDirs(options.dataDir);
  const ttlMs = options.ttlMs ?? UPLOAD_INCOMING_TTL_MS;
  const creationLimit = options.creationLimit ?? UPLOAD_CREATION_LIMIT;
  const authenticate = options.authenticate ?? sessionAuthentication(options.db);
  const storage = options.storage ?? createDiskStorage(options.dataDir);
  const incoming = incomingUploads(storage, options.s3, dirs.incoming, ttlMs);
  const { store } = incoming;
  const locker: Locker | null = createPostgresUploadLocker(options.db);
  const results = keptResults(storage);
  const { finish, isFinishing } = uploadFinisher(options.db, incoming, results);
  /** The metadata the creation guard approved, for the tus hook of the same request. */
  const creations = new WeakMap<IncomingMessage, Record<string, string>>();

  const tus = tusServer(store, locker, creations, finish);

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
    const result = await results.read(id);
    return result ? { state: "finished", userId: result.userId, result } : null;
  }

  async function create(req: Request, res: Response, next: NextFunction, user: Uploader) {
    const checked = await checkCreation(req, user, options.db, creationLimit);
    if ("refused" in checked) {
      const { status, body, retryAfter } = checked.refused;
      if (retryAfter) res.set("Retry-After", String(retryAfter));
      return sendError(res, status, body);
    }
    creations.set(req, checked.metadata);
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
    for (const id of await incoming.staleIds(cutoff)) {
      if (isFinishing(id)) continue;
      await incoming.discard(id);
      uploads++;
    }
    return { uploads, results: await results.removeOlderThan(cutoff) };
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
