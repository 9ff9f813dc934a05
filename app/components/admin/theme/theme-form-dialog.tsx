/**
 * The theme's create/edit dialog: the name, the nine colours (text plus picker), the
 * two fonts and the two durations, a live preview of the site in those colours and a
 * contrast warning that never blocks saving. The values are kept in state (the
 * preview and the pickers follow every keystroke); on submit the browser runs the
 * same schema as the server, then posts through the admin fetcher. A failed save
 * keeps the form as typed.
 */
import { useEffect, useId, useRef, useState } from "react";
import { AlertTriangle, Loader2 } from "lucide-react";
import { FormAlert } from "~/components/admin/kit/form-alert";
import { validateForm } from "~/components/admin/kit/entity-form-values";
import { fieldErrorsOf, useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { INTENT_FIELD, type FieldErrors } from "~/domain/admin-action";
import { THEME_COLOR_NAMES } from "~/domain/theme";
import { themeContrastWarnings } from "~/domain/theme-color";
import {
  THEME_ANIMATION_LABELS,
  THEME_ANIMATION_NAMES,
  THEME_COLOR_LABELS,
  THEME_FONT_LABELS,
  THEME_FONT_NAMES,
  themeCreateSchema,
  themeFormValues,
  themeUpdateSchema,
} from "~/domain/theme-settings";
import { ThemeColorField } from "./theme-color-field";
import { ThemePreview } from "./theme-preview";
import type { ThemeRow } from "./theme-manager";

export interface ThemeFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The theme being edited; null to create one. */
  theme: ThemeRow | null;
}

export function ThemeFormDialog({ open, onOpenChange, theme }: ThemeFormDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        setBusy(false);
        onOpenChange(false);
      }}
      title={theme ? "Edit Theme" : "Create Theme"}
      description="Colours are written as 'hue saturation% lightness%'; the picker beside each field sets it too."
      dismissible={!busy}
      className="max-h-[calc(100dvh-2rem)] w-[min(100vw-2rem,56rem)] overflow-auto"
    >
      {open && (
        <ThemeForm
          key={theme?.id ?? "new"}
          theme={theme}
          onClose={() => onOpenChange(false)}
          onBusyChange={setBusy}
        />
      )}
    </Dialog>
  );
}

function pick(values: Record<string, string>, prefix: string, names: readonly string[]) {
  return Object.fromEntries(names.map((n) => [n, values[`${prefix}.${n}`] ?? ""]));
}

function ThemeForm({
  theme,
  onClose,
  onBusyChange,
}: {
  theme: ThemeRow | null;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const baseId = useId();
  const fieldId = (name: string) => `${baseId}-${name.replace(".", "-")}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, string>>(() =>
    themeFormValues(theme ?? undefined),
  );
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const order = ["name", ...THEME_COLOR_NAMES.map((n) => `colors.${n}`)];
  const focusFirstInvalid = (errors: FieldErrors) => {
    const names = [
      ...order,
      ...THEME_FONT_NAMES.map((n) => `typography.${n}`),
      ...THEME_ANIMATION_NAMES.map((n) => `animations.${n}`),
    ];
    const first = names.find((n) => errors[n]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };
  const { fetcher, busy, fieldErrors, failure } = useAdminFetcher({
    onSuccess: onClose,
    onFailure: (data) => focusFirstInvalid(fieldErrorsOf(data)),
  });
  // While saving, the dialog cannot be dismissed.
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const errors = clientErrors ?? fieldErrors;
  const set = (name: string) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const colors = pick(values, "colors", THEME_COLOR_NAMES);
  const warnings = themeContrastWarnings(colors);

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formData = new FormData(event.currentTarget);
    const checked = validateForm(theme ? themeUpdateSchema : themeCreateSchema, formData);
    if (!checked.success) {
      setClientErrors(checked.fieldErrors);
      focusFirstInvalid(checked.fieldErrors);
      return;
    }
    setClientErrors(null);
    void fetcher.submit(formData, { method: "post" });
  }

  const text = (name: string, label: string, placeholder?: string, autoFocus?: boolean) => (
    <FormField key={name} id={fieldId(name)} label={label} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          name={name}
          value={values[name] ?? ""}
          placeholder={placeholder}
          autoComplete="off"
          data-autofocus={autoFocus || undefined}
          onChange={(event) => set(name)(event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <form ref={formRef} method="post" noValidate onSubmit={handleSubmit}>
      <input type="hidden" name={INTENT_FIELD} value={theme ? "update" : "create"} />
      {theme && <input type="hidden" name="id" value={theme.id} />}
      <fieldset disabled={busy} className="min-w-0 space-y-6">
        {text("name", "Theme name", "e.g., Midnight Gold", true)}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
          <fieldset className="min-w-0">
            <legend className="mb-3 text-base font-semibold">Colours</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {THEME_COLOR_NAMES.map((n) => (
                <ThemeColorField
                  key={n}
                  id={fieldId(`colors.${n}`)}
                  name={`colors.${n}`}
                  label={THEME_COLOR_LABELS[n]}
                  value={values[`colors.${n}`] ?? ""}
                  error={errors[`colors.${n}`]}
                  onChange={set(`colors.${n}`)}
                />
              ))}
            </div>
          </fieldset>
          <div className="space-y-4 lg:sticky lg:top-0 lg:self-start">
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
          </div>
        </div>
        <fieldset className="min-w-0">
          <legend className="mb-3 text-base font-semibold">Fonts and motion</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {THEME_FONT_NAMES.map((n) =>
              text(
                `typography.${n}`,
                THEME_FONT_LABELS[n],
                n === "font_inter" ? "Inter" : "Playfair Display",
              ),
            )}
            {THEME_ANIMATION_NAMES.map((n) =>
              text(`animations.${n}`, `${THEME_ANIMATION_LABELS[n]} (seconds)`, "0.8s"),
            )}
          </div>
        </fieldset>
        {!clientErrors && <FormAlert message={failure} />}
        <div className="flex flex-col-reverse gap-3 border-t border-border/60 pt-5 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">
            {busy && <Loader2 aria-hidden className="animate-spin" />}
            {busy ? "Saving..." : theme ? "Update Theme" : "Create Theme"}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
