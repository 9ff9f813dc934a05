import type { Route } from "./+types/about";
import { PageHero } from "~/components/page-hero";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SITE_NAME } from "~/domain/site";
import { loadPageContent } from "~/server/pages.server";

export async function loader() {
  return { content: await loadPageContent(["about-hero", "about-hero-secondary"] as const) };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <PageHero
      title={content["about-hero"].title}
      description={content["about-hero-secondary"].description}
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: `About | ${SITE_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;
