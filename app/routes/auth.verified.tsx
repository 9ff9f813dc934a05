/**
 * GET /auth/verified: where a verification link lands once Better Auth has confirmed
 * the address (and signed its owner in). Signed in and on the team list: the dashboard,
 * with "Email verified". A link that expired or was used: /auth, which offers a new one.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/auth.verified";
import { AUTH_TEXT } from "~/domain/auth/auth";
import { getSessionUser } from "~/server/auth/access.server";
import { isEmailAllowed } from "~/server/auth/allow-list.server";
import { getDb } from "~/server/db/database.server";
import { newToast, withFlashToast } from "~/server/http/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  // Better Auth adds ?error=TOKEN_EXPIRED (or INVALID_TOKEN, USER_NOT_FOUND) to a failed link.
  if (new URL(request.url).searchParams.has("error")) {
    throw redirect("/auth?verification=failed");
  }
  const user = await getSessionUser(request);
  if (user && (await isEmailAllowed(getDb(), user.email))) {
    const toast = newToast("success", AUTH_TEXT.verifiedTitle, AUTH_TEXT.verifiedDescription);
    throw redirect("/admin", { headers: withFlashToast(toast) });
  }
  throw redirect("/auth?verification=done");
}
