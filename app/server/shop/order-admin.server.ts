/**
 * The artist's view of orders (/admin/orders): the filtered list, one order in full,
 * and the two payment-side actions, a full refund through the payment provider and
 * fresh download links by mail. The screen's list is declared in orders-screen.server.ts,
 * shipping lives in shipping.server.ts.
 *
 * A refund is idempotent however it arrives: the provider call carries the same
 * PayPal-Request-Id on every try (`refund-<order id>`, as the automatic refund of a
 * late capture), and the order moves from completed to refunded in one conditional
 * UPDATE, so purchase counts fall and links are deleted by exactly one of two
 * concurrent refunds, and the PAYMENT.CAPTURE.REFUNDED webhook that follows finds the
 * order refunded already and changes nothing.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { downloadTokenState, shortOrderId } from "~/domain/shop/downloads/downloads";
import {
  preorderWaiting,
  orderDateBounds,
  orderSearch,
  restockQuantities,
  restockVariantQuantities,
  type OrderDetail,
  type OrderFilters,
  type OrderListPage,
} from "~/domain/shop/orders/order-admin";
import { orderNeedsShipping } from "~/domain/shop/shipping/shipping-address";
import { SHIPPED_CATEGORIES } from "~/domain/shop/shipping/shipping-address";
import { readListPage } from "../admin/list-screen.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { invalidateSiteCache } from "../core/cache.server";
import { AppError, Conflict, NotFound } from "../core/errors.server";
import { logger } from "../core/logger.server";
import type { Database, Executor } from "../db/database.server";
import { downloadTokens, orderLines, orders, shopItems } from "../db/schema/shop.server";
import { deliverQueuedMail } from "../mail/outbox.server";
import { revokeOrderDownloads } from "./downloads.server";
import { getEnv } from "../core/env.server";
import {
  confirmationLines,
  queueOrderConfirmation,
  queueRefundMail,
} from "./order-confirmation.server";
import { restockItems, restockVariants } from "./stock.server";
import { orderLineTitle } from "./variants.server";
import { reissueTwinCodes, revokeTwinCodes } from "./twin-codes.server";
import { changePurchaseCounts, type Order } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { getPaymentProvider } from "./payments/index.server";
import { PaymentProviderError, type PaymentProvider } from "./payments/types.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OrderQueryOptions {
  /** The site's time zone: the date filters are its calendar days. */
  timeZone: string;
}

/** LIKE's own characters, taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The subqueries name their tables in full: Drizzle writes a column of the selected
// table without its table name, which inside a subquery would mean the inner table.
const PHYSICAL_CATEGORIES = sql.join(
  SHIPPED_CATEGORIES.map((c) => sql`${c}`),
  sql`, `,
);

/** True when the order holds physical goods (the categories whose stock is counted). */
const hasPhysicalSql = sql<boolean>`exists (select 1 from order_lines ol where ol.order_id = "orders"."id" and lower(trim(ol.category)) in (${PHYSICAL_CATEGORIES}))`;

/**
 * Pre-orders (issue 24): the earliest release day of the order's physical lines still
 * waiting for it; such an order is not "to ship" before then.
 */
const preorderWaitingSql = sql<
  string | null
>`(select min(ol.preorder_release_date)::text from order_lines ol where ol.order_id = "orders"."id" and lower(trim(ol.category)) in (${PHYSICAL_CATEGORIES}) and ol.preorder_release_date is not null and ol.released_at is null)`;

/** The WHERE of the list and of its CSV export: the same filters select the same orders. */
export function orderFilterConditions(
  filters: OrderFilters,
  options: OrderQueryOptions,
): SQL | undefined {
  const conditions: SQL[] = [];
  const search = orderSearch(filters.q);
  if (search) {
    const matches: SQL[] = [
      sql`lower(${orders.customerEmail}) like ${`%${likeLiteral(search.emailContains)}%`}`,
      eq(orders.providerOrderId, search.providerOrderId),
    ];
    if (search.orderId) matches.push(eq(orders.id, search.orderId));
    if (search.orderIdPrefix)
      matches.push(sql`${orders.id}::text like ${`${search.orderIdPrefix}%`}`);
    conditions.push(or(...matches)!);
  }
  if (filters.status) conditions.push(eq(orders.paymentStatus, filters.status));
  const { start, end } = orderDateBounds(filters, options.timeZone);
  if (start) conditions.push(gte(orders.createdAt, start));
  if (end) conditions.push(lt(orders.createdAt, end));
  if (filters.toShip) {
    conditions.push(
      eq(orders.paymentStatus, "completed"),
      isNull(orders.shippedAt),
      hasPhysicalSql,
      sql`${preorderWaitingSql} is null`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

const itemCountSql = sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`;

export async function listOrders(
  db: Database,
  filters: OrderFilters,
  options: OrderQueryOptions & { pageSize?: number },
): Promise<OrderListPage> {
  const where = orderFilterConditions(filters, options);
  const found = await readListPage(
    filters.page,
    {
      count: async () =>
        (
          (await db
            .select({ total: sql<number>`count(*)::int` })
            .from(orders)
            .where(where)) as [{ total: number }]
        )[0].total,
      rows: ({ limit, offset }) =>
        db
          .select({
            id: orders.id,
            createdAt: orders.createdAt,
            customerEmail: orders.customerEmail,
            paymentStatus: orders.paymentStatus,
            totalAmount: orders.totalAmount,
            currency: orders.currency,
            provider: orders.provider,
            shippedAt: orders.shippedAt,
            itemCount: itemCountSql,
            hasPhysical: hasPhysicalSql,
            preorderWaiting: preorderWaitingSql,
          })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset(offset),
    },
    options.pageSize,
  );
  let anyOrders = found.total > 0;
  if (!anyOrders && where) {
    anyOrders = (await db.select({ id: orders.id }).from(orders).limit(1)).length > 0;
  }
  return {
    ...found,
    rows: found.rows.map((r) => ({
      ...r,
      shortId: shortOrderId(r.id),
      createdAt: r.createdAt.toISOString(),
      shippedAt: r.shippedAt?.toISOString() ?? null,
      itemCount: Number(r.itemCount),
      hasPhysical: Boolean(r.hasPhysical),
    })),
    anyOrders,
  };
}

/** One order with its lines and download links; null for an unknown id. */
export async function getOrderDetail(
  db: Database,
  orderId: string,
  now: Date = new Date(),
): Promise<OrderDetail | null> {
  if (!UUID.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({
      id: orderLines.id,
      title: orderLineTitle,
      category: orderLines.category,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      lineTotal: orderLines.lineTotal,
      minimumPrice: orderLines.minimumPrice,
      storageKey: shopItems.pdfFileUrl,
      preorderReleaseDate: orderLines.preorderReleaseDate,
      releasedAt: orderLines.releasedAt,
    })
    .from(orderLines)
    .leftJoin(shopItems, eq(shopItems.id, orderLines.shopItemId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
  const tokens = lines.length
    ? await db
        .select()
        .from(downloadTokens)
        .where(
          inArray(
            downloadTokens.orderLineId,
            lines.map((l) => l.id),
          ),
        )
        .orderBy(asc(downloadTokens.createdAt), asc(downloadTokens.id))
    : [];
  return {
    id: order.id,
    shortId: shortOrderId(order.id),
    customerEmail: order.customerEmail,
    paymentStatus: order.paymentStatus,
    totalAmount: order.totalAmount,
    discountCode: order.discountCode,
    discountAmount: order.discountAmount,
    shippingAmount: order.shippingAmount,
    shippingCountry: order.shippingCountry,
    shippingZone: order.shippingZone,
    currency: order.currency,
    provider: order.provider,
    providerOrderId: order.providerOrderId,
    captureId: order.captureId,
    refundId: order.refundId,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    shippingAddress: order.shippingAddress ?? null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    shippingCarrier: order.shippingCarrier,
    trackingNumber: order.trackingNumber,
    hasPhysical: orderNeedsShipping(lines.map((l) => l.category)),
    preorderWaiting: preorderWaiting(lines),
    lines: lines.map(({ storageKey, releasedAt, ...line }) => ({
      ...line,
      hasDownload: Boolean(storageKey),
      released: releasedAt !== null,
      links: tokens
        .filter((t) => t.orderLineId === line.id)
        .map((t) => ({
          id: t.id,
          downloadCount: t.downloadCount,
          downloadLimit: t.downloadLimit,
          expiresAt: t.expiresAt.toISOString(),
          lastDownloadedAt: t.lastDownloadedAt?.toISOString() ?? null,
          state: downloadTokenState(t, now),
        })),
    })),
  };
}

async function findOrder(db: Executor, orderId: string): Promise<Order> {
  const [order] = UUID.test(orderId)
    ? await db.select().from(orders).where(eq(orders.id, orderId))
    : [];
  if (!order) throw new NotFound("This order could not be found.");
  return order;
}

/**
 * The provider that took an order's payment. A demo order is "refunded" by the demo
 * provider whatever the site uses now (no money moved); a PayPal order needs PayPal.
 */
export function orderPaymentProvider(name: string): PaymentProvider {
  if (name === "demo") return new DemoProvider();
  const current = getPaymentProvider();
  if (current.name !== name) {
    throw new Conflict(
      "This order was paid with PayPal, which this site is not set up for now. Refund it in PayPal's dashboard.",
    );
  }
  return current;
}

/** The PayPal-Request-Id of an order's full refund: the same on every try. */
export function refundRequestId(order: Pick<Order, "id">): string {
  return `refund-${order.id}`;
}

export interface RefundOutcome {
  order: Order;
  /** False when the order was refunded already (by another click, or at PayPal). */
  refundedNow: boolean;
  /** How many pieces went back in stock (0 unless asked for). */
  restocked: number;
}

/**
 * Refunds a paid order in full through the provider that took the payment, then
 * records it in one transaction: status refunded, the provider's refund id and time,
 * purchase counts lowered, download links deleted, with `restock` the order's counted
 * goods back in stock, the buyer's refund mail queued, audited. Refunding a refunded
 * order does nothing, so the goods go back at most once: only the transaction that
 * moves the order from completed to refunded restocks.
 */
export async function refundOrder(
  db: Database,
  actor: Actor,
  orderId: string,
  options: {
    providerFor: (name: string) => PaymentProvider;
    /** "Put the items back in stock" (the dialog's box). */
    restock?: boolean;
    siteUrl?: string;
    now?: Date;
  },
): Promise<RefundOutcome> {
  const order = await findOrder(db, orderId);
  if (order.paymentStatus === "refunded") return { order, refundedNow: false, restocked: 0 };
  if (order.paymentStatus !== "completed") {
    throw new Conflict("Only a completed order can be refunded.");
  }
  if (!order.captureId) throw new Conflict("This order has no captured payment to refund.");

  const provider = options.providerFor(order.provider);
  let refundId: string | null;
  try {
    const refund = await provider.refundCapture(
      order.captureId,
      refundRequestId(order),
      `Order ${shortOrderId(order.id)}: refunded in full.`,
    );
    refundId = refund.id;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Refunded at PayPal already (the dashboard, say) and the webhook has not come yet.
    if (error.details.issue === "CAPTURE_FULLY_REFUNDED") {
      refundId = null;
    } else {
      logger.error({ err: error, orderId: order.id, ...error.details }, "Admin refund failed");
      throw new AppError(`The payment provider refused the refund: ${error.message}`, 502);
    }
  }

  const now = options.now ?? new Date();
  const marked = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ paymentStatus: "refunded", refundId, refundedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "completed")))
      .returning();
    if (!claimed) return null;
    const lines = await confirmationLines(tx, order.id);
    await changePurchaseCounts(tx, lines, -1);
    const revokedLinks = await revokeOrderDownloads(tx, order.id);
    await revokeTwinCodes(tx, order.id, now);
    const restocked = options.restock
      ? [
          ...(await restockItems(tx, restockQuantities(lines))),
          ...(await restockVariants(tx, restockVariantQuantities(lines))),
        ]
      : [];
    const queued = await queueRefundMail(tx, claimed, lines, {
      hadDownloads: revokedLinks > 0 || lines.some((l) => l.storageKey),
      siteUrl: options.siteUrl ?? getEnv().SITE_URL,
    });
    await recordAudit(tx, {
      actor,
      action: "orders.refund",
      entity: "orders",
      entityId: order.id,
      details: {
        provider: order.provider,
        captureId: order.captureId,
        refundId,
        total: order.totalAmount,
        revokedLinks,
        // What went back on the shelf: [] when the box was left unticked.
        restocked: restocked.map(({ title, quantity, stock }) => ({ title, quantity, stock })),
        mailedTo: order.customerEmail,
      },
    });
    return { claimed, queued, restocked: restocked.reduce((sum, r) => sum + r.quantity, 0) };
  });
  if (!marked) {
    // Someone else recorded the refund in the meantime: the same refund, recorded once.
    return { order: await findOrder(db, order.id), refundedNow: false, restocked: 0 };
  }
  deliverQueuedMail(db, [marked.queued]);
  // Purchase counts order the shop's "most popular" lists.
  invalidateSiteCache({ kind: "shop" });
  logger.info({ orderId: order.id, refundId }, "Order refunded from the back office");
  return { order: marked.claimed, refundedNow: true, restocked: marked.restocked };
}

/**
 * Sends the order confirmation again with fresh download links. The order's old links
 * are deleted first, as "Lost your links?" does: one live link per purchase, so a
 * forwarded or leaked old mail stops working. The new links start from the item's
 * current limit and expiry.
 */
export async function resendDownloadLinks(
  db: Database,
  actor: Actor,
  orderId: string,
  options: { siteUrl: string; now?: Date },
): Promise<{ order: Order; links: number }> {
  const now = options.now ?? new Date();
  const order = await findOrder(db, orderId);
  if (order.paymentStatus !== "completed") {
    throw new Conflict("Only a completed order has download links.");
  }
  const { queued, links } = await db.transaction(async (tx) => {
    const lines = await confirmationLines(tx, order.id);
    const twinCodes = await reissueTwinCodes(tx, order.id, now);
    if (!lines.some((l) => l.storageKey) && twinCodes.length === 0) {
      throw new Conflict("This order has nothing to download.");
    }
    await revokeOrderDownloads(tx, order.id);
    const { queued, links } = await queueOrderConfirmation(tx, order, lines, {
      siteUrl: options.siteUrl,
      now,
      twinCodes,
    });
    await recordAudit(tx, {
      actor,
      action: "orders.resend_links",
      entity: "orders",
      entityId: order.id,
      details: { links, to: order.customerEmail },
    });
    return { queued, links };
  });
  deliverQueuedMail(db, [queued]);
  return { order, links };
}

/**
 * "2 × Blue Train (CD); 1 × Lead Sheet (named price $12.00, minimum $7.00)": an order's
 * lines in one cell; a name-your-price line says what the fan chose to pay.
 */
const itemsSummarySql = sql<
  string | null
>`(select string_agg(ol.quantity::text || ' × ' || ol.title || coalesce(', ' || ol.variant_label, '') || case when ol.minimum_price is null then '' else ' (named price $' || ol.unit_price::text || ', minimum $' || ol.minimum_price::text || ')' end, '; ' order by ol.created_at, ol.id) from order_lines ol where ol.order_id = "orders"."id")`;

/** Orders for the CSV export: every order the filters select, newest first. */
export async function ordersForExport(
  db: Database,
  filters: OrderFilters,
  options: OrderQueryOptions & { limit?: number },
) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      customerEmail: orders.customerEmail,
      paymentStatus: orders.paymentStatus,
      totalAmount: orders.totalAmount,
      discountCode: orders.discountCode,
      discountAmount: orders.discountAmount,
      shippingAmount: orders.shippingAmount,
      shippingCountry: orders.shippingCountry,
      currency: orders.currency,
      provider: orders.provider,
      providerOrderId: orders.providerOrderId,
      captureId: orders.captureId,
      refundId: orders.refundId,
      refundedAt: orders.refundedAt,
      shippingAddress: orders.shippingAddress,
      shippedAt: orders.shippedAt,
      shippingCarrier: orders.shippingCarrier,
      trackingNumber: orders.trackingNumber,
      items: itemsSummarySql,
    })
    .from(orders)
    .where(orderFilterConditions(filters, options))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit ?? 50_000);
}
