/**
 * The colours of a newsletter letter, made from the site's active theme (issue 22:
 * "a dark-mode-safe palette from the site theme"; decision 038).
 *
 * Mail clients cannot read the site's CSS variables or `color-mix()`, so the letter gets
 * plain hex colours worked out here, the way the site's own stylesheet makes them
 * (app/tailwind-theme.css): the page is the theme's background, a panel is the card
 * colour (background mixed with 6 % of the text colour in Oklab), muted text is the text
 * colour mixed with 32 % of the background, links and buttons are the primary colour
 * with the background as their text, borders the border colour.
 *
 * Dark-mode safe: the letter says `color-scheme: dark` and is dark already, so a client's
 * dark mode has nothing to invert. A light theme is turned round (its text colour becomes
 * the page, its background the text), and a page that is still not dark enough is
 * darkened. Readable: every pair of text and background is moved, as little as needed,
 * until it reaches WCAG AA (4.5:1). Pure; the editor's preview runs it in the browser.
 */
import { hslToRgb, parseHsl, WCAG_AA_CONTRAST } from "../../content/theme/theme-color";
import { themeCssVariables, type ThemeDefinition } from "../../content/theme/theme";

export interface LetterPalette {
  /** Behind the letter. */
  page: string;
  /** The letter itself, and its cards' frame. */
  panel: string;
  text: string;
  /** Secondary text: card details, the footer. */
  muted: string;
  /** Links, buttons, the site's name. */
  accent: string;
  /** Text on an accent button. */
  accentText: string;
  border: string;
}

/** The brightest a letter's page may be (WCAG relative luminance; #2f2f2f is about 0.03). */
export const LETTER_PAGE_MAX_LUMINANCE = 0.03;

type Rgb = readonly [number, number, number];

const WHITE: Rgb = [1, 1, 1];
const BLACK: Rgb = [0, 0, 0];

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** WCAG 2 relative luminance of an sRGB colour (channels 0..1). */
export function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map(toLinear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastOf(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toOklab(rgb: Rgb): Rgb {
  const [r, g, b] = rgb.map(toLinear) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function fromOklab([L, a, b]: Rgb): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return linear.map((c) => Math.min(1, Math.max(0, fromLinear(Math.max(0, c))))) as unknown as Rgb;
}

/** `color-mix(in oklab, a (1 - t), b t)`, rounded to whole 8-bit channels as hex will be. */
function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const [x, y] = [toOklab(a), toOklab(b)];
  return round(fromOklab([0, 1, 2].map((i) => x[i]! * (1 - t) + y[i]! * t) as unknown as Rgb));
}

const round = (rgb: Rgb): Rgb => rgb.map((c) => Math.round(c * 255) / 255) as unknown as Rgb;

/** The first colour from `start` towards `target` (in steps of 2 %) that passes `ok`. */
function nearestPassing(start: Rgb, target: Rgb, ok: (c: Rgb) => boolean): Rgb {
  for (let step = 0; step <= 50; step++) {
    const candidate = step === 0 ? start : mix(start, target, step / 50);
    if (ok(candidate)) return candidate;
  }
  return target;
}

const hex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

const EMPTY_THEME: ThemeDefinition = { name: "", colors: {}, typography: {}, animations: {} };

/** The letter's colours for a theme (null: the default theme). */
export function letterPalette(
  theme: Pick<ThemeDefinition, "colors"> | null | undefined,
): LetterPalette {
  // The theme as the site applies it: the defaults under anything missing or broken.
  const vars = themeCssVariables(theme ? { ...EMPTY_THEME, colors: theme.colors } : null);
  const color = (name: string): Rgb =>
    round(hslToRgb(parseHsl(vars[`--${name}`] ?? "")!).map((c) => c / 255) as unknown as Rgb);

  let page = color("background");
  let text = color("foreground");
  const turned = luminanceOf(page) > luminanceOf(text);
  if (turned) [page, text] = [text, page];
  page = nearestPassing(page, BLACK, (c) => luminanceOf(c) <= LETTER_PAGE_MAX_LUMINANCE);
  const panel = mix(page, text, 0.06);

  const readable = (c: Rgb) =>
    contrastOf(c, panel) >= WCAG_AA_CONTRAST && contrastOf(c, page) >= WCAG_AA_CONTRAST;
  text = nearestPassing(text, WHITE, readable);
  const muted = nearestPassing(mix(text, page, 0.32), text, readable);
  let accent = nearestPassing(color("primary"), WHITE, readable);
  const accentText = nearestPassing(page, BLACK, (c) => contrastOf(c, accent) >= WCAG_AA_CONTRAST);
  accent = nearestPassing(
    accent,
    WHITE,
    (c) => readable(c) && contrastOf(accentText, c) >= WCAG_AA_CONTRAST,
  );
  // A light theme's border was made for a light page: one from the letter's own colours.
  const border = turned ? mix(page, text, 0.2) : color("border");

  return {
    page: hex(page),
    panel: hex(panel),
    text: hex(text),
    muted: hex(muted),
    accent: hex(accent),
    accentText: hex(accentText),
    border: hex(border),
  };
}
