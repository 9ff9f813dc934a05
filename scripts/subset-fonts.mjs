/* global process, console */
/**
 * Makes the shipped web fonts (public/fonts) from the full Google Fonts "latin" variable
 * files: the same characters, only the weights and OpenType features the site uses.
 * Inter 48 KB → 28 KB, Playfair Display 38 KB → 33 KB each (woff2). decisions/012.
 *
 * The sources are the files this project first shipped (git show ca0733a:public/fonts/…).
 * Run, with subset-font installed beside the project (not a dependency: it is run once):
 *
 *   npm install --no-save subset-font@2.9.0
 *   node scripts/subset-fonts.mjs <folder with the three source .woff2 files>
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const sourceDir = process.argv[2];
if (!sourceDir) {
  console.error("Usage: node scripts/subset-fonts.mjs <source folder>");
  process.exit(1);
}

// Google Fonts' "latin" range: Basic Latin, Latin-1, a few spacing marks, general
// punctuation, euro, trade mark, arrows and minus, so any text the artist types in a
// Western European language keeps the site's fonts.
const RANGES = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];
const text = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join("");

// Shaping basics, plus the figure styles the CSS asks for (tabular-nums on prices).
const FEATURES = [
  "kern",
  "liga",
  "calt",
  "ccmp",
  "locl",
  "mark",
  "mkmk",
  "case",
  "tnum",
  "lnum",
  "pnum",
];
// The site sets text in 400 (normal) to 700 (bold); nothing lighter or heavier.
const WEIGHTS = { min: 400, max: 700 };

for (const name of [
  "inter-latin-var",
  "playfair-display-latin-var",
  "playfair-display-latin-var-italic",
]) {
  const source = readFileSync(path.join(sourceDir, `${name}.woff2`));
  const subset = await subsetFont(source, text, {
    targetFormat: "woff2",
    keepFeatures: FEATURES,
    variationAxes: { wght: WEIGHTS },
  });
  writeFileSync(path.join("public/fonts", `${name}.woff2`), subset);
  console.log(`${name}.woff2: ${source.length} → ${subset.length} bytes`);
}
