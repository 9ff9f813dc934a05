/**
 * Subscribers (issue 11, "Beyond the spec"): the newsletter's list with a search, how
 * many are subscribed now, removal with a confirmation, and a CSV of the current
 * subscribers (/admin/export/subscribers).
 */
import { Form } from "react-router";
import { Download, Search } from "lucide-react";
import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/subscribers";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { DataTable } from "~/components/admin/kit/data-table";
import { ListPagination, withPage } from "~/components/admin/kit/list-pagination";
import { formatDay } from "~/components/admin/kit/format";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { FilterPanel } from "~/components/admin/kit/filter-panel";
import { pageNumber } from "~/domain/admin/audit-log";
import { searchText } from "~/domain/core/control-characters";
import {
  SUBSCRIBER_STATUSES,
  SUBSCRIBER_STATUS_LABEL,
  SUBSCRIBERS_TEXT,
  subscriberRemoveSchema,
  subscriberStatusFilter,
  type AdminSubscriber,
  type SubscriberStatus,
} from "~/domain/admin/business-admin";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { listSubscribers, removeSubscriber } from "~/server/audience/subscribers-admin.server";
import { requireAdmin } from "~/server/auth/access.server";
import { getEnv } from "~/server/core/env.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = searchText(params.get("q"), 200);
  const status = subscriberStatusFilter(params.get("status"));
  const list = await orNull(
    listSubscribers(getDb(), { search: q, status, page: pageNumber(params.get("page")) }),
    "subscribers",
  );
  return {
    q,
    status,
    list,
    timeZone: getEnv().SITE_TIME_ZONE,
    toast: list ? null : newToast("error", "Error", SUBSCRIBERS_TEXT.fetchFailed),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    delete: intent({
      schema: subscriberRemoveSchema,
      run: ({ db, actor, input }) => removeSubscriber(db, actor, input.id),
      success: ({ email }) => ({ title: SUBSCRIBERS_TEXT.removed, description: email }),
      failure: SUBSCRIBERS_TEXT.removeFailed,
    }),
  });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  const { q, status, list, timeZone } = loaderData;
  const count = list?.subscribedCount ?? 0;
  const pending = list?.pendingCount ?? 0;
  return (
    <AdminScreen
      title="Subscribers"
      description="Everyone who signed up for the newsletter on the site. A sign-up is pending until the person clicks the link in the confirmation mail; only confirmed subscribers get the newsletter. Sign-ups not confirmed within 7 days are removed. Export the confirmed subscribers as a CSV for your mailing tool."
      primaryAction={
        <a
          href="/admin/export/subscribers"
          download
          className={buttonVariants({ variant: "outline" })}
        >
          <Download aria-hidden /> Export CSV
        </a>
      }
    >
      <AdminSection
        title="Newsletter list"
        description={
          list ? (
            <span data-testid="subscriber-count">
              {count === 1 ? "1 person is subscribed." : `${count} people are subscribed.`}
              {pending > 0 &&
                (pending === 1
                  ? " 1 sign-up waits for confirmation."
                  : ` ${pending} sign-ups wait for confirmation.`)}
            </span>
          ) : undefined
        }
      >
        <div className="space-y-5">
          <FilterPanel activeCount={(q ? 1 : 0) + (status === "all" ? 0 : 1)}>
            <Form
              method="get"
              role="search"
              aria-label="Search subscribers"
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
            >
              <div className="flex-1 space-y-2">
                <Label htmlFor="subscribers-q" className="block">
                  Search by e-mail
                </Label>
                <Input
                  id="subscribers-q"
                  name="q"
                  type="search"
                  defaultValue={q}
                  autoComplete="off"
                />
              </div>
              <div className="space-y-2 sm:w-48">
                <Label htmlFor="subscribers-status" className="block">
                  Status
                </Label>
                <Select id="subscribers-status" name="status" defaultValue={status}>
                  <option value="all">All</option>
                  {SUBSCRIBER_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {SUBSCRIBER_STATUS_LABEL[value]}
                    </option>
                  ))}
                </Select>
              </div>
              <Button type="submit" variant="outline">
                <Search aria-hidden /> Search
              </Button>
            </Form>
          </FilterPanel>
          <DataTable<AdminSubscriber>
            caption="Newsletter subscribers, newest first"
            rows={list?.subscribers ?? []}
            getRowId={(row) => row.id}
            loadFailed={list ? null : SUBSCRIBERS_TEXT.fetchFailed}
            emptyMessage={
              q ? (
                <p>{SUBSCRIBERS_TEXT.emptyFiltered}</p>
              ) : status !== "all" ? (
                <p>{SUBSCRIBERS_TEXT.emptyStatus}</p>
              ) : (
                <div className="space-y-1">
                  <p className="font-medium text-foreground">{SUBSCRIBERS_TEXT.empty}</p>
                  <p className="text-sm">{SUBSCRIBERS_TEXT.emptyHint}</p>
                </div>
              )
            }
            columns={[
              {
                id: "email",
                header: "E-mail",
                cell: (row) => (
                  <div className="min-w-0">
                    <span className="break-all text-foreground">{row.email}</span>
                    {row.city && <p className="mt-1 text-xs text-muted-foreground">{row.city}</p>}
                    <p className="mt-1 text-xs text-muted-foreground sm:hidden">
                      Since {formatDay(row.subscribedAt, timeZone)}
                    </p>
                  </div>
                ),
              },
              {
                id: "status",
                header: "Status",
                cell: (row) => <StatusBadge status={row.status} />,
              },
              {
                id: "since",
                header: "Signed up",
                hideOnMobile: true,
                className: "whitespace-nowrap",
                cell: (row) => formatDay(row.subscribedAt, timeZone),
              },
              {
                id: "consent",
                header: "Confirmed",
                hideOnMobile: true,
                cell: (row) =>
                  row.confirmedAt ? (
                    <div className="whitespace-nowrap">
                      {formatDay(row.confirmedAt, timeZone)}
                      {row.consentPage && (
                        <p className="text-xs text-muted-foreground">from {row.consentPage}</p>
                      )}
                    </div>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  ),
              },
            ]}
            rowActions={{
              remove: {
                title: "Remove Subscriber",
                label: (row) => `Remove ${row.email}`,
                description: (row) =>
                  `Remove ${row.email} from the newsletter list? The address is deleted and gets no more mail.`,
                confirmLabel: "Remove",
              },
            }}
          />
          {list && list.total > 0 && (
            <ListPagination
              page={list.page}
              pageCount={list.pageCount}
              summary={list.total === 1 ? "1 address" : `${list.total} addresses`}
              label="Pages of subscribers"
              hrefFor={(n) =>
                `/admin/subscribers${withPage({ q, status: status === "all" ? "" : status }, n)}`
              }
            />
          )}
        </div>
      </AdminSection>
    </AdminScreen>
  );
}

const STATUS_BADGE: Record<SubscriberStatus, "success" | "muted" | "gold" | "destructive"> = {
  pending: "gold",
  subscribed: "success",
  unsubscribed: "muted",
  bounced: "destructive",
};

function StatusBadge({ status }: { status: SubscriberStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{SUBSCRIBER_STATUS_LABEL[status]}</Badge>;
}

export const meta: Route.MetaFunction = () => adminMeta("Subscribers");
