/**
 * Control characters in what people send: invisible, never typed on purpose, and a
 * NUL (U+0000) is refused by PostgreSQL outright (SQLSTATE 22021 in text, 22P05 in
 * jsonb), which once made any form a 500. Forms refuse them with a clear message;
 * search boxes drop them. Tab, line feed and carriage return are ordinary text (a text
 * area sends line breaks as CR LF) and stay. No zod: public forms use this too.
 */

// C0 controls but tab (09), line feed (0A) and carriage return (0D); DEL; C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above, with tab and line breaks
const ANY_CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]+/g;

export const CONTROL_CHARACTERS_MESSAGE =
  "This text contains invisible control characters that cannot be saved. Please remove them (retype the text rather than pasting it) and try again.";

/** True when `text` holds a control character other than tab and line breaks. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * A one-line search text without any control character (tabs and line breaks become a
 * space): what a search box means, and nothing the database refuses.
 */
export function searchText(raw: string | null | undefined, maxLength: number): string {
  return (raw ?? "").replace(ANY_CONTROL_CHARACTER, " ").trim().slice(0, maxLength);
}
