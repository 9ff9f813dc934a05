import type { Route } from "./+types/media";
import { PageHero } from "~/components/page-hero";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SITE_NAME } from "~/domain/site";
import { loadOrCreatePageContent } from "~/server/pages.server";

export async function loader() {
  return { header: await loadOrCreatePageContent("media") };
}

export default function MediaPage({ loaderData }: Route.ComponentProps) {
  const { header } = loaderData;
  return <PageHero title={header.title} description={header.description} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Media | ${SITE_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;
