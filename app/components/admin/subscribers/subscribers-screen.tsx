/**
 * Subscribers (issue 11, "Beyond the spec"), declared: the newsletter's list with a
 * search and a status filter, how many are subscribed now, removal with a
 * confirmation, and a CSV of the current subscribers (/admin/export/subscribers).
 */
import { Search } from "lucide-react";
import { formatDay } from "~/components/admin/kit/format";
import { defineListScreen } from "~/components/admin/kit/list-screen";
import { Badge } from "~/components/ui/badge";
import type { FiltersOf } from "~/domain/admin/list-screen";
import {
  SUBSCRIBERS_TEXT,
  SUBSCRIBER_FILTERS,
  SUBSCRIBER_STATUSES,
  SUBSCRIBER_STATUS_LABEL,
  type AdminSubscriber,
  type SubscriberPage,
  type SubscriberStatus,
} from "~/domain/audience/subscribers/subscriber-admin";

const STATUS_BADGE: Record<SubscriberStatus, "success" | "muted" | "gold" | "destructive"> = {
  pending: "gold",
  subscribed: "success",
  unsubscribed: "muted",
  bounced: "destructive",
};

function StatusBadge({ status }: { status: SubscriberStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{SUBSCRIBER_STATUS_LABEL[status]}</Badge>;
}

function SubscriberCount({ list }: { list: SubscriberPage }) {
  const { subscribedCount: count, pendingCount: pending } = list;
  return (
    <span data-testid="subscriber-count">
      {count === 1 ? "1 person is subscribed." : `${count} people are subscribed.`}
      {pending > 0 &&
        (pending === 1
          ? " 1 sign-up waits for confirmation."
          : ` ${pending} sign-ups wait for confirmation.`)}
    </span>
  );
}

export const SUBSCRIBERS_SCREEN = defineListScreen<
  AdminSubscriber,
  FiltersOf<typeof SUBSCRIBER_FILTERS>,
  SubscriberPage
>({
  title: "Subscribers",
  description:
    "Everyone who signed up for the newsletter on the site. A sign-up is pending until the person clicks the link in the confirmation mail; only confirmed subscribers get the newsletter. Sign-ups not confirmed within 7 days are removed. Export the confirmed subscribers as a CSV for your mailing tool.",
  path: "/admin/subscribers",
  filters: SUBSCRIBER_FILTERS,
  csv: { href: "/admin/export/subscribers" },
  filterForm: {
    label: "Search subscribers",
    folds: true,
    fields: [
      { kind: "search", name: "q", label: "Search by e-mail" },
      {
        kind: "select",
        name: "status",
        label: "Status",
        className: "sm:w-48",
        options: [
          { value: "all", label: "All" },
          ...SUBSCRIBER_STATUSES.map((value) => ({
            value,
            label: SUBSCRIBER_STATUS_LABEL[value],
          })),
        ],
      },
    ],
    submit: { label: "Search", icon: <Search aria-hidden />, variant: "outline" },
  },
  list: {
    title: "Newsletter list",
    description: (_view, list) => <SubscriberCount list={list} />,
    caption: "Newsletter subscribers, newest first",
    columns: ({ timeZone }) => [
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
    ],
    rowActions: () => ({
      remove: {
        title: "Remove Subscriber",
        label: (row) => `Remove ${row.email}`,
        description: (row) =>
          `Remove ${row.email} from the newsletter list? The address is deleted and gets no more mail.`,
        confirmLabel: "Remove",
      },
    }),
    empty: ({ filters }) =>
      filters.q ? (
        <p>{SUBSCRIBERS_TEXT.emptyFiltered}</p>
      ) : filters.status !== "all" ? (
        <p>{SUBSCRIBERS_TEXT.emptyStatus}</p>
      ) : (
        <div className="space-y-1">
          <p className="font-medium text-foreground">{SUBSCRIBERS_TEXT.empty}</p>
          <p className="text-sm">{SUBSCRIBERS_TEXT.emptyHint}</p>
        </div>
      ),
  },
  pages: {
    summary: (total) => (total === 1 ? "1 address" : `${total} addresses`),
    label: "Pages of subscribers",
  },
});
