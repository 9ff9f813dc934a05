import type { Route } from "./+types/auth";
import { PageHero } from "~/components/page-hero";
import { SITE_NAME } from "~/domain/site";

export default function AuthPage(_: Route.ComponentProps) {
  return <PageHero title="Sign In" description="Sign-in is reserved for the site's team." />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Sign In | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];
