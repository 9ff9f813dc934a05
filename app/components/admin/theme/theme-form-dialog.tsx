/**
 * The theme's create/edit dialog, on the kit's entity dialog: the name, the nine
 * colours (text plus picker), the two fonts and the two durations, with a live preview
 * of the site in those colours beside them and a contrast warning that never blocks
 * saving. The browser runs the same schema as the server; a failed save keeps the form
 * as typed.
 */
import { AlertTriangle } from "lucide-react";
import { EntityFormDialog, type FieldConfig } from "~/components/admin/kit/entity-form-dialog";
import type { FormSnapshot } from "~/components/admin/kit/entity-form-fields";
import { THEME_COLOR_NAMES } from "~/domain/content/theme/theme";
import { themeContrastWarnings } from "~/domain/content/theme/theme-color";
import {
  THEME_ANIMATION_LABELS,
  THEME_ANIMATION_NAMES,
  THEME_COLOR_LABELS,
  THEME_FONT_LABELS,
  THEME_FONT_NAMES,
  themeCreateSchema,
  themeFormValues,
  themeUpdateSchema,
} from "~/domain/content/theme/theme-form";
import type { ThemeRow } from "./theme-manager";
import { ThemePreview } from "./theme-preview";

const THEME_FIELDS: readonly FieldConfig[] = [
  { kind: "text", name: "name", label: "Theme name", placeholder: "e.g., Midnight Gold" },
  ...THEME_COLOR_NAMES.map((n): FieldConfig => ({
    kind: "color",
    name: `colors.${n}`,
    label: THEME_COLOR_LABELS[n],
    half: true,
    group: "Colours",
  })),
  ...THEME_FONT_NAMES.map((n): FieldConfig => ({
    kind: "text",
    name: `typography.${n}`,
    label: THEME_FONT_LABELS[n],
    placeholder: n === "font_inter" ? "Inter" : "Playfair Display",
    half: true,
    group: "Fonts and motion",
  })),
  ...THEME_ANIMATION_NAMES.map((n): FieldConfig => ({
    kind: "text",
    name: `animations.${n}`,
    label: `${THEME_ANIMATION_LABELS[n]} (seconds)`,
    placeholder: "0.8s",
    half: true,
    group: "Fonts and motion",
  })),
];

export interface ThemeFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The theme being edited; null to create one. */
  theme: ThemeRow | null;
}

export function ThemeFormDialog({ open, onOpenChange, theme }: ThemeFormDialogProps) {
  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={theme ? "Edit Theme" : "Create Theme"}
      description="Colours are written as 'hue saturation% lightness%'; the picker beside each field sets it too."
      size="wide"
      intent={theme ? "update" : "create"}
      defaultValues={theme ? { id: theme.id, ...themeFormValues(theme) } : themeFormValues()}
      schema={theme ? themeUpdateSchema : themeCreateSchema}
      fields={THEME_FIELDS}
      submitLabel={theme ? "Update Theme" : "Create Theme"}
      preview={(values) => <ThemePreviewPanel values={values} />}
    />
  );
}

function pick(values: FormSnapshot, prefix: string, names: readonly string[]) {
  return Object.fromEntries(
    names.map((n) => {
      const value = values[`${prefix}.${n}`];
      return [n, typeof value === "string" ? value : ""];
    }),
  );
}

/** The site in the unsaved colours, and a warning where text would be hard to read. */
function ThemePreviewPanel({ values }: { values: FormSnapshot }) {
  const colors = pick(values, "colors", THEME_COLOR_NAMES);
  const warnings = themeContrastWarnings(colors);
  return (
    <>
      <ThemePreview
        colors={colors}
        typography={pick(values, "typography", THEME_FONT_NAMES)}
        animations={pick(values, "animations", THEME_ANIMATION_NAMES)}
      />
      {warnings.length > 0 && (
        <div
          role="status"
          data-testid="contrast-warning"
          className="flex gap-3 rounded-xl border border-primary/50 bg-primary/10 px-4 py-3 text-sm"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="space-y-1">
            <p className="font-semibold">Low contrast</p>
            {warnings.map((w) => (
              <p key={w.pair} className="text-foreground/85">
                {w.message}
              </p>
            ))}
            <p className="text-foreground/85">You can still save the theme.</p>
          </div>
        </div>
      )}
    </>
  );
}
