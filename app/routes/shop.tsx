import type { Route } from "./+types/shop";
import { PageHero } from "~/components/page-hero";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ShopMaintenance } from "~/components/shop-maintenance";
import { SITE_NAME } from "~/domain/site";
import { loadPageContent, loadShopSettings } from "~/server/pages.server";

export async function loader() {
  const [shop, content] = await Promise.all([
    loadShopSettings(),
    loadPageContent(["shop-hero-title", "shop-hero-description"] as const),
  ]);
  if (shop.isWorkInProgress) {
    return { maintenance: true as const, message: shop.wipMessage };
  }
  return { maintenance: false as const, content };
}

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.maintenance) return <ShopMaintenance message={loaderData.message} />;
  const { content } = loaderData;
  return (
    <PageHero
      title={content["shop-hero-title"].value}
      description={content["shop-hero-description"].value}
    />
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.maintenance ? `Shop Under Maintenance | ${SITE_NAME}` : `Shop | ${SITE_NAME}` },
];

export const ErrorBoundary = RouteErrorBoundary;
