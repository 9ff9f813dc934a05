/**
 * Jazz-club artwork composed as SVG: dark rooms, amber stage light, brass, bokeh and
 * staff lines. Pure string building, no I/O, so the seed and the static-image script
 * share it. Every picture is driven by a seeded generator: the same spec always
 * gives the same bytes. No <text> anywhere, because fonts may be missing on the
 * machine that renders it.
 */
import { createRandom, type Random } from "./demo-random.server";

// ---------------------------------------------------------------------------
// Palettes and scenes
// ---------------------------------------------------------------------------

export interface Palette {
  bgTop: string;
  bgBottom: string;
  /** The main stage light. */
  light: string;
  /** A second, cooler or deeper light for depth. */
  light2: string;
  metalHi: string;
  metal: string;
  metalLo: string;
  bokeh: readonly string[];
}

export const PALETTES = {
  gold: {
    bgTop: "#07060a",
    bgBottom: "#170e07",
    light: "#f6b94a",
    light2: "#c8661c",
    metalHi: "#fff1bf",
    metal: "#d9a441",
    metalLo: "#5e3a10",
    bokeh: ["#f6c35a", "#e88d2c", "#ffdf9a", "#b8561a"],
  },
  blue: {
    bgTop: "#04070f",
    bgBottom: "#0b1530",
    light: "#f2c25c",
    light2: "#3a6fd8",
    metalHi: "#fff3c9",
    metal: "#d4a54a",
    metalLo: "#3b2c16",
    bokeh: ["#5b8cf0", "#f2c25c", "#9fb8ff", "#2f4fa8"],
  },
  wine: {
    bgTop: "#0a0407",
    bgBottom: "#22070f",
    light: "#f3a94c",
    light2: "#a3243f",
    metalHi: "#ffe9c2",
    metal: "#d79b4a",
    metalLo: "#4d1f12",
    bokeh: ["#e8504f", "#f3a94c", "#ffc98a", "#8d1d34"],
  },
  ember: {
    bgTop: "#080505",
    bgBottom: "#1d0d05",
    light: "#ff9a3c",
    light2: "#e4572e",
    metalHi: "#ffe6b0",
    metal: "#e0a048",
    metalLo: "#54270c",
    bokeh: ["#ff9a3c", "#ffcf7a", "#e4572e", "#ffb85c"],
  },
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

export const ART_SCENES = [
  // Photographs of the musician and the band
  "stage",
  "brass",
  "bokeh",
  "staff",
  "ensemble",
  "club",
  "city",
  // Event pictures: rooms and crowds rather than close-ups
  "crowd",
  "trio",
  "stands",
  "clinic",
  "festival",
  "hall",
  // Covers and products
  "vinyl",
  "waves",
  "disc",
  "cassette",
  "sheet",
  "tshirt",
  "mug",
  "tote",
  "pin",
  "poster",
] as const;
export type ArtScene = (typeof ART_SCENES)[number];

export interface ArtSpec {
  scene: ArtScene;
  palette: PaletteName;
  width: number;
  height: number;
  seed: string;
}

// ---------------------------------------------------------------------------
// A small SVG canvas: defs with unique ids, and a body
// ---------------------------------------------------------------------------

type Stop = readonly [offset: number, color: string, opacity: number];

const f = (n: number) => String(Math.round(n * 10) / 10);

class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private counter = 0;

  constructor(
    readonly w: number,
    readonly h: number,
    readonly rand: Random,
    readonly p: Palette,
  ) {}

  /** The shorter side: sizes scale with it so every aspect ratio keeps its proportions. */
  get unit(): number {
    return Math.min(this.w, this.h);
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(([o, c, a]) => `<stop offset="${f(o * 100)}%" stop-color="${c}" stop-opacity="${a}"/>`)
      .join("");
  }

  radial(stops: readonly Stop[], extra = ""): string {
    const id = `g${this.counter++}`;
    this.defs.push(`<radialGradient id="${id}" ${extra}>${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  linear(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    stops: readonly Stop[],
    user = false,
  ): string {
    const id = `g${this.counter++}`;
    const units = user
      ? `gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"`
      : `x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"`;
    this.defs.push(`<linearGradient id="${id}" ${units}>${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}">` +
      `<defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`
    );
  }
}

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

function background(c: Canvas): void {
  const fill = c.linear(0, 0, 0, 1, [
    [0, c.p.bgTop, 1],
    [1, c.p.bgBottom, 1],
  ]);
  c.add(`<rect width="${c.w}" height="${c.h}" fill="${fill}"/>`);
}

/** A soft pool of light: a radial gradient fading to nothing. */
function glow(
  c: Canvas,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: string,
  opacity: number,
): void {
  const fill = c.radial([
    [0, color, opacity],
    [0.45, color, opacity * 0.35],
    [1, color, 0],
  ]);
  c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"/>`);
}

/** A stage spotlight: a cone from above that fades towards the floor, and its pool. */
function spotlight(
  c: Canvas,
  x: number,
  floorX: number,
  floorY: number,
  spread: number,
  color: string,
  opacity: number,
): void {
  const top = -c.h * 0.05;
  const fill = c.linear(
    x,
    top,
    floorX,
    floorY,
    [
      [0, color, opacity],
      [0.7, color, opacity * 0.35],
      [1, color, opacity * 0.08],
    ],
    true,
  );
  const narrow = spread * 0.08;
  c.add(
    `<path d="M${f(x - narrow)} ${f(top)} L${f(x + narrow)} ${f(top)} L${f(floorX + spread)} ${f(floorY)} L${f(floorX - spread)} ${f(floorY)} Z" fill="${fill}"/>`,
  );
  glow(c, floorX, floorY, spread * 1.25, spread * 0.22, color, opacity * 1.6);
}

/** Out-of-focus lights: rings brighter at the edge, like a lens wide open. */
function bokeh(
  c: Canvas,
  count: number,
  area: { x: number; y: number; w: number; h: number },
  minR: number,
  maxR: number,
  maxOpacity = 0.45,
): void {
  const fills = c.p.bokeh.map((color) =>
    c.radial([
      [0, color, 0.55],
      [0.75, color, 0.7],
      [0.92, color, 1],
      [1, color, 0],
    ]),
  );
  for (let i = 0; i < count; i++) {
    const r = c.rand.range(minR, maxR);
    const x = area.x + c.rand.next() * area.w;
    const y = area.y + c.rand.next() * area.h;
    const o = c.rand.range(0.08, maxOpacity);
    c.add(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${c.rand.pick(fills)}" opacity="${o.toFixed(2)}"/>`,
    );
  }
}

/** Drifting haze: wide, faint ellipses that lift the black without flattening it. */
function haze(c: Canvas, count: number, color: string): void {
  for (let i = 0; i < count; i++) {
    glow(
      c,
      c.rand.range(0, c.w),
      c.rand.range(c.h * 0.1, c.h * 0.8),
      c.rand.range(c.w * 0.25, c.w * 0.6),
      c.rand.range(c.h * 0.06, c.h * 0.18),
      color,
      c.rand.range(0.04, 0.1),
    );
  }
}

/** Five staff lines following a gentle wave, with a few note heads and stems on them. */
function staff(
  c: Canvas,
  y: number,
  gap: number,
  amplitude: number,
  color: string,
  opacity: number,
  notes: number,
): void {
  const waves = c.rand.range(0.6, 1.4);
  const phase = c.rand.range(0, Math.PI * 2);
  const at = (x: number) => Math.sin((x / c.w) * Math.PI * 2 * waves + phase) * amplitude;
  const steps = 24;
  for (let line = 0; line < 5; line++) {
    let d = "";
    for (let s = 0; s <= steps; s++) {
      const x = (s / steps) * (c.w + 40) - 20;
      d += `${s === 0 ? "M" : "L"}${f(x)} ${f(y + line * gap + at(x))}`;
    }
    c.add(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(Math.max(1, gap * 0.09))}" opacity="${opacity}"/>`,
    );
  }
  for (let i = 0; i < notes; i++) {
    const x = ((i + 0.5 + c.rand.range(-0.2, 0.2)) / notes) * c.w;
    const step = c.rand.int(-2, 10); // half-gaps from the top line, a little above and below
    const ny = y + (step * gap) / 2 + at(x);
    const up = step > 4;
    const hollow = c.rand.chance(0.25);
    c.add(
      `<ellipse cx="${f(x)}" cy="${f(ny)}" rx="${f(gap * 0.62)}" ry="${f(gap * 0.44)}" transform="rotate(-22 ${f(x)} ${f(ny)})" ` +
        (hollow
          ? `fill="none" stroke="${color}" stroke-width="${f(gap * 0.16)}"`
          : `fill="${color}"`) +
        ` opacity="${Math.min(1, opacity * 1.6).toFixed(2)}"/>`,
    );
    const sx = up ? x + gap * 0.56 : x - gap * 0.56;
    const sy2 = up ? ny - gap * 3.4 : ny + gap * 3.4;
    c.add(
      `<line x1="${f(sx)}" y1="${f(ny)}" x2="${f(sx)}" y2="${f(sy2)}" stroke="${color}" stroke-width="${f(gap * 0.12)}" opacity="${Math.min(1, opacity * 1.6).toFixed(2)}"/>`,
    );
  }
}

function vignette(c: Canvas, strength = 0.75): void {
  const fill = c.radial(
    [
      [0, "#000", 0],
      [0.6, "#000", 0.1],
      [1, "#000", strength],
    ],
    'cx="50%" cy="45%" r="75%"',
  );
  c.add(`<rect width="${c.w}" height="${c.h}" fill="${fill}"/>`);
}

/**
 * An abstract bass trombone in its own coordinates (about 1000 x 300 units, bell to
 * the right, mouthpiece at 70,72), placed by a transform.
 */
function trombone(c: Canvas, transform: string, glowOpacity = 0.25): void {
  const metal = c.linear(
    -60,
    0,
    940,
    0,
    [
      [0, c.p.metalLo, 1],
      [0.18, c.p.metal, 1],
      [0.32, c.p.metalHi, 1],
      [0.5, c.p.metal, 1],
      [0.62, c.p.metalLo, 1],
      [0.78, c.p.metalHi, 1],
      [1, c.p.metal, 1],
    ],
    true,
  );
  const bellInside = c.radial([
    [0, c.p.metalLo, 1],
    [0.6, c.p.metal, 1],
    [1, c.p.metalHi, 1],
  ]);
  const tubes = [
    "M100 40 H880", // outer slide, upper tube
    "M90 72 H880", // outer slide, lower tube
    "M880 40 A16 16 0 0 1 880 72", // slide crook
    "M560 -50 H-20 A30 30 0 0 0 -20 10 H50 C80 10 95 22 100 40", // bell section, tuning bow, gooseneck
  ].join(" ");
  const attachment =
    "M140 -50 C150 10 260 18 330 -6 C390 -26 370 -70 300 -74 C230 -78 190 -60 175 -50";
  const bell = "M540 -56 C640 -58 705 -84 768 -176 L768 76 C705 -16 640 -42 540 -44 Z";
  c.add(`<g transform="${transform}">`);
  // A wide faint stroke under the metal reads as bloom from the stage light.
  c.add(
    `<path d="${tubes} ${attachment}" fill="none" stroke="${c.p.light}" stroke-width="34" stroke-linecap="round" opacity="${glowOpacity * 0.35}"/>`,
  );
  c.add(
    `<path d="${bell}" fill="${c.p.light}" opacity="${glowOpacity * 0.5}" transform="translate(-6 0) scale(1.02 1.06)"/>`,
  );
  c.add(
    `<path d="${tubes}" fill="none" stroke="${metal}" stroke-width="11" stroke-linecap="round"/>`,
  );
  c.add(
    `<path d="${attachment}" fill="none" stroke="${metal}" stroke-width="9" stroke-linecap="round"/>`,
  );
  c.add(
    `<path d="M90 72 H160 M100 40 H160" fill="none" stroke="${c.p.metalHi}" stroke-width="7" opacity="0.8"/>`,
  );
  c.add(
    `<path d="M150 36 V76 M862 36 V76 M300 -50 V40 M470 -50 V40" stroke="${metal}" stroke-width="7"/>`,
  );
  c.add(
    `<circle cx="150" cy="-50" r="18" fill="${metal}"/><circle cx="150" cy="-50" r="8" fill="${c.p.metalLo}"/>`,
  );
  c.add(
    `<path d="M50 28 L68 34 L92 38 L92 46 L68 50 L50 56 Z" transform="translate(0 30)" fill="${metal}"/>`,
  );
  c.add(`<path d="${bell}" fill="${metal}"/>`);
  c.add(
    `<ellipse cx="768" cy="-50" rx="24" ry="126" fill="${bellInside}" stroke="${c.p.metalHi}" stroke-width="6"/>`,
  );
  // Specular highlights along the top of the tubes.
  c.add(
    `<path d="M120 35 H860 M-10 -55 H540 M560 -58 C650 -61 708 -90 760 -168" fill="none" stroke="${c.p.metalHi}" stroke-width="2.5" opacity="0.75"/>`,
  );
  c.add(`</g>`);
}

/** A standing figure seen from the audience, cut off by the frame; about 1000 units tall. */
function figure(
  c: Canvas,
  x: number,
  baseY: number,
  scale: number,
  hat: boolean,
  rim: string,
): void {
  const body =
    "M-38 165 C-40 195 -55 215 -120 235 C-175 252 -200 290 -210 360 L-235 1000 L235 1000 L210 360 C200 290 175 252 120 235 C55 215 40 195 38 165 Z";
  const hatPath =
    "M-95 62 C-60 52 60 52 95 62 C70 74 -70 74 -95 62 Z M-52 58 C-50 18 -30 8 0 8 C30 8 50 18 52 58 Z";
  const t = `translate(${f(x)} ${f(baseY - 1000 * scale)}) scale(${scale.toFixed(3)})`;
  c.add(`<g transform="${t}">`);
  c.add(
    `<path d="${body}" fill="#040305"/><ellipse cx="0" cy="105" rx="58" ry="70" fill="#040305"/>`,
  );
  if (hat) c.add(`<path d="${hatPath}" fill="#040305"/>`);
  // Rim light from the spot behind: the outline glows, the inside stays black.
  c.add(
    `<path d="${body}" fill="none" stroke="${rim}" stroke-width="5" opacity="0.45"/><ellipse cx="0" cy="105" rx="58" ry="70" fill="none" stroke="${rim}" stroke-width="4" opacity="0.5"/>`,
  );
  if (hat)
    c.add(`<path d="${hatPath}" fill="none" stroke="${rim}" stroke-width="3" opacity="0.5"/>`);
  c.add(`</g>`);
}

function trombonist(
  c: Canvas,
  x: number,
  baseY: number,
  scale: number,
  facing: 1 | -1,
  hat: boolean,
): void {
  figure(c, x, baseY, scale, hat, c.p.light);
  // The mouthpiece sits at the lips; the slide points down and out towards the audience.
  const mouthX = x + facing * 12 * scale;
  const mouthY = baseY - 1000 * scale + 140 * scale;
  const angle = facing === 1 ? c.rand.range(14, 26) : 180 - c.rand.range(14, 26);
  const flip = facing === 1 ? "" : " scale(1 -1)";
  trombone(
    c,
    `translate(${f(mouthX)} ${f(mouthY)}) rotate(${f(angle)})${flip} scale(${(scale * 0.95).toFixed(3)}) translate(-52 -72)`,
    0.3,
  );
}

function musicStand(c: Canvas, x: number, baseY: number, size: number): void {
  const top = baseY - size;
  c.add(
    `<path d="M${f(x)} ${f(baseY)} V${f(top + size * 0.25)} M${f(x - size * 0.25)} ${f(baseY)} L${f(x)} ${f(baseY - size * 0.15)} L${f(x + size * 0.25)} ${f(baseY)}" stroke="#120c08" stroke-width="${f(size * 0.03)}" fill="none"/>` +
      `<path d="M${f(x - size * 0.3)} ${f(top)} L${f(x + size * 0.3)} ${f(top)} L${f(x + size * 0.26)} ${f(top + size * 0.26)} L${f(x - size * 0.26)} ${f(top + size * 0.26)} Z" fill="#0d0907" stroke="${c.p.light}" stroke-width="${f(size * 0.008)}" stroke-opacity="0.4"/>`,
  );
}

function floor(c: Canvas, y: number): void {
  const fill = c.linear(0, 0, 0, 1, [
    [0, c.p.light2, 0.18],
    [0.15, "#0a0605", 0.9],
    [1, "#030202", 1],
  ]);
  c.add(`<rect x="0" y="${f(y)}" width="${c.w}" height="${f(c.h - y)}" fill="${fill}"/>`);
}

/** Rounded-rectangle helper for product shapes. */
function roundedRect(x: number, y: number, w: number, h: number, r: number, attrs: string): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" ${attrs}/>`;
}

/** A small gold emblem (a bell with a slide underneath) used on merchandise and covers. */
function emblem(c: Canvas, cx: number, cy: number, size: number, color: string): void {
  const s = size / 200;
  c.add(
    `<g transform="translate(${f(cx)} ${f(cy)}) scale(${s.toFixed(3)})" fill="none" stroke="${color}" stroke-linecap="round">` +
      `<circle r="92" stroke-width="8"/>` +
      `<path d="M-60 20 H40 A14 14 0 0 0 40 -8 H-30 C-50 -8 -58 -30 -40 -40 H10 C30 -40 40 -52 44 -66" stroke-width="10"/>` +
      `<path d="M44 -66 C50 -40 70 -30 78 -28 M44 -66 C36 -42 20 -34 12 -32" stroke-width="8"/>` +
      `<path d="M-60 46 H60" stroke-width="6" opacity="0.7"/>` +
      `</g>`,
  );
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

function sceneStage(c: Canvas): void {
  const { w, h, rand } = c;
  haze(c, 4, c.p.light2);
  const floorY = h * rand.range(0.8, 0.88);
  const centre = w * rand.range(0.38, 0.62);
  spotlight(c, centre + rand.range(-0.15, 0.15) * w, centre, floorY, w * 0.2, c.p.light, 0.32);
  if (rand.chance(0.7))
    spotlight(c, w * rand.range(0, 0.2), w * 0.2, floorY, w * 0.12, c.p.light2, 0.18);
  if (rand.chance(0.7))
    spotlight(c, w * rand.range(0.8, 1), w * 0.82, floorY, w * 0.12, c.p.light2, 0.18);
  floor(c, floorY);
  glow(c, centre, h * 0.35, c.unit * 0.45, c.unit * 0.45, c.p.light, 0.22);
  bokeh(c, 14, { x: 0, y: 0, w, h: h * 0.5 }, c.unit * 0.01, c.unit * 0.04, 0.35);
  const scale = (h * rand.range(0.72, 0.82)) / 1000;
  trombonist(c, centre, h * 1.08, scale, rand.chance(0.5) ? 1 : -1, rand.chance(0.6));
  bokeh(c, 6, { x: 0, y: h * 0.55, w, h: h * 0.45 }, c.unit * 0.05, c.unit * 0.11, 0.22);
  vignette(c);
}

function sceneBrass(c: Canvas): void {
  const { w, h, rand } = c;
  glow(c, w * rand.range(0.55, 0.75), h * 0.45, c.unit * 0.7, c.unit * 0.6, c.p.light, 0.28);
  glow(c, w * 0.2, h * 0.8, c.unit * 0.5, c.unit * 0.3, c.p.light2, 0.2);
  bokeh(c, 22, { x: 0, y: 0, w, h }, c.unit * 0.015, c.unit * 0.06, 0.4);
  // Big and close, cropped by the frame, but always with the bell in the picture.
  const scale = (Math.min(w, h * 1.15) * rand.range(0.92, 1.05)) / 1000;
  const angle = rand.range(-20, -8);
  const x = w * rand.range(-0.12, -0.02);
  const y = h * rand.range(0.62, 0.72);
  trombone(c, `translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${scale.toFixed(3)})`, 0.35);
  bokeh(c, 5, { x: 0, y: 0, w, h }, c.unit * 0.06, c.unit * 0.14, 0.18);
  vignette(c, 0.7);
}

function sceneBokeh(c: Canvas): void {
  const { w, h, rand } = c;
  haze(c, 3, c.p.light2);
  glow(
    c,
    w * rand.range(0.3, 0.7),
    h * rand.range(0.3, 0.6),
    c.unit * 0.6,
    c.unit * 0.5,
    c.p.light,
    0.2,
  );
  bokeh(c, 55, { x: 0, y: 0, w, h }, c.unit * 0.015, c.unit * 0.07, 0.5);
  staff(c, h * rand.range(0.55, 0.7), c.unit * 0.022, h * 0.05, c.p.metal, 0.35, 9);
  bokeh(c, 8, { x: 0, y: 0, w, h }, c.unit * 0.08, c.unit * 0.16, 0.2);
  vignette(c);
}

function sceneStaff(c: Canvas): void {
  const { w, h, rand } = c;
  glow(c, w * 0.5, h * 0.5, c.unit * 0.8, c.unit * 0.45, c.p.light, 0.18);
  const lines = rand.int(2, 3);
  for (let i = 0; i < lines; i++) {
    const gap = c.unit * rand.range(0.018, 0.03);
    staff(
      c,
      h * (0.2 + (i * 0.6) / lines) + rand.range(-20, 20),
      gap,
      h * 0.06,
      i === 1 ? c.p.metalHi : c.p.metal,
      rand.range(0.35, 0.6),
      rand.int(6, 11),
    );
  }
  bokeh(c, 24, { x: 0, y: 0, w, h }, c.unit * 0.01, c.unit * 0.05, 0.4);
  vignette(c);
}

function sceneEnsemble(c: Canvas): void {
  const { w, h, rand } = c;
  haze(c, 4, c.p.light2);
  const floorY = h * 0.78;
  const players = rand.int(4, 6);
  for (let i = 0; i < players; i++) {
    const x = ((i + 0.5) / players) * w;
    spotlight(
      c,
      x + rand.range(-40, 40),
      x,
      floorY,
      w / players / 1.6,
      i % 2 ? c.p.light : c.p.light2,
      0.16,
    );
  }
  floor(c, floorY);
  bokeh(c, 16, { x: 0, y: 0, w, h: h * 0.45 }, c.unit * 0.01, c.unit * 0.035, 0.35);
  for (let i = 0; i < players; i++) {
    const x = ((i + 0.5) / players) * w + rand.range(-15, 15);
    const scale = (h * rand.range(0.42, 0.5)) / 1000;
    if (i % 2 === 0)
      trombonist(c, x, floorY + h * 0.2, scale, i < players / 2 ? 1 : -1, rand.chance(0.4));
    else figure(c, x, floorY + h * 0.2, scale, rand.chance(0.4), c.p.light2);
    musicStand(c, x + (i % 2 ? 1 : -1) * w * 0.04, h * 1.02, h * 0.3);
  }
  vignette(c);
}

function sceneClub(c: Canvas): void {
  const { w, h, rand } = c;
  // The stage far away, glowing; candle-lit tables in the foreground.
  glow(c, w * 0.5, h * 0.38, w * 0.45, h * 0.3, c.p.light, 0.3);
  spotlight(c, w * 0.5, w * 0.5, h * 0.62, w * 0.1, c.p.light, 0.25);
  const stage = c.linear(0, 0, 0, 1, [
    [0, c.p.light2, 0.35],
    [1, "#050303", 1],
  ]);
  c.add(
    `<rect x="${f(w * 0.15)}" y="${f(h * 0.62)}" width="${f(w * 0.7)}" height="${f(h * 0.06)}" fill="${stage}"/>`,
  );
  trombonist(c, w * 0.5, h * 0.64, (h * 0.26) / 1000, rand.chance(0.5) ? 1 : -1, true);
  bokeh(c, 20, { x: 0, y: 0, w, h: h * 0.6 }, c.unit * 0.01, c.unit * 0.03, 0.4);
  const tables = rand.int(4, 6);
  for (let i = 0; i < tables; i++) {
    const x = ((i + 0.5) / tables) * w + rand.range(-30, 30);
    const y = h * rand.range(0.78, 0.9);
    const r = c.unit * rand.range(0.07, 0.1);
    c.add(
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 1.6)}" ry="${f(r * 0.35)}" fill="#0b0706" stroke="${c.p.light}" stroke-opacity="0.25" stroke-width="2"/>`,
    );
    glow(c, x, y - r * 0.25, r * 0.9, r * 0.6, c.p.light, 0.55);
    c.add(
      `<circle cx="${f(x)}" cy="${f(y - r * 0.2)}" r="${f(r * 0.08)}" fill="${c.p.metalHi}" opacity="0.9"/>`,
    );
  }
  vignette(c);
}

function sceneCity(c: Canvas): void {
  const { w, h, rand } = c;
  glow(c, w * rand.range(0.6, 0.85), h * 0.22, c.unit * 0.12, c.unit * 0.12, c.p.metalHi, 0.6);
  glow(c, w * 0.5, h * 0.7, w * 0.7, h * 0.3, c.p.light2, 0.25);
  bokeh(c, 12, { x: 0, y: 0, w, h: h * 0.5 }, c.unit * 0.004, c.unit * 0.012, 0.5);
  let x = -10;
  while (x < w) {
    const bw = rand.range(w * 0.04, w * 0.1);
    const bh = rand.range(h * 0.2, h * 0.55);
    const top = h * 0.86 - bh;
    c.add(
      `<rect x="${f(x)}" y="${f(top)}" width="${f(bw - 3)}" height="${f(bh + h)}" fill="#07050a"/>`,
    );
    for (let wy = top + 12; wy < h * 0.84; wy += 14) {
      for (let wx = x + 6; wx < x + bw - 10; wx += 11) {
        if (rand.chance(0.12)) {
          c.add(
            `<rect x="${f(wx)}" y="${f(wy)}" width="5" height="7" fill="${c.p.light}" opacity="${rand.range(0.4, 0.9).toFixed(2)}"/>`,
          );
        }
      }
    }
    x += bw;
  }
  floor(c, h * 0.86);
  bokeh(c, 10, { x: 0, y: h * 0.8, w, h: h * 0.2 }, c.unit * 0.03, c.unit * 0.08, 0.35);
  vignette(c, 0.6);
}

/** Heads and shoulders from behind, a row of them, rim-lit by the stage. */
function audience(c: Canvas, baseY: number, size: number, count: number, raised = 0): void {
  for (let i = 0; i < count; i++) {
    const x = ((i + c.rand.range(0.1, 0.9)) / count) * c.w;
    const s = size * c.rand.range(0.85, 1.15);
    const y = baseY + c.rand.range(-0.15, 0.15) * s;
    const shoulders = `M${f(x - s)} ${f(y + s * 1.4)} C${f(x - s)} ${f(y + s * 0.2)} ${f(x - s * 0.55)} ${f(y)} ${f(x)} ${f(y)} C${f(x + s * 0.55)} ${f(y)} ${f(x + s)} ${f(y + s * 0.2)} ${f(x + s)} ${f(y + s * 1.4)} Z`;
    if (c.rand.chance(raised)) {
      // An arm in the air.
      const side = c.rand.chance(0.5) ? 1 : -1;
      c.add(
        `<path d="M${f(x + side * s * 0.6)} ${f(y + s * 0.3)} L${f(x + side * s * 0.9)} ${f(y - s * 1.5)}" stroke="#030203" stroke-width="${f(s * 0.28)}" stroke-linecap="round"/>`,
      );
    }
    c.add(
      `<path d="${shoulders}" fill="#030203" stroke="${c.p.light}" stroke-opacity="0.3" stroke-width="${f(s * 0.05)}"/>` +
        `<ellipse cx="${f(x)}" cy="${f(y - s * 0.45)}" rx="${f(s * 0.36)}" ry="${f(s * 0.44)}" fill="#030203" stroke="${c.p.light}" stroke-opacity="0.35" stroke-width="${f(s * 0.05)}"/>`,
    );
  }
}

/** A beam of light from a point, fanning out: stage lights seen through haze. */
function beam(
  c: Canvas,
  x: number,
  y: number,
  angle: number,
  length: number,
  width: number,
  color: string,
  opacity: number,
): void {
  const rad = (angle * Math.PI) / 180;
  const ex = x + Math.sin(rad) * length;
  const ey = y - Math.cos(rad) * length;
  const nx = Math.cos(rad) * width;
  const ny = Math.sin(rad) * width;
  const fill = c.linear(
    x,
    y,
    ex,
    ey,
    [
      [0, color, opacity],
      [1, color, 0],
    ],
    true,
  );
  c.add(
    `<path d="M${f(x)} ${f(y)} L${f(ex + nx)} ${f(ey + ny)} L${f(ex - nx)} ${f(ey - ny)} Z" fill="${fill}"/>`,
  );
}

/** A packed room seen from the back: the band far off in a wash of light, the crowd close. */
function sceneCrowd(c: Canvas): void {
  const { w, h, rand } = c;
  haze(c, 5, c.p.light2);
  const stageY = h * 0.55;
  glow(c, w * 0.5, stageY - h * 0.1, w * 0.55, h * 0.3, c.p.light, 0.4);
  const beams = rand.int(5, 8);
  for (let i = 0; i < beams; i++) {
    const x = ((i + 0.5) / beams) * w;
    beam(
      c,
      x,
      -h * 0.02,
      180 + rand.range(-25, 25),
      h * 0.75,
      w * 0.05,
      i % 2 ? c.p.light : c.p.light2,
      0.22,
    );
  }
  c.add(
    `<rect x="${f(w * 0.1)}" y="${f(stageY)}" width="${f(w * 0.8)}" height="${f(h * 0.05)}" fill="#0a0605"/>`,
  );
  const players = rand.int(3, 5);
  for (let i = 0; i < players; i++) {
    const x = w * (0.25 + (0.5 * (i + 0.5)) / players);
    if (i === Math.floor(players / 2))
      trombonist(c, x, stageY + h * 0.02, (h * 0.2) / 1000, 1, true);
    else figure(c, x, stageY + h * 0.02, (h * 0.17) / 1000, rand.chance(0.3), c.p.light2);
  }
  bokeh(c, 18, { x: 0, y: 0, w, h: h * 0.5 }, c.unit * 0.008, c.unit * 0.03, 0.4);
  audience(c, h * 0.74, c.unit * 0.07, 11, 0.25);
  audience(c, h * 0.86, c.unit * 0.1, 8, 0.3);
  audience(c, h * 1.0, c.unit * 0.14, 6, 0.15);
  vignette(c, 0.65);
}

/** A grand piano on the left, an upright bass on the right, the horn in the light between. */
function sceneTrio(c: Canvas): void {
  const { w, h, rand } = c;
  haze(c, 3, c.p.light2);
  const floorY = h * 0.8;
  spotlight(c, w * 0.5, w * 0.5, floorY, w * 0.16, c.p.light, 0.3);
  spotlight(c, w * 0.15, w * 0.2, floorY, w * 0.12, c.p.light2, 0.2);
  spotlight(c, w * 0.85, w * 0.8, floorY, w * 0.1, c.p.light2, 0.2);
  floor(c, floorY);
  bokeh(c, 16, { x: 0, y: 0, w, h: h * 0.45 }, c.unit * 0.01, c.unit * 0.04, 0.35);
  // Grand piano, lid up, in silhouette.
  const p = (h * 0.5) / 300;
  const px = w * rand.range(0.04, 0.1);
  c.add(
    `<g transform="translate(${f(px)} ${f(floorY - 190 * p)}) scale(${p.toFixed(3)})" fill="#050304" stroke="${c.p.light}" stroke-opacity="0.4" stroke-width="2">` +
      `<path d="M0 60 H300 C360 60 390 90 370 120 C350 140 300 130 260 150 L0 150 Z"/>` +
      `<path d="M20 60 L250 -40 L262 -30 L60 60 Z"/>` +
      `<path d="M30 150 V190 M250 150 V190 M340 125 V185" stroke="#050304" stroke-width="12"/>` +
      `</g>`,
  );
  // Upright bass leaning towards the centre.
  const b = (h * 0.85) / 1000;
  const bx = w * rand.range(0.8, 0.86);
  c.add(
    `<g transform="translate(${f(bx)} ${f(floorY)}) rotate(-12) scale(${b.toFixed(3)})" fill="#140a07" stroke="${c.p.light}" stroke-opacity="0.55" stroke-width="5">` +
      `<path d="M0 -40 C-150 -40 -170 -170 -110 -260 C-90 -300 -140 -340 -110 -400 C-80 -460 80 -460 110 -400 C140 -340 90 -300 110 -260 C170 -170 150 -40 0 -40 Z"/>` +
      `<path d="M0 -420 V-960" stroke="#050304" stroke-width="26"/>` +
      `<path d="M-10 -980 C-40 -990 -40 -1030 -10 -1030" fill="none" stroke-width="14"/>` +
      `<path d="M-6 -40 V0" stroke="#050304" stroke-width="10"/>` +
      `</g>`,
  );
  trombonist(c, w * 0.5, h * 1.05, (h * 0.62) / 1000, rand.chance(0.5) ? 1 : -1, false);
  vignette(c, 0.7);
}

/** Music stands and chairs set out in rows with parts on them; empty, or with young players. */
function sceneStands(c: Canvas, players: boolean): void {
  const { w, h, rand } = c;
  glow(c, w * rand.range(0.3, 0.7), h * 0.25, w * 0.5, h * 0.3, c.p.light, 0.3);
  // Tall windows of a recital hall.
  for (let i = 0; i < 4; i++) {
    const x = w * (0.12 + i * 0.22);
    const fill = c.linear(0, 0, 0, 1, [
      [0, c.p.light2, 0.35],
      [1, c.p.light2, 0.05],
    ]);
    c.add(
      `<path d="M${f(x)} ${f(h * 0.5)} V${f(h * 0.15)} A${f(w * 0.05)} ${f(w * 0.05)} 0 0 1 ${f(x + w * 0.1)} ${f(h * 0.15)} V${f(h * 0.5)} Z" fill="${fill}"/>`,
    );
  }
  floor(c, h * 0.5);
  bokeh(c, 10, { x: 0, y: 0, w, h: h * 0.4 }, c.unit * 0.01, c.unit * 0.03, 0.3);
  const rows = 3;
  for (let r = 0; r < rows; r++) {
    const depth = (r + 1) / rows; // 1 = nearest
    const y = h * (0.58 + 0.16 * r + 0.04 * r * r);
    const size = h * (0.14 + 0.16 * depth);
    const count = 6 - r;
    for (let i = 0; i < count; i++) {
      const x = ((i + 0.5 + (r % 2) * 0.3) / count) * w;
      // A chair, then the stand with a lit part on it.
      c.add(
        `<path d="M${f(x - size * 0.25)} ${f(y)} V${f(y - size * 0.45)} H${f(x + size * 0.05)} M${f(x - size * 0.25)} ${f(y - size * 0.2)} H${f(x + size * 0.1)} V${f(y)}" stroke="#0b0706" stroke-width="${f(size * 0.04)}" fill="none"/>`,
      );
      if (players)
        figure(c, x - size * 0.1, y + size * 0.9, (size * 1.2) / 1000, false, c.p.light2);
      musicStand(c, x + size * 0.3, y + size * 0.05, size);
      const top = y + size * 0.05 - size;
      c.add(
        `<rect x="${f(x + size * 0.14)}" y="${f(top + size * 0.02)}" width="${f(size * 0.32)}" height="${f(size * 0.2)}" fill="${c.p.metalHi}" opacity="0.55"/>`,
      );
      for (let l = 0; l < 3; l++) {
        c.add(
          `<path d="M${f(x + size * 0.16)} ${f(top + size * (0.06 + l * 0.05))} H${f(x + size * 0.44)}" stroke="${c.p.metalLo}" stroke-width="${f(Math.max(0.6, size * 0.006))}"/>`,
        );
      }
    }
  }
  trombone(
    c,
    `translate(${f(w * 0.55)} ${f(h * 0.97)}) rotate(-4) scale(${((h * 0.35) / 1000).toFixed(3)})`,
    0.3,
  );
  vignette(c, 0.65);
}

/** An open-air stage at night: a lit roof, beams into the sky, string lights and the crowd. */
function sceneFestival(c: Canvas): void {
  const { w, h, rand } = c;
  for (let i = 0; i < 60; i++) {
    c.add(
      `<circle cx="${f(rand.range(0, w))}" cy="${f(rand.range(0, h * 0.45))}" r="${f(rand.range(0.6, 1.8))}" fill="#fff" opacity="${rand.range(0.2, 0.7).toFixed(2)}"/>`,
    );
  }
  // Trees along the river, in silhouette.
  let x = -20;
  while (x < w) {
    const r = rand.range(h * 0.08, h * 0.16);
    c.add(`<circle cx="${f(x)}" cy="${f(h * 0.62 - r * 0.3)}" r="${f(r)}" fill="#030405"/>`);
    x += r * 1.3;
  }
  const cx = w * rand.range(0.4, 0.6);
  const sw = w * 0.42;
  const roofY = h * 0.3;
  const deckY = h * 0.62;
  for (let i = 0; i < 6; i++) {
    beam(
      c,
      cx + (i - 2.5) * sw * 0.15,
      roofY + h * 0.02,
      rand.range(-40, 40),
      h * 0.6,
      w * 0.025,
      i % 2 ? c.p.light : c.p.light2,
      0.28,
    );
  }
  glow(c, cx, deckY - h * 0.12, sw * 0.7, h * 0.22, c.p.light, 0.45);
  c.add(
    `<path d="M${f(cx - sw / 2)} ${f(roofY + h * 0.06)} L${f(cx - sw * 0.45)} ${f(roofY)} H${f(cx + sw * 0.45)} L${f(cx + sw / 2)} ${f(roofY + h * 0.06)} Z" fill="#070506" stroke="${c.p.light}" stroke-opacity="0.5" stroke-width="2"/>` +
      `<path d="M${f(cx - sw * 0.47)} ${f(roofY + h * 0.06)} V${f(deckY)} M${f(cx + sw * 0.47)} ${f(roofY + h * 0.06)} V${f(deckY)}" stroke="#070506" stroke-width="${f(w * 0.01)}"/>` +
      `<rect x="${f(cx - sw * 0.52)} " y="${f(deckY)}" width="${f(sw * 1.04)}" height="${f(h * 0.05)}" fill="#070506"/>`,
  );
  for (let i = 0; i < 5; i++) {
    const px = cx + (i - 2) * sw * 0.17;
    if (i === 2) trombonist(c, px, deckY + h * 0.01, (h * 0.22) / 1000, 1, true);
    else figure(c, px, deckY + h * 0.01, (h * 0.19) / 1000, false, c.p.light2);
  }
  // String lights swinging across the top of the picture.
  for (let s = 0; s < 2; s++) {
    const y0 = h * (0.06 + s * 0.1);
    const sag = h * 0.08;
    const at = (t: number) => [t * w, y0 + sag * 4 * t * (1 - t)] as const;
    c.add(
      `<path d="M0 ${f(y0)} Q${f(w / 2)} ${f(y0 + sag * 2)} ${f(w)} ${f(y0)}" stroke="#0a0807" stroke-width="2" fill="none"/>`,
    );
    for (let t = 0.03; t < 1; t += 0.05) {
      const [lx, ly] = at(t);
      glow(c, lx, ly + 4, c.unit * 0.02, c.unit * 0.02, c.p.metalHi, 0.6);
      c.add(
        `<circle cx="${f(lx)}" cy="${f(ly + 4)}" r="${f(c.unit * 0.005)}" fill="${c.p.metalHi}"/>`,
      );
    }
  }
  audience(c, h * 0.8, c.unit * 0.06, 14, 0.35);
  audience(c, h * 0.93, c.unit * 0.09, 10, 0.3);
  vignette(c, 0.55);
}

/** A concert hall from the stalls: the arch, curtains, the ensemble in light, rows of seats. */
function sceneHall(c: Canvas): void {
  const { w, h, rand } = c;
  const archW = w * 0.7;
  const left = (w - archW) / 2;
  const stageY = h * 0.62;
  glow(c, w * 0.5, h * 0.45, archW * 0.6, h * 0.35, c.p.light, 0.35);
  for (let i = 0; i < 5; i++) {
    const x = left + archW * (0.1 + i * 0.2);
    spotlight(c, x, x, stageY, archW * 0.08, i % 2 ? c.p.light : c.p.light2, 0.16);
  }
  c.add(
    `<rect x="${f(left)}" y="${f(stageY)}" width="${f(archW)}" height="${f(h * 0.04)}" fill="#0c0807"/>`,
  );
  const players = rand.int(6, 9);
  for (let i = 0; i < players; i++) {
    const x = left + archW * ((i + 0.5) / players);
    figure(c, x, stageY + h * 0.01, (h * rand.range(0.13, 0.16)) / 1000, false, c.p.light2);
    musicStand(c, x + archW * 0.03, stageY + h * 0.02, h * 0.09);
  }
  // Curtains in folds, and the dark wall with its arch.
  const fold = c.linear(0, 0, 1, 0, [
    [0, c.p.light2, 0.15],
    [0.5, c.p.light2, 0.5],
    [1, c.p.light2, 0.15],
  ]);
  for (let i = 0; i < 4; i++) {
    const cw = archW * 0.035;
    c.add(
      `<rect x="${f(left + i * cw)}" y="${f(h * 0.12)}" width="${f(cw)}" height="${f(stageY - h * 0.12)}" fill="${fold}"/>`,
    );
    c.add(
      `<rect x="${f(left + archW - (i + 1) * cw)}" y="${f(h * 0.12)}" width="${f(cw)}" height="${f(stageY - h * 0.12)}" fill="${fold}"/>`,
    );
  }
  c.add(
    `<path d="M0 0 H${w} V${h} H0 Z M${f(left)} ${f(h * 0.72)} V${f(h * 0.25)} Q${f(w / 2)} ${f(h * 0.02)} ${f(left + archW)} ${f(h * 0.25)} V${f(h * 0.72)} Z" fill="#060405" fill-rule="evenodd"/>` +
      `<path d="M${f(left)} ${f(h * 0.72)} V${f(h * 0.25)} Q${f(w / 2)} ${f(h * 0.02)} ${f(left + archW)} ${f(h * 0.25)} V${f(h * 0.72)}" fill="none" stroke="${c.p.metal}" stroke-opacity="0.55" stroke-width="${f(c.unit * 0.012)}"/>`,
  );
  // Rows of seat backs, curving towards the stage.
  for (let r = 0; r < 4; r++) {
    const y = h * (0.74 + r * 0.075);
    const size = c.unit * (0.03 + r * 0.012);
    for (let x = -size; x < w + size; x += size * 2.3) {
      const cy = y - Math.cos(((x - w / 2) / w) * Math.PI) * h * 0.02;
      c.add(
        roundedRect(
          x,
          cy,
          size * 2,
          size * 1.4,
          size * 0.5,
          `fill="#0a0506" stroke="${c.p.light2}" stroke-opacity="0.4" stroke-width="1.5"`,
        ),
      );
    }
  }
  vignette(c, 0.6);
}

function sceneVinyl(c: Canvas): void {
  const { w, h, rand } = c;
  glow(c, w * 0.5, h * 0.5, c.unit * 0.7, c.unit * 0.7, c.p.light2, 0.25);
  const cx = w * rand.range(0.45, 0.6);
  const cy = h * 0.52;
  const r = c.unit * 0.4;
  c.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#060506"/>`);
  for (let g = r * 0.38; g < r * 0.97; g += r * 0.025) {
    c.add(
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(g)}" fill="none" stroke="#1b1512" stroke-width="1.2"/>`,
    );
  }
  const sheen = c.linear(0, 0, 1, 1, [
    [0, c.p.light, 0],
    [0.45, c.p.light, 0.22],
    [0.55, c.p.light, 0],
    [1, c.p.light, 0],
  ]);
  c.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${sheen}"/>`);
  const label = c.radial([
    [0, c.p.metalHi, 1],
    [1, c.p.metal, 1],
  ]);
  c.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.32)}" fill="${label}"/>`);
  emblem(c, cx, cy, r * 0.42, c.p.metalLo);
  c.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.025)}" fill="#060506"/>`);
  bokeh(c, 12, { x: 0, y: 0, w, h }, c.unit * 0.01, c.unit * 0.04, 0.35);
  vignette(c, 0.6);
}

function sceneWaves(c: Canvas): void {
  const { w, h, rand } = c;
  glow(c, w * 0.5, h * 0.5, c.unit * 0.7, c.unit * 0.4, c.p.light, 0.22);
  const bars = 48;
  const barW = w / bars;
  for (let i = 0; i < bars; i++) {
    const env = Math.sin((i / bars) * Math.PI) ** 0.7;
    const amp = h * 0.32 * env * rand.range(0.25, 1);
    const color = i % 3 === 0 ? c.p.metalHi : c.p.metal;
    c.add(
      roundedRect(
        i * barW + barW * 0.2,
        h * 0.5 - amp,
        barW * 0.6,
        amp * 2,
        barW * 0.3,
        `fill="${color}" opacity="${rand.range(0.5, 0.95).toFixed(2)}"`,
      ),
    );
  }
  staff(c, h * 0.78, c.unit * 0.014, h * 0.02, c.p.metal, 0.3, 7);
  bokeh(c, 16, { x: 0, y: 0, w, h }, c.unit * 0.01, c.unit * 0.05, 0.3);
  vignette(c, 0.65);
}

function productBackdrop(c: Canvas): void {
  glow(c, c.w * 0.5, c.h * 0.42, c.unit * 0.65, c.unit * 0.55, c.p.light, 0.22);
  glow(c, c.w * 0.5, c.h * 0.9, c.unit * 0.55, c.unit * 0.12, "#000000", 0.6);
  bokeh(c, 10, { x: 0, y: 0, w: c.w, h: c.h * 0.6 }, c.unit * 0.01, c.unit * 0.04, 0.3);
}

function sceneDisc(c: Canvas): void {
  productBackdrop(c);
  const { w, h, unit } = c;
  // A jewel case behind, the disc sliding out of it.
  c.add(
    roundedRect(
      w * 0.16,
      h * 0.2,
      unit * 0.5,
      unit * 0.5,
      6,
      `fill="#0c0908" stroke="${c.p.metal}" stroke-opacity="0.5" stroke-width="3"`,
    ),
  );
  const cover = c.linear(0, 0, 1, 1, [
    [0, c.p.light2, 0.9],
    [1, c.p.bgTop, 1],
  ]);
  c.add(roundedRect(w * 0.18, h * 0.22, unit * 0.46, unit * 0.46, 4, `fill="${cover}"`));
  emblem(c, w * 0.18 + unit * 0.23, h * 0.22 + unit * 0.23, unit * 0.22, c.p.metalHi);
  const disc = c.linear(0, 0, 1, 1, [
    [0, c.p.metalHi, 1],
    [0.35, c.p.metal, 1],
    [0.5, "#f7e6c4", 1],
    [0.7, c.p.metal, 1],
    [1, c.p.metalLo, 1],
  ]);
  const cx = w * 0.62;
  const cy = h * 0.55;
  c.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(unit * 0.27)}" fill="${disc}"/>`);
  c.add(
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(unit * 0.09)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>`,
  );
  c.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(unit * 0.04)}" fill="${c.p.bgTop}"/>`);
  vignette(c, 0.55);
}

function sceneCassette(c: Canvas): void {
  productBackdrop(c);
  const { w, h, unit } = c;
  const cw = unit * 0.7;
  const ch = cw * 0.63;
  const x = (w - cw) / 2;
  const y = (h - ch) / 2;
  const body = c.linear(0, 0, 0, 1, [
    [0, "#1d1410", 1],
    [1, "#0b0807", 1],
  ]);
  c.add(
    roundedRect(
      x,
      y,
      cw,
      ch,
      cw * 0.04,
      `fill="${body}" stroke="${c.p.metal}" stroke-opacity="0.6" stroke-width="3"`,
    ),
  );
  c.add(
    roundedRect(x + cw * 0.07, y + ch * 0.1, cw * 0.86, ch * 0.5, cw * 0.02, `fill="${c.p.metal}"`),
  );
  c.add(
    roundedRect(x + cw * 0.25, y + ch * 0.25, cw * 0.5, ch * 0.22, ch * 0.11, `fill="#120d0b"`),
  );
  for (const sx of [0.35, 0.65]) {
    c.add(
      `<circle cx="${f(x + cw * sx)}" cy="${f(y + ch * 0.36)}" r="${f(ch * 0.08)}" fill="${c.p.metalHi}" stroke="#120d0b" stroke-width="4"/>`,
    );
  }
  c.add(
    `<path d="M${f(x + cw * 0.2)} ${f(y + ch)} L${f(x + cw * 0.27)} ${f(y + ch * 0.74)} H${f(x + cw * 0.73)} L${f(x + cw * 0.8)} ${f(y + ch)}" fill="#0d0907" stroke="${c.p.metal}" stroke-opacity="0.5" stroke-width="2"/>`,
  );
  vignette(c, 0.55);
}

function sceneSheet(c: Canvas): void {
  productBackdrop(c);
  const { w, h, unit, rand } = c;
  const pw = unit * 0.56;
  const ph = pw * 1.29;
  for (let i = 2; i >= 0; i--) {
    const x = w / 2 - pw / 2 + i * unit * 0.035;
    const y = h / 2 - ph / 2 - i * unit * 0.02;
    const rot = (i - 1) * 4 + rand.range(-1.5, 1.5);
    c.add(`<g transform="rotate(${f(rot)} ${f(w / 2)} ${f(h / 2)})">`);
    c.add(
      roundedRect(
        x,
        y,
        pw,
        ph,
        3,
        `fill="${i === 0 ? "#f3e7cf" : "#d9c8a6"}" stroke="#5b4630" stroke-opacity="0.4"`,
      ),
    );
    if (i === 0) {
      c.add(roundedRect(x + pw * 0.25, y + ph * 0.06, pw * 0.5, ph * 0.025, 2, `fill="#3b2a1b"`));
      c.add(roundedRect(x + pw * 0.6, y + ph * 0.11, pw * 0.28, ph * 0.012, 2, `fill="#6b563d"`));
      for (let s = 0; s < 8; s++) {
        const sy = y + ph * (0.18 + s * 0.095);
        for (let l = 0; l < 5; l++) {
          c.add(
            `<line x1="${f(x + pw * 0.08)}" x2="${f(x + pw * 0.92)}" y1="${f(sy + l * ph * 0.011)}" y2="${f(sy + l * ph * 0.011)}" stroke="#3b2a1b" stroke-width="1"/>`,
          );
        }
        for (let n = 0; n < 8; n++) {
          const nx = x + pw * (0.16 + n * 0.1);
          const ny = sy + rand.int(0, 8) * ph * 0.0055;
          c.add(
            `<ellipse cx="${f(nx)}" cy="${f(ny)}" rx="${f(pw * 0.013)}" ry="${f(pw * 0.009)}" fill="#2a1d12" transform="rotate(-20 ${f(nx)} ${f(ny)})"/>`,
          );
          c.add(
            `<line x1="${f(nx + pw * 0.012)}" x2="${f(nx + pw * 0.012)}" y1="${f(ny)}" y2="${f(ny - ph * 0.035)}" stroke="#2a1d12" stroke-width="1.2"/>`,
          );
        }
      }
    }
    c.add(`</g>`);
  }
  glow(c, w * 0.3, h * 0.2, unit * 0.4, unit * 0.3, c.p.light, 0.15);
  vignette(c, 0.5);
}

function sceneTshirt(c: Canvas): void {
  productBackdrop(c);
  const { w, h, unit } = c;
  const s = unit / 1000;
  const cloth = c.linear(0, 0, 0, 1, [
    [0, "#1c1816", 1],
    [1, "#0a0807", 1],
  ]);
  c.add(
    `<path transform="translate(${f(w / 2)} ${f(h * 0.14)}) scale(${s.toFixed(3)})" d="M-110 0 C-80 40 80 40 110 0 L300 90 L250 260 L170 225 L170 720 L-170 720 L-170 225 L-250 260 L-300 90 Z" fill="${cloth}" stroke="${c.p.metal}" stroke-opacity="0.35" stroke-width="4"/>`,
  );
  emblem(c, w / 2, h * 0.14 + 300 * s, 210 * s, c.p.metal);
  vignette(c, 0.5);
}

function sceneMug(c: Canvas): void {
  productBackdrop(c);
  const { w, h, unit } = c;
  const mw = unit * 0.42;
  const mh = unit * 0.5;
  const x = w / 2 - mw / 2 - unit * 0.05;
  const y = h / 2 - mh / 2;
  const body = c.linear(0, 0, 1, 0, [
    [0, "#0b0908", 1],
    [0.3, "#2a221d", 1],
    [1, "#0b0908", 1],
  ]);
  c.add(
    `<path d="M${f(x + mw)} ${f(y + mh * 0.22)} C${f(x + mw + unit * 0.2)} ${f(y + mh * 0.2)} ${f(x + mw + unit * 0.2)} ${f(y + mh * 0.72)} ${f(x + mw)} ${f(y + mh * 0.7)}" fill="none" stroke="#1d1814" stroke-width="${f(unit * 0.04)}"/>`,
  );
  c.add(
    roundedRect(
      x,
      y,
      mw,
      mh,
      unit * 0.03,
      `fill="${body}" stroke="${c.p.metal}" stroke-opacity="0.3" stroke-width="3"`,
    ),
  );
  c.add(
    `<ellipse cx="${f(x + mw / 2)}" cy="${f(y + 4)}" rx="${f(mw / 2)}" ry="${f(unit * 0.03)}" fill="#060504" stroke="${c.p.metal}" stroke-opacity="0.4" stroke-width="2"/>`,
  );
  emblem(c, x + mw / 2, y + mh * 0.52, mw * 0.55, c.p.metal);
  glow(c, x + mw / 2, y - unit * 0.08, unit * 0.08, unit * 0.12, "#ffffff", 0.08);
  vignette(c, 0.5);
}

function sceneTote(c: Canvas): void {
  productBackdrop(c);
  const { w, h, unit } = c;
  const bw = unit * 0.5;
  const bh = unit * 0.55;
  const x = w / 2 - bw / 2;
  const y = h * 0.32;
  c.add(
    `<path d="M${f(x + bw * 0.2)} ${f(y)} C${f(x + bw * 0.2)} ${f(y - unit * 0.22)} ${f(x + bw * 0.8)} ${f(y - unit * 0.22)} ${f(x + bw * 0.8)} ${f(y)}" fill="none" stroke="#cdb48c" stroke-width="${f(unit * 0.025)}"/>`,
  );
  c.add(
    `<path d="M${f(x)} ${f(y)} H${f(x + bw)} L${f(x + bw * 1.04)} ${f(y + bh)} H${f(x - bw * 0.04)} Z" fill="#d8c29b" stroke="#8f7752" stroke-width="2"/>`,
  );
  emblem(c, w / 2, y + bh * 0.5, bw * 0.55, "#1a120c");
  vignette(c, 0.5);
}

function scenePin(c: Canvas): void {
  productBackdrop(c);
  const { w, h, unit } = c;
  const enamel = c.radial([
    [0, c.p.light2, 1],
    [1, "#120a08", 1],
  ]);
  c.add(
    `<circle cx="${f(w / 2)}" cy="${f(h / 2)}" r="${f(unit * 0.26)}" fill="${enamel}" stroke="${c.p.metalHi}" stroke-width="${f(unit * 0.02)}"/>`,
  );
  emblem(c, w / 2, h / 2, unit * 0.4, c.p.metalHi);
  glow(c, w * 0.42, h * 0.4, unit * 0.08, unit * 0.05, "#ffffff", 0.3);
  vignette(c, 0.5);
}

function scenePoster(c: Canvas): void {
  productBackdrop(c);
  const { w, h, unit, rand } = c;
  const pw = unit * 0.55;
  const ph = pw * 1.4;
  const x = w / 2 - pw / 2;
  const y = h / 2 - ph / 2;
  const paper = c.linear(0, 0, 0, 1, [
    [0, c.p.light2, 1],
    [0.55, c.p.bgBottom, 1],
    [1, "#050303", 1],
  ]);
  c.add(roundedRect(x, y, pw, ph, 2, `fill="${paper}" stroke="${c.p.metal}" stroke-width="3"`));
  c.add(
    `<circle cx="${f(w / 2)}" cy="${f(y + ph * 0.38)}" r="${f(pw * 0.3)}" fill="${c.p.light}" opacity="0.85"/>`,
  );
  figure(c, w / 2, y + ph * 0.85, (ph * 0.6) / 1000, rand.chance(0.5), c.p.metalHi);
  for (let i = 0; i < 3; i++) {
    c.add(
      roundedRect(
        x + pw * 0.15,
        y + ph * (0.86 + i * 0.035),
        pw * (0.7 - i * 0.15),
        ph * 0.014,
        2,
        `fill="${c.p.metal}" opacity="0.8"`,
      ),
    );
  }
  vignette(c, 0.5);
}

const SCENES: Record<ArtScene, (c: Canvas) => void> = {
  stage: sceneStage,
  brass: sceneBrass,
  bokeh: sceneBokeh,
  staff: sceneStaff,
  ensemble: sceneEnsemble,
  club: sceneClub,
  city: sceneCity,
  crowd: sceneCrowd,
  trio: sceneTrio,
  stands: (c) => sceneStands(c, false),
  clinic: (c) => sceneStands(c, true),
  festival: sceneFestival,
  hall: sceneHall,
  vinyl: sceneVinyl,
  waves: sceneWaves,
  disc: sceneDisc,
  cassette: sceneCassette,
  sheet: sceneSheet,
  tshirt: sceneTshirt,
  mug: sceneMug,
  tote: sceneTote,
  pin: scenePin,
  poster: scenePoster,
};

/** Composes one picture as an SVG document. */
export function renderArtSvg(spec: ArtSpec): string {
  const canvas = new Canvas(
    spec.width,
    spec.height,
    createRandom(`${spec.scene}:${spec.seed}`),
    PALETTES[spec.palette],
  );
  background(canvas);
  SCENES[spec.scene](canvas);
  return canvas.toString();
}

// ---------------------------------------------------------------------------
// Small static marks shipped in public/
// ---------------------------------------------------------------------------

/** A quiet dark-and-gold placeholder for missing images (any aspect ratio). */
export function placeholderSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice">
  <defs>
    <radialGradient id="l" cx="50%" cy="42%" r="65%">
      <stop offset="0" stop-color="#f6b94a" stop-opacity=".22"/>
      <stop offset="1" stop-color="#f6b94a" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="b" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b0908"/>
      <stop offset="1" stop-color="#17100a"/>
    </linearGradient>
  </defs>
  <rect width="400" height="300" fill="url(#b)"/>
  <rect width="400" height="300" fill="url(#l)"/>
  <g fill="none" stroke="#d9a441" stroke-linecap="round" opacity=".55" transform="translate(200 140)">
    <circle r="46" stroke-width="3"/>
    <path d="M-30 10 H20 A7 7 0 0 0 20 -4 H-15 C-25 -4 -29 -15 -20 -20 H5 C15 -20 20 -26 22 -33" stroke-width="4"/>
    <path d="M22 -33 C25 -20 35 -15 39 -14 M22 -33 C18 -21 10 -17 6 -16" stroke-width="3"/>
  </g>
  <g stroke="#d9a441" opacity=".25">
    <path d="M80 232 H320 M80 240 H320 M80 248 H320 M80 256 H320 M80 264 H320"/>
  </g>
</svg>
`;
}

/** The site icon: a gold S drawn as a trombone slide curve, on a dark tile. */
export function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffe29a"/>
      <stop offset=".55" stop-color="#e0a83f"/>
      <stop offset="1" stop-color="#a8661c"/>
    </linearGradient>
  </defs>
  <rect width="64" height="64" rx="14" fill="#0f0d0b"/>
  <path d="M44 17 C40 12 24 11 20 19 C16 27 26 30 32 32 C38 34 48 37 44 45 C40 53 24 52 19 46" fill="none" stroke="url(#g)" stroke-width="6.5" stroke-linecap="round"/>
  <path d="M44 17 C47 13 50 11 53 11 M19 46 C16 50 13 52 10 52" fill="none" stroke="url(#g)" stroke-width="3.5" stroke-linecap="round"/>
</svg>
`;
}
