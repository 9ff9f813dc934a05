import { describe, expect, it } from "vitest";
import {
  codeEntropyBits,
  codeFromRandomBytes,
  DOWNLOAD_CODE_ALPHABET,
  DOWNLOAD_CODE_LENGTH,
  formatDownloadCode,
  readDownloadCode,
  REDEEM_MESSAGES,
} from "./download-code";

describe("the download code alphabet", () => {
  it("has no look-alike characters and no repeats", () => {
    for (const lookAlike of ["0", "O", "1", "I", "L"]) {
      expect(DOWNLOAD_CODE_ALPHABET).not.toContain(lookAlike);
    }
    expect(new Set(DOWNLOAD_CODE_ALPHABET).size).toBe(DOWNLOAD_CODE_ALPHABET.length);
    expect(DOWNLOAD_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });

  it("gives a code at least 50 bits of randomness", () => {
    expect(codeEntropyBits(32, 10)).toBe(50);
    expect(codeEntropyBits(2, 8)).toBe(8);
    expect(codeEntropyBits()).toBeGreaterThanOrEqual(50);
    expect(codeEntropyBits()).toBeCloseTo(59.45, 1);
  });
});

describe("codeFromRandomBytes", () => {
  it("maps each accepted byte to one character", () => {
    const bytes = Uint8Array.from({ length: DOWNLOAD_CODE_LENGTH }, (_, i) => i);
    expect(codeFromRandomBytes(bytes)).toBe(DOWNLOAD_CODE_ALPHABET.slice(0, DOWNLOAD_CODE_LENGTH));
  });

  it("skips bytes above the last whole multiple of the alphabet, so no character is favoured", () => {
    // 31 × 8 = 248: bytes 248–255 would make the first eight characters likelier.
    const bytes = Uint8Array.from([248, 255, ...Array.from({ length: 12 }, () => 30)]);
    expect(codeFromRandomBytes(bytes)).toBe("Z".repeat(12));
  });

  it("asks for more bytes when they run out", () => {
    expect(codeFromRandomBytes(Uint8Array.from([1, 2, 3]))).toBeNull();
    expect(codeFromRandomBytes(new Uint8Array(20).fill(250))).toBeNull();
  });
});

describe("formatDownloadCode", () => {
  it("groups a code by four for reading aloud", () => {
    expect(formatDownloadCode("7KQM3XWAP9RD")).toBe("7KQM-3XWA-P9RD");
  });
});

describe("readDownloadCode", () => {
  it("accepts spaces, dashes and lower case", () => {
    expect(readDownloadCode(" 7kqm 3xwa-p9rd ")).toEqual({ ok: true, code: "7KQM3XWAP9RD" });
    expect(readDownloadCode("7KQM-3XWA-P9RD")).toEqual({ ok: true, code: "7KQM3XWAP9RD" });
  });

  it("asks for a code when none was typed", () => {
    expect(readDownloadCode(" - ")).toEqual({ ok: false, message: REDEEM_MESSAGES.codeRequired });
  });

  it("calls anything that cannot be a code a wrong code", () => {
    for (const raw of ["7KQM-3XWA-P9R", "7KQM-3XWA-P9RDX", "0KQM-3XWA-P9RD", "7KQM_3XWA_P9RD"]) {
      expect(readDownloadCode(raw)).toEqual({ ok: false, message: REDEEM_MESSAGES.wrong });
    }
  });

  it("refuses 10,000 characters without reading them", () => {
    expect(readDownloadCode("A".repeat(10_000))).toEqual({
      ok: false,
      message: REDEEM_MESSAGES.wrong,
    });
  });
});
