import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found";
import { SITE_NAME } from "~/domain/core/site";

/** Every unknown path: the 404 page inside the site's navigation, with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage(_: Route.ComponentProps) {
  return <NotFound />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];
