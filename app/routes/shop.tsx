import type { Route } from "./+types/shop";
import { PageHero } from "~/components/page-hero";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SITE_NAME } from "~/domain/site";
import { loadPageContent } from "~/server/pages.server";

export async function loader() {
  return { content: await loadPageContent(["shop-hero-title", "shop-hero-description"] as const) };
}

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <PageHero
      title={content["shop-hero-title"].value}
      description={content["shop-hero-description"].value}
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Shop | ${SITE_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;
