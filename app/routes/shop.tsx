import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { livePublicPageHeaders } from "~/lib/http-cache";
import type { Route } from "./+types/shop";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ShopMaintenance } from "~/components/shop-maintenance";
import { FeaturedCarousel } from "~/components/shop/featured-carousel";
import { ProductGrid } from "~/components/shop/product-grid";
import { ShopHero } from "~/components/shop/shop-hero";
import { toShopProduct } from "~/components/shop/shop-product";
import { SITE_NAME } from "~/domain/core/site";
import { seoMeta, siteMetaData } from "~/domain/pages/seo";
import { refreshCartProducts } from "~/lib/cart-store";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { loadShopContent } from "~/server/pages/public-pages.server";
import { loadShopCatalogue } from "~/server/shop/shop-catalogue.server";
import { loadShopSettings } from "~/server/shop/shop-settings.server";
import type { loader as layoutLoader } from "./public-layout";

export async function loader() {
  const settings = await loadShopSettings();
  if (settings.isWorkInProgress) {
    return { maintenance: true as const, message: settings.wipMessage };
  }
  const db = getDb();
  const [catalogue, content] = await Promise.all([loadShopCatalogue(db), loadShopContent(db)]);
  return {
    maintenance: false as const,
    siteUrl: getEnv().SITE_URL,
    hero: {
      title: content["shop-hero-title"].value,
      description: content["shop-hero-description"].value,
      shipping: content["shop-hero-shipping"].value,
      delivery: content["shop-hero-delivery"].value,
    },
    featuredTitle: content["shop-featured-title"].value,
    featuredDescription: content["shop-featured-description"].value,
    catalogTitle: content["shop-catalog-title"].value,
    products: catalogue.items.map(toShopProduct),
    featured: catalogue.featured.map(toShopProduct),
  };
}

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/public-layout");
  const products = loaderData.maintenance ? null : loaderData.products;

  // The cart keeps a copy of each product; bring stock and prices up to date.
  useEffect(() => {
    if (products) refreshCartProducts(products.map((p) => p.product));
  }, [products]);

  if (loaderData.maintenance) {
    return <ShopMaintenance message={loaderData.message} homeHref={layout?.homeHref} />;
  }
  const { hero, featured, siteUrl } = loaderData;
  return (
    <>
      <HydrateLater>
        <ShopHero {...hero} />
      </HydrateLater>
      <HydrateLater>
        <FeaturedCarousel
          title={loaderData.featuredTitle}
          description={loaderData.featuredDescription}
          items={featured}
        />
      </HydrateLater>
      <ProductGrid title={loaderData.catalogTitle} items={loaderData.products} siteUrl={siteUrl} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (data?.maintenance) return [{ title: `Shop Under Maintenance | ${SITE_NAME}` }];
  return seoMeta({
    siteUrl: siteMetaData(matches).siteUrl,
    title: `Shop | ${SITE_NAME}`,
    description:
      data?.hero.description ??
      "Recordings, sheet music and merchandise, straight from the artist.",
    path: "/shop",
    image: data?.featured[0]?.product.image,
  });
};

export const ErrorBoundary = RouteErrorBoundary;

export const headers = livePublicPageHeaders;
