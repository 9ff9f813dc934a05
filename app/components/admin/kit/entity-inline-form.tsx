/**
 * An add form that sits on the page rather than in a dialog (the about page's
 * collaborations and statistics, a featured-video form beside its table): the same
 * field configuration and zod schema as EntityFormDialog. On submit the browser runs
 * the schema; invalid fields get their message and the first one gets focus, and
 * nothing is posted. A valid form is posted through a fetcher with a hidden `intent`;
 * server field errors show beside the fields and the values stay as typed; an ok
 * answer empties the form for the next entry.
 *
 * Given `defaultValues` (a row), the same form edits that row: its fields start from
 * the row's values and its `id` is posted (key the form by the row, so another row
 * starts afresh); `onCancel` offers a Cancel button beside the submit button.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Loader2, Plus, Save } from "lucide-react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { INTENT_FIELD, type AdminActionResult, type FieldErrors } from "~/domain/admin-action";
import { cn } from "~/lib/cn";
import {
  EntityFormField,
  initialSnapshot,
  type FieldConfig,
  type FormControls,
  type FormSnapshot,
} from "./entity-form-fields";
import { formNeedsMultipart, validateForm } from "./entity-form-values";
import { FormAlert } from "./form-alert";
import { fieldErrorsOf, useAdminFetcher } from "./use-admin-fetcher";

export interface EntityInlineFormProps<S extends z.ZodType> {
  /** Posted as the hidden `intent` field, e.g. "collaboration:create". */
  intent: string;
  fields: readonly FieldConfig[];
  /** The entity's schema from app/domain, run over the form before posting. */
  schema: S;
  /** "Add" unless told; the button reads "Saving..." while the post runs. */
  submitLabel?: string;
  /** Where to post; the current route's action when left out. */
  action?: string;
  /** Names the form for screen readers, e.g. "Add a collaboration". */
  "aria-label"?: string;
  /** Classes of the fields' grid (one column, two from sm, unless told). */
  gridClassName?: string;
  className?: string;
  /** After the action answered ok (the form has been emptied). */
  onSaved?: (data: AdminActionResult | undefined) => void;
  /** The row being edited: the fields start from it and its `id` is posted. */
  defaultValues?: object;
  /** Shows a Cancel button (e.g. to leave editing a row). */
  onCancel?: () => void;
  /** More content inside the form, after the fields (e.g. hidden inputs set on upload). */
  children?: React.ReactNode;
}

export function EntityInlineForm<S extends z.ZodType>(props: EntityInlineFormProps<S>) {
  // A new key after each save: the uncontrolled fields start again from their defaults.
  const [round, setRound] = useState(0);
  return (
    <InlineForm
      key={round}
      {...props}
      // After a save the emptied form takes the focus, ready for the next entry.
      focusOnMount={round > 0}
      onReset={() => setRound((r) => r + 1)}
    />
  );
}

function InlineForm<S extends z.ZodType>({
  intent,
  fields,
  schema,
  submitLabel = "Add",
  action,
  "aria-label": ariaLabel,
  gridClassName,
  className,
  onSaved,
  defaultValues,
  onCancel,
  children,
  focusOnMount,
  onReset,
}: EntityInlineFormProps<S> & { focusOnMount: boolean; onReset: () => void }) {
  const baseId = useId();
  const fieldId = useCallback((name: string) => `${baseId}-${name}`, [baseId]);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [snapshot, setSnapshot] = useState<FormSnapshot>(() =>
    initialSnapshot(fields, defaultValues),
  );
  const [uploading, setUploading] = useState<ReadonlySet<string>>(() => new Set());
  const setUploadBusy = useCallback((name: string, isBusy: boolean) => {
    setUploading((current) => {
      if (current.has(name) === isBusy) return current;
      const next = new Set(current);
      if (isBusy) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);

  const visible = fields.filter((field) => field.showWhen?.(snapshot) ?? true);
  const listFields = visible.filter((f) => f.kind === "tags").map((f) => f.name);

  const focusFirstInvalid = (errors: FieldErrors) => {
    const first = visible.find((field) => errors[field.name]);
    const target = first ? document.getElementById(fieldId(first.name)) : submitRef.current;
    target?.focus();
  };

  const {
    fetcher,
    busy,
    fieldErrors: serverErrors,
    failure,
  } = useAdminFetcher({
    onSuccess: (data) => {
      onSaved?.(data);
      onReset();
    },
    onFailure: (data) => focusFirstInvalid(fieldErrorsOf(data)),
  });

  useEffect(() => {
    if (!focusOnMount) return;
    formRef.current
      ?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")
      ?.focus();
    // Only when this form appears, after a save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const errors = clientErrors ?? serverErrors;
  const shownNames = new Set(visible.map((f) => f.name));
  const otherErrors = Object.entries(errors)
    .filter(([name]) => !shownNames.has(name))
    .map(([, message]) => message);

  const setValue = (name: string, value: string | string[]) =>
    setSnapshot((current) => ({ ...current, [name]: value }));

  const controls: FormControls = {
    get: (name) => {
      const element = formRef.current?.elements.namedItem(name);
      return element && "value" in element ? String(element.value) : "";
    },
    set: (name, value) => {
      const element = formRef.current?.elements.namedItem(name);
      if (
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      ) {
        element.value = value;
        setValue(name, value);
      }
    },
  };

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || uploading.size > 0) return;
    const formData = new FormData(event.currentTarget);
    const checked = validateForm(schema, formData, listFields);
    if (!checked.success) {
      setClientErrors(checked.fieldErrors);
      focusFirstInvalid(checked.fieldErrors);
      return;
    }
    setClientErrors(null);
    void fetcher.submit(formData, {
      method: "post",
      action,
      encType: formNeedsMultipart(formData) ? "multipart/form-data" : undefined,
    });
  }

  const id = (defaultValues as { id?: unknown } | undefined)?.id;
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      aria-label={ariaLabel}
      onSubmit={handleSubmit}
      onChange={(event) => {
        const target = event.target as Partial<HTMLInputElement>;
        if (target.name && typeof target.value === "string") setValue(target.name, target.value);
      }}
      className={className}
    >
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {id != null && <input type="hidden" name="id" value={String(id)} />}
      <fieldset disabled={busy} className="min-w-0 space-y-4">
        <div className={cn("grid items-start gap-4 sm:grid-cols-2", gridClassName)}>
          {visible.map((field) => (
            <EntityFormField
              key={field.name}
              field={field}
              id={fieldId(field.name)}
              error={errors[field.name]}
              defaults={defaultValues}
              onValueChange={setValue}
              onUploadBusyChange={setUploadBusy}
              controls={controls}
              values={snapshot}
            />
          ))}
        </div>
        {children}
        {otherErrors.length > 0 && <FormAlert message={otherErrors.join(" ")} />}
        {!clientErrors && otherErrors.length === 0 && <FormAlert message={failure} />}
        <div className="flex flex-wrap items-center gap-3">
          <Button ref={submitRef} type="submit" disabled={uploading.size > 0}>
            {busy ? (
              <Loader2 aria-hidden className="animate-spin" />
            ) : id != null ? (
              <Save aria-hidden />
            ) : (
              <Plus aria-hidden />
            )}
            {busy ? "Saving..." : submitLabel}
          </Button>
          {onCancel && (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
