/**
 * Access rules, as small named functions called at the top of every loader and
 * action that needs them (design brief, "Examples to follow" 5).
 */
import { redirect } from "react-router";
import { AUTH_TEXT } from "~/domain/auth";
import { isEmailAllowed } from "./allow-list.server";
import type { Actor } from "./audit.server";
import { getAuth } from "./auth.server";
import { getDb } from "./db.server";
import { logger } from "./logger.server";

export interface SignedInUser extends Actor {
  name: string;
  fullName: string | null;
}

/** The signed-in user of this request, or null. Reads the session from the database. */
export async function getSessionUser(request: Request): Promise<SignedInUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
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
 * so nothing after the call runs for a refused request.
 */
export async function requireAdmin(request: Request): Promise<SignedInUser> {
  const user = await getSessionUser(request);
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
