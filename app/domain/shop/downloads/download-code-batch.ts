/**
 * The artist's batches of download codes (/admin/download-codes, issue 23): the form
 * that makes one, checked alike in the browser and on the server, the file it is taken
 * away as (the one time the codes exist in clear), and the list's rows and words.
 * Admin and server only (zod); the fan's side is download-code.ts.
 */
import { z } from "../../core/zod";
import { formatWholeNumber } from "../../core/money";
import { listFilters, type ListPage } from "../../admin/list-screen";

/** The artist's largest batch. */
export const MAX_DOWNLOAD_CODE_BATCH = 5000;
export const DOWNLOAD_CODE_LABEL_MAX = 80;

/** How many codes (1–5,000) and a label to find the batch by. */
export const BATCH_MESSAGES = {
  itemRequired: "Please choose a digital item.",
  itemNotDigital: "Download codes are for items with a file to download.",
  countInvalid: `Please enter a number of codes from 1 to ${formatWholeNumber(MAX_DOWNLOAD_CODE_BATCH)}.`,
  labelRequired: "Please give the batch a label (e.g. “Spring tour CDs”).",
  labelTooLong: `A label has at most ${DOWNLOAD_CODE_LABEL_MAX} characters.`,
} as const;

export const DOWNLOAD_CODES_TEXT = {
  generated: "Download codes generated",
  generateFailed: "The codes could not be made. Please try again.",
  revoked: "Codes revoked",
  revokeFailed: "Failed to revoke codes",
  fetchFailed: "Failed to load download codes",
  redemptionsFailed: "Failed to load the redemptions",
  empty: "No download codes yet. Generate a batch above.",
} as const;

/** The files a batch can be taken away as: printable cards, a CSV, or both in a zip. */
export const CODE_FILE_FORMATS = ["pdf", "csv", "zip"] as const;
export type CodeFileFormat = (typeof CODE_FILE_FORMATS)[number];

export const PAPER_SIZES = ["letter", "a4"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

const SAVED_AS: Record<CodeFileFormat, string> = {
  pdf: "printable cards",
  csv: "a CSV",
  zip: "a zip of the cards and the CSV",
};

/** "100 codes, saved as printable cards. Keep the file: …" (the success toast). */
export function batchSavedSentence(count: number, format: CodeFileFormat): string {
  return `${formatWholeNumber(count)} codes, saved as ${SAVED_AS[format]}. Keep the file: the codes cannot be shown again.`;
}

/** "5,000" and "5000" alike; anything but a whole number from 1 to 5,000 is refused. */
const batchCount = z
  .string()
  .optional()
  .transform((raw = "", context) => {
    const text = raw.trim().replace(/,/g, "");
    const count = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(count) && count >= 1 && count <= MAX_DOWNLOAD_CODE_BATCH) return count;
    context.addIssue({ code: "custom", message: BATCH_MESSAGES.countInvalid });
    return z.NEVER;
  });

/** Spaces collapsed; required, and at most 80 characters. */
const batchLabel = z
  .string()
  .optional()
  .transform((raw = "", context) => {
    const label = raw.trim().replace(/\s+/g, " ");
    if (label && label.length <= DOWNLOAD_CODE_LABEL_MAX) return label;
    context.addIssue({
      code: "custom",
      message: label ? BATCH_MESSAGES.labelTooLong : BATCH_MESSAGES.labelRequired,
    });
    return z.NEVER;
  });

/** The generate form: which item, how many, the label, and the file to take away. */
export const downloadCodeBatchSchema = z.object({
  shopItemId: z.uuid(BATCH_MESSAGES.itemRequired),
  label: batchLabel,
  count: batchCount,
  format: z.enum(CODE_FILE_FORMATS).catch("pdf"),
  paper: z.enum(PAPER_SIZES).catch("a4"),
});

export type DownloadCodeBatchInput = z.output<typeof downloadCodeBatchSchema>;

/** One batch in the list, with its codes counted by state. */
export interface BatchRow {
  id: string;
  label: string;
  itemTitle: string;
  source: string;
  createdAt: string;
  total: number;
  redeemed: number;
  unused: number;
  revoked: number;
}

/** An item a batch can be made for: one with a private file to download. */
export interface CodeableItem {
  id: string;
  title: string;
  category: string;
}

/** A batch's redemptions (?batch=<id>): who redeemed, and when, newest first. */
export interface BatchDetail {
  batch: BatchRow;
  redemptions: { email: string; redeemedAt: string }[];
}

/** The batches are one short list: no filters, no pages. */
export const BATCH_FILTERS = listFilters({});

export type BatchList = ListPage<BatchRow>;

export const batchIdSchema = z.object({ batchId: z.uuid() });
