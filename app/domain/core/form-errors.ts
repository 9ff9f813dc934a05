/**
 * Field errors as the forms show them: the first message per top-level field. Works on
 * a zod error and on form-schema.ts's results alike (both carry `issues` with a `path`),
 * and imports nothing at run time, so a component can use it without pulling in zod.
 */

export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Field name → its first message; issues without a path go under "form". */
export function fieldErrorsFrom(error: {
  readonly issues: readonly IssueLike[];
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const key = head === undefined ? "form" : String(head);
    out[key] ??= issue.message;
  }
  return out;
}
