import { Form } from "react-router";
import { LogOut } from "lucide-react";
import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/dashboard";
import { AdminScreen } from "~/components/admin/kit/admin-screen";
import { DashboardCards } from "~/components/admin/dashboard-cards";
import { DashboardFigures } from "~/components/admin/dashboard-figures";
import { MaintenanceCard } from "~/components/admin/maintenance-card";
import { Button } from "~/components/ui/button";
import {
  ADMIN_TEXT,
  maintenanceMessageSchema,
  maintenanceToggleSchema,
} from "~/domain/admin/admin-screens";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { readDashboardFigures } from "~/server/pages/dashboard-figures.server";
import { requireAdmin } from "~/server/auth/access.server";
import { getDb } from "~/server/db/database.server";
import {
  DEFAULT_MAINTENANCE_MESSAGE,
  readShopSettings,
  setMaintenanceMessage,
  setShopMaintenance,
} from "~/server/shop/shop-settings.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const db = getDb();
  const [shop, figures] = await Promise.all([
    readShopSettings(db),
    readDashboardFigures(db, { hasAdminPrivileges: user.hasAdminPrivileges }),
  ]);
  return {
    name: user.fullName || user.name || user.email,
    hasAdminPrivileges: user.hasAdminPrivileges,
    shop,
    figures,
    defaultMessage: DEFAULT_MAINTENANCE_MESSAGE,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    "set-maintenance": intent({
      schema: maintenanceToggleSchema,
      run: ({ db, actor, input }) => setShopMaintenance(db, actor, input.enabled),
      success: ADMIN_TEXT.maintenanceUpdated,
      failure: ADMIN_TEXT.maintenanceFailed,
    }),
    "set-message": intent({
      schema: maintenanceMessageSchema,
      run: ({ db, actor, input }) => setMaintenanceMessage(db, actor, input.message),
      success: ADMIN_TEXT.messageUpdated,
      failure: ADMIN_TEXT.messageFailed,
    }),
  });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      hideBackLink
      className="space-y-8 sm:space-y-12"
      title="Admin Dashboard"
      description={
        <>
          Welcome back, <span className="text-foreground">{loaderData.name}</span>. Manage the
          site&apos;s pages, the shop and the team from here.
        </>
      }
      primaryAction={
        <Form method="post" action="/auth/sign-out" reloadDocument>
          <Button type="submit" variant="outline">
            <LogOut aria-hidden /> Sign Out
          </Button>
        </Form>
      }
    >
      <DashboardFigures figures={loaderData.figures} />
      <MaintenanceCard shop={loaderData.shop} defaultMessage={loaderData.defaultMessage} />
      <DashboardCards hasAdminPrivileges={loaderData.hasAdminPrivileges} />
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Admin Dashboard");
