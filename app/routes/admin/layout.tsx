import { data, isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import { ExternalLink, ShieldAlert } from "lucide-react";
import type { Route } from "./+types/layout";
import { useConnectionToasts } from "~/components/admin/kit/connection";
import { FetcherToasts } from "~/components/admin/kit/fetcher-toasts";
import { BackToDashboard } from "~/components/admin/kit/back-to-dashboard";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ADMIN_PRIVILEGES_TEXT } from "~/domain/admin/admin-screens";
import { adminMeta } from "~/domain/pages/seo";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import { useToastMessage } from "~/lib/toast";
import { requireAdminSession } from "~/server/auth/access.server";
import { readFlashToast } from "~/server/http/flash.server";
import adminStylesheet from "~/admin.css?url";

// Admin screens' classes live in their own stylesheet, so public pages never carry them.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

export async function loader({ request }: Route.LoaderArgs) {
  const headers = new Headers();
  const user = await requireAdminSession(request, headers);
  const flash = readFlashToast(request);
  for (const cookie of flash.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return data(
    { user: { email: user.email, name: user.fullName || user.name }, toast: flash.toast },
    { headers },
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  useConnectionToasts();
  return (
    <AdminFrame email={loaderData.user.email}>
      <FetcherToasts />
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({ email, children }: { email?: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-border/60 bg-background/90 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
          <Link to="/admin" className="flex min-w-0 items-center gap-3">
            <span className="truncate font-display text-lg tracking-wide sm:text-xl">
              <span className="text-primary">Silas</span> Lowenthorne
            </span>
            <span className="rounded-full bg-primary/15 px-2.5 py-0.5 text-[11px] font-semibold uppercase tracking-[0.2em] text-primary ring-1 ring-primary/40">
              Admin
            </span>
          </Link>
          <div className="flex items-center gap-4 text-sm">
            {email && (
              <span className="hidden max-w-56 truncate text-muted-foreground md:inline">
                {email}
              </span>
            )}
            <Link
              to="/"
              className="inline-flex min-h-6 items-center gap-1.5 text-foreground/80 transition-colors hover:text-primary"
            >
              View site <ExternalLink aria-hidden className="size-3.5" />
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-5 pb-24 pt-10 sm:px-8 sm:pt-14">
        {children}
      </main>
    </div>
  );
}

/**
 * A screen that needs "Admin privileges" (docs/decisions/014), opened by someone on the
 * allow-list without them: its loader answered 403, and this says why, inside the
 * admin frame, with the way back.
 */
function PrivilegesRefusal({ message }: { message: string }) {
  return (
    <div className="space-y-10">
      <BackToDashboard />
      <section
        role="alert"
        aria-labelledby="privileges-refusal-title"
        className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-border/70 bg-card px-6 py-12 text-center"
      >
        <ShieldAlert aria-hidden className="size-10 text-primary" />
        <h1 id="privileges-refusal-title" className="mt-6 text-3xl">
          {ADMIN_PRIVILEGES_TEXT.title}
        </h1>
        <p className="mt-3 text-muted-foreground">{message}</p>
      </section>
    </div>
  );
}

/**
 * Errors of the admin screens. A refusal for missing privileges keeps the admin frame
 * (the layout's own data is there: only the screen's loader refused); anything else is
 * the site's page-level fallback.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("admin");
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <AdminFrame email={layout?.user.email}>
        <PrivilegesRefusal
          message={typeof error.data === "string" ? error.data : ADMIN_PRIVILEGES_TEXT.refused}
        />
      </AdminFrame>
    );
  }
  return <RouteErrorBoundary />;
}

/** The frame keeps its data after a save lost in transit (lib/connection.ts). */
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export const meta: Route.MetaFunction = () => adminMeta("Admin");
