/**
 * The field rules every admin entity schema is built from. The schemas run in the
 * browser on a form's `Object.fromEntries(formData)` (repeated fields collected into
 * arrays by the caller) and again on the server on the same shape, so every value
 * arrives as text, or absent:
 *
 * - text is trimmed; optional text that is blank becomes null; control characters
 *   (a NUL, say; tab and line breaks are text) are refused with a clear message;
 * - a checkbox or switch sends "on" (or "true"/"false"); an unchecked box sends
 *   nothing, so an absent flag is false for flags on the form (`formBoolean()`), and
 *   the spec's default only for a flag the form does not show (`formBoolean(true)`);
 * - numbers are text too: blank order becomes 0, blank optional counts become null.
 *
 * Only admin code and the server import this (and the entity modules built on it): zod
 * stays out of the public pages' bundle.
 */
import { z } from "../core/zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "../core/control-characters";
import {
  PRIVATE_FILE_ADDRESS_MESSAGE,
  isOwnUploadPath,
  isPrivateWebAddress,
  isWebUrl,
} from "../core/file-reference";
import { extractVideoId } from "../media/video";

export const ENTRY_ID_MESSAGE = "Unknown entry";

/** The id of the row an update or delete is for. */
export const entryId = z.uuid(ENTRY_ID_MESSAGE);

/** Postgres `integer`'s upper bound: anything above cannot be stored. */
export const MAX_INTEGER = 2_147_483_647;

/**
 * A form value as trimmed text; absent is "". Anything but text (a File) is refused, and
 * so is text with control characters (docs/decisions/024).
 */
export function formText(message = "Please enter text") {
  return z
    .string({ error: message })
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE);
}

type LengthRule = readonly [limit: number, message: string];

/**
 * Trimmed text that must not be blank (`required`), with optional length rules; one
 * message at a time. (Refinements, not aborting checks: a blank field must not stop the
 * form's cross-field rules from reporting too.)
 */
export function requiredText(
  required: string,
  { min, max }: { min?: LengthRule; max?: LengthRule } = {},
) {
  return formText(required).superRefine((v, ctx) => {
    const message =
      v === ""
        ? required
        : min && v.length < min[0]
          ? min[1]
          : max && v.length > max[0]
            ? max[1]
            : null;
    if (message !== null) ctx.addIssue({ code: "custom", message });
  });
}

/** Trimmed text or null when blank, with an optional maximum length. */
export function nullableText({ max }: { max?: LengthRule } = {}) {
  const checked = max ? z.string().max(max[0], max[1]) : z.string();
  return formText()
    .pipe(checked)
    .transform((v) => (v === "" ? null : v));
}

const TRUE_VALUES = new Set(["on", "true", "1", "yes"]);
const FALSE_VALUES = new Set(["off", "false", "0", "no", ""]);

function readBoolean(
  value: string | boolean | readonly string[] | null | undefined,
  absent: boolean,
): boolean | null {
  // A hidden "false" before the checkbox arrives as ["false", "true"] when collected:
  // the last value is the checkbox's.
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === undefined || last === null) return absent;
  if (typeof last === "boolean") return last;
  const text = String(last).trim().toLowerCase();
  if (TRUE_VALUES.has(text)) return true;
  if (FALSE_VALUES.has(text)) return false;
  return null;
}

/**
 * A checkbox or switch: "on", "true", "1" are true; "false", "off", "0", "" are false;
 * absent is `absent` (false unless the form does not show the flag and the spec's
 * default is true).
 */
export function formBoolean(absent = false) {
  return z
    .union([z.boolean(), z.string(), z.array(z.string())])
    .nullish()
    .transform((v) => readBoolean(v, absent))
    .refine((v) => v !== null, "Please choose yes or no")
    .transform((v) => v === true);
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** "" → null; numeric text → its number; anything else → NaN. */
export function readNumber(text: string): number | null {
  if (text === "") return null;
  return NUMERIC.test(text) ? Number(text) : NaN;
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_INTEGER;

/**
 * An order index: a whole number of 0 or more; blank becomes 0. Text that is not a
 * number is refused, or becomes 0 with `nonNumeric: "zero"` (the LOE image form).
 */
export function orderIndexField(
  message: string,
  { nonNumeric = "refuse" }: { nonNumeric?: "refuse" | "zero" } = {},
) {
  return formText(message)
    .transform((text) => {
      const n = readNumber(text);
      if (n === null || (Number.isNaN(n) && nonNumeric === "zero")) return 0;
      return n;
    })
    .refine(isCount, message);
}

/** A whole number of 0 or more, or null when blank. */
export function optionalCount(messages: { invalid: string; negative?: string }) {
  return formText(messages.invalid)
    .transform(readNumber)
    .superRefine((n, ctx) => {
      if (n === null || isCount(n)) return;
      const negative = !Number.isNaN(n) && n < 0 && Number.isInteger(n);
      ctx.addIssue({
        code: "custom",
        message: negative && messages.negative ? messages.negative : messages.invalid,
      });
    });
}

/** A whole number between `min` and `max`; blank becomes `fallback`. */
export function integerInRange(fallback: number, min: number, max: number, message: string) {
  return formText(message)
    .transform((text) => readNumber(text) ?? fallback)
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, message);
}

/** One of `values`; blank becomes `fallback` when there is one. */
export function formChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
  fallback?: T[number],
) {
  return formText(message)
    .transform((v) => (v === "" && fallback !== undefined ? fallback : v))
    .refine((v): v is T[number] => (values as readonly string[]).includes(v), message);
}

export interface LinkOptions {
  /**
   * A file visitors' browsers load (an image, a video file, artwork): also accept one
   * stored by our upload server (/uploads/...), and refuse a web address into a private
   * network (see `fileAddress`).
   */
  uploads?: boolean;
}

export interface FileAddressMeta {
  /**
   * On an object schema whose file fields depend on its other values (a page-content
   * entry is an image only for image keys): its file addresses by field name.
   */
  addressesOf?: (output: never) => Record<string, unknown>;
}

/**
 * The fields (or, with `addressesOf`, the object schemas) that hold file addresses
 * visitors' browsers load. The forms refuse a private address by its text; the admin
 * action helper also resolves each one's host before saving (a name can point into a
 * private network too), and saves with a warning one it cannot reach.
 */
export const fileAddressFields = z.registry<FileAddressMeta>();

/**
 * A file address field: `schema`'s text, refused when it points into a private network,
 * and registered so the server checks its host too.
 */
export function fileAddress<T extends z.ZodType<string | null>>(schema: T) {
  const checked = schema.refine(
    (v) => v === null || !isPrivateWebAddress(v),
    PRIVATE_FILE_ADDRESS_MESSAGE,
  );
  fileAddressFields.add(checked, {});
  return checked;
}

/** The web addresses (not our uploads) in a form's parsed output that are file addresses, by field. */
export function fileAddressesIn(schema: z.ZodType, output: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  const values = (typeof output === "object" && output !== null ? output : {}) as Record<
    string,
    unknown
  >;
  const add = (field: string, value: unknown) => {
    if (typeof value === "string" && isWebUrl(value)) found[field] = value;
  };
  // An object schema, perhaps behind its transforms (pipes).
  let current: z.ZodType | undefined = schema;
  while (current) {
    const meta = fileAddressFields.get(current);
    if (meta?.addressesOf) {
      for (const [field, value] of Object.entries(meta.addressesOf(output as never))) {
        add(field, value);
      }
    }
    if (current instanceof z.ZodObject) {
      for (const [field, fieldSchema] of Object.entries(current.shape)) {
        if (fileAddressFields.has(fieldSchema as z.ZodType)) add(field, values[field]);
      }
      break;
    }
    current = current instanceof z.ZodPipe ? (current.in as z.ZodType) : undefined;
  }
  return found;
}

function isLink(value: string, { uploads = false }: LinkOptions): boolean {
  return isWebUrl(value) || (uploads && isOwnUploadPath(value));
}

/** An http(s) address (or our upload, a file address) that must be given. */
export function requiredLink(
  messages: { required: string; invalid: string },
  options: LinkOptions = {},
) {
  const link = formText(messages.required).superRefine((v, ctx) => {
    if (v === "") ctx.addIssue({ code: "custom", message: messages.required });
    else if (!isLink(v, options)) ctx.addIssue({ code: "custom", message: messages.invalid });
  });
  return options.uploads ? fileAddress(link) : link;
}

/** An http(s) address (or our upload, a file address), or null when blank. */
export function optionalLink(invalid: string, options: LinkOptions = {}) {
  const link = formText(invalid)
    .refine((v) => v === "" || isLink(v, options), invalid)
    .transform((v) => (v === "" ? null : v));
  return options.uploads ? fileAddress(link) : link;
}

/**
 * A video-sharing input: a watch, short or embed URL, or the 11-character id itself;
 * the output is the id, or null when blank (admin spec §5 "Video inputs").
 */
export function videoIdInput(invalid: string) {
  return formText(invalid)
    .refine((v) => v === "" || extractVideoId(v) !== null, invalid)
    .transform((v) => (v === "" ? null : extractVideoId(v)));
}
