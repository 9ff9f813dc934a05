/**
 * Finishing an upload, once its last byte is in (docs/decisions/013-uploads.md): the
 * file's first bytes decide its type (never its name), images and audio are read for
 * their size and length, a file the kind does not take is deleted and refused with the
 * spec's message, and an accepted one moves to its server-made name in the storage.
 * Either way the answer is kept, so a client that lost it can ask again.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import sharp from "sharp";
import {
  UPLOAD_KINDS,
  audioUnreadable,
  checkUpload,
  cleanOriginalName,
  extensionFor,
  isUploadKind,
  sniffFile,
  storedContentType,
  type UploadKind,
  type UploadedFile,
} from "~/domain/media/uploads";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { withAdvisoryLock } from "../db/job-lock.server";
import { fileHandleSource, readAudioFile } from "./audio-duration.server";
import { PUBLIC_UPLOADS_URL_PREFIX } from "./storage.server";
import { recordUploadName } from "./upload-names.server";
import type { ErrorBody, IncomingUploads, KeptResults, StoredResult } from "./upload-stores.server";

type Inspection =
  | { ok: true; contentType: string; width?: number; height?: number; durationSeconds?: number }
  | { ok: false; status: number; title?: string; message: string; reason: string };

/** Reads what the stored bytes are, and refuses what the kind does not take. */
async function inspectUpload(
  file: string,
  kind: UploadKind,
  size: number,
  claimed: { declaredType?: string; name: string },
): Promise<Inspection> {
  const rule = UPLOAD_KINDS[kind];
  const handle = await fs.open(file, "r");
  let sniffed: string | null;
  try {
    sniffed = await sniffFile(fileHandleSource(handle, size).read, size);
  } finally {
    await handle.close();
  }
  const verdict = checkUpload(kind, { size, sniffedType: sniffed, ...claimed });
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
    // The public player must be able to play it: bytes that do not read as the audio
    // they start like (a damaged or cut-off recording) are refused, not stored "Ready".
    const reading = await readAudioFile(file, contentType).catch((error: unknown) => ({
      readable: false as const,
      reason: error instanceof Error ? error.message : String(error),
    }));
    if (!reading.readable) {
      const refusal = audioUnreadable();
      return {
        ok: false,
        status: refusal.status,
        title: refusal.title,
        message: refusal.message,
        reason: `unreadable audio (${contentType}): ${reading.reason}`,
      };
    }
    const { durationSeconds } = reading;
    return { ok: true, contentType, ...(durationSeconds !== undefined && { durationSeconds }) };
  }
  return { ok: true, contentType };
}

/** Finishes an upload whose bytes are all in, or gives the answer kept from before. */
async function finishUpload(
  db: Database,
  id: string,
  incoming: IncomingUploads,
  results: KeptResults,
): Promise<StoredResult> {
  const kept = await results.read(id);
  if (kept) return kept;

  const upload = await incoming.store.getUpload(id);
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

  const inspection = await incoming.withLocalFile(id, (file) =>
    inspectUpload(file, kind, size, {
      declaredType: meta.filetype ?? undefined,
      name: originalName,
    }),
  );
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
    await results.keep(result);
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
  // Before the answer is kept: a kept answer always has its name stored with it.
  await recordUploadName(db, stored.url, originalName);
  const result: StoredResult = {
    uploadId: id,
    userId,
    size,
    finishedAt,
    status: 200,
    body: stored,
  };
  await results.keep(result);
  logger.info(
    { uploadId: id, userId, kind, size, url: stored.url, contentType: stored.contentType },
    "Upload stored",
  );
  return result;
}

export interface UploadFinisher {
  /**
   * One finishing run per upload, whoever asks (the last PATCH or a result request), on
   * whichever instance: the advisory lock makes a second instance wait, then read the
   * kept answer.
   */
  finish(id: string): Promise<StoredResult>;
  /** True while this instance is finishing the upload: clean-up leaves it alone. */
  isFinishing(id: string): boolean;
}

export function uploadFinisher(
  db: Database,
  incoming: IncomingUploads,
  results: KeptResults,
): UploadFinisher {
  const finishing = new Map<string, Promise<StoredResult>>();
  return {
    finish(id) {
      let running = finishing.get(id);
      if (!running) {
        running = withAdvisoryLock(
          db,
          `upload-finish:${id}`,
          () => finishUpload(db, id, incoming, results),
          { timeoutMs: 10 * 60_000 },
        ).finally(() => finishing.delete(id));
        finishing.set(id, running);
      }
      return running;
    },
    isFinishing: (id) => finishing.has(id),
  };
}
