/**
 * Orders (issue 11 "Beyond the spec: Orders", "Physical orders get shipped"): every
 * order, newest first, searchable and filterable in the address; one order in a
 * dialog (`?order=<id>`) with refund, resend-links and mark-shipped; a CSV export of
 * what the filters select (/admin/export/orders with the same query).
 */
import { useNavigate } from "react-router";
import { Download } from "lucide-react";
import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/orders";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { FilterPanel } from "~/components/admin/kit/filter-panel";
import { OrderDetailDialog } from "~/components/admin/orders/order-detail-dialog";
import { OrderFiltersForm } from "~/components/admin/orders/order-filters";
import { OrdersTable, orderHref } from "~/components/admin/orders/orders-table";
import { buttonVariants } from "~/components/ui/button";
import { shortOrderId } from "~/domain/shop/downloads/downloads";
import { markShippedSchema } from "~/domain/shop/orders/mark-shipped";
import { formatPrice } from "~/domain/core/money";
import {
  ORDER_ADMIN_TEXT,
  activeOrderFilterCount,
  hasOrderFilters,
  orderFiltersQuery,
  parseOrderFilters,
  refundOrderSchema,
  resendLinksSchema,
  type OrderDetail,
  type OrderListPage,
} from "~/domain/shop/orders/order-admin";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { getEnv } from "~/server/core/env.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";
import {
  getOrderDetail,
  listOrders,
  orderPaymentProvider,
  refundOrder,
  resendDownloadLinks,
} from "~/server/shop/order-admin.server";
import { markOrderShipped } from "~/server/shop/shipping.server";

const PATH = "/admin/orders";
const EMPTY_LIST: OrderListPage = { rows: [], total: 0, page: 1, pageCount: 1, anyOrders: false };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filters = parseOrderFilters(params);
  const timeZone = getEnv().SITE_TIME_ZONE;
  const db = getDb();
  const orderId = params.get("order");
  const [list, detail] = await Promise.all([
    orNull(listOrders(db, filters, { timeZone }), "orders"),
    orderId ? orNull(getOrderDetail(db, orderId), "order detail") : Promise.resolve(undefined),
  ]);
  let detailMissing: string | null = null;
  if (orderId && !detail) {
    detailMissing =
      detail === null && list ? ORDER_ADMIN_TEXT.notFound : ORDER_ADMIN_TEXT.detailFailed;
  }
  return {
    filters,
    filtered: hasOrderFilters(filters),
    list: list ?? EMPTY_LIST,
    loadFailed: list ? null : ORDER_ADMIN_TEXT.fetchFailed,
    detail: (detail ?? null) as OrderDetail | null,
    detailMissing,
    timeZone,
    toast: list ? null : newToast("error", "Error", ORDER_ADMIN_TEXT.fetchFailed),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    refund: intent({
      schema: refundOrderSchema,
      run: ({ db, actor, input }) =>
        refundOrder(db, actor, input.orderId, {
          providerFor: orderPaymentProvider,
          restock: input.restock,
          siteUrl: getEnv().SITE_URL,
        }),
      success: ({ order, refundedNow, restocked }) => ({
        title: refundedNow ? ORDER_ADMIN_TEXT.refunded : ORDER_ADMIN_TEXT.alreadyRefunded,
        description: refundSentence(order, refundedNow, restocked),
      }),
      failure: ORDER_ADMIN_TEXT.refundFailed,
    }),
    resend: intent({
      schema: resendLinksSchema,
      run: ({ db, actor, input }) =>
        resendDownloadLinks(db, actor, input.orderId, { siteUrl: getEnv().SITE_URL }),
      success: ({ order }) => ({
        title: ORDER_ADMIN_TEXT.linksResent,
        description: `Sent to ${order.customerEmail}`,
      }),
      failure: ORDER_ADMIN_TEXT.resendFailed,
    }),
    ship: intent({
      schema: markShippedSchema,
      run: ({ db, actor, input }) =>
        markOrderShipped(db, actor, input.orderId, {
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
        }),
      success: (order) => ({
        title: ORDER_ADMIN_TEXT.shipped,
        description: `Order #${shortOrderId(order.id)} · ${order.customerEmail} has been told`,
      }),
      failure: ORDER_ADMIN_TEXT.shipFailed,
    }),
  });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Orders({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  const navigate = useNavigate();
  const { filters, list, timeZone } = loaderData;
  const exportQuery = orderFiltersQuery({ ...filters, page: 1 });
  const listHref = orderHref(PATH, { ...filters, page: list.page }, null);

  return (
    <AdminScreen
      title="Orders"
      description="Every order from the shop, newest first. Open one to see what was bought, its payment and download links, ship it or refund it."
      primaryAction={
        <a
          href={`/admin/export/orders${exportQuery ? `?${exportQuery}` : ""}`}
          download
          className={buttonVariants({ variant: "outline" })}
        >
          <Download aria-hidden />
          Export CSV
        </a>
      }
    >
      <AdminSection title="Find orders">
        {/* Keyed by the query: after Apply, a phone folds the filters to show the list. */}
        <FilterPanel key={orderFiltersQuery(filters)} activeCount={activeOrderFilterCount(filters)}>
          <OrderFiltersForm key={orderFiltersQuery(filters)} filters={filters} path={PATH} />
        </FilterPanel>
      </AdminSection>
      <AdminSection
        title={loaderData.filtered ? "Matching orders" : "All orders"}
        description={
          loaderData.loadFailed ? undefined : orderCountSentence(list.total, loaderData.filtered)
        }
      >
        <OrdersTable
          list={list}
          filters={filters}
          filtered={loaderData.filtered && list.anyOrders}
          path={PATH}
          timeZone={timeZone}
          loadFailed={loaderData.loadFailed}
        />
      </AdminSection>
      <OrderDetailDialog
        order={loaderData.detail}
        missing={loaderData.detailMissing}
        timeZone={timeZone}
        onClose={() => navigate(listHref, { replace: true, preventScrollReset: true })}
      />
    </AdminScreen>
  );
}

/** "Order #00BBDB08 · $14.00 · 1 item back in stock · the buyer has been told". */
function refundSentence(
  order: { id: string; totalAmount: number },
  refundedNow: boolean,
  restocked: number,
): string {
  const parts = [`Order #${shortOrderId(order.id)}`, formatPrice(order.totalAmount)];
  if (restocked) parts.push(`${restocked === 1 ? "1 item" : `${restocked} items`} back in stock`);
  if (refundedNow) parts.push("the buyer has been told");
  return parts.join(" · ");
}

function orderCountSentence(total: number, filtered: boolean): string {
  const count = total === 1 ? "1 order" : `${total} orders`;
  if (!filtered) return `${count}.`;
  return `${count} ${total === 1 ? "matches" : "match"} these filters.`;
}

export const meta: Route.MetaFunction = () => adminMeta("Orders");
