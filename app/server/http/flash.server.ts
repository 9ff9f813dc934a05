/**
 * A toast that survives one redirect ("Welcome back!" after signing in, "Email
 * removed successfully" after a removal): a short-lived HttpOnly cookie, read once
 * and cleared by the next admin page load.
 */
import crypto from "node:crypto";
import { z } from "~/domain/core/zod";
import type { ToastMessage } from "~/domain/core/toast";
import { getEnv } from "../core/env.server";

const COOKIE = "flash_toast";

const toastSchema = z.object({
  id: z.string().max(64),
  type: z.enum(["success", "warning", "error"]),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

function attributes(maxAge: number) {
  const secure = getEnv().SITE_URL.startsWith("https://") ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function newToast(
  type: ToastMessage["type"],
  title: string,
  description?: string,
  durationMs?: number,
): ToastMessage {
  const toast: ToastMessage = { id: crypto.randomUUID(), type, title, description };
  return durationMs === undefined ? toast : { ...toast, durationMs };
}

/** Adds the Set-Cookie for a flash toast to `headers` (created when missing). */
export function withFlashToast(message: ToastMessage, headers = new Headers()): Headers {
  headers.append(
    "Set-Cookie",
    `${COOKIE}=${encodeURIComponent(JSON.stringify(message))}; ${attributes(60)}`,
  );
  return headers;
}

/** The pending flash toast, if any, and the header that clears it. */
export function readFlashToast(request: Request): {
  toast: ToastMessage | null;
  headers: Headers;
} {
  const headers = new Headers();
  const raw = request.headers
    .get("cookie")
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return { toast: null, headers };
  headers.append("Set-Cookie", `${COOKIE}=; ${attributes(0)}`);
  try {
    const parsed = toastSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return { toast: parsed.success ? parsed.data : null, headers };
  } catch {
    return { toast: null, headers };
  }
}
