/**
 * Stamps a purchased PDF with its licence line ("Licensed to fan@example.com · order
 * 3F2A9C1E") at the foot of every page. The output is the same bytes for the same
 * input, so a resumed download (a Range request) continues the same file.
 */

const FONT_SIZE = 7;
/** Baseline height above the page bottom, in points: below any printed margin content. */
const BASELINE = 12;

/** Helvetica speaks WinAnsi only: anything else (an internationalised address) becomes "?". */
function winAnsiSafe(text: string): string {
  return [...text].map((c) => (/[\x20-\x7E\u00A0-\u00FF]/.test(c) ? c : "?")).join("");
}

export async function stampPdf(pdf: Uint8Array, line: string): Promise<Uint8Array> {
  // Loaded with the first PDF sold, not at every start: a quarter of a second and a few MB
  // a small server only spends when it needs them (issue 29).
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  // updateMetadata: false keeps the producer and dates, so the output is deterministic.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const text = winAnsiSafe(line);
  const width = font.widthOfTextAtSize(text, FONT_SIZE);
  for (const page of doc.getPages()) {
    const { width: pageWidth } = page.getSize();
    const { x: left, y: bottom } = page.getCropBox();
    page.drawText(text, {
      x: left + Math.max(8, (pageWidth - width) / 2),
      y: bottom + BASELINE,
      size: FONT_SIZE,
      font,
      color: rgb(0.42, 0.4, 0.38),
    });
  }
  return doc.save({ updateFieldAppearances: false });
}
