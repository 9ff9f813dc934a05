/**
 * The entity form's "form data → zod → field errors" step in the browser, as pure
 * functions so it can be tested.
 *
 * Schemas receive form-shaped input: strings, "true"/"false" for switches, arrays of
 * strings for list fields (tags, sent as repeated fields), Files for file inputs. The
 * server's reader (admin-action.server.ts formToObject) gives a list of one as a plain
 * string and an empty list as nothing, so a list field's schema accepts all three.
 */
import type { z } from "zod";
import { INTENT_FIELD, type FieldErrors } from "~/domain/admin/admin-action";
import { fieldErrorsFrom } from "~/domain/core/form-errors";

export type FormValue = FormDataEntryValue | FormDataEntryValue[];

/**
 * A form's fields as a plain object. `listFields` come as arrays (every repeated value,
 * and [] when none was sent); the others as their first value. `intent` is left out:
 * it routes the post, it is not part of the entity.
 */
export function formDataToValues(
  formData: FormData,
  listFields: readonly string[] = [],
): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  const seen = new Set<string>([INTENT_FIELD]);
  for (const name of listFields) {
    values[name] = formData.getAll(name);
    seen.add(name);
  }
  for (const [name, value] of formData.entries()) {
    if (seen.has(name)) continue;
    seen.add(name);
    values[name] = value;
  }
  return values;
}

export type FormValidation<T> =
  | { success: true; data: T; fieldErrors?: undefined }
  | { success: false; data?: undefined; fieldErrors: FieldErrors };

/** Runs the entity's schema over a form, as the dialog does before it posts. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  formData: FormData,
  listFields: readonly string[] = [],
): FormValidation<z.output<S>> {
  const result = schema.safeParse(formDataToValues(formData, listFields));
  return result.success
    ? { success: true, data: result.data }
    : // The first message per field; a rule across fields is filed under "form".
      { success: false, fieldErrors: fieldErrorsFrom(result.error) };
}

/** A form with a chosen file has to travel as multipart; everything else is lighter urlencoded. */
export function formNeedsMultipart(formData: FormData): boolean {
  for (const value of formData.values()) if (typeof value !== "string") return true;
  return false;
}

/**
 * What a form checked on change shows (validateOnChangeMs): the errors of fields the
 * user has changed, and any error their change caused elsewhere (a rule across fields,
 * e.g. switching Featured on makes the image required). Errors the untouched form
 * already had at opening (blank required fields) wait for Save.
 */
export function errorsAfterChange(
  errors: FieldErrors,
  atOpening: FieldErrors,
  changed: ReadonlySet<string>,
): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([name, message]) => changed.has(name) || atOpening[name] !== message,
    ),
  );
}

/** The names whose value differs between two snapshots of a form (lists compared item by item). */
export function changedFields(
  before: Readonly<Record<string, string | readonly string[]>>,
  after: Readonly<Record<string, string | readonly string[]>>,
): Set<string> {
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b)
      ? a.length === b.length && a.every((item, i) => item === b[i])
      : a === b;
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return new Set([...names].filter((name) => !same(before[name], after[name])));
}

/**
 * The messages after a field changes, once the form has been submitted: a changed field
 * shows what the check finds now (or nothing), an error already shown follows the check
 * (fixed elsewhere, it goes), and a server's message on a field nobody touched stays
 * (the browser cannot check it, e.g. a name already taken).
 */
export function errorsAfterEdit(
  shown: FieldErrors,
  checked: FieldErrors,
  changed: ReadonlySet<string>,
  shownByServer: boolean,
): FieldErrors {
  const next: FieldErrors = {};
  for (const [name, message] of Object.entries(shown)) {
    const recheck = changed.has(name) || !shownByServer;
    const now = recheck ? checked[name] : message;
    if (now) next[name] = now;
  }
  for (const name of changed) if (checked[name] && !next[name]) next[name] = checked[name];
  return next;
}
