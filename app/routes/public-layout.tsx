import { Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/public-layout";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { SiteNav } from "~/components/site-nav";
import { SiteFooter } from "~/components/site-footer";
import { CartDrawerHost } from "~/components/cart/cart-drawer-host";
import { ShopSkeleton } from "~/components/shop/shop-skeleton";
import { openCartDrawer } from "~/lib/cart-drawer-state";
import { PageSkeleton } from "~/components/page-skeletons";
import { loadSiteShell } from "~/server/content/site.server";
import { usePageViews } from "~/lib/analytics";

export async function loader({ request }: Route.LoaderArgs) {
  return loadSiteShell(request);
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  // While another page's data loads, that page's skeleton stands in (spec §2).
  const navigation = useNavigation();
  // The cookieless counter (issue 25): one beacon per page shown.
  usePageViews();
  const location = useLocation();
  const pendingPath =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : null;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-full focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <SiteNav
        homeHref={loaderData.homeHref}
        showCart={loaderData.showCart}
        onCartClick={openCartDrawer}
      />
      <main id="main" className="flex-1">
        {pendingPath === "/shop" ? (
          <ShopSkeleton />
        ) : pendingPath ? (
          <PageSkeleton pathname={pendingPath} />
        ) : (
          <HydrateLater>
            <Outlet />
          </HydrateLater>
        )}
      </main>
      <SiteFooter socialLinks={loaderData.socialLinks} />
      {loaderData.showCart && <CartDrawerHost />}
    </div>
  );
}
