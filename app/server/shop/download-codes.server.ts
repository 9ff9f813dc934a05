/**
 * Download codes (issue 23): batches of single-use codes for one digital item, the
 * redemption that mails the item's links, and revocation. A code exists in clear only
 * in the answer to its generation (the artist's CSV or printed cards); the database
 * keeps its SHA-256, like download tokens. A redemption is recorded as a free, completed
 * order (provider "download-code"), so the download links, their limit and expiry,
 * "Lost your links?" and the orders screen work for it unchanged.
 * See docs/decisions/034-download-codes.md.
 */
import crypto from "node:crypto";
import { and, asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import {
  codeFromRandomBytes,
  formatDownloadCode,
  readDownloadCode,
  REDEEM_MESSAGES,
} from "~/domain/shop/downloads/download-code";
import type { CodeableItem } from "~/domain/shop/downloads/download-code-batch";
import type { Database, Executor } from "../db/database.server";
import {
  downloadCodeBatches,
  downloadCodes,
  orderLines,
  orders,
  shopItems,
} from "../db/schema/shop.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { AppError } from "../core/errors.server";
import { hitRateLimit, rateLimitKey, type RateLimitRule } from "../db/rate-limit.server";
import { deliverQueuedMail, queueMail, type QueuedMail } from "../mail/outbox.server";
import { redeemedCodeMail } from "../mail/order-mail.server";
import { downloadUrl, issueDownloadTokens } from "./downloads.server";

export const DOWNLOAD_CODE_PROVIDER = "download-code";

/** Per client: enough for a fan with typos, far too few to guess a 59-bit code. */
export const REDEEM_LIMIT = { max: 10, windowMs: 15 * 60_000 } satisfies RateLimitRule;

export function hashDownloadCode(code: string): string {
  return crypto.createHash("sha256").update(code).digest("hex");
}

/** One fresh code from the system's CSPRNG, unformatted ("7KQM3XWAP9RD"). */
export function newDownloadCode(): string {
  for (;;) {
    const code = codeFromRandomBytes(crypto.randomBytes(24));
    if (code) return code;
  }
}

/** A batch that cannot be made; said beside its field, or above the form ("form"). */
export class DownloadCodeError extends AppError {
  constructor(message: string, field: "shopItemId" | "count" | "label" | "form" = "form") {
    super(message, 409, "Error", field);
  }
}

/** An item codes can be made for: it has a private file to download. Null otherwise. */
export async function findCodeableItem(db: Executor, shopItemId: string) {
  const [item] = await db
    .select({
      id: shopItems.id,
      title: shopItems.title,
      imageUrl: shopItems.imageUrl,
      pdfFileUrl: shopItems.pdfFileUrl,
    })
    .from(shopItems)
    .where(eq(shopItems.id, shopItemId));
  return item && item.pdfFileUrl ? item : null;
}

/** `count` distinct fresh codes, formatted for reading aloud ("7KQM-3XWA-P9RD"). */
export function newDownloadCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(formatDownloadCode(newDownloadCode()));
  return [...codes];
}

export interface GeneratedBatch {
  batchId: string;
  label: string;
  item: { id: string; title: string; imageUrl: string | null };
  /** Formatted for reading aloud ("7KQM-3XWA-P9RD"); this is the only time they exist. */
  codes: string[];
}

const INSERT_CHUNK = 1000;

const itemWithoutFile = () =>
  new DownloadCodeError("Download codes are for items with a file to download.", "shopItemId");

/**
 * Stores a batch of codes (their hashes) for an item, in one transaction. A code whose
 * hash exists already (about one chance in 10^14 per code) refuses the whole batch, so
 * what the artist was handed and what is stored never differ; they simply try again.
 */
export async function storeDownloadCodes(
  db: Executor,
  input: {
    shopItemId: string;
    label: string;
    codes: readonly string[];
    source?: "artist" | "twin";
    /** A twin's codes: the order they come with. */
    orderId?: string | null;
    /** The artist, for the audit log; left out for a twin's code mailed by checkout. */
    actor?: Actor | null;
  },
  now: Date = new Date(),
): Promise<GeneratedBatch> {
  return db.transaction(async (tx) => {
    const item = await findCodeableItem(tx, input.shopItemId);
    if (!item) throw itemWithoutFile();
    const [batch] = await tx
      .insert(downloadCodeBatches)
      .values({
        shopItemId: item.id,
        label: input.label,
        source: input.source ?? "artist",
        orderId: input.orderId ?? null,
        createdAt: now,
      })
      .returning({ id: downloadCodeBatches.id });
    await insertCodes(tx, batch!.id, input.codes, now);
    if (input.actor !== undefined) {
      await recordAudit(tx, {
        actor: input.actor,
        action: "download_code_batches.create",
        entity: "download_code_batches",
        entityId: batch!.id,
        details: { name: input.label, item: item.title, count: input.codes.length },
      });
    }
    return {
      batchId: batch!.id,
      label: input.label,
      item: { id: item.id, title: item.title, imageUrl: item.imageUrl },
      codes: [...input.codes],
    };
  });
}

/** Stores fresh codes (their hashes) in a batch; a clash with any stored code fails. */
export async function insertCodes(
  tx: Executor,
  batchId: string,
  codes: readonly string[],
  now: Date,
): Promise<void> {
  for (let first = 0; first < codes.length; first += INSERT_CHUNK) {
    const chunk = codes.slice(first, first + INSERT_CHUNK);
    const inserted = await tx
      .insert(downloadCodes)
      .values(
        chunk.map((code) => ({
          batchId,
          codeHash: hashDownloadCode(code.replace(/-/g, "")),
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: downloadCodes.codeHash })
      .returning({ id: downloadCodes.id });
    if (inserted.length !== chunk.length) {
      throw new DownloadCodeError("The codes could not be made. Please try again.");
    }
  }
}

/** Makes `count` codes for an item and stores them; the answer holds them in clear, once. */
export async function generateDownloadCodes(
  db: Executor,
  input: {
    shopItemId: string;
    label: string;
    count: number;
    source?: "artist" | "twin";
    actor?: Actor | null;
  },
  now: Date = new Date(),
): Promise<GeneratedBatch> {
  return storeDownloadCodes(db, { ...input, codes: newDownloadCodes(input.count) }, now);
}

class ItemWithoutFile extends Error {}

export type RedeemResult =
  | { status: "sent"; email: string }
  | { status: "refused"; message: string; field: "code" | "form" }
  | { status: "limited"; message: string };

/**
 * Redeems a code for an address: marks it used with one conditional UPDATE (two
 * redemptions at the same moment: exactly one finds it unused), records a free order
 * with one line, issues its links and queues the mail, all in one transaction.
 */
export async function redeemDownloadCode(
  db: Database,
  input: { code: string; email: string; clientAddress: string },
  options: { siteUrl: string; now?: Date },
): Promise<RedeemResult> {
  const now = options.now ?? new Date();
  const limit = await hitRateLimit(
    db,
    rateLimitKey("redeem:client", input.clientAddress || "unknown"),
    REDEEM_LIMIT,
    now,
  );
  if (!limit.allowed) return { status: "limited", message: REDEEM_MESSAGES.tooMany };

  const reading = readDownloadCode(input.code);
  if (!reading.ok) return { status: "refused", message: reading.message, field: "code" };
  const codeHash = hashDownloadCode(reading.code);
  const email = input.email.trim().toLowerCase();

  const outcome = await db
    .transaction(
      async (tx): Promise<{ queued: QueuedMail } | { message: string; field: "code" | "form" }> => {
        const [claimed] = await tx
          .update(downloadCodes)
          .set({ status: "redeemed", redeemedEmail: email, redeemedAt: now })
          .where(and(eq(downloadCodes.codeHash, codeHash), eq(downloadCodes.status, "unused")))
          .returning({ id: downloadCodes.id, batchId: downloadCodes.batchId });
        if (!claimed) {
          const [known] = await tx
            .select({ status: downloadCodes.status })
            .from(downloadCodes)
            .where(eq(downloadCodes.codeHash, codeHash));
          const message =
            known?.status === "redeemed"
              ? REDEEM_MESSAGES.used
              : known?.status === "revoked"
                ? REDEEM_MESSAGES.revoked
                : REDEEM_MESSAGES.wrong;
          return { message, field: "code" };
        }
        const [item] = await tx
          .select({
            id: shopItems.id,
            title: shopItems.title,
            category: shopItems.category,
            format: shopItems.format,
            downloadLimit: shopItems.downloadLimit,
            downloadExpiryDays: shopItems.downloadExpiryDays,
          })
          .from(downloadCodeBatches)
          .innerJoin(shopItems, eq(shopItems.id, downloadCodeBatches.shopItemId))
          .where(and(eq(downloadCodeBatches.id, claimed.batchId), isNotNull(shopItems.pdfFileUrl)));
        // The file was taken off the item: roll back, so the code stays unused for when it is back.
        if (!item) throw new ItemWithoutFile();
        return {
          queued: await recordRedemption(tx, claimed.id, item, email, options.siteUrl, now),
        };
      },
    )
    .catch((error: unknown) => {
      if (error instanceof ItemWithoutFile) {
        return { message: REDEEM_MESSAGES.itemGone, field: "form" as const };
      }
      throw error;
    });
  if ("message" in outcome) return { status: "refused", ...outcome };
  deliverQueuedMail(db, [outcome.queued]);
  return { status: "sent", email };
}

/** The free order, its line and links, and the mail; in the caller's transaction. */
async function recordRedemption(
  tx: Executor,
  codeId: string,
  item: {
    id: string;
    title: string;
    category: string;
    format: string | null;
    downloadLimit: number;
    downloadExpiryDays: number;
  },
  email: string,
  siteUrl: string,
  now: Date,
): Promise<QueuedMail> {
  const [order] = await tx
    .insert(orders)
    .values({
      provider: DOWNLOAD_CODE_PROVIDER,
      // One order per code, ever: a second guard beside the conditional UPDATE.
      providerOrderId: `${DOWNLOAD_CODE_PROVIDER}:${codeId}`,
      customerEmail: email,
      paymentStatus: "completed",
      totalAmount: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  const [line] = await tx
    .insert(orderLines)
    .values({
      orderId: order!.id,
      shopItemId: item.id,
      title: item.title,
      category: item.category,
      format: item.format,
      quantity: 1,
      unitPrice: 0,
      lineTotal: 0,
      createdAt: now,
    })
    .returning({ id: orderLines.id });
  await tx.update(downloadCodes).set({ orderId: order!.id }).where(eq(downloadCodes.id, codeId));
  const tokens = await issueDownloadTokens(
    tx,
    [
      {
        orderLineId: line!.id,
        downloadLimit: item.downloadLimit,
        downloadExpiryDays: item.downloadExpiryDays,
      },
    ],
    now,
  );
  return queueMail(
    tx,
    redeemedCodeMail({
      to: email,
      title: item.title,
      downloads: tokens.map((t) => ({
        title: item.title,
        url: downloadUrl(siteUrl, t.token),
        downloadLimit: t.downloadLimit,
        expiresAt: t.expiresAt,
      })),
      siteUrl,
    }),
    [{ kind: "downloads", tokenIds: tokens.map((t) => t.id) }],
  );
}

/** Revokes a batch's unused codes; redeemed ones stay redeemed. Returns how many. */
export async function revokeUnusedCodes(
  db: Database,
  batchId: string,
  options: { actor?: Actor | null; now?: Date } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(downloadCodes)
      .set({ status: "revoked", revokedAt: options.now ?? new Date() })
      .where(and(eq(downloadCodes.batchId, batchId), eq(downloadCodes.status, "unused")))
      .returning({ id: downloadCodes.id });
    if (options.actor !== undefined && revoked.length) {
      const [batch] = await tx
        .select({ label: downloadCodeBatches.label })
        .from(downloadCodeBatches)
        .where(eq(downloadCodeBatches.id, batchId));
      await recordAudit(tx, {
        actor: options.actor,
        action: "download_code_batches.revoke",
        entity: "download_code_batches",
        entityId: batchId,
        details: { name: batch?.label ?? "", count: revoked.length },
      });
    }
    return revoked.length;
  });
}

export interface BatchSummary {
  id: string;
  label: string;
  source: string;
  createdAt: Date;
  shopItemId: string;
  itemTitle: string;
  total: number;
  redeemed: number;
  unused: number;
  revoked: number;
}

/** Every batch, newest first, with its codes counted by state. */
export async function listDownloadCodeBatches(db: Database): Promise<BatchSummary[]> {
  const counted = (status: string) =>
    sql<number>`count(*) filter (where ${downloadCodes.status} = ${status})`.mapWith(Number);
  return db
    .select({
      id: downloadCodeBatches.id,
      label: downloadCodeBatches.label,
      source: downloadCodeBatches.source,
      createdAt: downloadCodeBatches.createdAt,
      shopItemId: downloadCodeBatches.shopItemId,
      itemTitle: shopItems.title,
      total: count(downloadCodes.id),
      redeemed: counted("redeemed"),
      unused: counted("unused"),
      revoked: counted("revoked"),
    })
    .from(downloadCodeBatches)
    .innerJoin(shopItems, eq(shopItems.id, downloadCodeBatches.shopItemId))
    .leftJoin(downloadCodes, eq(downloadCodes.batchId, downloadCodeBatches.id))
    .groupBy(downloadCodeBatches.id, shopItems.title)
    .orderBy(desc(downloadCodeBatches.createdAt), asc(downloadCodeBatches.id));
}

/** Who redeemed a batch's codes, and when, newest first. */
export async function batchRedemptions(
  db: Database,
  batchId: string,
): Promise<{ email: string; redeemedAt: Date }[]> {
  const rows = await db
    .select({ email: downloadCodes.redeemedEmail, redeemedAt: downloadCodes.redeemedAt })
    .from(downloadCodes)
    .where(and(eq(downloadCodes.batchId, batchId), eq(downloadCodes.status, "redeemed")))
    .orderBy(desc(downloadCodes.redeemedAt));
  return rows.map((r) => ({ email: r.email ?? "", redeemedAt: r.redeemedAt! }));
}

/** The items a batch can be made for: those with a private file, by title. */
export async function listCodeableItems(db: Database): Promise<CodeableItem[]> {
  return db
    .select({ id: shopItems.id, title: shopItems.title, category: shopItems.category })
    .from(shopItems)
    .where(isNotNull(shopItems.pdfFileUrl))
    .orderBy(asc(shopItems.title));
}

/**
 * A cover for the printed cards, read from the site (an upload or a shipped image) or
 * the artist's image address; null when it cannot be had within 5 s and 10 MB.
 */
export async function loadCoverImage(
  imageUrl: string | null,
  siteUrl: string,
): Promise<Uint8Array | null> {
  if (!imageUrl) return null;
  try {
    const response = await fetch(new URL(imageUrl, siteUrl), {
      signal: AbortSignal.timeout(5000),
    });
    const size = Number(response.headers.get("content-length") ?? 0);
    if (!response.ok || size > 10 * 1024 * 1024) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.byteLength <= 10 * 1024 * 1024 ? bytes : null;
  } catch {
    return null;
  }
}
