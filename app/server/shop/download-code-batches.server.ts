/**
 * The artist's batches of download codes (/admin/download-codes, issue 23): a batch made
 * and taken away as its file, and the screen's list. A batch's codes exist in clear only
 * in that file (the database keeps hashes), so it is the artist's one copy
 * (docs/decisions/034-download-codes.md): the file is made before the codes are stored,
 * and it leaves only after they are, so a failure on either side leaves neither a batch
 * without its file nor a file of codes that do not work.
 */
import {
  BATCH_FILTERS,
  BATCH_MESSAGES,
  DOWNLOAD_CODES_TEXT,
  batchIdSchema,
  batchSavedSentence,
  downloadCodeBatchSchema,
  type BatchDetail,
  type BatchRow,
  type CodeFileFormat,
  type DownloadCodeBatchInput,
} from "~/domain/shop/downloads/download-code-batch";
import { wholeList } from "~/domain/admin/list-screen";
import { intent, type IntentTable } from "../admin/admin-action.server";
import { defineListSource } from "../admin/list-screen.server";
import { getEnv } from "../core/env.server";
import type { Actor } from "../db/audit.server";
import { zipFiles } from "../core/zip.server";
import type { Database } from "../db/database.server";
import { codeFileName, downloadCodeCardsPdf, downloadCodesCsv } from "./download-code-files.server";
import {
  batchRedemptions,
  DownloadCodeError,
  findCodeableItem,
  listCodeableItems,
  listDownloadCodeBatches,
  loadCoverImage,
  newDownloadCodes,
  revokeUnusedCodes,
  storeDownloadCodes,
  type BatchSummary,
} from "./download-codes.server";

const CONTENT_TYPES: Record<CodeFileFormat, string> = {
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
  zip: "application/zip",
};

/** A batch as it leaves: the codes' file, and what was made. */
export interface BatchFile {
  batchId: string;
  count: number;
  format: CodeFileFormat;
  file: { name: string; type: string; body: Uint8Array; headers: Record<string, string> };
}

/**
 * Makes a batch of codes for a digital item, stores their hashes (audited), and answers
 * them as the file asked for: printable cards, a CSV (with a BOM, for spreadsheets), or
 * both in a zip.
 */
export async function generateDownloadCodeBatch(
  db: Database,
  actor: Actor,
  input: DownloadCodeBatchInput,
  options: { siteUrl: string },
): Promise<BatchFile> {
  const item = await findCodeableItem(db, input.shopItemId);
  if (!item) throw new DownloadCodeError(BATCH_MESSAGES.itemNotDigital, "shopItemId");
  const codes = newDownloadCodes(input.count);
  const files = { title: item.title, label: input.label, codes, siteUrl: options.siteUrl };
  const csv = () => Buffer.from(`\uFEFF${downloadCodesCsv(files)}`, "utf8");
  const pdf = async () =>
    Buffer.from(
      await downloadCodeCardsPdf({
        ...files,
        paper: input.paper,
        cover: await loadCoverImage(item.imageUrl, options.siteUrl),
      }),
    );
  const body =
    input.format === "csv"
      ? csv()
      : input.format === "pdf"
        ? await pdf()
        : zipFiles([
            { name: codeFileName(input.label, "pdf"), data: await pdf() },
            { name: codeFileName(input.label, "csv"), data: csv() },
          ]);
  const stored = await storeDownloadCodes(db, {
    shopItemId: item.id,
    label: input.label,
    codes,
    actor: { id: actor.id, email: actor.email },
  });
  return {
    batchId: stored.batchId,
    count: codes.length,
    format: input.format,
    file: {
      name: codeFileName(input.label, input.format),
      type: CONTENT_TYPES[input.format],
      body,
      headers: { "X-Batch-Id": stored.batchId },
    },
  };
}

function toBatchRow(batch: BatchSummary): BatchRow {
  return {
    id: batch.id,
    label: batch.label,
    itemTitle: batch.itemTitle,
    source: batch.source,
    createdAt: batch.createdAt.toISOString(),
    total: batch.total,
    redeemed: batch.redeemed,
    unused: batch.unused,
    revoked: batch.revoked,
  };
}

/** A batch with who redeemed its codes; null for an id that is no batch. */
export async function downloadCodeBatchDetail(
  db: Database,
  batchId: string,
): Promise<BatchDetail | null> {
  const batch = (await listDownloadCodeBatches(db)).find((b) => b.id === batchId);
  if (!batch) return null;
  const redemptions = await batchRedemptions(db, batch.id);
  return {
    batch: toBatchRow(batch),
    redemptions: redemptions.map((r) => ({
      email: r.email,
      redeemedAt: r.redeemedAt.toISOString(),
    })),
  };
}

/**
 * The screen's list: every batch, newest first, with its codes counted; a batch's
 * redemptions in the dialog (?batch=<id>: an id that is no batch opens nothing); and the
 * items a new batch can be made for.
 */
export const DOWNLOAD_CODES_LIST = defineListSource({
  filters: BATCH_FILTERS,
  read: async (db) => wholeList((await listDownloadCodeBatches(db)).map(toBatchRow)),
  fetchFailed: DOWNLOAD_CODES_TEXT.fetchFailed,
  detail: {
    param: "batch",
    read: downloadCodeBatchDetail,
    failed: DOWNLOAD_CODES_TEXT.redemptionsFailed,
  },
  parts: { items: (db) => listCodeableItems(db) },
});

/** What the screen's table does: revoke a batch's unused codes. */
export const DOWNLOAD_CODE_INTENTS: IntentTable = {
  revoke: intent({
    schema: batchIdSchema,
    run: ({ db, actor, input }) => revokeUnusedCodes(db, input.batchId, { actor }),
    success: (count) => ({
      title: DOWNLOAD_CODES_TEXT.revoked,
      description:
        count === 1 ? "1 unused code no longer works." : `${count} unused codes no longer work.`,
    }),
    failure: DOWNLOAD_CODES_TEXT.revokeFailed,
  }),
};

/**
 * The batch, made and answered as its file (handleAdminFileAction): a refusal says why
 * beside its field, or above the form; any other failure "The codes could not be made".
 */
export const DOWNLOAD_CODE_FILE_INTENTS: IntentTable = {
  generate: intent({
    schema: downloadCodeBatchSchema,
    run: ({ db, actor, input }) =>
      generateDownloadCodeBatch(db, actor, input, { siteUrl: getEnv().SITE_URL }),
    success: (batch) => ({
      title: DOWNLOAD_CODES_TEXT.generated,
      description: batchSavedSentence(batch.count, batch.format),
    }),
    failure: DOWNLOAD_CODES_TEXT.generateFailed,
    file: (batch) => batch.file,
  }),
};
