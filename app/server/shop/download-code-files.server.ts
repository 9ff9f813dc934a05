/**
 * The two ways a batch of download codes leaves the server, made from the codes in
 * clear in the request that generated them (they are stored only as hashes): a CSV,
 * and a PDF of cards to print and cut (title, cover, code, the redeem address; eight
 * cards on an A4 or Letter page). pdf-lib is imported lazily, as pdf-stamp does.
 */
import { toCsv } from "~/domain/core/csv";
import type { PaperSize } from "~/domain/shop/downloads/download-code-batch";
import { REDEEM_PATH } from "~/domain/shop/downloads/download-code";
import { downloadFileName } from "~/domain/shop/downloads/downloads";
import { logger } from "../core/logger.server";

/** Points (1/72 inch). */
const PAPER: Record<PaperSize, [number, number]> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
};
const COLUMNS = 2;
const ROWS = 4;
const MARGIN = 28;

export interface CodeFileInput {
  title: string;
  label: string;
  codes: readonly string[];
  siteUrl: string;
}

export function redeemAddress(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${REDEEM_PATH}`;
}

/** "Spring-tour-CDs-download-codes.csv" */
export function codeFileName(label: string, extension: "csv" | "pdf" | "zip"): string {
  return downloadFileName(`${label} download codes`, extension);
}

export function downloadCodesCsv(input: CodeFileInput): string {
  const url = redeemAddress(input.siteUrl);
  return toCsv(
    [
      { header: "Code", value: (code: string) => code },
      { header: "Item", value: () => input.title },
      { header: "Batch", value: () => input.label },
      { header: "Redeem at", value: () => url },
    ],
    input.codes,
  );
}

/** Helvetica speaks WinAnsi only: anything else (a title in Japanese) becomes "?". */
function winAnsiSafe(text: string): string {
  return [...text].map((c) => (/[\x20-\x7E\u00A0-\u00FF]/.test(c) ? c : "?")).join("");
}

/**
 * Breaks a title into at most `maxLines` lines of `width` points at spaces; what does
 * not fit ends the last line with an ellipsis.
 */
export function wrapText(
  text: string,
  width: number,
  measure: (t: string) => number,
  maxLines = 2,
): string[] {
  const lines: string[] = [];
  let words = text.split(/\s+/).filter(Boolean);
  while (words.length && lines.length < maxLines) {
    let count = words.length;
    while (count > 1 && measure(words.slice(0, count).join(" ")) > width) count--;
    lines.push(words.slice(0, count).join(" "));
    words = words.slice(count);
  }
  const last = lines.length - 1;
  if (last >= 0 && (words.length || measure(lines[last]!) > width)) {
    let cut = words.length ? `${lines[last]} ${words.join(" ")}` : lines[last]!;
    while (cut.length > 1 && measure(`${cut}…`) > width) cut = cut.slice(0, -1);
    lines[last] = `${cut.trimEnd()}…`;
  }
  return lines;
}

/** The cover as a JPEG pdf-lib can embed (it reads no WebP or AVIF), or null. */
async function coverJpeg(image: Uint8Array | null): Promise<Uint8Array | null> {
  if (!image) return null;
  try {
    const sharp = (await import("sharp")).default;
    return new Uint8Array(
      await sharp(image).resize(360, 360, { fit: "cover" }).jpeg({ quality: 80 }).toBuffer(),
    );
  } catch (error) {
    logger.warn({ err: error }, "Download cards: the cover could not be read; cards without it");
    return null;
  }
}

export async function downloadCodeCardsPdf(
  input: CodeFileInput & { paper: PaperSize; cover: Uint8Array | null },
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsiSafe(`${input.title}: download codes (${input.label})`));
  const mono = await doc.embedFont(StandardFonts.CourierBold);
  const coverBytes = await coverJpeg(input.cover);
  // Only for measuring; the template document embeds its own.
  const measureDoc = await PDFDocument.create();
  const regular = await measureDoc.embedFont(StandardFonts.Helvetica);
  const bold = await measureDoc.embedFont(StandardFonts.HelveticaBold);

  const [pageWidth, pageHeight] = PAPER[input.paper];
  const cardWidth = (pageWidth - 2 * MARGIN) / COLUMNS;
  const cardHeight = (pageHeight - 2 * MARGIN) / ROWS;
  const pad = 14;
  const coverSize = Math.min(cardHeight - 2 * pad, 96);
  const textLeft = pad + coverSize + 12;
  const textWidth = cardWidth - textLeft - pad;
  const title = winAnsiSafe(input.title);
  const address = redeemAddress(input.siteUrl);
  const ink = rgb(0.1, 0.09, 0.08);
  const muted = rgb(0.4, 0.38, 0.35);
  const gold = rgb(0.72, 0.55, 0.2);
  const titleLines = wrapText(title, textWidth, (t) => bold.widthOfTextAtSize(t, 11));
  const addressSize = Math.min(9, (9 * textWidth) / regular.widthOfTextAtSize(address, 9));

  // Everything but the code is the same on every card: drawn once as a template that
  // each card places, so 5,000 cards cost 5,000 small draws, not 30,000 (bench.ts).
  const templateDoc = await PDFDocument.create();
  const card = templateDoc.addPage([cardWidth, cardHeight]);
  const [tRegular, tBold] = await Promise.all([
    templateDoc.embedFont(StandardFonts.Helvetica),
    templateDoc.embedFont(StandardFonts.HelveticaBold),
  ]);
  // Cut marks: a thin dashed border around each card.
  card.drawRectangle({
    x: 0,
    y: 0,
    width: cardWidth,
    height: cardHeight,
    borderColor: rgb(0.75, 0.73, 0.7),
    borderWidth: 0.5,
    borderDashArray: [3, 3],
  });
  const coverY = (cardHeight - coverSize) / 2;
  const templateCover = coverBytes ? await templateDoc.embedJpg(coverBytes) : null;
  if (templateCover) {
    card.drawImage(templateCover, { x: pad, y: coverY, width: coverSize, height: coverSize });
  } else {
    card.drawRectangle({
      x: pad,
      y: coverY,
      width: coverSize,
      height: coverSize,
      color: rgb(0.12, 0.1, 0.08),
      borderColor: gold,
      borderWidth: 1,
    });
  }
  const top = cardHeight / 2 + 38;
  titleLines.forEach((line, i) => {
    card.drawText(line, {
      x: textLeft,
      y: top + (titleLines.length - 1 - i) * 13,
      size: 11,
      font: tBold,
      color: ink,
    });
  });
  card.drawText("Your download code", {
    x: textLeft,
    y: top - 24,
    size: 8,
    font: tRegular,
    color: muted,
  });
  card.drawText("Redeem it at", {
    x: textLeft,
    y: top - 66,
    size: 8,
    font: tRegular,
    color: muted,
  });
  card.drawText(address, { x: textLeft, y: top - 78, size: addressSize, font: tBold, color: gold });
  // Saved first: pdf-lib writes a document's fonts and images only when it saves it.
  const [template] = await doc.embedPdf(await templateDoc.save());

  const perPage = COLUMNS * ROWS;
  for (let first = 0; first < input.codes.length; first += perPage) {
    const page = doc.addPage([pageWidth, pageHeight]);
    input.codes.slice(first, first + perPage).forEach((code, i) => {
      const x = MARGIN + (i % COLUMNS) * cardWidth;
      const y = pageHeight - MARGIN - (Math.floor(i / COLUMNS) + 1) * cardHeight;
      page.drawPage(template!, { x, y });
      page.drawText(code, { x: x + textLeft, y: y + top - 44, size: 15, font: mono, color: ink });
    });
  }
  return doc.save();
}
