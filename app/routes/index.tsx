import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requestIsOnProductionHost } from "~/server/pages/site-shell.server";
import { loader as homeLoader } from "./home";

export { default, meta, headers, links, ErrorBoundary } from "./home";

/** On the artist's own production host the index is the LOE page. */
export async function loader({ request }: Route.LoaderArgs) {
  if (requestIsOnProductionHost(request)) throw redirect("/loe");
  return homeLoader();
}
