import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/root";
import "./load-context";
import stylesheet from "./app.css?url";
import { SITE_NAME } from "./domain/core/site";
import { NotFound } from "./components/not-found";
import { ErrorFallback } from "./components/error-fallback";
import { Toaster } from "./components/ui/toaster";
import { loadThemeStyleSheet } from "./server/content/theme.server";
import { getEnv } from "./server/core/env.server";

export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    href: "/fonts/playfair-display-latin-var.woff2",
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  },
  {
    rel: "preload",
    href: "/fonts/inter-latin-var.woff2",
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const env = getEnv();
  return {
    themeCss: await loadThemeStyleSheet(),
    nonce: context.cspNonce,
    // For canonical URLs and structured data (app/domain/pages/seo.ts).
    siteUrl: env.SITE_URL,
    timeZone: env.SITE_TIME_ZONE,
  };
}

/** A save lost in transit reloads nothing, so the page stays as it was (lib/connection.ts). */
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Without loader data (an error before the root loader ran) the stylesheet's :root
  // defaults apply, which are the default theme's (app.css), so the browser does not
  // need the theme's code.
  const themeCss = data?.themeCss ?? "";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f0f0f" />
        {/* One file for every public page, cached by the browser for a year (decision 023). */}
        <link rel="stylesheet" href={stylesheet} />
        {/* After the stylesheet, whose :root holds the defaults: the saved theme wins. */}
        <style
          id="theme-variables"
          nonce={data?.nonce}
          dangerouslySetInnerHTML={{ __html: themeCss }}
        />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <Toaster />
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta: Route.MetaFunction = () => [{ title: SITE_NAME }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  return (
    <main className="flex min-h-screen items-center justify-center px-6">
      <ErrorFallback error={error} />
    </main>
  );
}
