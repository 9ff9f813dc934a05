import type { Route } from "./+types/events";
import { PageHero } from "~/components/page-hero";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SITE_NAME } from "~/domain/site";
import { loadPageContent } from "~/server/pages.server";

export async function loader() {
  return {
    content: await loadPageContent(["events-hero-title", "events-hero-description"] as const),
  };
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <PageHero
      title={content["events-hero-title"].value}
      description={content["events-hero-description"].value}
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Events | ${SITE_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;
