/**
 * The state of an entity form, shared by the dialog (EntityFormDialog) and the form on
 * the page (EntityInlineForm): the fields' values as `showWhen` reads them, uploads
 * under way, the browser's check with the entity's zod schema before posting, the
 * server's field errors after, and the post itself through the admin fetcher.
 *
 * On submit the browser runs the same schema the server will: invalid fields get their
 * first message and the first one gets focus, and nothing is posted. A valid form is
 * posted with its hidden `intent` (and `id` when editing); server field errors show
 * beside the fields and the values stay as typed. With `validateOnChangeMs` the check
 * also runs that long after the last change (the event form's 300 ms).
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import {
  INTENT_FIELD,
  type AdminActionResult,
  type FieldErrors,
} from "~/domain/admin/admin-action";
import { cn } from "~/lib/cn";
import {
  EntityFormField,
  initialSnapshot,
  type FieldConfig,
  type FormControls,
  type FormSnapshot,
} from "./entity-form-fields";
import {
  changedFields,
  errorsAfterChange,
  errorsAfterEdit,
  formNeedsMultipart,
  validateForm,
} from "./entity-form-values";
import { FormAlert } from "./form-alert";
import { fieldErrorsOf, useAdminFetcher } from "./use-admin-fetcher";

export interface EntityFormOptions<S extends z.ZodType> {
  /** Posted as the hidden `intent` field. */
  intent: string;
  fields: readonly FieldConfig[];
  /** The edited row (its `id` is posted as a hidden field); leave out for "add". */
  defaultValues?: object;
  /** The entity's schema from app/domain, run over the form before posting. */
  schema: S;
  /** Where to post; the current route's action when left out. */
  action?: string;
  /** After a failed browser check, e.g. to toast the spec's "Validation Error". */
  onInvalid?: (errors: FieldErrors) => void;
  /** After the action answered ok. */
  onSuccess?: (data: AdminActionResult | undefined) => void;
  /** Also check the form this long after the last change; on Save only without it. */
  validateOnChangeMs?: number;
}

export function useEntityForm<S extends z.ZodType>({
  intent,
  fields,
  defaultValues,
  schema,
  action,
  onInvalid,
  onSuccess,
  validateOnChangeMs,
}: EntityFormOptions<S>) {
  const baseId = useId();
  const fieldId = useCallback((name: string) => `${baseId}-${name}`, [baseId]);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [snapshot, setSnapshot] = useState<FormSnapshot>(() =>
    initialSnapshot(fields, defaultValues),
  );
  // As the form opened: a change from it is unsaved input that closing would throw away.
  const [opening] = useState(snapshot);
  const dirty = changedFields(opening, snapshot).size > 0;
  // After the first Save the messages follow the fields as they change.
  const submitted = useRef(false);
  const checkedSnapshot = useRef(snapshot);
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
  const listFields = visible
    .filter((f) => f.kind === "tags" || f.kind === "multiselect")
    .map((f) => f.name);

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
    onSuccess,
    onFailure: (data) => focusFirstInvalid(fieldErrorsOf(data)),
  });

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
  // What was typed before the page's script took over the form (its fields are
  // uncontrolled, so the text stays on screen) counts as typed: it is unsaved input.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: FormSnapshot = {};
    for (const field of fields) {
      if (!TYPED_KINDS.has(field.kind)) continue;
      const element = form.elements.namedItem(field.name);
      const value = element && "value" in element ? element.value : undefined;
      if (typeof value === "string" && value !== snapshot[field.name]) typed[field.name] = value;
    }
    if (Object.keys(typed).length > 0) setSnapshot((current) => ({ ...current, ...typed }));
    // Once, as the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const changed = changedFields(checkedSnapshot.current, snapshot);
    checkedSnapshot.current = snapshot;
    const form = formRef.current;
    if (!submitted.current || changed.size === 0 || !form) return;
    const shown = clientErrors ?? serverErrors;
    const checked = validateForm(schema, new FormData(form), listFields);
    const found = checked.success ? {} : checked.fieldErrors;
    const next = errorsAfterEdit(shown, found, changed, clientErrors === null);
    // Nothing shown and nothing found: leave the form's failure alert (Retry …) alone.
    if (Object.keys(shown).length > 0 || Object.keys(next).length > 0) setClientErrors(next);
    // Only a change of the values re-checks; the errors it sets must not run it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot]);

  const setValue = (name: string, value: string | string[]) => {
    setSnapshot((current) => ({ ...current, [name]: value }));
    liveCheck.changed(name, (found) => setClientErrors(found));
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

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || uploading.size > 0) return;
    liveCheck.cancel();
    submitted.current = true;
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

  // Plain fields report their changes here, for fields shown only under a condition.
  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target as Partial<HTMLInputElement>;
    if (target.name && typeof target.value === "string") setValue(target.name, target.value);
    else liveCheck.changed(null, (found) => setClientErrors(found));
  }

  const id = (defaultValues as { id?: unknown } | undefined)?.id;

  /**
   * The visible fields in a grid (a group's under its legend), a live preview beside
   * them when the form has one, then the extra content and the form's alerts.
   */
  function renderFields({
    gridClassName,
    autoFocusFirst = false,
    children,
    preview,
  }: {
    gridClassName?: string;
    autoFocusFirst?: boolean;
    children?: React.ReactNode;
    /** The public look of the unsaved values, beside the fields (sticky on wide screens). */
    preview?: (values: FormSnapshot) => React.ReactNode;
  }) {
    const grid = cn("grid gap-5 sm:grid-cols-2", gridClassName);
    const field = (config: FieldConfig) => (
      <EntityFormField
        key={config.name}
        autoFocus={autoFocusFirst && config === visible[0]}
        field={config}
        id={fieldId(config.name)}
        error={errors[config.name]}
        defaults={defaultValues}
        onValueChange={setValue}
        onUploadBusyChange={setUploadBusy}
        controls={controls}
        values={snapshot}
      />
    );
    const fieldsNode = groupRuns(visible).map(({ group, fields: run }, index) =>
      group ? (
        <fieldset key={group} className="min-w-0">
          <legend className="mb-3 text-base font-semibold">{group}</legend>
          <div className={grid}>{run.map(field)}</div>
        </fieldset>
      ) : (
        <div key={index} className={grid}>
          {run.map(field)}
        </div>
      ),
    );
    return (
      <>
        {preview ? (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
            <div className="min-w-0 space-y-6">{fieldsNode}</div>
            <div className="space-y-4 lg:sticky lg:top-0 lg:self-start">{preview(snapshot)}</div>
          </div>
        ) : (
          fieldsNode
        )}
        {children}
        {otherErrors.length > 0 && <FormAlert message={otherErrors.join(" ")} />}
        {!clientErrors && otherErrors.length === 0 && <FormAlert message={failure} />}
      </>
    );
  }

  return {
    busy,
    /** Something differs from how the form opened. */
    dirty,
    /** A file is still on its way: Save waits. */
    uploading: uploading.size > 0,
    isEdit: id != null,
    submitRef,
    formRef,
    formProps: { ref: formRef, method: "post" as const, noValidate: true, onSubmit, onChange },
    hiddenFields: (
      <>
        <input type="hidden" name={INTENT_FIELD} value={intent} />
        {id != null && <input type="hidden" name="id" value={String(id)} />}
      </>
    ),
    renderFields,
  };
}

/**
 * Fields typed into, whose element keeps its own value. (A select or date input may show
 * a value other than the one it was given, e.g. its first option: not something typed.)
 */
const TYPED_KINDS: ReadonlySet<FieldConfig["kind"]> = new Set([
  "text",
  "url",
  "email",
  "textarea",
  "number",
]);

/** Consecutive fields of one group (or of none) together, in the form's order. */
function groupRuns(fields: readonly FieldConfig[]) {
  const runs: { group?: string; fields: FieldConfig[] }[] = [];
  for (const field of fields) {
    const last = runs.at(-1);
    if (last && last.group === field.group) last.fields.push(field);
    else runs.push({ group: field.group, fields: [field] });
  }
  return runs;
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
