/**
 * The artist's view of orders (/admin/orders, issue 11 "Beyond the spec: Orders"):
 * the list's filters as they travel in the address (a GET form, so the list works
 * without JavaScript and a filtered view can be bookmarked or exported), the status
 * words, and the forms of the refund and resend actions. Admin and server only (zod).
 */
import { z } from "../../core/zod";
import type { DownloadTokenState } from "../downloads/downloads";
import { formBoolean } from "../../admin/form-fields";
import { orderNeedsShipping, type ShippingAddress } from "../shipping/shipping-address";
import { awaitingRelease } from "../catalogue/preorder";
import { isStockTrackedCategory } from "../stock/stock";
import { zonedTimeToInstant } from "../../core/time-zone";
import {
  choiceFilter,
  dayFilter,
  flagFilter,
  listFilters,
  searchFilter,
  type ListPage,
  type QueryOf,
} from "../../admin/list-screen";

export const ORDER_STATUSES = ["pending", "completed", "refunded", "failed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  completed: "Completed",
  refunded: "Refunded",
  failed: "Failed",
  cancelled: "Cancelled",
};

export type OrderStatusTone = "gold" | "muted" | "success" | "destructive";

export const ORDER_STATUS_TONES: Record<OrderStatus, OrderStatusTone> = {
  pending: "gold",
  completed: "success",
  refunded: "muted",
  failed: "destructive",
  cancelled: "muted",
};

/** A status from the database; an unknown one reads as itself. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Longer searches are cut: nobody types 200 characters to find an order. */
export const ORDER_SEARCH_MAX = 200;

export const ORDER_ADMIN_TEXT = {
  fetchFailed: "Failed to fetch orders",
  detailFailed: "Failed to fetch the order",
  notFound: "This order could not be found.",
  emptyAll: "No orders yet",
  emptyAllHint: "Orders appear here as soon as someone checks out in the shop.",
  emptyFiltered: "No orders match these filters",
  refunded: "Order Refunded Successfully",
  alreadyRefunded: "Order Already Refunded",
  refundFailed: "Failed to refund order",
  refundConfirmTitle: "Refund Order",
  restockLabel: "Put the items back in stock",
  linksResent: "Download Links Sent Successfully",
  resendFailed: "Failed to resend download links",
  shipped: "Order Marked as Shipped",
  shipFailed: "Failed to mark order as shipped",
} as const;

/**
 * The list's filters as the address carries them (a GET form):
 * - q: an e-mail address (or part of one), our order id, its short form, or the
 *   provider's order id;
 * - from, to: calendar days (yyyy-MM-dd) in the site's time zone, both inclusive; a
 *   range given backwards is turned round;
 * - toShip: paid orders with physical goods that have not been shipped yet.
 */
export const ORDER_FILTERS = listFilters(
  {
    q: searchFilter(ORDER_SEARCH_MAX),
    status: choiceFilter(ORDER_STATUSES),
    from: dayFilter(),
    to: dayFilter(),
    toShip: flagFilter(),
  },
  {
    tidy: (values) =>
      values.from && values.to && values.from > values.to
        ? { ...values, from: values.to, to: values.from }
        : values,
  },
);

/** The list's filters as read from the address, with the page (1-based). */
export type OrderFilters = QueryOf<typeof ORDER_FILTERS>;

export const EMPTY_ORDER_FILTERS: OrderFilters = ORDER_FILTERS.empty;

export const parseOrderFilters = (params: URLSearchParams): OrderFilters =>
  ORDER_FILTERS.parse(params);

/** The filters as a query string (without "?"), leaving out what is not set. */
export const orderFiltersQuery = (filters: Partial<OrderFilters>): string =>
  ORDER_FILTERS.query(filters);

/** How many filters narrow the list (the page number does not): "Filters (2 active)". */
export const activeOrderFilterCount = (filters: OrderFilters): number =>
  ORDER_FILTERS.activeCount(filters);

/** True when any filter narrows the list (the page number does not). */
export const hasOrderFilters = (filters: OrderFilters): boolean =>
  activeOrderFilterCount(filters) > 0;

/** The instants the day range covers: [start, end), in the site's time zone. */
export function orderDateBounds(
  filters: Pick<OrderFilters, "from" | "to">,
  timeZone: string,
): { start: Date | null; end: Date | null } {
  const start = filters.from
    ? zonedTimeToInstant({ date: filters.from, hour: 0, minute: 0 }, timeZone)
    : null;
  let end: Date | null = null;
  if (filters.to) {
    const [y, m, d] = filters.to.split("-").map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    end = zonedTimeToInstant({ date: next, hour: 0, minute: 0 }, timeZone);
  }
  return { start, end };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The 8 characters the buyer's mails call the order by (shortOrderId). */
const SHORT_ID = /^[0-9a-f]{8}$/i;

/** What a search term can stand for; the list matches any of them. */
export interface OrderSearch {
  /** Part of the buyer's e-mail, case-insensitive. */
  emailContains: string;
  /** The full order id, when the term is one. */
  orderId: string | null;
  /** The first 8 hex digits of the order id (as in "order 1A2B3C4D"), lower-case. */
  orderIdPrefix: string | null;
  /** The provider's order id, exactly. */
  providerOrderId: string;
}

export function orderSearch(q: string): OrderSearch | null {
  const term = q.trim().replace(/^#/, "");
  if (!term) return null;
  return {
    emailContains: term.toLowerCase(),
    orderId: UUID.test(term) ? term.toLowerCase() : null,
    orderIdPrefix: SHORT_ID.test(term) ? term.toLowerCase() : null,
    providerOrderId: term,
  };
}

/**
 * "to ship": paid, holds physical goods, not shipped yet, and no physical pre-order of
 * it still waits for its release day (issue 24: the parcel goes when all is out).
 */
export function needsShipping(order: {
  paymentStatus: string;
  shippedAt: Date | string | null;
  hasPhysical: boolean;
  preorderWaiting?: string | null;
}): boolean {
  return (
    order.paymentStatus === "completed" &&
    order.hasPhysical &&
    !order.shippedAt &&
    !order.preorderWaiting
  );
}

/**
 * The earliest release day of an order's physical lines still waiting for it (issue
 * 24), or null: the order is "to ship" only once it is null.
 */
export function preorderWaiting(
  lines: readonly {
    category: string;
    preorderReleaseDate: string | null;
    releasedAt: Date | string | null;
  }[],
): string | null {
  const days = lines
    .filter((l) => orderNeedsShipping([l.category]) && awaitingRelease(l))
    .map((l) => l.preorderReleaseDate!)
    .sort();
  return days[0] ?? null;
}

/**
 * Whether the refund dialog's "Put the items back in stock" starts ticked: the goods
 * of an order that was not shipped are still on the shelf; shipped ones may never
 * come back, so the artist ticks it only when they do.
 */
export function restockByDefault(order: {
  hasPhysical: boolean;
  shippedAt: Date | string | null;
}): boolean {
  return order.hasPhysical && !order.shippedAt;
}

/**
 * What a refund puts back on the shelf: the quantities of the order's counted goods
 * (CDs, records, merchandise) per shop item. Downloads have no stock; a line whose
 * item was deleted has nowhere to go back to.
 */
export function restockQuantities(
  lines: readonly {
    shopItemId: string | null;
    variantId?: string | null;
    category: string;
    quantity: number;
  }[],
): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const line of lines) {
    if (!line.shopItemId || !isStockTrackedCategory(line.category) || line.quantity <= 0) continue;
    // A variant's copies go back to the variant (restockVariantQuantities), not the item.
    if (line.variantId) continue;
    quantities.set(line.shopItemId, (quantities.get(line.shopItemId) ?? 0) + line.quantity);
  }
  return quantities;
}

/** What a refund puts back per variant (issue 24), keyed by variant id. */
export function restockVariantQuantities(
  lines: readonly { variantId?: string | null; category: string; quantity: number }[],
): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const line of lines) {
    if (!line.variantId || !isStockTrackedCategory(line.category) || line.quantity <= 0) continue;
    quantities.set(line.variantId, (quantities.get(line.variantId) ?? 0) + line.quantity);
  }
  return quantities;
}

/** Only a paid order can be refunded, and only in full. */
export function canRefund(order: { paymentStatus: string; captureId: string | null }): boolean {
  return order.paymentStatus === "completed" && Boolean(order.captureId);
}

// ---------------------------------------------------------------------------
// What the screen shows (dates as ISO text: they travel as JSON)
// ---------------------------------------------------------------------------

/** One row of the list, as the screen shows it (dates as ISO text over the wire). */
export interface OrderListRow {
  id: string;
  shortId: string;
  createdAt: string;
  customerEmail: string;
  paymentStatus: string;
  totalAmount: number;
  currency: string;
  provider: string;
  itemCount: number;
  hasPhysical: boolean;
  shippedAt: string | null;
  /** A physical pre-order's release day it still waits for (issue 24), or null. */
  preorderWaiting?: string | null;
}

/** A page of orders matching the filters. */
export interface OrderListPage extends ListPage<OrderListRow> {
  /** Orders of any kind: tells "No orders yet" from "No orders match these filters". */
  anyOrders: boolean;
}

export interface OrderDownloadLink {
  id: string;
  downloadCount: number;
  downloadLimit: number;
  expiresAt: string;
  lastDownloadedAt: string | null;
  state: DownloadTokenState;
}

export interface OrderDetailLine {
  id: string;
  title: string;
  category: string;
  quantity: number;
  /** What the buyer paid for one (a named price for name your price). */
  unitPrice: number;
  lineTotal: number;
  /** Name your price: the minimum the buyer chose their amount against; null at a fixed price. */
  minimumPrice: number | null;
  /** The item still has a file to download. */
  hasDownload: boolean;
  /** Pre-orders (issue 24): the line's release day, and whether it was released. */
  preorderReleaseDate?: string | null;
  released?: boolean;
  links: OrderDownloadLink[];
}

export interface OrderDetail {
  id: string;
  shortId: string;
  customerEmail: string;
  paymentStatus: string;
  /** What was paid, after any discount. */
  totalAmount: number;
  /** The discount code the order was priced with, and what it took off. */
  discountCode: string | null;
  discountAmount: number;
  /** Shipping charged (included in the total), the country and the zone as charged. */
  shippingAmount: number;
  shippingCountry: string | null;
  shippingZone: string | null;
  currency: string;
  provider: string;
  providerOrderId: string;
  captureId: string | null;
  refundId: string | null;
  refundedAt: string | null;
  createdAt: string;
  updatedAt: string;
  shippingAddress: ShippingAddress | null;
  shippedAt: string | null;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  hasPhysical: boolean;
  /** A physical pre-order's release day it still waits for (issue 24), or null. */
  preorderWaiting: string | null;
  lines: OrderDetailLine[];
}

// ---------------------------------------------------------------------------
// The actions' forms
// ---------------------------------------------------------------------------

const orderIdField = z.string().trim().regex(UUID, "Unknown order");

export const refundOrderSchema = z.object({
  orderId: orderIdField,
  /** "Put the items back in stock": an unticked box is not sent, so absent means no. */
  restock: formBoolean(false),
});
export const resendLinksSchema = z.object({ orderId: orderIdField });
// Mark shipped: `markShippedSchema` of ./mark-shipped (the shipping service's own form).
