/**
 * The theme form (admin spec §3 theme_settings, §4 "Theme", §5 "Theme", §8). The
 * public side's theme rules are in ./theme.ts, which every page imports; this module
 * carries zod and is for admin code and the server only.
 *
 * The form's fields are flat ("colors.primary", "typography.font_playfair",
 * "animations.fade_duration"); the schema gives the nested shape the table stores.
 * Activation is its own action, not part of this form.
 */
import { z } from "../../core/zod";
import { entryId, formText, requiredText } from "../../admin/form-fields";
import { DEFAULT_THEME, THEME_COLOR_NAMES, type ThemeColorName } from "./theme";

export const THEME_TEXT = {
  created: "Theme created successfully",
  updated: "Theme updated successfully",
  deleted: "Theme deleted successfully",
  saveFailed: "Failed to save theme",
  deleteFailed: "Failed to delete theme",
  activateFailed: "Failed to activate theme",
  deleteConfirm: "Are you sure you want to delete this theme?",
} as const;

/** '{name} theme activated' */
export function themeActivated(name: string): string {
  return `${name} theme activated`;
}

export const THEME_FONT_NAMES = ["font_playfair", "font_inter"] as const;
export type ThemeFontName = (typeof THEME_FONT_NAMES)[number];
export const THEME_ANIMATION_NAMES = ["fade_duration", "slide_duration"] as const;
export type ThemeAnimationName = (typeof THEME_ANIMATION_NAMES)[number];

export const THEME_COLOR_LABELS: Record<ThemeColorName, string> = {
  primary: "Primary colour",
  secondary: "Secondary colour",
  accent: "Accent colour",
  background: "Background colour",
  foreground: "Foreground colour",
  muted: "Muted colour",
  border: "Border colour",
  destructive: "Destructive colour",
  success: "Success colour",
};
export const THEME_FONT_LABELS: Record<ThemeFontName, string> = {
  font_playfair: "Heading font",
  font_inter: "Body font",
};
export const THEME_ANIMATION_LABELS: Record<ThemeAnimationName, string> = {
  fade_duration: "Fade duration",
  slide_duration: "Slide duration",
};

export const THEME_FONT_MAX_LENGTH = 100;

export const THEME_MESSAGES = {
  nameRequired: "Theme name is required",
  colorRequired: (label: string) => `${label} is required`,
  colorInvalid: (label: string) =>
    `${label} must be written as 'hue saturation% lightness%' (e.g., 45 90% 60%)`,
  fontRequired: (label: string) => `${label} is required`,
  fontInvalid: (label: string) =>
    `${label} may only contain letters, numbers, spaces and hyphens (at most ${THEME_FONT_MAX_LENGTH} characters)`,
  durationInvalid: (label: string) => `${label} must be a positive number of seconds (e.g., 0.8)`,
} as const;

const M = THEME_MESSAGES;

const HSL = /^(\d{1,3}(?:\.\d+)?)\s+(\d{1,3}(?:\.\d+)?)%\s+(\d{1,3}(?:\.\d+)?)%$/;

/** 'hue saturation% lightness%' with the hue 0 to 360 and both percentages 0 to 100. */
export function parseHslColor(value: string): string | null {
  const match = HSL.exec(value.trim());
  if (!match) return null;
  const [h, s, l] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (h > 360 || s > 100 || l > 100) return null;
  return `${match[1]} ${match[2]}% ${match[3]}%`;
}

const FONT = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** "0.8" or "0.8s" → "0.8s"; null when not a positive number of seconds. */
export function parseDurationSeconds(value: string): string | null {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*s?$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]);
  return seconds > 0 && Number.isFinite(seconds) ? `${seconds}s` : null;
}

function colorField(label: string) {
  return formText(M.colorInvalid(label))
    .superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: "custom", message: M.colorRequired(label) });
      else if (parseHslColor(v) === null) {
        ctx.addIssue({ code: "custom", message: M.colorInvalid(label) });
      }
    })
    .transform((v) => parseHslColor(v) ?? v);
}

function fontField(label: string) {
  return requiredText(M.fontRequired(label))
    .refine((v) => v.length <= THEME_FONT_MAX_LENGTH && FONT.test(v), M.fontInvalid(label))
    .transform((v) => v.replace(/\s+/g, " "));
}

function durationField(label: string) {
  return formText(M.durationInvalid(label))
    .refine((v) => parseDurationSeconds(v) !== null, M.durationInvalid(label))
    .transform((v) => parseDurationSeconds(v) ?? v);
}

type ColorField = ReturnType<typeof colorField>;
type FontField = ReturnType<typeof fontField>;
type DurationField = ReturnType<typeof durationField>;

const colorFields = Object.fromEntries(
  THEME_COLOR_NAMES.map((name) => [`colors.${name}`, colorField(THEME_COLOR_LABELS[name])]),
) as { [K in ThemeColorName as `colors.${K}`]: ColorField };
const fontFields = Object.fromEntries(
  THEME_FONT_NAMES.map((name) => [`typography.${name}`, fontField(THEME_FONT_LABELS[name])]),
) as { [K in ThemeFontName as `typography.${K}`]: FontField };
const animationFields = Object.fromEntries(
  THEME_ANIMATION_NAMES.map((name) => [
    `animations.${name}`,
    durationField(THEME_ANIMATION_LABELS[name]),
  ]),
) as { [K in ThemeAnimationName as `animations.${K}`]: DurationField };

const fields = {
  name: requiredText(M.nameRequired),
  ...colorFields,
  ...fontFields,
  ...animationFields,
};

type Flat = z.output<z.ZodObject<typeof fields>>;

export interface ThemeValues {
  name: string;
  colors: Record<ThemeColorName, string>;
  typography: Record<ThemeFontName, string>;
  animations: Record<ThemeAnimationName, string>;
}

function nest(flat: Flat): ThemeValues {
  const pick = <N extends string>(prefix: string, names: readonly N[]) =>
    Object.fromEntries(
      names.map((n) => [n, (flat as unknown as Record<string, string>)[`${prefix}.${n}`]!]),
    ) as Record<N, string>;
  return {
    name: flat.name,
    colors: pick("colors", THEME_COLOR_NAMES),
    typography: pick("typography", THEME_FONT_NAMES),
    animations: pick("animations", THEME_ANIMATION_NAMES),
  };
}

export const themeCreateSchema = z.object(fields).transform(nest);
export const themeUpdateSchema = z
  .object({ id: entryId, ...fields })
  .transform(({ id, ...flat }) => ({ id, ...nest(flat) }));

export type ThemeFormValues = z.input<typeof themeCreateSchema>;
/** What the service stores: nested colours, fonts and durations ("0.8s"). */
export type ThemeInput = z.output<typeof themeCreateSchema>;
export type ThemeUpdateInput = z.output<typeof themeUpdateSchema>;

/**
 * A theme as the form's flat values: a stored theme for editing, or nothing for a new
 * one; anything missing comes from the default theme (spec §3).
 */
export function themeFormValues(
  theme: {
    name?: string;
    colors?: Record<string, string>;
    typography?: Record<string, string>;
    animations?: Record<string, string>;
  } = {},
): Record<string, string> {
  const out: Record<string, string> = { name: theme.name ?? "" };
  for (const n of THEME_COLOR_NAMES) {
    out[`colors.${n}`] = theme.colors?.[n] ?? DEFAULT_THEME.colors[n] ?? "";
  }
  for (const n of THEME_FONT_NAMES) {
    out[`typography.${n}`] = theme.typography?.[n] ?? DEFAULT_THEME.typography[n] ?? "";
  }
  for (const n of THEME_ANIMATION_NAMES) {
    out[`animations.${n}`] = theme.animations?.[n] ?? DEFAULT_THEME.animations[n] ?? "";
  }
  return out;
}

/** Activate and delete name one theme. */
export const themeIdSchema = z.object({ id: entryId });

export const THEME_DELETE_ACTIVE_MESSAGE =
  "The active theme cannot be deleted. Activate another theme first.";
