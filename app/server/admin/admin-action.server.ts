/**
 * The one way an admin screen writes. Every admin action is a table of intents; this
 * helper checks the admin (and "Admin privileges" where the screen or the intent needs
 * them, docs/decisions/014), reads the form (multipart too), refuses control characters,
 * validates it with the intent's zod schema, checks the hosts of file addresses
 * (docs/decisions/024), runs the intent, and answers in the one shape the admin kit
 * reads (domain/admin/admin-action.ts): field errors and the spec's toast on failure, the
 * success toast (a warning when a file address could not be reached) and the result on
 * success, or a redirect with a flash toast. An intent that makes a file (a batch of
 * download codes as printable cards) answers it as a download instead, through
 * `handleAdminFileAction` in a resource route, with the same checks and failures.
 */
import { data, redirect } from "react-router";
import type { z } from "zod";
import type { AdminActionResult, FieldErrors } from "~/domain/admin/admin-action";
import { FILE_TOAST_HEADER, INTENT_FIELD } from "~/domain/admin/admin-action";
import { fieldErrorsFrom } from "~/domain/core/form-errors";
import type { ToastMessage } from "~/domain/core/toast";
import { ADMIN_PRIVILEGES_TEXT } from "~/domain/admin/admin-screens";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/domain/core/control-characters";
import { unreachableAddressWarning } from "~/domain/core/file-reference";
import { fileAddressesIn } from "~/domain/admin/form-fields";
import { mayOpen, requireAdminSession, type AdminUser } from "../auth/access.server";
import { AppError, describeError } from "../core/errors.server";
import { logger } from "../core/logger.server";
import { getDb, type Database } from "../db/database.server";
import { BodyTooLarge, readFormData } from "../http/api.server";
import { newToast, withFlashToast } from "../http/flash.server";
import { screenFileAddresses } from "../http/image-url-check.server";

/** Admin forms carry text; files travel through the upload endpoint. 1 MB is plenty. */
export const MAX_ADMIN_FORM_BYTES = 1024 * 1024;

export interface IntentContext<Input> {
  db: Database;
  actor: AdminUser;
  input: Input;
  request: Request;
}

export interface IntentHandler<S extends z.ZodType = z.ZodType, R = unknown> {
  schema: S;
  run: (context: IntentContext<z.output<S>>) => Promise<R>;
  /** The success toast's title (admin spec §8), or a function of the result. */
  success: string | ((result: R, input: z.output<S>) => { title: string; description?: string });
  /**
   * The failure toast's description, e.g. "Failed to save video", followed by ": " and
   * the reason of an expected failure (alone when the failure's own title already says
   * this, as the shop's "Save Failed" does).
   */
  failure: string;
  /** What an unexpected failure reads as after "{failure}: " (spec §8 "Unknown error"). */
  unexpected?: string;
  /** How long the answer's toast stays, when the spec says (sonner's default otherwise). */
  toastMs?: number;
  /**
   * Only people whose allow-list entry has "Admin privileges" (docs/decisions/014), on
   * a screen everyone else may use too. (A whole screen is declared privileged in the
   * screen registry, domain/admin/admin-screens.ts, and refused before its form is read.)
   */
  privileged?: boolean;
  /** Answer with a redirect to this path plus a flash toast (post/redirect/get). */
  redirectTo?: string;
  /** The file the result is answered as (`handleAdminFileAction`), e.g. a batch's cards. */
  file?: (result: R) => FileAnswer;
}

/** A file an intent answers with: sent as a download, never cached. */
export interface FileAnswer {
  /** The name the browser saves it under. */
  name: string;
  /** Its media type, e.g. "application/pdf". */
  type: string;
  body: Uint8Array | string;
  /** More headers, e.g. the id of what was made ("X-Batch-Id"). */
  headers?: Record<string, string>;
}

/** A screen's intents by name; each has its own schema, so the table is loosely typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IntentTable = Record<string, IntentHandler<any, any>>;

/** Builds an intent with its types inferred from the schema. */
export function intent<S extends z.ZodType, R>(handler: IntentHandler<S, R>): IntentHandler<S, R> {
  return handler;
}

/**
 * Form fields as a plain object: repeated names become arrays (tags, reorder ids),
 * a file stays a File.
 */
export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

/** The fields whose text (or one of whose repeated values) holds a control character. */
function fieldsWithControlCharacters(form: Record<string, unknown>): string[] {
  return Object.entries(form)
    .filter(([, value]) =>
      (Array.isArray(value) ? value : [value]).some(
        (v) => typeof v === "string" && hasControlCharacters(v),
      ),
    )
    .map(([field]) => field);
}

async function readForm(request: Request): Promise<Record<string, unknown>> {
  try {
    return formToObject(await readFormData(request, MAX_ADMIN_FORM_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw new AppError("The form is too large. Upload files with the upload field.", 413);
    }
    throw error;
  }
}

type Answer = ReturnType<typeof data<AdminActionResult>>;

/**
 * A failure toast's description: "{failure}: {reason}" for an expected failure (or the
 * intent's wording of an unexpected one), the reason alone when the failure's own title
 * already says what failed (the shop's "Save Failed"), the failure alone otherwise.
 */
export function failureDescription(
  handler: Pick<IntentHandler, "failure" | "unexpected">,
  described: { expected: boolean; title: string; message: string },
): string {
  const reason = described.expected ? described.message : handler.unexpected;
  if (reason === undefined) return handler.failure;
  return described.title === handler.failure ? reason : `${handler.failure}: ${reason}`;
}

function failed(
  intentName: string,
  status: number,
  toast: AdminActionResult["toast"],
  fieldErrors: FieldErrors = {},
): Answer {
  return data({ ok: false, intent: intentName, toast, fieldErrors }, { status });
}

/** 403 "Permission Denied" for someone without "Admin privileges"; nothing ran. */
function refusedWithoutPrivileges(intentName: string, failure: string): Answer {
  const message = ADMIN_PRIVILEGES_TEXT.refused;
  return failed(
    intentName,
    403,
    newToast("error", "Permission Denied", failure ? `${failure}: ${message}` : message),
  );
}

/** An intent that ran: what `handleAdminAction` and `handleAdminFileAction` answer from. */
interface Ran {
  intentName: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: IntentHandler<any, any>;
  result: unknown;
  toast: ToastMessage;
}

/**
 * The gate, the form, the intent, its checks and its run: a failure comes back as the
 * answer to send, a success as what ran.
 */
async function runIntent(request: Request, intents: IntentTable): Promise<Answer | Ran> {
  const actor = await requireAdminSession(request);
  // Money and personal data (docs/decisions/014): refused before the form is even read.
  if (!mayOpen(request, actor)) return refusedWithoutPrivileges("", "");
  let form: Record<string, unknown>;
  try {
    form = await readForm(request);
  } catch (error) {
    const { status, message } = describeError(error);
    return failed("", status, newToast("error", "Error", message));
  }
  const intentName = typeof form[INTENT_FIELD] === "string" ? (form[INTENT_FIELD] as string) : "";
  const handler = Object.hasOwn(intents, intentName) ? intents[intentName] : undefined;
  if (!handler) {
    return failed(
      intentName,
      400,
      newToast("error", "Error", "Unknown action. Please reload the page."),
    );
  }

  if (handler.privileged && !actor.hasAdminPrivileges) {
    return refusedWithoutPrivileges(intentName, handler.failure);
  }

  // Every screen, whatever its schema: a NUL would reach PostgreSQL and fail there.
  const unreadable = fieldsWithControlCharacters(form);
  if (unreadable.length > 0) {
    return failed(
      intentName,
      400,
      newToast("error", "Error", `${handler.failure}: ${CONTROL_CHARACTERS_MESSAGE}`),
      Object.fromEntries(unreadable.map((field) => [field, CONTROL_CHARACTERS_MESSAGE])),
    );
  }

  const parsed = handler.schema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error);
    const first = Object.values(fieldErrors)[0];
    const description = first ? `${handler.failure}: ${first}` : handler.failure;
    return failed(intentName, 400, newToast("error", "Error", description), fieldErrors);
  }

  // File addresses visitors' browsers load: a host that resolves into a private network
  // is refused like one typed as such (the schema's check); one not found is saved with
  // a warning (docs/decisions/024).
  const files = await screenFileAddresses(fileAddressesIn(handler.schema, parsed.data));
  const refusedFile = Object.values(files.refused)[0];
  if (refusedFile) {
    return failed(
      intentName,
      400,
      newToast("error", "Error", `${handler.failure}: ${refusedFile}`),
      files.refused,
    );
  }

  let result: unknown;
  try {
    result = await handler.run({ db: getDb(), actor, input: parsed.data, request });
  } catch (error) {
    const described = describeError(error);
    if (!described.expected) {
      logger.error(
        { err: error, intent: intentName, path: new URL(request.url).pathname },
        handler.failure,
      );
    }
    const description = failureDescription(handler, described);
    const field = error instanceof AppError ? error.field : undefined;
    return failed(
      intentName,
      described.status,
      newToast(
        "error",
        described.expected ? described.title : "Error",
        description,
        handler.toastMs,
      ),
      field ? { [field]: described.message } : {},
    );
  }

  const success =
    typeof handler.success === "string"
      ? { title: handler.success }
      : handler.success(result, parsed.data);
  const toast =
    files.unreachable.length > 0
      ? newToast(
          "warning",
          success.title,
          [success.description, unreachableAddressWarning(files.unreachable)]
            .filter(Boolean)
            .join(" · "),
          handler.toastMs,
        )
      : newToast("success", success.title, success.description, handler.toastMs);
  return { intentName, handler, result, toast };
}

const isAnswer = (outcome: Answer | Ran): outcome is Answer => !("handler" in outcome);

/**
 * Runs the intent the form asks for. Throws redirects (the admin gate, or the
 * intent's `redirectTo` on success); returns the result for fetchers otherwise.
 */
export async function handleAdminAction(
  request: Request,
  intents: IntentTable,
): Promise<Answer | AdminActionResult> {
  const outcome = await runIntent(request, intents);
  if (isAnswer(outcome)) return outcome;
  const { intentName, handler, result, toast } = outcome;
  if (handler.redirectTo) {
    // Post/redirect/get: a reload never repeats the change; the toast rides along.
    throw redirect(handler.redirectTo, { headers: withFlashToast(toast) });
  }
  const answer: AdminActionResult = { ok: true, intent: intentName, toast, result };
  return answer;
}

/**
 * `handleAdminAction` for a resource route whose intents make a file: the same gate,
 * checks and failures (JSON, the one answer shape, with its status), and on success the
 * intent's file as a download, its toast in FILE_TOAST_HEADER. A page's action cannot
 * answer a file (React Router reads the body as data), hence a route of its own.
 */
export async function handleAdminFileAction(
  request: Request,
  intents: IntentTable,
): Promise<Response> {
  const outcome = await runIntent(request, intents);
  if (isAnswer(outcome)) {
    return Response.json(outcome.data, {
      status: outcome.init?.status ?? 400,
      headers: { "Cache-Control": "no-store" },
    });
  }
  const { intentName, handler, result, toast } = outcome;
  if (!handler.file) throw new Error(`The intent "${intentName}" makes no file.`);
  const file = handler.file(result);
  return new Response(typeof file.body === "string" ? file.body : Buffer.from(file.body), {
    headers: {
      ...file.headers,
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename="${file.name.replace(/["\\\r\n]/g, "")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      [FILE_TOAST_HEADER]: encodeURIComponent(JSON.stringify(toast)),
    },
  });
}
