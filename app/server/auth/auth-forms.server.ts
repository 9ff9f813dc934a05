/**
 * The /auth page's server side. It sends the form through Better Auth's own HTTP
 * handler, so the page gets exactly what a direct call to /api/auth gets: the same
 * allow-list refusal, the same rate limits (Better Auth applies them in its router
 * only, not to `auth.api.*` calls), the same verification mail.
 */
import { AUTH_TEXT } from "~/domain/auth";
import type { AuthFormInput } from "~/domain/auth-schemas";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, getAuth } from "./auth.server";
import { getEnv } from "../core/env.server";
import { logger } from "../core/logger.server";

export type AuthFormResult =
  | { ok: true; mode: "sign-in"; headers: Headers }
  | { ok: true; mode: "sign-up" }
  | { ok: false; status: number; title: string; message: string };

/** The address a verification link leads to once the e-mail is confirmed. */
export const AFTER_VERIFICATION_URL = "/";

export async function submitAuthForm(
  request: Request,
  input: AuthFormInput,
): Promise<AuthFormResult> {
  const siteUrl = getEnv().SITE_URL;
  const path = input.mode === "sign-in" ? "/sign-in/email" : "/sign-up/email";
  const body =
    input.mode === "sign-in"
      ? { email: input.email, password: input.password }
      : {
          email: input.email,
          password: input.password,
          name: input.fullName,
          fullName: input.fullName,
          callbackURL: AFTER_VERIFICATION_URL,
        };

  // The incoming request already passed the Origin check in server.ts; this inner
  // call is the server speaking for it, from the site's own origin.
  const headers = new Headers({
    "content-type": "application/json",
    origin: new URL(siteUrl).origin,
  });
  for (const name of [CLIENT_IP_HEADER, "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }

  let response: Response;
  try {
    response = await getAuth().handler(
      new Request(new URL(`${AUTH_BASE_PATH}${path}`, siteUrl), {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      }),
    );
  } catch (error) {
    logger.error({ err: error, path }, "Auth request failed");
    return unexpected();
  }

  if (response.ok) {
    if (input.mode === "sign-up") return { ok: true, mode: "sign-up" };
    const cookies = new Headers();
    for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
    return { ok: true, mode: "sign-in", headers: cookies };
  }
  if (response.status >= 500) {
    logger.error({ status: response.status, path }, "Auth request answered with a server error");
    return unexpected();
  }
  const payload = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const message =
    typeof payload?.message === "string" && payload.message
      ? payload.message
      : AUTH_TEXT.unexpectedDescription;
  return {
    ok: false,
    status: response.status,
    title: input.mode === "sign-in" ? AUTH_TEXT.signInErrorTitle : AUTH_TEXT.signUpErrorTitle,
    message,
  };
}

function unexpected(): AuthFormResult {
  return {
    ok: false,
    status: 500,
    title: AUTH_TEXT.unexpectedTitle,
    message: AUTH_TEXT.unexpectedDescription,
  };
}
