import { data, Link, Outlet } from "react-router";
import { ExternalLink } from "lucide-react";
import { adminMeta } from "~/domain/seo";
import type { Route } from "./+types/layout";
import { useConnectionToasts } from "~/components/admin/kit/connection";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import { useToastMessage } from "~/lib/toast";
import { requireAdmin } from "~/server/auth/access.server";
import { readFlashToast } from "~/server/http/flash.server";
import adminStylesheet from "~/admin.css?url";

// Admin screens' classes live in their own stylesheet, so public pages never carry them.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

export async function loader({ request }: Route.LoaderArgs) {
  const headers = new Headers();
  const user = await requireAdmin(request, headers);
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
            <span className="hidden max-w-56 truncate text-muted-foreground md:inline">
              {loaderData.user.email}
            </span>
            <Link
              to="/"
              className="inline-flex items-center gap-1.5 text-foreground/80 transition-colors hover:text-primary"
            >
              View site <ExternalLink aria-hidden className="size-3.5" />
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-5 pb-24 pt-10 sm:px-8 sm:pt-14">
        <Outlet />
      </main>
    </div>
  );
}

/** The frame keeps its data after a save lost in transit (lib/connection.ts). */
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export const meta: Route.MetaFunction = () => adminMeta("Admin");

export const ErrorBoundary = RouteErrorBoundary;
