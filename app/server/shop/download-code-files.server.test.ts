/**
 * The files a batch leaves in (issue 23): the CSV, and the PDF of cards whose codes
 * can be read back from its page text, eight to a page, A4 or Letter.
 */
import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { pdfPageContents, winAnsiHex } from "../testing/pdf-text.server";
import {
  codeFileName,
  downloadCodeCardsPdf,
  downloadCodesCsv,
  wrapText,
} from "./download-code-files.server";
import { newDownloadCodes } from "./download-codes.server";

const measure = (t: string) => t.length * 10;

describe("wrapText", () => {
  it("keeps a short title on one line", () => {
    expect(wrapText("Blue Hour", 200, measure)).toEqual(["Blue Hour"]);
  });
  it("breaks a long title at spaces over two lines and ends what does not fit with …", () => {
    expect(wrapText("Lowlight Walk Lead Sheet", 140, measure)).toEqual([
      "Lowlight Walk",
      "Lead Sheet",
    ]);
    const lines = wrapText("One Two Three Four Five Six Seven", 100, measure);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith("…")).toBe(true);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(100);
  });
});

describe("download code files", () => {
  const codes = newDownloadCodes(19);
  const input = { title: "Blue Hour", label: "Spring tour", codes, siteUrl: "https://a.example/" };

  it("lists every code with its item, batch and the redeem address in the CSV", () => {
    const lines = downloadCodesCsv(input).trim().split("\r\n");
    expect(lines[0]).toBe("Code,Item,Batch,Redeem at");
    expect(lines.slice(1)).toEqual(
      codes.map((c) => `${c},Blue Hour,Spring tour,https://a.example/redeem`),
    );
    expect(codeFileName("Spring tour", "csv")).toBe("Spring-tour-download-codes.csv");
  });

  it("prints eight cards a page, each code readable from its page", async () => {
    for (const [paper, size] of [
      ["letter", [612, 792]],
      ["a4", [595.28, 841.89]],
    ] as const) {
      const pdf = await downloadCodeCardsPdf({ ...input, paper, cover: null });
      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount()).toBe(3);
      const { width, height } = doc.getPage(0).getSize();
      expect([width, height]).toEqual([...size]);
      const pages = await pdfPageContents(pdf);
      codes.forEach((code, i) => {
        expect(pages[Math.floor(i / 8)]).toContain(winAnsiHex(code));
      });
    }
  });
});
