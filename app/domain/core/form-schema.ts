/**
 * Validation for the public forms (newsletter, contact): the same rules in the browser
 * and on the server, in a few hundred bytes instead of zod's ~25 KB on every page that
 * shows a form. Results have zod's safeParse shape, so callers read them the same way.
 */

import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./control-characters";

/** An address with something before and after the @ and a dot in the domain, no spaces. */
export const EMAIL_ADDRESS_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  const trimmed = value.trim();
  return (
    trimmed.length <= EMAIL_MAX_LENGTH &&
    EMAIL_ADDRESS_PATTERN.test(trimmed) &&
    !hasControlCharacters(trimmed)
  );
}

export interface FormIssue {
  path: [string];
  message: string;
}

export type FormParseResult<T> =
  | { success: true; data: T; error?: undefined }
  | { success: false; data?: undefined; error: { issues: FormIssue[] } };

/** A field's rule: the cleaned value, or the message to show. */
export type FieldRule<V> = (raw: unknown) => { value: V } | { message: string };

export interface FormSchema<T> {
  safeParse(raw: unknown): FormParseResult<T>;
  /** For tests and callers that already validated: throws on invalid input. */
  parse(raw: unknown): T;
}

/**
 * Trimmed text that must not be empty and must not exceed `max` characters, without
 * control characters (tab and line breaks are text: a message is a text area).
 */
export function requiredText(message: string, max: number): FieldRule<string> {
  return (raw) => {
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value === "") return { message };
    if (hasControlCharacters(value)) return { message: CONTROL_CHARACTERS_MESSAGE };
    if (value.length > max) return { message: `Please keep this under ${max} characters.` };
    return { value };
  };
}

/** Trimmed text that may be left empty (null), at most `max` characters, without control characters. */
export function optionalLine(max: number): FieldRule<string | null> {
  return (raw) => {
    const value = typeof raw === "string" ? raw.trim() : "";
    if (hasControlCharacters(value)) return { message: CONTROL_CHARACTERS_MESSAGE };
    if (value.length > max) return { message: `Please keep this under ${max} characters.` };
    return { value: value === "" ? null : value };
  };
}

/** A trimmed e-mail address: `required` when empty, `invalid` when malformed. */
export function emailAddress(
  messages: { required: string; invalid: string },
  options: { lowerCase?: boolean } = {},
): FieldRule<string> {
  return (raw) => {
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value === "") return { message: messages.required };
    if (!isEmailAddress(value)) return { message: messages.invalid };
    return { value: options.lowerCase ? value.toLowerCase() : value };
  };
}

/** Any string, or nothing (a honeypot field, say). */
export const optionalText: FieldRule<string | undefined> = (raw) => ({
  value: typeof raw === "string" ? raw : undefined,
});

/** An object schema from one rule per field; unknown fields are dropped. */
export function formSchema<T extends object>(rules: {
  [K in keyof T]: FieldRule<T[K]>;
}): FormSchema<T> {
  const safeParse = (raw: unknown): FormParseResult<T> => {
    const input = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    const issues: FormIssue[] = [];
    for (const [field, rule] of Object.entries(rules) as [string, FieldRule<unknown>][]) {
      const result = rule(input[field]);
      if ("message" in result) issues.push({ path: [field], message: result.message });
      else if (result.value !== undefined) data[field] = result.value;
    }
    return issues.length > 0
      ? { success: false, error: { issues } }
      : { success: true, data: data as T };
  };
  return {
    safeParse,
    parse(raw) {
      const result = safeParse(raw);
      if (!result.success) throw new Error(result.error.issues.map((i) => i.message).join("; "));
      return result.data;
    },
  };
}
