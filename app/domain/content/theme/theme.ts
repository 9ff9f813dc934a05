/**
 * Theme rules: defaults from the admin spec §3, and how a stored theme becomes CSS
 * custom properties in the server-rendered document.
 */

export const THEME_COLOR_NAMES = [
  "primary",
  "secondary",
  "accent",
  "background",
  "foreground",
  "muted",
  "border",
  "destructive",
  "success",
] as const;
export type ThemeColorName = (typeof THEME_COLOR_NAMES)[number];

export interface ThemeDefinition {
  name: string;
  colors: Partial<Record<ThemeColorName, string>> & Record<string, string>;
  typography: Record<string, string>;
  animations: Record<string, string>;
}

export const DEFAULT_THEME: ThemeDefinition = {
  name: "Midnight Gold",
  colors: {
    primary: "45 90% 60%",
    secondary: "35 80% 55%",
    accent: "28 70% 48%",
    background: "0 0% 6%",
    foreground: "40 30% 94%",
    muted: "30 6% 14%",
    border: "35 14% 22%",
    destructive: "0 72% 55%",
    success: "142 55% 45%",
  },
  typography: {
    font_playfair: "Playfair Display",
    font_inter: "Inter",
  },
  animations: {
    fade_duration: "0.8s",
    slide_duration: "0.6s",
  },
};

/** 'hue saturation% lightness%', as the admin spec writes colours. */
const HSL_TRIPLE = /^\d{1,3}(\.\d+)?\s+\d{1,3}(\.\d+)?%\s+\d{1,3}(\.\d+)?%$/;

export function isHslTriple(value: string): boolean {
  return HSL_TRIPLE.test(value.trim());
}

/** Underscores become hyphens: font_playfair -> --font-playfair. */
export function cssVariableName(name: string): string {
  return `--${name.trim().toLowerCase().replace(/_/g, "-")}`;
}

const SAFE_NAME = /^[a-z0-9_-]+$/i;

/** A value may not close the declaration, the rule or the style element. */
function safeCssValue(value: string): string | null {
  const v = String(value).trim();
  if (v === "" || /[;{}<>\\]/.test(v)) return null;
  return v;
}

const FONT_FALLBACKS: Record<string, string> = {
  font_playfair: 'Georgia, "Times New Roman", serif',
  font_inter: "system-ui, -apple-system, 'Segoe UI', sans-serif",
};

function fontStack(name: string, family: string): string {
  const quoted = /^["'].*["']$/.test(family) || family.includes(",") ? family : `"${family}"`;
  const fallback = FONT_FALLBACKS[name];
  return fallback ? `${quoted}, ${fallback}` : quoted;
}

/**
 * The CSS variables of a theme, with the defaults under anything the stored theme
 * leaves out or gets wrong, so a half-filled theme never breaks the page.
 */
export function themeCssVariables(
  theme: ThemeDefinition | null | undefined,
): Record<string, string> {
  const vars: Record<string, string> = {};
  const colors = { ...DEFAULT_THEME.colors };
  for (const [name, value] of Object.entries(theme?.colors ?? {})) {
    if (SAFE_NAME.test(name) && typeof value === "string" && isHslTriple(value)) {
      colors[name] = value.trim().replace(/\s+/g, " ");
    }
  }
  for (const [name, value] of Object.entries(colors)) vars[cssVariableName(name)] = value;

  // A stored value that is unsafe falls back to the default of the same name.
  const pick = (name: string, stored: string | undefined, fallback: string | undefined) =>
    SAFE_NAME.test(name)
      ? ((stored !== undefined ? safeCssValue(stored) : null) ??
        (fallback !== undefined ? safeCssValue(fallback) : null))
      : null;

  const typography = { ...DEFAULT_THEME.typography, ...(theme?.typography ?? {}) };
  for (const name of Object.keys(typography)) {
    const value = pick(name, theme?.typography?.[name], DEFAULT_THEME.typography[name]);
    if (value)
      vars[cssVariableName(name)] = name.startsWith("font_") ? fontStack(name, value) : value;
  }

  const animations = { ...DEFAULT_THEME.animations, ...(theme?.animations ?? {}) };
  for (const name of Object.keys(animations)) {
    const value = pick(name, theme?.animations?.[name], DEFAULT_THEME.animations[name]);
    if (value) vars[cssVariableName(name)] = value;
  }
  return vars;
}

export function themeStyleSheet(theme: ThemeDefinition | null | undefined): string {
  const body = Object.entries(themeCssVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  return `:root{${body}}`;
}
