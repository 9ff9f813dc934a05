import { Suspense, lazy } from "react";
import { Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/public-layout";
import type { loader as rootLoader } from "~/root";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { SiteNav } from "~/components/site-nav";
import { SiteFooter } from "~/components/site-footer";
import { CartDrawerHost } from "~/components/cart/cart-drawer-host";
import { openCartDrawer } from "~/lib/cart-drawer-state";
import { loadSiteShell } from "~/server/pages/site-shell.server";
import { usePageViews } from "~/lib/analytics";
import { useWarmAfterStart } from "~/lib/warm-after-start";

// The skeletons are not needed until the visitor goes to another page: they load after
// the page has started, not with the JavaScript every page needs first (issue 28).
const loadPendingPage = () => import("~/components/pending-page");
const PendingPage = lazy(loadPendingPage);

/**
 * A page's sections after the first are laid out and painted only when they come near
 * the screen, so the first paint does not wait for the whole page (decision 012). Until
 * a section has been shown once it counts as 800px tall; then its own height.
 *
 * Inline, ahead of <main>, not in the stylesheet: when the document arrives before the
 * stylesheet, Chromium styles it once without the stylesheet, and the sections it then
 * skipped kept those plain styles; their buttons and cards ran their colour transitions
 * from black when they were first drawn, a style pass per frame on a phone (decision 046).
 */
const SECTIONS_NEAR_SCREEN_CSS =
  "#main>:not(:first-child){content-visibility:auto;contain-intrinsic-size:auto 800px}";

export async function loader({ request }: Route.LoaderArgs) {
  return loadSiteShell(request);
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  // While another page's data loads, that page's skeleton stands in (spec §2).
  const navigation = useNavigation();
  // The cookieless counter (issue 25): one beacon per page shown.
  usePageViews();
  const location = useLocation();
  const nonce = useRouteLoaderData<typeof rootLoader>("root")?.nonce;
  useWarmAfterStart(loadPendingPage);
  const pendingPath =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : null;
  return (
    <div className="flex min-h-screen flex-col">
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: SECTIONS_NEAR_SCREEN_CSS }} />
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
        {pendingPath ? (
          <Suspense fallback={null}>
            <PendingPage pathname={pendingPath} />
          </Suspense>
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
