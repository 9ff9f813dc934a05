/**
 * Audit log (issue 11, "Beyond the spec"): who changed what in the back office, and
 * when, newest first; filtered by the screen the change was made on (?screen=).
 */
import { Form } from "react-router";
import { adminMeta } from "~/domain/pages/seo";
import type { Route } from "./+types/audit-log";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { DataTable } from "~/components/admin/kit/data-table";
import { ListPagination, withPage } from "~/components/admin/kit/list-pagination";
import { formatDateTime } from "~/components/admin/kit/format";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { AUDIT_SCREENS, auditEntitiesFor, pageNumber } from "~/domain/admin/audit-log";
import { AUDIT_TEXT, type AuditRow } from "~/domain/admin/business-admin";
import { useToastMessage } from "~/lib/toast";
import { listAudit } from "~/server/pages/audit-log.server";
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

/**
 * The raw stored details, one click away (issue 26 item 6): a disclosure that wraps
 * its JSON at any width, so it reads on a phone as on a laptop.
 */
function DetailsCell({
  details,
  sentence,
}: {
  details: Record<string, unknown>;
  sentence: string;
}) {
  if (Object.keys(details).length === 0) {
    return (
      <span className="text-xs text-muted-foreground">
        <span aria-hidden>—</span>
        <span className="sr-only">No details</span>
      </span>
    );
  }
  return (
    <details className="w-full text-xs sm:max-w-md" data-testid="audit-details">
      <summary
        className="inline-flex min-h-6 cursor-pointer items-center rounded-sm text-primary underline-offset-4 hover:underline"
        aria-label={`Show details: ${sentence}`}
      >
        Show details
      </summary>
      {/* Focusable: a long entry scrolls inside, and a keyboard must be able to scroll it. */}
      <pre
        tabIndex={0}
        aria-label={`Stored details: ${sentence}`}
        className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted/60 p-3 text-foreground/90"
      >
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
                hideOnMobile: true,
                className: "whitespace-nowrap",
                cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, timeZone)}</time>,
              },
              {
                id: "who",
                header: "Who",
                hideOnMobile: true,
                cell: (row) => <span className="break-all">{row.actorEmail ?? "The site"}</span>,
              },
              {
                // A phone's card is headed by the sentence, with who and when under it.
                id: "what",
                header: "What",
                cell: (row) => (
                  <div className="min-w-0" data-testid="audit-entry">
                    <p className="text-foreground">{row.sentence}</p>
                    <p className="mt-0.5 text-xs text-muted-foreground">
                      {row.screen}
                      <span className="sm:hidden">
                        {" · "}
                        <span className="break-all">{row.actorEmail ?? "The site"}</span>
                        {" · "}
                        <time dateTime={row.at}>{formatDateTime(row.at, timeZone)}</time>
                      </span>
                    </p>
                  </div>
                ),
              },
              {
                id: "details",
                // Not plain text: a phone's card shows the disclosure without a label.
                header: <span>Details</span>,
                className: "max-sm:basis-full",
                cell: (row) => <DetailsCell details={row.details} sentence={row.sentence} />,
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
