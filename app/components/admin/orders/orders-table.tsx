/**
 * The orders list: newest first, one page at a time. The order number opens the
 * order (`?order=<id>` beside the filters); on a phone the buyer and the date move
 * under it, so the table keeps the columns that matter.
 */
import { Link } from "react-router";
import { CalendarClock, PackageOpen, Truck } from "lucide-react";
import { formatReleaseDate } from "~/domain/shop/catalogue/preorder";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { ListPagination } from "~/components/admin/kit/list-pagination";
import { Badge } from "~/components/ui/badge";
import {
  ORDER_ADMIN_TEXT,
  ORDER_STATUS_TONES,
  isOrderStatus,
  needsShipping,
  orderFiltersQuery,
  orderStatusLabel,
  type OrderFilters,
  type OrderListPage,
  type OrderListRow,
} from "~/domain/shop/orders/order-admin";
import { formatDateTime, formatMoney } from "~/components/admin/kit/format";

/** The address of one order, keeping the list's filters and page. */
export function orderHref(path: string, filters: OrderFilters, orderId: string | null): string {
  const query = new URLSearchParams(orderFiltersQuery(filters));
  if (orderId) query.set("order", orderId);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={isOrderStatus(status) ? ORDER_STATUS_TONES[status] : "muted"}>
      {orderStatusLabel(status)}
    </Badge>
  );
}

export function ShippingBadge({
  order,
}: {
  order: {
    paymentStatus: string;
    shippedAt: string | null;
    hasPhysical: boolean;
    preorderWaiting?: string | null;
  };
}) {
  if (order.shippedAt) {
    return (
      <Badge variant="muted">
        <Truck aria-hidden className="size-3" />
        Shipped
      </Badge>
    );
  }
  if (order.paymentStatus === "completed" && order.preorderWaiting) {
    return (
      <Badge variant="muted">
        <CalendarClock aria-hidden className="size-3" />
        Pre-order · {formatReleaseDate(order.preorderWaiting)}
      </Badge>
    );
  }
  if (needsShipping(order)) {
    return (
      <Badge variant="gold">
        <PackageOpen aria-hidden className="size-3" />
        To ship
      </Badge>
    );
  }
  return null;
}

export function OrdersTable({
  list,
  filters,
  filtered,
  path,
  timeZone,
  loadFailed,
}: {
  list: OrderListPage;
  filters: OrderFilters;
  filtered: boolean;
  path: string;
  timeZone: string;
  loadFailed: string | null;
}) {
  const columns: DataTableColumn<OrderListRow>[] = [
    {
      id: "order",
      header: "Order",
      cell: (row) => (
        <div className="min-w-0">
          <Link
            to={orderHref(path, { ...filters, page: list.page }, row.id)}
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
            {formatDateTime(row.createdAt, timeZone)}
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
      cell: (row) => formatDateTime(row.createdAt, timeZone),
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
  ];

  const empty = filtered ? (
    <p>{ORDER_ADMIN_TEXT.emptyFiltered}</p>
  ) : (
    <div className="space-y-1">
      <p className="font-medium text-foreground">{ORDER_ADMIN_TEXT.emptyAll}</p>
      <p className="text-sm">{ORDER_ADMIN_TEXT.emptyAllHint}</p>
    </div>
  );

  return (
    <div className="space-y-4">
      <DataTable
        columns={columns}
        rows={list.rows}
        getRowId={(row) => row.id}
        emptyMessage={empty}
        loadFailed={loadFailed}
        caption="Orders, newest first"
      />
      {!loadFailed && list.total > 0 && (
        <ListPagination
          page={list.page}
          pageCount={list.pageCount}
          summary={list.total === 1 ? "1 order" : `${list.total} orders`}
          label="Pages of orders"
          hrefFor={(page) => orderHref(path, { ...filters, page }, null)}
        />
      )}
    </div>
  );
}
