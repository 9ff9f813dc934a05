/**
 * Subscribers (issue 11, "Beyond the spec"): the newsletter's list with a search, how
 * many are subscribed now, removal with a confirmation, and a CSV of the current
 * subscribers (/admin/export/subscribers).
 */
import { Form } from "react-router";
import { Download, Search } from "lucide-react";
import { adminMeta } from "~/domain/seo";
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
import { pageNumber } from "~/domain/audit-log";
import { searchText } from "~/domain/control-characters";
import {
  SUBSCRIBERS_TEXT,
  subscriberRemoveSchema,
  type AdminSubscriber,
} from "~/domain/business-admin";
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
  const list = await orNull(
    listSubscribers(getDb(), { search: q, status: "all", page: pageNumber(params.get("page")) }),
    "subscribers",
  );
  return {
    q,
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
  const { q, list, timeZone } = loaderData;
  const count = list?.subscribedCount ?? 0;
  return (
    <AdminScreen
      title="Subscribers"
      description="Everyone who signed up for the newsletter on the site. Export the current subscribers as a CSV for your mailing tool."
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
            </span>
          ) : undefined
        }
      >
        <div className="space-y-5">
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
            <Button type="submit" variant="outline">
              <Search aria-hidden /> Search
            </Button>
          </Form>
          <DataTable<AdminSubscriber>
            caption="Newsletter subscribers, newest first"
            rows={list?.subscribers ?? []}
            getRowId={(row) => row.id}
            loadFailed={list ? null : SUBSCRIBERS_TEXT.fetchFailed}
            emptyMessage={
              q ? (
                <p>{SUBSCRIBERS_TEXT.emptyFiltered}</p>
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
                    <p className="mt-1 text-xs text-muted-foreground sm:hidden">
                      Since {formatDay(row.subscribedAt, timeZone)}
                    </p>
                  </div>
                ),
              },
              {
                id: "status",
                header: "Status",
                cell: (row) =>
                  row.status === "subscribed" ? (
                    <Badge variant="success">Subscribed</Badge>
                  ) : (
                    <Badge variant="muted">Unsubscribed</Badge>
                  ),
              },
              {
                id: "since",
                header: "Subscribed",
                hideOnMobile: true,
                className: "whitespace-nowrap",
                cell: (row) => formatDay(row.subscribedAt, timeZone),
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
              hrefFor={(n) => `/admin/subscribers${withPage({ q }, n)}`}
            />
          )}
        </div>
      </AdminSection>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Subscribers");
