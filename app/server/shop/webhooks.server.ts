/**
 * PayPal webhooks: reconcile what happened at PayPal when the buyer's browser never
 * came back (closed tab, lost connection, a pending payment that completed later).
 *
 * A delivery counts only when PayPal's verification API confirms its signature, so a
 * forged call changes nothing. Each event id is processed once (a unique row in
 * payment_webhook_events); the handlers are idempotent besides.
 */
import { and, eq, inArray, or } from "drizzle-orm";
import { moneyEquals } from "~/domain/core/money";
import { orderNeedsShipping, type ShippingAddress } from "~/domain/shop/shipping/shipping-address";
import type { Database } from "../db/database.server";
import { invalidateSiteCache } from "../core/cache.server";
import { orderLines, orders, paymentWebhookEvents } from "../db/schema/shop.server";
import { deliverQueuedMail } from "../mail/outbox.server";
import { revokeOrderDownloads } from "./downloads.server";
import { confirmationLines, queueRefundMail } from "./order-confirmation.server";
import { logger } from "../core/logger.server";
import {
  changePurchaseCounts,
  recordCapture,
  type Order,
  type OrderOptions,
} from "./orders.server";
import { parseWebhookEvent, type WebhookEvent } from "./payments/paypal-parse.server";
import type { PaymentProvider, WebhookHeaders } from "./payments/types.server";
import { releaseStock } from "./stock.server";
import { revokeTwinCodes } from "./twin-codes.server";

export interface WebhookResponse {
  status: number;
  body: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function handlePaymentWebhook(
  db: Database,
  provider: PaymentProvider,
  headers: WebhookHeaders,
  rawBody: string,
  options: OrderOptions,
): Promise<WebhookResponse> {
  let genuine: boolean;
  try {
    genuine = await provider.verifyWebhook(headers, rawBody);
  } catch (error) {
    // Could not ask PayPal: answer with an error so PayPal delivers it again later.
    logger.error({ err: error }, "Webhook signature could not be verified");
    return { status: 503, body: { error: "Verification unavailable" } };
  }
  if (!genuine) {
    logger.warn({ bytes: rawBody.length }, "Webhook refused: signature not verified");
    return { status: 400, body: { error: "Invalid webhook signature" } };
  }

  const event = parseWebhookEvent(rawBody);
  if (!event) return { status: 400, body: { error: "Not a webhook event" } };

  const resourceId =
    event.resource.kind === "capture"
      ? event.resource.captureId
      : event.resource.kind === "refund"
        ? event.resource.refundId
        : null;
  const [claimed] = await db
    .insert(paymentWebhookEvents)
    .values({ provider: provider.name, eventId: event.id, eventType: event.eventType, resourceId })
    .onConflictDoNothing({ target: paymentWebhookEvents.eventId })
    .returning({ id: paymentWebhookEvents.id });
  if (!claimed) return { status: 200, body: { received: true, duplicate: true } };

  let outcome: string;
  try {
    outcome = await processEvent(db, provider, event, options);
  } catch (error) {
    // Not processed: forget the claim so PayPal's retry gets another chance.
    await db.delete(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, claimed.id));
    logger.error({ err: error, eventId: event.id, eventType: event.eventType }, "Webhook failed");
    return { status: 500, body: { error: "Processing failed" } };
  }
  await db
    .update(paymentWebhookEvents)
    .set({ outcome })
    .where(eq(paymentWebhookEvents.id, claimed.id));
  logger.info({ eventId: event.id, eventType: event.eventType, outcome }, "Webhook processed");
  return { status: 200, body: { received: true, outcome } };
}

/** The order an event is about: by PayPal order id, our id (custom_id) or capture id. */
async function findOrder(
  db: Database,
  ids: { providerOrderId: string | null; customId: string | null; captureId: string | null },
): Promise<Order | null> {
  const conditions = [];
  if (ids.providerOrderId) conditions.push(eq(orders.providerOrderId, ids.providerOrderId));
  if (ids.customId && UUID.test(ids.customId)) conditions.push(eq(orders.id, ids.customId));
  if (ids.captureId) conditions.push(eq(orders.captureId, ids.captureId));
  if (!conditions.length) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(or(...conditions))
    .limit(1);
  return order ?? null;
}

/**
 * A capture event carries no shipping address: for an order of physical goods that
 * has none yet, it is read from the provider's order (purchase unit). If PayPal cannot
 * be asked now the payment is still recorded; the address can be looked up later.
 */
async function missingShippingAddress(
  db: Database,
  provider: PaymentProvider,
  order: Order,
): Promise<ShippingAddress | null> {
  if (order.shippingAddress) return null;
  const lines = await db
    .select({ category: orderLines.category })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  if (!orderNeedsShipping(lines.map((l) => l.category))) return null;
  try {
    return (await provider.getOrder(order.providerOrderId)).shippingAddress;
  } catch (error) {
    logger.warn(
      { err: error, orderId: order.id },
      "Shipping address could not be read from the provider; recording the payment without it",
    );
    return null;
  }
}

async function processEvent(
  db: Database,
  provider: PaymentProvider,
  event: WebhookEvent,
  options: OrderOptions,
): Promise<string> {
  const resource = event.resource;
  switch (event.eventType) {
    case "PAYMENT.CAPTURE.COMPLETED": {
      if (resource.kind !== "capture") return "ignored: unreadable capture";
      const order = await findOrder(db, resource);
      if (!order) return "ignored: unknown order";
      if (order.paymentStatus === "completed") return "already completed";
      if (order.paymentStatus === "refunded") return "ignored: order already refunded";
      const shippingAddress = await missingShippingAddress(db, provider, order);
      const recorded = await recordCapture(
        db,
        provider,
        order,
        {
          id: resource.captureId,
          status: resource.status,
          amount: resource.amount,
          currency: resource.currency,
        },
        options,
        { shippingAddress },
      );
      return recorded.kind === "completed"
        ? "completed"
        : recorded.kind === "refunded"
          ? "refunded: stock gone"
          : `not recorded: order ${recorded.order.paymentStatus}`;
    }

    case "PAYMENT.CAPTURE.DENIED": {
      if (resource.kind !== "capture") return "ignored: unreadable capture";
      const order = await findOrder(db, resource);
      if (!order) return "ignored: unknown order";
      const [failed] = await db
        .update(orders)
        .set({ paymentStatus: "failed", captureId: resource.captureId })
        .where(
          and(eq(orders.id, order.id), inArray(orders.paymentStatus, ["pending", "cancelled"])),
        )
        .returning({ providerOrderId: orders.providerOrderId });
      if (!failed) return `ignored: order ${order.paymentStatus}`;
      await releaseStock(db, failed.providerOrderId);
      return "failed";
    }

    case "PAYMENT.CAPTURE.REFUNDED": {
      if (resource.kind !== "refund") return "ignored: unreadable refund";
      const order = await findOrder(db, resource);
      if (!order) return "ignored: unknown order";
      if (order.paymentStatus === "refunded") return "already refunded";
      if (resource.amount !== null && !moneyEquals(resource.amount, order.totalAmount)) {
        // A partial refund (a goodwill discount, say) leaves the purchase standing.
        logger.warn(
          { orderId: order.id, refunded: resource.amount, total: order.totalAmount },
          "Partial refund: the order stays completed",
        );
        return "partial refund: order unchanged";
      }
      const refunded = await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(orders)
          // Refunded in PayPal's dashboard: /admin/orders shows the refund like its own.
          .set({ paymentStatus: "refunded", refundId: resource.refundId, refundedAt: new Date() })
          .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "completed")))
          .returning();
        if (!marked) return null;
        // A refunded sale no longer counts towards "most popular".
        const lines = await confirmationLines(tx, order.id);
        await changePurchaseCounts(tx, lines, -1);
        const revoked = await revokeOrderDownloads(tx, order.id);
        await revokeTwinCodes(tx, order.id, new Date());
        // The buyer hears of it as of a refund from the back office. Stock stays as it
        // is: nobody said whether the goods came back (docs/decisions/027).
        const queued = await queueRefundMail(tx, marked, lines, {
          hadDownloads: revoked > 0 || lines.some((l) => l.storageKey),
          siteUrl: options.siteUrl,
        });
        return { revoked, queued };
      });
      if (refunded === null) return `ignored: order ${order.paymentStatus}`;
      const revoked = refunded.revoked;
      deliverQueuedMail(db, [refunded.queued]);
      invalidateSiteCache({ kind: "shop" });
      return `refunded: ${revoked} download link(s) revoked`;
    }

    default:
      return "ignored: event type not handled";
  }
}
