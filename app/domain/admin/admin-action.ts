/**
 * What every admin action answers a fetcher with (app/server/admin/admin-action.server.ts
 * writes it, the admin kit reads it). One shape for every screen, so a dialog, a table
 * row action and a page-content editor all react to a save the same way.
 */
import type { ToastMessage } from "../core/toast";

/** Field name → the first message for it (the spec shows one message per field). */
export type FieldErrors = Record<string, string>;

export type AdminActionResult<T = unknown> =
  | { ok: true; intent: string; toast: ToastMessage | null; result?: T }
  | { ok: false; intent: string; toast: ToastMessage | null; fieldErrors: FieldErrors };

/** The hidden form field that says which operation a POST to an admin screen asks for. */
export const INTENT_FIELD = "intent";

/**
 * The header that carries the toast of an answer whose body is a file (a batch of
 * download codes): JSON, URI-encoded.
 */
export const FILE_TOAST_HEADER = "X-Admin-Toast";
