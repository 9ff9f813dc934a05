import type { Route } from "./+types/loe";
import { PageHero } from "~/components/page-hero";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SITE_NAME } from "~/domain/site";
import { loadPageContent } from "~/server/pages.server";

export async function loader() {
  return { content: await loadPageContent(["loe", "loe-banner-text"] as const) };
}

export default function LoePage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <PageHero
      eyebrow="Lowenthorne Orchestral Ensemble"
      title={content.loe.title}
      description={content.loe.description}
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: `LOE | ${SITE_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;
