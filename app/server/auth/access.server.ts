/**
 * Access rules, as small named functions called at the top of every loader and
 * action that needs them (design brief, "Examples to follow" 5).
 */
import { redirect } from "react-router";
import { AUTH_TEXT } from "~/domain/auth";
import { hasAdminPrivileges, isEmailAllowed } from "./allow-list.server";
import { Forbidden } from "../core/errors.server";
import type { Actor } from "../admin/audit.server";
import { getAuth } from "./auth.server";
import { getDb } from "../db/database.server";
import { logger } from "../core/logger.server";

export interface SignedInUser extends Actor {
  name: string;
  fullName: string | null;
}

/**
 * The signed-in user of this request, or null. Reads the session from the database.
 * When Better Auth extends the session (once a day of use), the renewed cookie is
 * appended to `responseHeaders`, if given, so the browser keeps it as long as the
 * database does.
 */
export async function getSessionUser(
  request: Request,
  responseHeaders?: Headers,
): Promise<SignedInUser | null> {
  const { headers, response: session } = await getAuth().api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  if (responseHeaders) {
    for (const cookie of headers?.getSetCookie() ?? [])
      responseHeaders.append("Set-Cookie", cookie);
  }
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    fullName: (user as { fullName?: string | null }).fullName ?? null,
  };
}

/**
 * The admin gate (admin spec §2 "Admin guard", §4 "Admin gate"): no session →
 * redirect to /auth; signed in but not on the allow-list → the session is revoked,
 * the cookie cleared, the refusal logged, and the user sent to /. Throws the redirect,
 * so nothing after the call runs for a refused request. The admin layout passes
 * `responseHeaders` to carry a renewed session cookie (see getSessionUser).
 */
export async function requireAdmin(
  request: Request,
  responseHeaders?: Headers,
): Promise<SignedInUser> {
  const user = await getSessionUser(request, responseHeaders);
  if (!user) throw redirect("/auth");
  if (await isEmailAllowed(getDb(), user.email)) return user;

  logger.warn({ userId: user.id, email: user.email }, AUTH_TEXT.notAuthorizedLog);
  throw redirect("/", { headers: await signOutHeaders(request) });
}

/** Revokes the request's session and returns the Set-Cookie headers that clear it. */
export async function signOutHeaders(request: Request): Promise<Headers> {
  const headers = new Headers();
  try {
    const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    logger.error({ err: error }, "Sign-out failed");
  }
  return headers;
}

/** Said when someone without "Admin privileges" tries what only admins may do. */
export const ADMIN_PRIVILEGES_REQUIRED =
  "Only people with Admin privileges can do this. Please contact an administrator.";

/**
 * What the is_admin flag gates (docs/decisions/014): the allow-list and the theme.
 * Throws Forbidden for anyone else on the list.
 */
export async function requireAdminPrivileges(user: Actor): Promise<void> {
  if (!(await hasAdminPrivileges(getDb(), user.email))) {
    throw new Forbidden(ADMIN_PRIVILEGES_REQUIRED);
  }
}
