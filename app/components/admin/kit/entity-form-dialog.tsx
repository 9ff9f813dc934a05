/**
 * The add/edit dialog of a collection screen, bound to the entity's zod schema and a
 * list of fields. On submit the browser runs the same schema the server will: invalid
 * fields get their first message and the first one gets focus, and nothing is posted.
 * A valid form is posted through a fetcher with a hidden `intent` (and `id` when
 * editing); server field errors show beside the fields, the values stay as typed, and
 * an ok answer closes the dialog. The form lives only while the dialog is open, so
 * closing always resets it. With `validateOnChangeMs` the same check also runs that
 * long after the last change (the event form's 300 ms).
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Loader2 } from "lucide-react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { INTENT_FIELD, type AdminActionResult, type FieldErrors } from "~/domain/admin-action";
import {
  EntityFormField,
  initialSnapshot,
  type FieldConfig,
  type FormControls,
  type FormSnapshot,
} from "./entity-form-fields";
import { errorsAfterChange, formNeedsMultipart, validateForm } from "./entity-form-values";
import { FormAlert } from "./form-alert";
import { fieldErrorsOf, useAdminFetcher } from "./use-admin-fetcher";

export type { FieldConfig } from "./entity-form-fields";

export interface EntityFormDialogProps<S extends z.ZodType> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. "Add New Media Item" / "Edit Media Item". */
  title: string;
  description?: React.ReactNode;
  /** Posted as the hidden `intent` field. */
  intent: "create" | "update" | (string & {});
  fields: readonly FieldConfig[];
  /** The edited row (its `id` is posted as a hidden field); leave out for "add". */
  defaultValues?: object;
  /** The entity's schema from app/domain, run over the form before posting. */
  schema: S;
  /** "Save" unless told; the button reads "Saving..." while the post runs. */
  submitLabel?: string;
  /** Where to post; the current route's action when left out. */
  action?: string;
  /** After a failed browser check, e.g. to toast the spec's "Validation Error". */
  onInvalid?: (errors: FieldErrors) => void;
  /** After the action answered ok (the dialog is closing). */
  onSaved?: (data: AdminActionResult | undefined) => void;
  /** More content below the fields (a preview, a settings panel). */
  children?: React.ReactNode;
  /**
   * Also check the form this long after the last change (admin spec §5 "Event": 300 ms),
   * showing what the change got wrong; without it the check runs on Save only.
   */
  validateOnChangeMs?: number;
}

export function EntityFormDialog<S extends z.ZodType>(props: EntityFormDialogProps<S>) {
  const { open, onOpenChange, title, description } = props;
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        setBusy(false);
        onOpenChange(false);
      }}
      title={title}
      description={description}
      dismissible={!busy}
      // Long forms scroll inside the dialog, so a phone reaches the buttons.
      className="max-h-[calc(100dvh-2rem)] w-[min(100vw-2rem,42rem)] overflow-auto"
    >
      <EntityForm {...props} onBusyChange={setBusy} />
    </Dialog>
  );
}

function EntityForm<S extends z.ZodType>({
  onOpenChange,
  intent,
  fields,
  defaultValues,
  schema,
  submitLabel = "Save",
  action,
  onInvalid,
  onSaved,
  children,
  validateOnChangeMs,
  onBusyChange,
}: EntityFormDialogProps<S> & { onBusyChange: (busy: boolean) => void }) {
  const baseId = useId();
  const fieldId = useCallback((name: string) => `${baseId}-${name}`, [baseId]);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [snapshot, setSnapshot] = useState<FormSnapshot>(() =>
    initialSnapshot(fields, defaultValues),
  );
  // Upload fields with a file on its way: Save waits for them (the URL is not there yet).
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
      onOpenChange(false);
    },
    onFailure: (data) => focusFirstInvalid(fieldErrorsOf(data)),
  });
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  // The browser check's errors until the next post; then the server's.
  const errors = clientErrors ?? serverErrors;
  const shownNames = new Set(visible.map((f) => f.name));
  const otherErrors = Object.entries(errors)
    .filter(([name]) => !shownNames.has(name))
    .map(([, message]) => message);

  const liveCheck = useLiveCheck(validateOnChangeMs, () => {
    const form = formRef.current;
    if (!form) return null;
    const checked = validateForm(schema, new FormData(form), listFields);
    return checked.success ? {} : checked.fieldErrors;
  });
  const setValue = (name: string, value: string | string[]) => {
    setSnapshot((current) => ({ ...current, [name]: value }));
    liveCheck.changed(name, (errors) => setClientErrors(errors));
  };

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
    liveCheck.cancel();
    const formData = new FormData(event.currentTarget);
    const checked = validateForm(schema, formData, listFields);
    if (!checked.success) {
      setClientErrors(checked.fieldErrors);
      onInvalid?.(checked.fieldErrors);
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
      onSubmit={handleSubmit}
      // Plain fields report their changes here, for fields shown only under a condition.
      onChange={(event) => {
        const target = event.target as Partial<HTMLInputElement>;
        if (target.name && typeof target.value === "string") setValue(target.name, target.value);
        else liveCheck.changed(null, (errors) => setClientErrors(errors));
      }}
    >
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {id != null && <input type="hidden" name="id" value={String(id)} />}
      {/* A disabled fieldset disables every control and button inside while saving. */}
      <fieldset disabled={busy} className="min-w-0 space-y-6">
        <div className="grid gap-5 sm:grid-cols-2">
          {visible.map((field, index) => (
            <EntityFormField
              key={field.name}
              autoFocus={index === 0}
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
        {!clientErrors && <FormAlert message={failure} />}
        <div className="flex flex-col-reverse gap-3 border-t border-border/60 pt-5 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button ref={submitRef} type="submit" disabled={uploading.size > 0}>
            {busy && <Loader2 aria-hidden className="animate-spin" />}
            {busy ? "Saving..." : submitLabel}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * The check on change: `changed(name, show)` remembers the field and, `delayMs` after
 * the last change, runs `check` and shows the errors worth showing (errorsAfterChange),
 * or null when there are none. The opening form's errors are read once, before the first
 * change lands (the form is still as it opened when the first change event is handled,
 * except for that one field, which counts as changed anyway).
 */
function useLiveCheck(delayMs: number | undefined, check: () => FieldErrors | null) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const atOpening = useRef<FieldErrors | null>(null);
  const changedNames = useRef(new Set<string>());
  const checkRef = useRef(check);
  checkRef.current = check;
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);
  return {
    cancel,
    changed(name: string | null, show: (errors: FieldErrors | null) => void) {
      if (delayMs === undefined) return;
      atOpening.current ??= checkRef.current() ?? {};
      if (name) changedNames.current.add(name);
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        const errors = checkRef.current();
        if (!errors) return;
        const shown = errorsAfterChange(errors, atOpening.current ?? {}, changedNames.current);
        show(Object.keys(shown).length > 0 ? shown : null);
      }, delayMs);
    },
  };
}

/**
 * The state a collection screen keeps for its dialog: closed, adding, or editing a row.
 * `openAdd` and `openEdit(row)` for the buttons; spread `dialogProps` on the dialog.
 */
export function useEntityDialog<T extends object>() {
  const [state, setState] = useState<{ open: boolean; row: T | null }>({
    open: false,
    row: null,
  });
  return {
    open: state.open,
    /** The row being edited, or null when adding. */
    editing: state.row,
    openAdd: () => setState({ open: true, row: null }),
    openEdit: (row: T) => setState({ open: true, row }),
    dialogProps: {
      open: state.open,
      onOpenChange: (open: boolean) =>
        setState((s) => (open ? { ...s, open } : { open, row: null })),
      intent: state.row ? ("update" as const) : ("create" as const),
      defaultValues: state.row ?? undefined,
    },
  };
}
