import type { Route } from "./+types/contact";
import { PageHero } from "~/components/page-hero";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SITE_NAME } from "~/domain/site";
import { loadPageContent } from "~/server/pages.server";

export async function loader() {
  return {
    content: await loadPageContent(["contact-hero-title", "contact-hero-description"] as const),
  };
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <PageHero
      title={content["contact-hero-title"].value}
      description={content["contact-hero-description"].value}
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Contact | ${SITE_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;
