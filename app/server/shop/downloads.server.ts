/**
 * Download links for purchased files. A token is 32 random bytes, shown once (in the
 * buyer's mail) and stored only as its SHA-256. `/download/<token>` streams the
 * private file, stamped with the buyer's address when it is a PDF; each full download
 * is counted with one conditional UPDATE, so parallel requests can never exceed the
 * limit. Range requests (a resumed or partial fetch) are served while the link is
 * valid and count by their bytes: each time they add up to the file's size, that is
 * one download. A resume costs nothing extra, and pieced-together ranges cannot give
 * more copies than the limit.
 */
import crypto from "node:crypto";
import path from "node:path";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import {
  attachmentDisposition,
  downloadExpiresAt,
  downloadFileName,
  downloadTokenState,
  licenceLine,
  parseRange,
  type DownloadTokenState,
} from "~/domain/shop/downloads/downloads";
import { isSafeStorageKey } from "~/domain/media/storage-keys";
import type { Database, Executor } from "../db/database.server";
import { downloadTokens, orderLines, orders, shopItems } from "../db/schema/shop.server";
import { logger } from "../core/logger.server";
import type { ObjectStorage } from "../media/object-storage.server";
import { stampPdf } from "../media/pdf-stamp.server";

export const DOWNLOAD_PATH = "/download";

/** base64url of 32 bytes: 43 characters. Anything else is not one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function hashDownloadToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function downloadUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${DOWNLOAD_PATH}/${token}`;
}

export interface TokenRequest {
  orderLineId: string;
  downloadLimit: number;
  downloadExpiryDays: number;
}

export interface IssuedToken {
  id: string;
  orderLineId: string;
  /** The secret: goes into the mail and nowhere else. */
  token: string;
  downloadLimit: number;
  expiresAt: Date;
}

/** Creates one fresh token per line, with the limit and expiry copied from the item. */
export async function issueDownloadTokens(
  tx: Executor,
  requests: readonly TokenRequest[],
  now: Date,
): Promise<IssuedToken[]> {
  if (!requests.length) return [];
  const prepared = requests.map((r) => ({
    token: crypto.randomBytes(32).toString("base64url"),
    orderLineId: r.orderLineId,
    downloadLimit: r.downloadLimit,
    expiresAt: downloadExpiresAt(now, r.downloadExpiryDays),
  }));
  const rows = await tx
    .insert(downloadTokens)
    .values(
      prepared.map((p) => ({
        orderLineId: p.orderLineId,
        tokenHash: hashDownloadToken(p.token),
        downloadLimit: p.downloadLimit,
        expiresAt: p.expiresAt,
        createdAt: now,
      })),
    )
    .returning({ id: downloadTokens.id, tokenHash: downloadTokens.tokenHash });
  const idByHash = new Map(rows.map((r) => [r.tokenHash, r.id]));
  return prepared.map((p) => ({ ...p, id: idByHash.get(hashDownloadToken(p.token))! }));
}

/** Deletes every link of an order (a refund takes the right to download away). */
export async function revokeOrderDownloads(tx: Executor, orderId: string): Promise<number> {
  const lines = tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const deleted = await tx
    .delete(downloadTokens)
    .where(inArray(downloadTokens.orderLineId, lines))
    .returning({ id: downloadTokens.id });
  return deleted.length;
}

export interface DownloadLookup {
  tokenId: string;
  state: DownloadTokenState;
  downloadCount: number;
  downloadLimit: number;
  expiresAt: Date;
  orderId: string;
  customerEmail: string;
  title: string;
  /** The private storage key; null when the item or its file is gone. */
  storageKey: string | null;
}

/** What a token stands for, without counting anything. Null for an unknown token. */
export async function findDownload(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<DownloadLookup | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({
      tokenId: downloadTokens.id,
      downloadCount: downloadTokens.downloadCount,
      downloadLimit: downloadTokens.downloadLimit,
      expiresAt: downloadTokens.expiresAt,
      orderId: orders.id,
      paymentStatus: orders.paymentStatus,
      customerEmail: orders.customerEmail,
      title: orderLines.title,
      storageKey: shopItems.pdfFileUrl,
    })
    .from(downloadTokens)
    .innerJoin(orderLines, eq(orderLines.id, downloadTokens.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(shopItems, eq(shopItems.id, orderLines.shopItemId))
    .where(eq(downloadTokens.tokenHash, hashDownloadToken(token)));
  // Only a paid order's links work (a refund deletes them; this guards the window before).
  if (!row || row.paymentStatus !== "completed") return null;
  const { paymentStatus: _status, ...rest } = row;
  return { ...rest, state: downloadTokenState(row, now) };
}

/**
 * Counts one download if the link still allows it: one conditional UPDATE, so with
 * one download left and ten parallel requests exactly one wins.
 */
export async function countDownload(db: Database, tokenId: string, now: Date): Promise<boolean> {
  const counted = await db
    .update(downloadTokens)
    .set({
      downloadCount: sql`${downloadTokens.downloadCount} + 1`,
      lastDownloadedAt: now,
    })
    .where(
      and(
        eq(downloadTokens.id, tokenId),
        lt(downloadTokens.downloadCount, downloadTokens.downloadLimit),
        gt(downloadTokens.expiresAt, now),
      ),
    )
    .returning({ id: downloadTokens.id });
  return counted.length > 0;
}

/**
 * Adds a range request's bytes to the link, if it still allows a download; when the
 * ranges served add up to the whole file, that is one download. One conditional UPDATE,
 * like countDownload, so parallel ranges can never pass the limit either.
 */
export async function countRangeBytes(
  db: Database,
  tokenId: string,
  bytes: number,
  fileSize: number,
  now: Date,
): Promise<boolean> {
  const total = sql`${downloadTokens.rangeBytesServed} + ${bytes}::bigint`;
  const completes = sql`${total} >= ${fileSize}::bigint`;
  const counted = await db
    .update(downloadTokens)
    .set({
      rangeBytesServed: sql`case when ${completes} then ${total} - ${fileSize}::bigint else ${total} end`,
      downloadCount: sql`${downloadTokens.downloadCount} + case when ${completes} then 1 else 0 end`,
      lastDownloadedAt: now,
    })
    .where(
      and(
        eq(downloadTokens.id, tokenId),
        lt(downloadTokens.downloadCount, downloadTokens.downloadLimit),
        gt(downloadTokens.expiresAt, now),
      ),
    )
    .returning({ id: downloadTokens.id });
  return counted.length > 0;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  zip: "application/zip",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  flac: "audio/flac",
  m4a: "audio/mp4",
  aiff: "audio/aiff",
};

/**
 * Where a shop item's file key ("sheet-music/a.pdf") lives in the storage: under
 * private/, never anything a public URL reaches; null for a key that tries to leave it.
 */
export function privateStorageKey(key: string): string | null {
  return isSafeStorageKey(key) ? `private/${key}` : null;
}

export interface DownloadFile {
  body: Uint8Array;
  contentType: string;
  fileName: string;
}

/** Reads the file; a PDF comes back stamped with the buyer's licence line. */
export async function loadDownloadFile(
  storage: ObjectStorage,
  lookup: Pick<DownloadLookup, "storageKey" | "title" | "customerEmail" | "orderId">,
): Promise<DownloadFile | null> {
  if (!lookup.storageKey) return null;
  const key = privateStorageKey(lookup.storageKey);
  if (!key) return null;
  // Streamed through the app after the token checks, never a bucket URL: every PDF is
  // stamped for its buyer, and a link counts each download (docs/decisions/022).
  const bytes = await storage.read(key);
  if (!bytes) return null;
  const extension = path.extname(key).slice(1).toLowerCase();
  const body =
    extension === "pdf"
      ? await stampPdf(bytes, licenceLine(lookup.customerEmail, lookup.orderId))
      : bytes;
  return {
    body,
    contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
    fileName: downloadFileName(lookup.title, extension),
  };
}

/**
 * GET/HEAD /download/:token. A link that is unknown, expired or used up is passed on
 * (`next()`) to the page at the same address, which explains what happened.
 */
export function downloadHandler(db: Database, storage: ObjectStorage): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = String(req.params.token ?? "");
      const now = new Date();
      const lookup = await findDownload(db, token, now);
      if (!lookup || lookup.state !== "valid") return next();

      const file = await loadDownloadFile(storage, lookup);
      if (!file) {
        logger.error({ tokenId: lookup.tokenId }, "Download file missing");
        res
          .status(503)
          .set("Cache-Control", "no-store")
          .type("text/plain")
          .send("This file is temporarily unavailable. Please try again later or contact us.");
        return;
      }

      const size = file.body.byteLength;
      const range = parseRange(req.get("range"), size);
      res.set({
        "Cache-Control": "no-store, no-transform",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": attachmentDisposition(file.fileName),
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
        "Accept-Ranges": "bytes",
      });
      if (range.kind === "unsatisfiable") {
        res.status(416).set("Content-Range", `bytes */${size}`).end();
        return;
      }

      // A whole file counts as a download; ranges count by their bytes; a HEAD costs
      // nothing. The file is read before counting, so a missing file never costs the
      // buyer a download.
      if (req.method === "GET") {
        const allowed =
          range.kind === "partial"
            ? await countRangeBytes(db, lookup.tokenId, range.end - range.start + 1, size, now)
            : await countDownload(db, lookup.tokenId, now);
        if (!allowed) return next();
      }

      const body =
        range.kind === "partial" ? file.body.subarray(range.start, range.end + 1) : file.body;
      res.status(range.kind === "partial" ? 206 : 200).type(file.contentType);
      if (range.kind === "partial") {
        res.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
      }
      res.set("Content-Length", String(body.byteLength));
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      res.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    } catch (error) {
      next(error);
    }
  };
}

/** How many of these download links still work (not deleted, used up or expired). */
export async function countLiveDownloadTokens(
  db: Executor,
  tokenIds: readonly string[],
  now: Date,
): Promise<number> {
  if (!tokenIds.length) return 0;
  const [row] = await db
    .select({ live: sql<number>`count(*)::int` })
    .from(downloadTokens)
    .where(
      and(
        inArray(downloadTokens.id, [...tokenIds]),
        gt(downloadTokens.expiresAt, now),
        sql`${downloadTokens.downloadCount} < ${downloadTokens.downloadLimit}`,
      ),
    );
  return row?.live ?? 0;
}

/** An order's payment status, or null when it no longer exists. */
export async function orderPaymentStatus(db: Executor, orderId: string): Promise<string | null> {
  const [order] = await db
    .select({ status: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order?.status ?? null;
}
