/**
 * Theme colours as the admin screen handles them: the spec's 'hue saturation%
 * lightness%' to and from the '#rrggbb' a native colour picker speaks, and the WCAG 2
 * contrast check the theme form warns with. Pure functions, no zod: the preview and
 * the pickers run them on every keystroke.
 */
import { isHslTriple } from "./theme";

export interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** WCAG 2 AA for body text. */
export const WCAG_AA_CONTRAST = 4.5;

/** '45 90% 60%' → { h: 45, s: 90, l: 60 }; null when not in that form or out of range. */
export function parseHsl(value: string): Hsl | null {
  if (!isHslTriple(value)) return null;
  const [h, s, l] = value
    .trim()
    .split(/\s+/)
    .map((part) => Number(part.replace("%", "")));
  if (h! > 360 || s! > 100 || l! > 100) return null;
  return { h: h!, s: s!, l: l! };
}

/** sRGB channels 0..255 of an HSL colour. */
export function hslToRgb({ h, s, l }: Hsl): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0), f(8), f(4)].map((c) => Math.round(c * 255)) as [number, number, number];
}

/** '45 90% 60%' → '#f5c842'; null for a value that is not a colour. */
export function hslToHex(value: string): string | null {
  const hsl = parseHsl(value);
  if (!hsl) return null;
  return `#${hslToRgb(hsl)
    .map((c) => c.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** '#f5c842' (or '#fc4') → '45 90% 60%', rounded to whole numbers; null for anything else. */
export function hexToHsl(hex: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join("") : match[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return `${Math.round(h) % 360} ${Math.round(s * 100)}% ${Math.round(l * 100)}%`;
}

function channelLuminance(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hsl: Hsl): number {
  const [r, g, b] = hslToRgb(hsl).map(channelLuminance) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two 'h s% l%' colours (1 to 21); null if either is not a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseHsl(a);
  const y = parseHsl(b);
  if (!x || !y) return null;
  const [light, dark] = [relativeLuminance(x), relativeLuminance(y)].sort((p, q) => q - p) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour on primary buttons. The site has no primary-foreground colour of
 * its own in a theme: buttons use the background colour on primary (app.css), so the
 * check is the pair the visitor actually sees.
 */
export const PRIMARY_FOREGROUND_SOURCE = "background" as const;

export interface ContrastWarning {
  pair: "foreground-on-background" | "primary-foreground-on-primary";
  ratio: number;
  message: string;
}

/** Ratio to one decimal, rounded down so 4.46 never reads as a passing "4.5". */
function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 10) / 10).toFixed(1);
}

/**
 * The pairs below WCAG AA (4.5:1): text on the page, and text on primary buttons.
 * A pair with an unreadable colour is left to the form's own validation.
 */
export function themeContrastWarnings(
  colors: Record<string, string | undefined>,
): ContrastWarning[] {
  const pairs = [
    {
      pair: "foreground-on-background" as const,
      text: colors.foreground,
      back: colors.background,
      what: "Text on the page background",
    },
    {
      pair: "primary-foreground-on-primary" as const,
      text: colors[PRIMARY_FOREGROUND_SOURCE],
      back: colors.primary,
      what: "Text on primary buttons",
    },
  ];
  const warnings: ContrastWarning[] = [];
  for (const { pair, text, back, what } of pairs) {
    const ratio = text && back ? contrastRatio(text, back) : null;
    if (ratio !== null && ratio < WCAG_AA_CONTRAST) {
      warnings.push({
        pair,
        ratio,
        message: `${what} has a contrast of ${formatRatio(ratio)}:1, below the ${WCAG_AA_CONTRAST}:1 that WCAG AA asks for. Some visitors may not be able to read it.`,
      });
    }
  }
  return warnings;
}
