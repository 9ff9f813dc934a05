/**
 * Audit log (issue 11, "Beyond the spec"): who changed what in the back office, and
 * when, newest first; filtered by the screen the change was made on (?screen=).
 */
import { Form } from "react-router";
import { adminMeta } from "~/domain/seo";
import type { Route } from "./+types/audit-log";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { DataTable } from "~/components/admin/kit/data-table";
import { ListPagination, withPage } from "~/components/admin/kit/list-pagination";
import { formatDateTime } from "~/components/admin/kit/format";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { AUDIT_SCREENS, auditEntitiesFor, auditVerb, pageNumber } from "~/domain/audit-log";
import { AUDIT_TEXT, type AuditRow } from "~/domain/business-admin";
import { useToastMessage } from "~/lib/toast";
import { listAudit } from "~/server/admin/audit-log.server";
import { requireAdmin } from "~/server/auth/access.server";
import { getEnv } from "~/server/core/env.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const screen = auditEntitiesFor(params.get("screen")) ? params.get("screen") : null;
  const list = await orNull(
    listAudit(getDb(), { screen, page: pageNumber(params.get("page")) }),
    "audit log",
  );
  return {
    screen,
    list,
    timeZone: getEnv().SITE_TIME_ZONE,
    toast: list ? null : newToast("error", "Error", AUDIT_TEXT.fetchFailed),
  };
}

/** The details of an entry, as short "key: value" lines (before/after kept as JSON). */
function DetailsCell({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <details className="max-w-md text-xs">
      <summary className="cursor-pointer text-primary">Show details</summary>
      <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted/60 p-3 text-foreground/90">
        {JSON.stringify(details, null, 2)}
      </pre>
    </details>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  const { screen, list, timeZone } = loaderData;
  return (
    <AdminScreen
      title="Audit Log"
      description="Every change made in the back office: who made it, on which screen, and when. Open an entry's details to see what it was before and after."
    >
      <AdminSection title="Changes">
        <div className="space-y-5">
          <Form
            method="get"
            aria-label="Filter the audit log"
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="space-y-2 sm:w-72">
              <Label htmlFor="audit-screen" className="block">
                Screen
              </Label>
              <Select id="audit-screen" name="screen" defaultValue={screen ?? ""}>
                <option value="">All screens</option>
                {AUDIT_SCREENS.map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.title}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="outline">
              Show
            </Button>
          </Form>
          <DataTable<AuditRow>
            caption="Changes, newest first"
            rows={list?.entries ?? []}
            getRowId={(row) => row.id}
            loadFailed={list ? null : AUDIT_TEXT.fetchFailed}
            emptyMessage={<p>{screen ? AUDIT_TEXT.emptyFiltered : AUDIT_TEXT.empty}</p>}
            columns={[
              {
                id: "when",
                header: "When",
                className: "sm:whitespace-nowrap",
                cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, timeZone)}</time>,
              },
              {
                id: "who",
                header: "Who",
                hideOnMobile: true,
                cell: (row) => <span className="break-all">{row.actorEmail ?? "The site"}</span>,
              },
              {
                id: "what",
                header: "What",
                cell: (row) => (
                  <div className="min-w-0">
                    <p className="text-foreground">
                      {auditVerb(row.action)}{" "}
                      <span className="text-muted-foreground">· {row.screen}</span>
                    </p>
                    <p className="mt-0.5 text-xs text-muted-foreground sm:hidden">
                      {row.actorEmail ?? "The site"}
                    </p>
                  </div>
                ),
              },
              {
                id: "details",
                header: "Details",
                hideOnMobile: true,
                cell: (row) => <DetailsCell details={row.details} />,
              },
            ]}
          />
          {list && list.total > 0 && (
            <ListPagination
              page={list.page}
              pageCount={list.pageCount}
              summary={list.total === 1 ? "1 change" : `${list.total} changes`}
              label="Pages of the audit log"
              hrefFor={(n) => `/admin/audit-log${withPage({ screen }, n)}`}
            />
          )}
        </div>
      </AdminSection>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Audit Log");
