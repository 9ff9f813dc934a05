/**
 * Download-link rules: when a link still works, how a Range header is read, the
 * attachment file name and the licence line stamped on every PDF page.
 */

export type DownloadTokenState = "valid" | "expired" | "used-up";

export interface DownloadTokenLimits {
  downloadCount: number;
  downloadLimit: number;
  expiresAt: Date;
}

const DAY_MS = 86_400_000;

/** The expiry of a link issued at `issuedAt` for an item with `expiryDays`. */
export function downloadExpiresAt(issuedAt: Date, expiryDays: number): Date {
  return new Date(issuedAt.getTime() + expiryDays * DAY_MS);
}

/** Expiry wins over the count: an expired link is "expired" even when used up too. */
export function downloadTokenState(token: DownloadTokenLimits, now: Date): DownloadTokenState {
  if (token.expiresAt.getTime() <= now.getTime()) return "expired";
  if (token.downloadCount >= token.downloadLimit) return "used-up";
  return "valid";
}

export function remainingDownloads(token: DownloadTokenLimits): number {
  return Math.max(0, token.downloadLimit - token.downloadCount);
}

export type RangeRequest =
  /** No Range header (or one we answer with the whole file): a counted download. */
  | { kind: "full" }
  /** One satisfiable byte range: 206, not counted. */
  | { kind: "partial"; start: number; end: number }
  /** A range outside the file: 416. */
  | { kind: "unsatisfiable" };

/**
 * Reads a Range header for a file of `size` bytes. Only single byte ranges are served
 * partially. A multi-range or malformed header is ignored and answered with the whole
 * file, as RFC 9110 allows; so is a range that covers the whole file, which is a
 * download like any other and therefore counted.
 */
export function parseRange(header: string | null | undefined, size: number): RangeRequest {
  if (!header) return { kind: "full" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: "full" };
  const [, first, last] = match;
  let start: number;
  let end: number;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    // "bytes=-500": the last 500 bytes.
    const suffix = Number(last);
    if (suffix === 0) return { kind: "unsatisfiable" };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== "" && Number(last) < start) return { kind: "full" };
  }
  if (size === 0 || start >= size) return { kind: "unsatisfiable" };
  if (start === 0 && end === size - 1) return { kind: "full" };
  return { kind: "partial", start, end };
}

/** A safe ASCII file name from a product title: "Lowlight Walk: Lead Sheet (PDF)" → "Lowlight-Walk-Lead-Sheet-PDF.pdf". */
export function downloadFileName(title: string, extension: string): string {
  const base =
    title
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, " ")
      .trim()
      .replace(/[\s_]+/g, "-")
      .replace(/-+/g, "-")
      .slice(0, 80)
      .replace(/-$/, "") || "download";
  const ext = extension.replace(/^\./, "").toLowerCase();
  return ext ? `${base}.${ext}` : base;
}

/** Content-Disposition for a download; the name is already ASCII-safe. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\]/g, "")}"`;
}

/** The first block of an order id, enough to find it: "3f2a9c1e-…" → "3F2A9C1E". */
export function shortOrderId(orderId: string): string {
  return orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/** The footer stamped on every page of a purchased PDF. */
export function licenceLine(email: string, orderId: string): string {
  return `Licensed to ${email} · order ${shortOrderId(orderId)}`;
}
