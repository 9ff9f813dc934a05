/** POST /auth/sign-out: revokes the session, clears the cookie, lands on the home page. */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOutHeaders } from "~/server/auth/access.server";

export async function loader() {
  // Signing out changes state, so it is a POST only; a GET just goes home.
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  throw redirect("/", { headers: await signOutHeaders(request) });
}
