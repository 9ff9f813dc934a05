/**
 * Access rules, as small named functions called at the top of every loader and
 * action that needs them (design brief, "Examples to follow" 5).
 */
import { data, redirect } from "react-router";
import { ADMIN_PRIVILEGES_TEXT, needsAdminPrivileges } from "~/domain/admin/admin-screens";
import { AUTH_TEXT } from "~/domain/auth/auth";
import { allowListEntry } from "./allow-list.server";
import { getAuth } from "./auth.server";
import { getDb } from "../db/database.server";
import { logger } from "../core/logger.server";
import type { Actor } from "../db/audit.server";

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

/** Someone on the allow-list, and whether their entry has "Admin privileges" (read for this request). */
export interface AdminUser extends SignedInUser {
  hasAdminPrivileges: boolean;
}

/**
 * The admin gate (admin spec §2 "Admin guard", §4 "Admin gate") for every admin
 * loader: no session → redirect to /auth; signed in but not on the allow-list → the
 * session is revoked, the cookie cleared, the refusal logged, and the user sent to /;
 * on the list but without "Admin privileges" on a path that needs them (money and
 * personal data, `needsAdminPrivileges`, docs/decisions/014) → a 403 whose message the
 * admin layout's error boundary shows. Throws, so nothing after the call runs for a
 * refused request.
 */
export async function requireAdmin(
  request: Request,
  responseHeaders?: Headers,
): Promise<AdminUser> {
  const user = await requireAdminSession(request, responseHeaders);
  if (!mayOpen(request, user)) {
    throw data(ADMIN_PRIVILEGES_TEXT.screenRefused, { status: 403 });
  }
  return user;
}

/**
 * The gate without the path's privileges: the admin layout (the frame every screen,
 * refused ones included, is shown in) and the admin action helper (which answers a
 * refusal with its toast) call this and decide the rest themselves. The layout passes
 * `responseHeaders` to carry a renewed session cookie (see getSessionUser).
 */
export async function requireAdminSession(
  request: Request,
  responseHeaders?: Headers,
): Promise<AdminUser> {
  const user = await getSessionUser(request, responseHeaders);
  if (!user) throw redirect("/auth");
  const entry = await allowListEntry(getDb(), user.email);
  if (entry) return { ...user, hasAdminPrivileges: entry.isAdmin };

  logger.warn({ userId: user.id, email: user.email }, AUTH_TEXT.notAuthorizedLog);
  throw redirect("/", { headers: await signOutHeaders(request) });
}

/** Whether `user` may use what the request's path offers (docs/decisions/014). */
export function mayOpen(request: Request, user: AdminUser): boolean {
  return user.hasAdminPrivileges || !needsAdminPrivileges(new URL(request.url).pathname);
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
