import { data, Form } from "react-router";
import { LogOut } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { DashboardCards } from "~/components/admin/dashboard-cards";
import { MaintenanceCard } from "~/components/admin/maintenance-card";
import { Button } from "~/components/ui/button";
import { ADMIN_TEXT, dashboardActionSchema } from "~/domain/admin";
import { SITE_NAME } from "~/domain/site";
import { requireAdmin } from "~/server/auth/access.server";
import { DEFAULT_MAINTENANCE_MESSAGE, readShopSettings } from "~/server/shop/shop-settings.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";
import { logger } from "~/server/core/logger.server";
import { setMaintenanceMessage, setShopMaintenance } from "~/server/shop/shop-settings.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return {
    name: user.fullName || user.name || user.email,
    shop: await readShopSettings(getDb()),
    defaultMessage: DEFAULT_MAINTENANCE_MESSAGE,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const parsed = dashboardActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request";
    return data(
      { ok: false as const, toast: newToast("error", ADMIN_TEXT.errorTitle, message) },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const failure =
    input.intent === "set-maintenance" ? ADMIN_TEXT.maintenanceFailed : ADMIN_TEXT.messageFailed;
  try {
    const shop =
      input.intent === "set-maintenance"
        ? await setShopMaintenance(getDb(), user, input.enabled)
        : await setMaintenanceMessage(getDb(), user, input.message);
    const success =
      input.intent === "set-maintenance"
        ? ADMIN_TEXT.maintenanceUpdated
        : ADMIN_TEXT.messageUpdated;
    return { ok: true as const, shop, toast: newToast("success", success) };
  } catch (error) {
    logger.error({ err: error, intent: input.intent }, failure);
    return data(
      { ok: false as const, toast: newToast("error", ADMIN_TEXT.errorTitle, failure) },
      { status: 500 },
    );
  }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-12">
      <AdminPageHeader
        title="Admin Dashboard"
        description={
          <>
            Welcome back, <span className="text-foreground">{loaderData.name}</span>. Manage the
            site&apos;s pages, the shop and the team from here.
          </>
        }
        actions={
          <Form method="post" action="/auth/sign-out" reloadDocument>
            <Button type="submit" variant="outline">
              <LogOut aria-hidden /> Sign Out
            </Button>
          </Form>
        }
      />
      <MaintenanceCard shop={loaderData.shop} defaultMessage={loaderData.defaultMessage} />
      <DashboardCards />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Admin Dashboard | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
