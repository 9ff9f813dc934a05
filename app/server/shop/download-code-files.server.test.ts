/**
 * The files a batch leaves in (issue 23): the CSV, and the PDF of cards whose codes
 * can be read back from its page text, eight to a page, A4 or Letter, each drawing
 * the item's cover as an embedded image.
 */
import { describe, expect, it } from "vitest";
import zlib from "node:zlib";
import sharp from "sharp";
import { PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream, PDFRef } from "pdf-lib";
import { pdfPageContents, winAnsiHex } from "../testing/pdf-text.server";
import {
  codeFileName,
  downloadCodeCardsPdf,
  downloadCodesCsv,
  wrapText,
} from "./download-code-files.server";
import { newDownloadCodes } from "./download-codes.server";

const measure = (t: string) => t.length * 10;

interface PlacedImage {
  width: number;
  height: number;
  filter: string | undefined;
}

/**
 * The images a page draws, read back from the PDF: image XObjects drawn by the page's
 * content stream, or by a form XObject it draws (each card is a placed template).
 */
async function imagesDrawnOnPage(pdf: Uint8Array, pageIndex: number): Promise<PlacedImage[]> {
  const doc = await PDFDocument.load(pdf);
  const lookup = (value: unknown) => (value instanceof PDFRef ? doc.context.lookup(value) : value);
  const content = (stream: PDFRawStream) => {
    const raw = Buffer.from(stream.contents);
    const filter = stream.dict.get(PDFName.of("Filter"));
    return (filter === PDFName.of("FlateDecode") ? zlib.inflateSync(raw) : raw).toString("latin1");
  };
  const found: PlacedImage[] = [];
  const visit = (resources: unknown, drawn: string, depth: number) => {
    const xObjects = lookup((lookup(resources) as PDFDict | undefined)?.get(PDFName.of("XObject")));
    if (!(xObjects instanceof PDFDict) || depth > 4) return;
    for (const [name, ref] of xObjects.entries()) {
      // Only what the content stream actually draws ("/Name Do").
      if (!drawn.includes(`${name.asString()} Do`)) continue;
      const object = lookup(ref);
      if (!(object instanceof PDFRawStream)) continue;
      const subtype = object.dict.get(PDFName.of("Subtype"));
      if (subtype === PDFName.of("Image")) {
        const number = (key: string) => (object.dict.get(PDFName.of(key)) as PDFNumber).asNumber();
        found.push({
          width: number("Width"),
          height: number("Height"),
          filter: object.dict.get(PDFName.of("Filter"))?.toString(),
        });
      } else if (subtype === PDFName.of("Form")) {
        visit(object.dict.get(PDFName.of("Resources")), content(object), depth + 1);
      }
    }
  };
  const page = doc.getPage(pageIndex);
  visit(page.node.Resources(), (await pdfPageContents(pdf))[pageIndex]!, 0);
  return found;
}

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

  it("puts the item's cover on every card as an embedded image; none without a cover", async () => {
    // A WebP cover, as uploads are served: turned into a JPEG pdf-lib can embed.
    const cover = new Uint8Array(
      await sharp({
        create: { width: 600, height: 400, channels: 3, background: { r: 40, g: 90, b: 160 } },
      })
        .webp()
        .toBuffer(),
    );
    const withCover = await downloadCodeCardsPdf({ ...input, paper: "a4", cover });
    for (const pageIndex of [0, 2]) {
      const images = await imagesDrawnOnPage(withCover, pageIndex);
      // Eight cards on a full page, three on the last (19 codes): each draws the cover.
      expect(images).toHaveLength(pageIndex === 0 ? 8 : 3);
      for (const image of images) {
        expect(image).toEqual({ width: 360, height: 360, filter: "/DCTDecode" });
      }
    }

    expect(
      await imagesDrawnOnPage(
        await downloadCodeCardsPdf({ ...input, paper: "a4", cover: null }),
        0,
      ),
    ).toEqual([]);
    // A cover that cannot be read: the cards are made without it.
    const unreadable = await downloadCodeCardsPdf({
      ...input,
      paper: "a4",
      cover: new Uint8Array([1, 2, 3, 4]),
    });
    expect(await imagesDrawnOnPage(unreadable, 0)).toEqual([]);
  });
});
