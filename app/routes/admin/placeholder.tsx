/**
 * Admin screens whose editors come with later issues. One module serves them all
 * (route ids admin-<path> in app/routes.ts); each is guarded like every admin route.
 */
import { data } from "react-router";
import { Hammer } from "lucide-react";
import type { Route } from "./+types/placeholder";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { Card } from "~/components/ui/card";
import { adminScreen } from "~/domain/admin";
import { SITE_NAME } from "~/domain/site";
import { requireAdmin } from "~/server/auth/access.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const path = new URL(request.url).pathname.replace(/^\/admin\/?/, "").replace(/\/$/, "");
  const screen = adminScreen(path);
  if (!screen) throw data(null, { status: 404 });
  return { title: screen.title, description: screen.description };
}

export default function AdminPlaceholder({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-10">
      <BackToDashboard />
      <AdminPageHeader title={loaderData.title} description={loaderData.description} />
      <Card className="flex flex-col items-center gap-4 py-16 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/25">
          <Hammer aria-hidden className="size-6" />
        </span>
        <h2 className="text-2xl">This editor is on its way</h2>
        <p className="max-w-md text-sm leading-relaxed text-muted-foreground">
          The screen for {loaderData.title.toLowerCase()} is being built. Until then the public
          pages show the content already stored, or their built-in defaults.
        </p>
      </Card>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? "Admin"} | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
