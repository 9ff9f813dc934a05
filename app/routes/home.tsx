import type { Route } from "./+types/home";
import { HomeHero } from "~/components/home-hero";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SITE_NAME } from "~/domain/site";
import { loadPageContent } from "~/server/pages.server";

export const HOME_CONTENT_KEYS = [
  "home-hero-title",
  "home-hero-description",
  "home-hero-image",
] as const;

export async function loader() {
  return { content: await loadPageContent(HOME_CONTENT_KEYS) };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <HomeHero
      title={content["home-hero-title"].title}
      subtitle={content["home-hero-title"].description}
      description={content["home-hero-description"].description}
      imageUrl={content["home-hero-image"].value}
    />
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: SITE_NAME },
  { name: "description", content: data?.content["home-hero-description"].description ?? "" },
];

export const ErrorBoundary = RouteErrorBoundary;
