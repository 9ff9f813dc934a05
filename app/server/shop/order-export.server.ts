/**
 * The orders CSV of /admin/orders, served at /admin/export/orders: the orders the
 * list's filters select (the same query string), newest first, one row per order.
 */
import { csvFilename, toCsv, type CsvColumn, type CsvExport } from "~/domain/core/csv";
import { parseOrderFilters } from "~/domain/shop/orders/order-admin";
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";
import { instantInZone } from "~/domain/core/time-zone";
import { getEnv } from "../core/env.server";
import type { Database } from "../db/database.server";
import { ordersForExport } from "./order-admin.server";

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

/**
 * The columns, their times in the site's zone with its offset
 * (2026-11-27T05:10:17-05:00) and the zone named in each time's header, as the screens
 * show the same times (docs/decisions/027).
 */
function orderColumns(timeZone: string): CsvColumn<ExportRow>[] {
  const time = (value: Date | null) => (value ? instantInZone(value, timeZone) : null);
  return [
    { header: "Order ID", value: (o) => o.id },
    { header: `Created (${timeZone})`, value: (o) => time(o.createdAt) },
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
    { header: `Refunded At (${timeZone})`, value: (o) => time(o.refundedAt) },
    { header: "Shipping Address", value: (o) => shippingAddressText(o.shippingAddress) },
    { header: `Shipped At (${timeZone})`, value: (o) => time(o.shippedAt) },
    { header: "Carrier", value: (o) => o.shippingCarrier },
    { header: "Tracking Number", value: (o) => o.trackingNumber },
  ];
}

export async function exportOrdersCsv(
  db: Database,
  params: URLSearchParams,
  options: { now?: Date; timeZone?: string } = {},
): Promise<CsvExport> {
  const timeZone = options.timeZone ?? getEnv().SITE_TIME_ZONE;
  const filters = parseOrderFilters(params);
  const rows = await ordersForExport(db, filters, { timeZone });
  return {
    filename: csvFilename("orders", options.now ?? new Date(), timeZone),
    csv: toCsv(orderColumns(timeZone), rows),
  };
}
