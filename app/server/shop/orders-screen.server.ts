/**
 * The orders screen's server half (/admin/orders), declared once: its list (the filters
 * in the address, a page of orders newest first, one order in the dialog `?order=<id>`,
 * and the CSV of every order the filters select, /admin/export/orders with the same
 * query, its times in the site's zone: docs/decisions/027), and the order's actions
 * (refund, resend the download links, mark shipped).
 */
import type { CsvColumn } from "~/domain/core/csv";
import { timeColumn } from "~/domain/core/csv";
import { formatPrice } from "~/domain/core/money";
import { shortOrderId } from "~/domain/shop/downloads/downloads";
import { markShippedSchema } from "~/domain/shop/orders/mark-shipped";
import {
  ORDER_ADMIN_TEXT,
  ORDER_FILTERS,
  refundOrderSchema,
  resendLinksSchema,
} from "~/domain/shop/orders/order-admin";
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";
import { intent, type IntentTable } from "../admin/admin-action.server";
import { listExport } from "../admin/csv-export.server";
import { defineListSource } from "../admin/list-screen.server";
import { getEnv } from "../core/env.server";
import {
  getOrderDetail,
  listOrders,
  orderPaymentProvider,
  ordersForExport,
  refundOrder,
  resendDownloadLinks,
} from "./order-admin.server";
import { markOrderShipped } from "./shipping.server";

type ExportRow = Awaited<ReturnType<typeof ordersForExport>>[number];

/** One line: "Ana Fan, 1 Main St, Apt 2, Springfield, IL, 12345, US". */
export function shippingAddressText(address: ShippingAddress | null): string {
  if (!address) return "";
  return [
    address.name,
    address.line1,
    address.line2,
    address.city,
    address.region,
    address.postalCode,
    address.country,
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

function orderColumns(timeZone: string): CsvColumn<ExportRow>[] {
  return [
    { header: "Order ID", value: (o) => o.id },
    timeColumn("Created", (o) => o.createdAt, timeZone),
    { header: "Email", value: (o) => o.customerEmail },
    { header: "Status", value: (o) => o.paymentStatus },
    { header: "Total", value: (o) => o.totalAmount.toFixed(2) },
    { header: "Discount Code", value: (o) => o.discountCode },
    { header: "Discount", value: (o) => (o.discountCode ? o.discountAmount.toFixed(2) : null) },
    { header: "Shipping", value: (o) => o.shippingAmount.toFixed(2) },
    { header: "Shipping Country", value: (o) => o.shippingCountry },
    { header: "Currency", value: (o) => o.currency },
    { header: "Items", value: (o) => o.items },
    { header: "Provider", value: (o) => o.provider },
    { header: "Provider Order ID", value: (o) => o.providerOrderId },
    { header: "Capture ID", value: (o) => o.captureId },
    { header: "Refund ID", value: (o) => o.refundId },
    timeColumn("Refunded At", (o) => o.refundedAt, timeZone),
    { header: "Shipping Address", value: (o) => shippingAddressText(o.shippingAddress) },
    timeColumn("Shipped At", (o) => o.shippedAt, timeZone),
    { header: "Carrier", value: (o) => o.shippingCarrier },
    { header: "Tracking Number", value: (o) => o.trackingNumber },
  ];
}

export const ORDERS_LIST = defineListSource({
  filters: ORDER_FILTERS,
  read: (db, query, { timeZone }) => listOrders(db, query, { timeZone }),
  fetchFailed: ORDER_ADMIN_TEXT.fetchFailed,
  detail: {
    param: "order",
    read: (db, id) => getOrderDetail(db, id),
    notFound: ORDER_ADMIN_TEXT.notFound,
    failed: ORDER_ADMIN_TEXT.detailFailed,
  },
  csv: {
    dataset: "orders",
    rows: (db, query, { timeZone }) => ordersForExport(db, query, { timeZone }),
    columns: orderColumns,
  },
});

/** The orders CSV for a query string (/admin/export/orders?…). */
export const exportOrdersCsv = listExport(ORDERS_LIST);

/** "Order #00BBDB08 · $14.00 · 1 item back in stock · the buyer has been told". */
export function refundSentence(
  order: { id: string; totalAmount: number },
  refundedNow: boolean,
  restocked: number,
): string {
  const parts = [`Order #${shortOrderId(order.id)}`, formatPrice(order.totalAmount)];
  if (restocked) parts.push(`${restocked === 1 ? "1 item" : `${restocked} items`} back in stock`);
  if (refundedNow) parts.push("the buyer has been told");
  return parts.join(" · ");
}

/** What the order's dialog does: a full refund, fresh download links by mail, shipped. */
export const ORDER_INTENTS: IntentTable = {
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
};
