import { StrictMode, startTransition, useLayoutEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createClientRoutes as createClientRoutes,
  UNSAFE_createRouter as createRouter,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_getHydrationData as getHydrationData,
  UNSAFE_getPatchRoutesOnNavigationFunction as getPatchRoutesOnNavigationFunction,
  UNSAFE_getTurboStreamSingleFetchDataStrategy as getTurboStreamSingleFetchDataStrategy,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  UNSAFE_useFogOFWarDiscovery as useFogOFWarDiscovery,
  type UNSAFE_AssetsManifest as AssetsManifest,
  type UNSAFE_RouteModules as RouteModules,
} from "react-router";
import { HydratedRouter, RouterProvider } from "react-router/dom";

/**
 * The browser's start-up, in tasks of a few milliseconds each (issue 28, decision 045).
 *
 * React Router's own entry evaluates React DOM, creates the hydration root, decodes the
 * loader data, builds the routes and the router, and starts rendering, with two of those
 * steps in one task each of 20 to 35 ms on a desktop (four times that on a phone): the
 * largest blocking tasks left on every public page. Here the same steps, the same calls
 * and the same tree as `<HydratedRouter>` renders, each start in a task of its own, so
 * a tap or a scroll waits for a few milliseconds at most between them.
 *
 * Anything this does not expect (a single-page-app build, subresource integrity,
 * development) is left to React Router's own `<HydratedRouter>`.
 */

type FrameworkValue = NonNullable<React.ContextType<typeof FrameworkContext>>;

/** What React Router's server writes into the page for the browser. */
interface ServerContext {
  basename?: string;
  future: FrameworkValue["future"] & {
    v8_passThroughRequests?: boolean;
    v8_trailingSlashAwareDataRequests?: boolean;
  };
  routeDiscovery: { mode: "lazy" | "initial"; manifestPath: string };
  ssr: boolean;
  isSpaMode: boolean;
  stream?: ReadableStream<Uint8Array>;
  state?: unknown;
}

declare global {
  interface Window {
    __reactRouterContext?: ServerContext;
    __reactRouterManifest?: AssetsManifest & { sri?: unknown };
    __reactRouterRouteModules?: RouteModules;
    __reactRouterDataRouter?: ReturnType<typeof createRouter>;
  }
}

/** Resolves in a new task: what ran before is a task of its own. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

type HydrationState = Parameters<typeof createClientRoutes>[2] & object;

/** Hydrates the document, one step per task. */
export async function hydrateInSteps(): Promise<void> {
  const context = window.__reactRouterContext;
  const manifest = window.__reactRouterManifest;
  const routeModules = window.__reactRouterRouteModules;
  if (
    import.meta.env.DEV ||
    !context?.stream ||
    !manifest ||
    !routeModules ||
    context.isSpaMode ||
    !context.ssr ||
    manifest.sri !== undefined
  ) {
    await nextTask();
    hydrate(<HydratedRouter />);
    return;
  }

  await nextTask();
  const stream = context.stream;
  context.stream = undefined;
  const decoded = await decodeViaTurboStream(stream, window);
  const state = decoded.value as HydrationState;
  context.state = state;

  await nextTask();
  const routes = createClientRoutes(manifest.routes, routeModules, state, true, false);
  const hydrationData = getHydrationData({
    state,
    routes,
    getRouteInfo: (routeId) => ({
      clientLoader: routeModules[routeId]?.clientLoader,
      hasLoader: manifest.routes[routeId]?.hasLoader === true,
      hasHydrateFallback: routeModules[routeId]?.HydrateFallback != null,
    }),
    location: window.location,
    basename: context.basename,
    isSpaMode: false,
  });

  await nextTask();
  // React Router's history numbers the entry it starts on with a replaceState, which
  // took longer than the rest of the router's creation: done here, in its own task, it
  // finds the number there and leaves the entry alone.
  const entry = window.history.state as { masked?: unknown; idx?: unknown } | null;
  if (entry?.masked || typeof entry?.idx !== "number") {
    window.history.replaceState({ ...entry, masked: undefined, idx: entry?.idx ?? 0 }, "");
  }

  await nextTask();
  const router: ReturnType<typeof createRouter> = createRouter({
    routes,
    history: createBrowserHistory(),
    basename: context.basename,
    hydrationData,
    hydrationRouteProperties,
    mapRouteProperties,
    future: { v8_passThroughRequests: context.future.v8_passThroughRequests ?? false },
    dataStrategy: getTurboStreamSingleFetchDataStrategy(
      () => router,
      manifest,
      routeModules,
      true,
      context.basename,
      context.future.v8_trailingSlashAwareDataRequests ?? false,
    ),
    patchRoutesOnNavigation: getPatchRoutesOnNavigationFunction(
      () => router,
      manifest,
      routeModules,
      true,
      context.routeDiscovery,
      false,
      context.basename,
    ),
  });
  const initializedAtOnce = router.state.initialized;
  if (initializedAtOnce) router.initialize();
  window.__reactRouterDataRouter = router;

  await nextTask();
  hydrate(
    <SteppedRouter
      router={router}
      manifest={manifest}
      routeModules={routeModules}
      context={context}
      initialized={initializedAtOnce}
    />,
  );
}

function hydrate(router: React.ReactElement) {
  startTransition(() => {
    hydrateRoot(document, <StrictMode>{router}</StrictMode>);
  });
}

interface SteppedRouterProps {
  router: ReturnType<typeof createRouter>;
  manifest: AssetsManifest;
  routeModules: RouteModules;
  context: ServerContext;
  initialized: boolean;
}

let routerInitialized = false;

/** The tree `<HydratedRouter>` renders, around a router made beforehand. */
function SteppedRouter({
  router,
  manifest,
  routeModules,
  context,
  initialized,
}: SteppedRouterProps) {
  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    if (!initialized && !routerInitialized) {
      routerInitialized = true;
      router.initialize();
    }
  }, [initialized, router]);
  useLayoutEffect(
    () =>
      router.subscribe((state) => {
        if (state.location !== location) setLocation(state.location);
      }),
    [location, router],
  );
  useFogOFWarDiscovery(router, manifest, routeModules, true, context.routeDiscovery, false);
  // The fragments match the server's <ServerRouter>, so useId values hydrate as written.
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          future: context.future,
          criticalCss: undefined,
          ssr: true,
          isSpaMode: false,
          routeDiscovery: context.routeDiscovery,
        }}
      >
        <RemixErrorBoundary location={location}>
          <RouterProvider router={router} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      <></>
    </>
  );
}
