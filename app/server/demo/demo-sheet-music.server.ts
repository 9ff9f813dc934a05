/**
 * A believable two-page lead sheet drawn with pdf-lib: title block, bass-clef staves
 * with a key signature, a seeded melody of note heads and stems, chord symbols,
 * rehearsal marks and, on page two, solo changes with rhythm slashes. Only the
 * standard PDF fonts are used, so nothing has to be embedded or downloaded.
 */
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { ARTIST_NAME } from "~/domain/core/site";
import { createRandom, type Random } from "./demo-random.server";

export interface LeadSheetSpec {
  title: string;
  subtitle: string;
  style: string;
  bpm: number;
  /** Number of flats in the key signature (0 to 4). */
  flats: number;
  /** 32 bars of chord symbols; two chords in a bar are separated by a space. */
  bars: readonly string[];
  seed: string;
}

const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const GAP = 7; // distance between staff lines, in points
const INK = rgb(0.1, 0.08, 0.07);
const SOFT_INK = rgb(0.35, 0.3, 0.27);
const BARS_PER_SYSTEM = 4;

interface Fonts {
  title: PDFFont;
  serif: PDFFont;
  italic: PDFFont;
  chord: PDFFont;
  small: PDFFont;
}

/** Staff step s (half-gaps above the bottom line) to a y coordinate. */
const stepY = (bottom: number, step: number) => bottom + (step * GAP) / 2;

function drawStaffLines(page: PDFPage, left: number, right: number, bottom: number): void {
  for (let line = 0; line < 5; line++) {
    const y = bottom + line * GAP;
    page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.6, color: INK });
  }
}

/** An F clef: the curl starts on the F line, with its two dots either side of it. */
function drawBassClef(page: PDFPage, x: number, bottom: number): void {
  const top = bottom + 4 * GAP;
  const g = GAP;
  page.drawSvgPath(
    `M ${0.3 * g} ${1 * g} C ${0.4 * g} ${-0.2 * g} ${2.1 * g} ${-0.4 * g} ${2.2 * g} ${1 * g} C ${2.3 * g} ${2.4 * g} ${1.1 * g} ${3.4 * g} ${-0.1 * g} ${4 * g}`,
    { x, y: top, borderColor: INK, borderWidth: 1.6 },
  );
  page.drawCircle({ x: x + 0.35 * g, y: top - 1 * g, size: 0.42 * g, color: INK });
  page.drawCircle({ x: x + 2.85 * g, y: top - 0.5 * g, size: 0.2 * g, color: INK });
  page.drawCircle({ x: x + 2.85 * g, y: top - 1.5 * g, size: 0.2 * g, color: INK });
}

function drawFlat(page: PDFPage, x: number, y: number): void {
  page.drawLine({
    start: { x, y: y - 0.45 * GAP },
    end: { x, y: y + 1.9 * GAP },
    thickness: 0.9,
    color: INK,
  });
  page.drawSvgPath(
    `M 0 0 C ${0.95 * GAP} ${-0.6 * GAP} ${0.8 * GAP} ${0.5 * GAP} 0 ${0.45 * GAP}`,
    {
      x,
      y,
      borderColor: INK,
      borderWidth: 1.1,
    },
  );
}

/** Bass-clef flats in key-signature order: Bb, Eb, Ab, Db. */
const FLAT_STEPS = [2, 5, 1, 4];

function drawKeySignature(page: PDFPage, x: number, bottom: number, flats: number): number {
  for (let i = 0; i < flats; i++) drawFlat(page, x + i * GAP * 1.1, stepY(bottom, FLAT_STEPS[i]!));
  return x + flats * GAP * 1.1 + GAP * 0.6;
}

function drawTimeSignature(page: PDFPage, x: number, bottom: number, font: PDFFont): void {
  const size = GAP * 2.3;
  page.drawText("4", { x, y: bottom + 2 * GAP + 0.2 * GAP, size, font, color: INK });
  page.drawText("4", { x, y: bottom + 0.2 * GAP, size, font, color: INK });
}

function drawLedgerLines(page: PDFPage, x: number, bottom: number, step: number): void {
  const draw = (s: number) =>
    page.drawLine({
      start: { x: x - GAP * 0.95, y: stepY(bottom, s) },
      end: { x: x + GAP * 0.95, y: stepY(bottom, s) },
      thickness: 0.6,
      color: INK,
    });
  for (let s = -2; s >= step; s -= 2) draw(s);
  for (let s = 10; s <= step; s += 2) draw(s);
}

interface PlacedNote {
  x: number;
  step: number;
  beats: number;
}

function drawNote(
  page: PDFPage,
  bottom: number,
  note: PlacedNote,
  stemUp: boolean,
): { stemX: number; stemEnd: number } {
  const y = stepY(bottom, note.step);
  drawLedgerLines(page, note.x, bottom, note.step);
  const hollow = note.beats >= 2;
  page.drawEllipse({
    x: note.x,
    y,
    xScale: GAP * 0.66,
    yScale: GAP * 0.46,
    rotate: degrees(20),
    ...(hollow ? { borderColor: INK, borderWidth: 1.3 } : { color: INK }),
  });
  const stemX = stemUp ? note.x + GAP * 0.6 : note.x - GAP * 0.6;
  const stemEnd = stemUp ? y + GAP * 3.3 : y - GAP * 3.3;
  if (note.beats < 4) {
    page.drawLine({
      start: { x: stemX, y },
      end: { x: stemX, y: stemEnd },
      thickness: 0.9,
      color: INK,
    });
  }
  return { stemX, stemEnd };
}

const RHYTHMS: readonly (readonly number[])[] = [
  [1, 1, 1, 1],
  [2, 1, 1],
  [1, 1, 2],
  [0.5, 0.5, 1, 1, 1],
  [1, 0.5, 0.5, 2],
  [2, 2],
  [4],
];

/** One bar of melody: a stepwise walk with the odd leap, beamed eighths in pairs. */
function drawMelodyBar(
  page: PDFPage,
  rand: Random,
  left: number,
  width: number,
  bottom: number,
  state: { step: number },
): void {
  const rhythm = rand.pick(RHYTHMS);
  let beat = 0;
  const placed: PlacedNote[] = [];
  for (const beats of rhythm) {
    const move = rand.chance(0.2) ? rand.pick([-4, -3, 3, 4]) : rand.pick([-2, -1, 1, 2]);
    state.step = Math.max(-2, Math.min(10, state.step + move));
    placed.push({
      x: left + GAP * 1.6 + (beat / 4) * (width - GAP * 2.4),
      step: state.step,
      beats,
    });
    beat += beats;
  }
  for (let i = 0; i < placed.length; i++) {
    const note = placed[i]!;
    const next = placed[i + 1];
    if (note.beats === 0.5 && next?.beats === 0.5) {
      // A beamed pair shares one stem direction, decided by the pair's average height.
      const up = (note.step + next.step) / 2 < 4;
      const a = drawNote(page, bottom, note, up);
      const b = drawNote(page, bottom, next, up);
      const end = up ? Math.max(a.stemEnd, b.stemEnd) : Math.min(a.stemEnd, b.stemEnd);
      page.drawLine({
        start: { x: a.stemX, y: stepY(bottom, note.step) },
        end: { x: a.stemX, y: end },
        thickness: 0.9,
        color: INK,
      });
      page.drawLine({
        start: { x: b.stemX, y: stepY(bottom, next.step) },
        end: { x: b.stemX, y: end },
        thickness: 0.9,
        color: INK,
      });
      page.drawLine({
        start: { x: a.stemX, y: end },
        end: { x: b.stemX, y: end },
        thickness: 3,
        color: INK,
      });
      i++;
    } else {
      drawNote(page, bottom, note, note.step < 4);
    }
  }
}

/** Rhythm slashes on the middle line: "comp here" in a lead sheet's solo section. */
function drawSlashBar(page: PDFPage, left: number, width: number, bottom: number): void {
  for (let beat = 0; beat < 4; beat++) {
    const x = left + GAP * 1.6 + (beat / 4) * (width - GAP * 2.4);
    const y = stepY(bottom, 4);
    page.drawLine({
      start: { x: x - GAP * 0.6, y: y - GAP * 0.9 },
      end: { x: x + GAP * 0.6, y: y + GAP * 0.9 },
      thickness: 2.6,
      color: INK,
    });
  }
}

function drawChords(
  page: PDFPage,
  font: PDFFont,
  symbol: string,
  left: number,
  width: number,
  y: number,
): void {
  const chords = symbol.split(" ").filter(Boolean);
  chords.forEach((chord, i) => {
    page.drawText(chord, {
      x: left + GAP * 1.2 + (i * width) / chords.length,
      y,
      size: 11,
      font,
      color: INK,
    });
  });
}

function drawRehearsalMark(page: PDFPage, font: PDFFont, mark: string, x: number, y: number): void {
  page.drawRectangle({ x, y, width: 16, height: 16, borderColor: INK, borderWidth: 1.1 });
  page.drawText(mark, { x: x + 4, y: y + 4, size: 11, font, color: INK });
}

interface SystemOptions {
  bottom: number;
  bars: readonly string[];
  first: boolean;
  mark?: string;
  slashes: boolean;
  final: boolean;
}

function drawSystem(
  page: PDFPage,
  fonts: Fonts,
  spec: LeadSheetSpec,
  rand: Random,
  state: { step: number },
  o: SystemOptions,
): void {
  const left = MARGIN;
  const right = PAGE.width - MARGIN;
  drawStaffLines(page, left, right, o.bottom);
  drawBassClef(page, left + 4, o.bottom);
  let x = drawKeySignature(page, left + 34, o.bottom, spec.flats);
  if (o.first) {
    drawTimeSignature(page, x, o.bottom, fonts.title);
    x += GAP * 2.4;
  }
  if (o.mark) drawRehearsalMark(page, fonts.chord, o.mark, left - 22, o.bottom + 4 * GAP + 10);
  const barWidth = (right - x) / o.bars.length;
  o.bars.forEach((symbol, i) => {
    const barLeft = x + i * barWidth;
    drawChords(page, fonts.chord, symbol, barLeft, barWidth, o.bottom + 4 * GAP + 14);
    if (o.slashes) drawSlashBar(page, barLeft, barWidth, o.bottom);
    else drawMelodyBar(page, rand, barLeft, barWidth, o.bottom, state);
    const barX = barLeft + barWidth;
    const top = o.bottom + 4 * GAP;
    const last = i === o.bars.length - 1;
    if (last && o.final) {
      page.drawLine({
        start: { x: barX - 4, y: o.bottom },
        end: { x: barX - 4, y: top },
        thickness: 0.8,
        color: INK,
      });
      page.drawLine({
        start: { x: barX - 1.2, y: o.bottom },
        end: { x: barX - 1.2, y: top },
        thickness: 2.8,
        color: INK,
      });
    } else {
      page.drawLine({
        start: { x: barX, y: o.bottom },
        end: { x: barX, y: top },
        thickness: 0.8,
        color: INK,
      });
    }
  });
  page.drawLine({
    start: { x: left, y: o.bottom },
    end: { x: left, y: o.bottom + 4 * GAP },
    thickness: 0.8,
    color: INK,
  });
}

function centred(
  page: PDFPage,
  text: string,
  font: PDFFont,
  size: number,
  y: number,
  color = INK,
): void {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (PAGE.width - width) / 2, y, size, font, color });
}

function rightAligned(page: PDFPage, text: string, font: PDFFont, size: number, y: number): void {
  const x = PAGE.width - MARGIN - font.widthOfTextAtSize(text, size);
  page.drawText(text, { x, y, size, font, color: INK });
}

function footer(page: PDFPage, fonts: Fonts, pageNumber: number, pages: number): void {
  centred(page, `${pageNumber} / ${pages}`, fonts.small, 9, 30, SOFT_INK);
  page.drawText(
    "(c) Lowenthorne Music. All rights reserved. Licensed to the purchaser for personal use.",
    {
      x: MARGIN,
      y: 44,
      size: 7.5,
      font: fonts.italic,
      color: SOFT_INK,
    },
  );
}

/** A little quarter note for the tempo marking, since the standard fonts have none. */
function tempoNote(page: PDFPage, x: number, y: number): void {
  page.drawEllipse({ x, y: y + 2.5, xScale: 3.2, yScale: 2.3, color: INK });
  page.drawLine({
    start: { x: x + 2.9, y: y + 2.5 },
    end: { x: x + 2.9, y: y + 13 },
    thickness: 0.8,
    color: INK,
  });
}

const MARKS = ["A", "A", "B", "A"];

export async function createLeadSheetPdf(spec: LeadSheetSpec): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${spec.title} (lead sheet)`);
  pdf.setAuthor(ARTIST_NAME);
  pdf.setSubject(spec.subtitle);
  pdf.setCreator("Silas Lowenthorne demo content");
  pdf.setProducer("pdf-lib");
  // A fixed date keeps regenerated files byte-identical.
  const fixedDate = new Date("2024-01-01T00:00:00Z");
  pdf.setCreationDate(fixedDate);
  pdf.setModificationDate(fixedDate);

  const fonts: Fonts = {
    title: await pdf.embedFont(StandardFonts.TimesRomanBold),
    serif: await pdf.embedFont(StandardFonts.TimesRoman),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
    chord: await pdf.embedFont(StandardFonts.HelveticaBold),
    small: await pdf.embedFont(StandardFonts.Helvetica),
  };
  const rand = createRandom(spec.seed);
  const state = { step: 4 };
  const systems = spec.bars.length / BARS_PER_SYSTEM;
  const systemGap = 68;

  // Page 1: the head, with the melody.
  const one = pdf.addPage([PAGE.width, PAGE.height]);
  centred(one, spec.title, fonts.title, 26, PAGE.height - 78);
  centred(one, spec.subtitle, fonts.italic, 12, PAGE.height - 98, SOFT_INK);
  rightAligned(one, `Music by ${ARTIST_NAME}`, fonts.serif, 11, PAGE.height - 124);
  one.drawText(spec.style, {
    x: MARGIN,
    y: PAGE.height - 124,
    size: 11,
    font: fonts.title,
    color: INK,
  });
  const styleWidth = fonts.title.widthOfTextAtSize(spec.style, 11);
  tempoNote(one, MARGIN + styleWidth + 14, PAGE.height - 126);
  one.drawText(`= ${spec.bpm}`, {
    x: MARGIN + styleWidth + 24,
    y: PAGE.height - 124,
    size: 11,
    font: fonts.serif,
    color: INK,
  });
  for (let s = 0; s < systems; s++) {
    drawSystem(one, fonts, spec, rand, state, {
      bottom: PAGE.height - 190 - s * systemGap,
      bars: spec.bars.slice(s * BARS_PER_SYSTEM, (s + 1) * BARS_PER_SYSTEM),
      first: s === 0,
      mark: s % 2 === 0 ? MARKS[s / 2] : undefined,
      slashes: false,
      final: s === systems - 1,
    });
  }
  const lastBottom = PAGE.height - 190 - (systems - 1) * systemGap;
  rightAligned(one, "Fine", fonts.title, 11, lastBottom - 18);
  footer(one, fonts, 1, 2);

  // Page 2: solo changes with slashes, then the cue back to the head.
  const two = pdf.addPage([PAGE.width, PAGE.height]);
  two.drawText(`${spec.title} - page 2`, {
    x: MARGIN,
    y: PAGE.height - 60,
    size: 10,
    font: fonts.italic,
    color: SOFT_INK,
  });
  centred(two, "Solos (open)", fonts.title, 15, PAGE.height - 96);
  for (let s = 0; s < systems; s++) {
    drawSystem(two, fonts, spec, rand, state, {
      bottom: PAGE.height - 160 - s * systemGap,
      bars: spec.bars.slice(s * BARS_PER_SYSTEM, (s + 1) * BARS_PER_SYSTEM),
      first: false,
      mark: s % 2 === 0 ? MARKS[s / 2] : undefined,
      slashes: true,
      final: s === systems - 1,
    });
  }
  rightAligned(
    two,
    "D.C. al Fine",
    fonts.title,
    11,
    PAGE.height - 160 - (systems - 1) * systemGap - 18,
  );
  two.drawText(
    "Performance note: walk the bass in two for the first A, then in four. Trombone solo first.",
    {
      x: MARGIN,
      y: 74,
      size: 9,
      font: fonts.italic,
      color: SOFT_INK,
    },
  );
  footer(two, fonts, 2, 2);

  return pdf.save({ useObjectStreams: true });
}
