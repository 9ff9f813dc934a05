/**
 * The /auth page's server side. It sends the form through Better Auth's own HTTP
 * handler, so the page gets exactly what a direct call to /api/auth gets: the same
 * allow-list refusal, the same rate limits (Better Auth applies them in its router
 * only, not to `auth.api.*` calls), the same verification mail.
 */
import {
  AFTER_VERIFICATION_PATH,
  AUTH_TEXT,
  VERIFICATION_RESEND_LIMITS,
  normalizeEmail,
} from "~/domain/auth/auth";
import type { AuthFormInput } from "~/domain/auth/auth-schemas";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, getAuth } from "./auth.server";
import { getEnv } from "../core/env.server";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { hitRateLimit, rateLimitKey } from "../db/rate-limit.server";

export type AuthFormResult =
  | { ok: true; mode: "sign-in"; headers: Headers }
  | { ok: true; mode: "sign-up" }
  | { ok: false; status: number; title: string; message: string; notVerified?: boolean };

/** The address a verification link leads to once the e-mail is confirmed. */
export const AFTER_VERIFICATION_URL = AFTER_VERIFICATION_PATH;

/**
 * A request to Better Auth's HTTP handler on behalf of the page's visitor: from the
 * site's own origin (the incoming request already passed the Origin check in
 * server.ts), with the visitor's address and browser, so its rate limits count them.
 */
async function callAuth(request: Request, path: string, body: unknown): Promise<Response> {
  const siteUrl = getEnv().SITE_URL;
  const headers = new Headers({
    "content-type": "application/json",
    origin: new URL(siteUrl).origin,
  });
  for (const name of [CLIENT_IP_HEADER, "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return getAuth().handler(
    new Request(new URL(`${AUTH_BASE_PATH}${path}`, siteUrl), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

export async function submitAuthForm(
  request: Request,
  input: AuthFormInput,
): Promise<AuthFormResult> {
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

  let response: Response;
  try {
    response = await callAuth(request, path, body);
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
  const payload = (await response.json().catch(() => null)) as {
    message?: unknown;
    code?: unknown;
  } | null;
  const message =
    typeof payload?.message === "string" && payload.message
      ? payload.message
      : AUTH_TEXT.unexpectedDescription;
  return {
    ok: false,
    status: response.status,
    title: input.mode === "sign-in" ? AUTH_TEXT.signInErrorTitle : AUTH_TEXT.signUpErrorTitle,
    message,
    ...(payload?.code === "EMAIL_NOT_VERIFIED" && { notVerified: true }),
  };
}

export type VerificationResendOutcome = "sent" | "rate-limited" | "failed";

/**
 * "Send a new verification link": counted against the address and the client
 * (VERIFICATION_RESEND_LIMITS), then Better Auth's own endpoint, which sends only to
 * an account still waiting for confirmation and answers the same either way. The
 * page says the same for an unknown address, so nobody learns who has an account.
 */
export async function resendVerification(
  db: Database,
  request: Request,
  email: string,
): Promise<VerificationResendOutcome> {
  const address = normalizeEmail(email);
  const clientIp = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const [perEmail, perClient] = await Promise.all([
    hitRateLimit(
      db,
      rateLimitKey("verification-resend-email", address),
      VERIFICATION_RESEND_LIMITS.perEmail,
    ),
    hitRateLimit(
      db,
      rateLimitKey("verification-resend-client", clientIp),
      VERIFICATION_RESEND_LIMITS.perClient,
    ),
  ]);
  if (!perEmail.allowed || !perClient.allowed) {
    logger.warn("Refused a verification resend over the limit");
    return "rate-limited";
  }
  try {
    const response = await callAuth(request, "/send-verification-email", {
      email: address,
      callbackURL: AFTER_VERIFICATION_URL,
    });
    if (response.status === 429) return "rate-limited";
    if (!response.ok) {
      logger.error({ status: response.status }, "Sending a new verification link failed");
      return "failed";
    }
    return "sent";
  } catch (error) {
    logger.error({ err: error }, "Sending a new verification link failed");
    return "failed";
  }
}

function unexpected(): AuthFormResult {
  return {
    ok: false,
    status: 500,
    title: AUTH_TEXT.unexpectedTitle,
    message: AUTH_TEXT.unexpectedDescription,
  };
}
