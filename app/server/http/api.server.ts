/**
 * Helpers for resource routes (the JSON endpoints under /api and the public form
 * endpoints): bounded bodies, answers that are never cached, one error shape.
 */
import { data } from "react-router";
import { AppError, describeError } from "../core/errors.server";
import { logger } from "../core/logger.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** Form and JSON bodies of the public endpoints are tiny; anything bigger is refused. */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

export class BodyTooLarge extends AppError {
  constructor() {
    super("Request body too large", 413);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor() {
    super(
      "Unsupported Media Type: send a form (application/x-www-form-urlencoded or multipart/form-data).",
      415,
    );
  }
}

/**
 * The one way an action reads a posted form: 415 for another content type (JSON, text,
 * none), 413 over the cap, 400 when the body does not parse. Each is an AppError, so
 * nothing a client sends can become a 500.
 */
export async function readFormData(
  request: Request,
  maxBytes = MAX_FORM_BODY_BYTES,
): Promise<FormData> {
  if (!isFormSubmission(request)) throw new UnsupportedMediaType();
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLarge();
  try {
    return await request.formData();
  } catch {
    throw new AppError("Bad Request: the form could not be read.", 400);
  }
}

/** A form's text fields (files are never read this way). */
export function formFields(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/**
 * readFormData for a page's action, as its text fields: a refusal is thrown as a
 * response with its status (the page's error boundary shows it).
 */
export async function readPageForm(
  request: Request,
  maxBytes?: number,
): Promise<Record<string, string>> {
  try {
    return formFields(await readFormData(request, maxBytes));
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    throw error;
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export function methodNotAllowed(allow: string): Response {
  return json({ error: "Method Not Allowed" }, 405, { Allow: allow });
}

export function isFormSubmission(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  return (
    type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
  );
}

/** The request body as text, refused when larger than `maxBytes`. */
export async function readText(request: Request, maxBytes = MAX_FORM_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLarge();
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw new BodyTooLarge();
  return text;
}

export async function readJson(request: Request, maxBytes?: number): Promise<unknown> {
  const text = await readText(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("Invalid JSON body", 400);
  }
}

/** JSON or form fields as a plain object; a malformed body reads as empty. */
export async function readFields(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_FORM_BODY_BYTES) throw new BodyTooLarge();
  if (isFormSubmission(request)) return formFields(await readFormData(request));
  const text = await readText(request);
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Where a form posted without JavaScript goes back to: the page it came from, when
 * that page is on this site; otherwise `fallback`.
 */
export function returnPath(request: Request, fallback: string): string {
  const referer = request.headers.get("referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(request.url).origin) return fallback;
    return from.pathname;
  } catch {
    return fallback;
  }
}

/**
 * Runs an endpoint: expected failures (typed errors) become `shape(message)` with
 * their status; anything else is logged and answered with a plain 500.
 */
export async function handleJson(
  what: string,
  run: () => Promise<Response>,
  shape: (message: string) => Record<string, unknown> = (error) => ({ error }),
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    const described = describeError(error);
    if (described.expected) return json(shape(described.message), described.status);
    logger.error({ err: error }, `${what} failed`);
    return json(shape(`${what} failed: an unexpected server error occurred`), 500);
  }
}
