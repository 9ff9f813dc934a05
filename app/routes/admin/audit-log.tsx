/**
 * Audit log (issue 11, "Beyond the spec"): who changed what in the back office, and
 * when, newest first; filtered by the screen the change was made on (?screen=).
 * Declared in components/admin/audit-log/audit-log-screen.tsx and
 * server/pages/audit-log.server.ts.
 */
import type { Route } from "./+types/audit-log";
import { AUDIT_LOG_SCREEN } from "~/components/admin/audit-log/audit-log-screen";
import { ListScreen } from "~/components/admin/kit/list-screen";
import { adminMeta } from "~/domain/pages/seo";
import { loadListScreen } from "~/server/admin/list-screen.server";
import { AUDIT_LIST } from "~/server/pages/audit-log.server";

export const loader = ({ request }: Route.LoaderArgs) => loadListScreen(request, AUDIT_LIST);

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  return <ListScreen screen={AUDIT_LOG_SCREEN} data={loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("Audit Log");
