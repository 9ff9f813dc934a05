import { describe, expect, it } from "vitest";
import {
  attachmentDisposition,
  downloadExpiresAt,
  downloadFileName,
  downloadTokenState,
  licenceLine,
  parseRange,
  remainingDownloads,
  shortOrderId,
} from "./downloads";

describe("download link state", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const later = new Date("2026-03-02T12:00:00Z");

  it("works while under the limit and before expiry", () => {
    expect(downloadTokenState({ downloadCount: 4, downloadLimit: 5, expiresAt: later }, now)).toBe(
      "valid",
    );
    expect(downloadTokenState({ downloadCount: 5, downloadLimit: 5, expiresAt: later }, now)).toBe(
      "used-up",
    );
    expect(downloadTokenState({ downloadCount: 0, downloadLimit: 5, expiresAt: now }, now)).toBe(
      "expired",
    );
  });

  it("calls a link both expired and used up expired", () => {
    expect(downloadTokenState({ downloadCount: 5, downloadLimit: 5, expiresAt: now }, later)).toBe(
      "expired",
    );
  });

  it("expires after the item's days and counts what is left", () => {
    expect(downloadExpiresAt(now, 30).toISOString()).toBe("2026-03-31T12:00:00.000Z");
    expect(remainingDownloads({ downloadCount: 2, downloadLimit: 5, expiresAt: later })).toBe(3);
    expect(remainingDownloads({ downloadCount: 7, downloadLimit: 5, expiresAt: later })).toBe(0);
  });
});

describe("Range header", () => {
  it("serves the whole file without a header, or for a header we do not serve partially", () => {
    expect(parseRange(null, 1000)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-99,200-299", 1000)).toEqual({ kind: "full" });
    expect(parseRange("items=0-5", 1000)).toEqual({ kind: "full" });
    expect(parseRange("bytes=500-100", 1000)).toEqual({ kind: "full" });
  });

  it("treats a range over the whole file as a (counted) full download", () => {
    expect(parseRange("bytes=0-", 1000)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-999", 1000)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-5000", 1000)).toEqual({ kind: "full" });
    expect(parseRange("bytes=-1000", 1000)).toEqual({ kind: "full" });
  });

  it("serves single ranges partially", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(parseRange("bytes=500-", 1000)).toEqual({ kind: "partial", start: 500, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("bytes=990-2000", 1000)).toEqual({ kind: "partial", start: 990, end: 999 });
  });

  it("refuses ranges outside the file", () => {
    expect(parseRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("file names and licence line", () => {
  it("makes a safe ASCII attachment name from the title", () => {
    expect(downloadFileName("Lowlight Walk: Lead Sheet (PDF)", "pdf")).toBe(
      "Lowlight-Walk-Lead-Sheet-PDF.pdf",
    );
    expect(downloadFileName('Café "Noir" / Ballade', ".PDF")).toBe("Cafe-Noir-Ballade.pdf");
    expect(downloadFileName("!!!", "pdf")).toBe("download.pdf");
    expect(attachmentDisposition("a.pdf")).toBe('attachment; filename="a.pdf"');
  });

  it("names the buyer and the order on every page", () => {
    expect(shortOrderId("3f2a9c1e-1111-4222-8333-444455556666")).toBe("3F2A9C1E");
    expect(licenceLine("fan@example.com", "3f2a9c1e-1111-4222-8333-444455556666")).toBe(
      "Licensed to fan@example.com · order 3F2A9C1E",
    );
  });
});
