/**
 * Orders (issue 11 "Beyond the spec: Orders", "Physical orders get shipped"), declared:
 * every order, newest first, searchable and filterable in the address; one order in a
 * dialog (`?order=<id>`) with refund, resend-links and mark-shipped; a CSV export of
 * what the filters select (/admin/export/orders with the same query). On a phone the
 * buyer and the date move under the order number, so the table keeps the columns that
 * matter.
 */
import { Link } from "react-router";
import { Search } from "lucide-react";
import { formatDateTime, formatMoney } from "~/components/admin/kit/format";
import { defineListScreen } from "~/components/admin/kit/list-screen";
import type { FiltersOf } from "~/domain/admin/list-screen";
import {
  ORDER_ADMIN_TEXT,
  ORDER_FILTERS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  type OrderListPage,
  type OrderListRow,
} from "~/domain/shop/orders/order-admin";
import { OrderStatusBadge, ShippingBadge } from "./order-badges";
import { OrderDetailDialog } from "./order-detail-dialog";

function orderCountSentence(total: number, filtered: boolean): string {
  const count = total === 1 ? "1 order" : `${total} orders`;
  if (!filtered) return `${count}.`;
  return `${count} ${total === 1 ? "matches" : "match"} these filters.`;
}

export const ORDERS_SCREEN = defineListScreen<
  OrderListRow,
  FiltersOf<typeof ORDER_FILTERS>,
  OrderListPage,
  OrderDetail
>({
  title: "Orders",
  description:
    "Every order from the shop, newest first. Open one to see what was bought, its payment and download links, ship it or refund it.",
  path: "/admin/orders",
  filters: ORDER_FILTERS,
  csv: { href: "/admin/export/orders", keepFilters: true },
  filterForm: {
    section: "Find orders",
    label: "Filter orders",
    layout: "grid",
    folds: true,
    fields: [
      {
        kind: "search",
        name: "q",
        label: "Search",
        placeholder: "E-mail or order ID",
        hint: "Part of the buyer's e-mail, the order ID (or its first 8 characters), or the PayPal order ID.",
      },
      {
        kind: "select",
        name: "status",
        label: "Status",
        options: [
          { value: "", label: "All statuses" },
          ...ORDER_STATUSES.map((status) => ({
            value: status,
            label: ORDER_STATUS_LABELS[status],
          })),
        ],
      },
      { kind: "date", name: "from", label: "From" },
      { kind: "date", name: "to", label: "To" },
      {
        kind: "checkbox",
        name: "toShip",
        label: (
          <>
            To ship only{" "}
            <span className="text-muted-foreground">(paid, physical items, not shipped yet)</span>
          </>
        ),
      },
    ],
    submit: { label: "Apply filters", icon: <Search aria-hidden /> },
    clearLabel: "Clear filters",
  },
  list: {
    title: (view) => (view.filtered ? "Matching orders" : "All orders"),
    description: (view, list) => orderCountSentence(list.total, view.filtered),
    caption: "Orders, newest first",
    columns: (view) => [
      {
        id: "order",
        header: "Order",
        cell: (row) => (
          <div className="min-w-0">
            <Link
              to={view.href({ open: row.id })}
              preventScrollReset
              aria-label={`Open order ${row.shortId} of ${row.customerEmail}`}
              className="inline-flex min-h-6 min-w-6 items-center font-mono font-semibold text-primary underline-offset-4 hover:underline focus-visible:underline"
            >
              #{row.shortId}
            </Link>
            <p className="mt-1 max-w-[11rem] truncate text-xs text-muted-foreground sm:hidden">
              {row.customerEmail}
            </p>
            <p className="text-xs text-muted-foreground sm:hidden">
              {formatDateTime(row.createdAt, view.timeZone)}
            </p>
            <p className="mt-1 text-sm font-medium sm:hidden">
              {formatMoney(row.totalAmount, row.currency)}
            </p>
          </div>
        ),
      },
      {
        id: "date",
        header: "Date",
        hideOnMobile: true,
        className: "whitespace-nowrap",
        cell: (row) => formatDateTime(row.createdAt, view.timeZone),
      },
      {
        id: "customer",
        header: "Customer",
        hideOnMobile: true,
        cell: (row) => <span className="break-all">{row.customerEmail}</span>,
      },
      {
        id: "items",
        header: "Items",
        hideOnMobile: true,
        className: "text-right",
        cell: (row) => row.itemCount,
      },
      {
        id: "total",
        header: "Total",
        hideOnMobile: true,
        className: "text-right whitespace-nowrap",
        cell: (row) => formatMoney(row.totalAmount, row.currency),
      },
      {
        id: "status",
        header: "Status",
        cell: (row) => (
          <div className="flex flex-wrap gap-1.5">
            <OrderStatusBadge status={row.paymentStatus} />
            <ShippingBadge order={row} />
          </div>
        ),
      },
    ],
    empty: (view) =>
      view.filtered && view.list?.anyOrders ? (
        <p>{ORDER_ADMIN_TEXT.emptyFiltered}</p>
      ) : (
        <div className="space-y-1">
          <p className="font-medium text-foreground">{ORDER_ADMIN_TEXT.emptyAll}</p>
          <p className="text-sm">{ORDER_ADMIN_TEXT.emptyAllHint}</p>
        </div>
      ),
  },
  pages: {
    summary: (total) => (total === 1 ? "1 order" : `${total} orders`),
    label: "Pages of orders",
  },
  detail: {
    param: "order",
    render: ({ detail, onClose, timeZone }) => (
      <OrderDetailDialog
        order={detail?.data ?? null}
        missing={detail?.missing ?? null}
        onClose={onClose}
        timeZone={timeZone}
      />
    ),
  },
});
