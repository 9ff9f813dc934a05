/** Small helpers for the JSON endpoints under /api: bounded bodies, no caching, one error shape. */
import { AppError } from "../core/errors.server";
import { logger } from "../core/logger.server";

const NO_STORE = { "Cache-Control": "no-store" };

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export function methodNotAllowed(allow: string): Response {
  return Response.json(
    { error: "Method not allowed" },
    { status: 405, headers: { ...NO_STORE, Allow: allow } },
  );
}

export class BodyError extends AppError {}

/** The request body as text, refused when larger than `maxBytes`. */
export async function readBody(request: Request, maxBytes = 64 * 1024): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyError("Request body too large", 413);
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw new BodyError("Request body too large", 413);
  return text;
}

export async function readJson(request: Request, maxBytes?: number): Promise<unknown> {
  const text = await readBody(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError("Invalid JSON body", 400);
  }
}

/**
 * Runs an endpoint: expected failures (AppError) become `shape(message)` with their
 * status; anything else is logged and answered with a plain 500.
 */
export async function handleJson(
  what: string,
  run: () => Promise<Response>,
  shape: (message: string) => Record<string, unknown> = (error) => ({ error }),
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) return json(shape(error.message), error.status);
    logger.error({ err: error }, `${what} failed`);
    return json(shape(`${what} failed: an unexpected server error occurred`), 500);
  }
}
