/** Small helpers for resource routes: reading a bounded body and answering JSON. */

/** Form and JSON bodies of the public endpoints are tiny; anything bigger is refused. */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

export class BodyTooLarge extends Error {}

export function isFormSubmission(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  return (
    type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
  );
}

/** JSON or form fields as a plain object; a malformed body reads as empty. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_FORM_BODY_BYTES) throw new BodyTooLarge();
  if (isFormSubmission(request)) {
    const form = await request.formData();
    return Object.fromEntries(
      [...form.entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
  }
  const text = await request.text();
  if (text.length > MAX_FORM_BODY_BYTES) throw new BodyTooLarge();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: { "Cache-Control": "no-store", ...headers },
  });
}

export function methodNotAllowed(allow: string): Response {
  return json({ error: "Method Not Allowed" }, 405, { Allow: allow });
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
