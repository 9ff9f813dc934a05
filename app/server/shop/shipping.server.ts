/**
 * Shipping a physical order: the artist marks a completed order with physical lines
 * as shipped (optionally with carrier and tracking number), once. The change, its
 * audit record and the buyer's shipping mail are written in one transaction; the mail
 * leaves through the outbox after the commit.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { shippingDetailsSchema } from "~/domain/shop/orders/mark-shipped";
import { orderNeedsShipping } from "~/domain/shop/shipping/shipping-address";
import { preorderWaiting } from "~/domain/shop/orders/order-admin";
import { formatReleaseDate } from "~/domain/shop/catalogue/preorder";
import type { Actor } from "../db/audit.server";
import { recordAudit } from "../db/audit.server";
import { getEnv } from "../core/env.server";
import { Conflict, NotFound, ValidationError } from "../core/errors.server";
import type { Database } from "../db/database.server";
import { orderLines, orders } from "../db/schema/shop.server";
import { deliverQueuedMail, queueMail } from "../mail/outbox.server";
import { orderShippedMail } from "../mail/order-mail.server";
import type { Order } from "./orders.server";

/** The admin form's schema (order id, carrier, tracking number), for the orders screen. */
export { markShippedSchema, type MarkShippedInput } from "~/domain/shop/orders/mark-shipped";

export const SHIPPING_MESSAGES = {
  notFound: "The order could not be found. It may have been deleted.",
  notCompleted: "Only a completed (paid) order can be marked as shipped.",
  nothingToShip: "This order has no physical items to ship.",
  alreadyShipped: "This order is already marked as shipped.",
  /** Issue 24: a parcel goes when everything in it is out. */
  preorderWaiting: (releaseDate: string) =>
    `This order holds a pre-order released ${formatReleaseDate(releaseDate)}: it can be shipped from that day.`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MarkShippedOptions {
  now?: Date;
  /** For the link in the mail; the configured SITE_URL by default. */
  siteUrl?: string;
}

/**
 * Marks the order shipped and mails the buyer. Throws NotFound for an unknown order,
 * Conflict when it is not completed, has nothing physical, or is already shipped (so
 * a second click never sends a second mail).
 */
export async function markOrderShipped(
  db: Database,
  actor: Actor,
  orderId: string,
  input: { carrier?: string | null; trackingNumber?: string | null },
  options: MarkShippedOptions = {},
): Promise<Order> {
  const parsed = shippingDetailsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ValidationError(issue.message, { [String(issue.path[0])]: [issue.message] });
  }
  const { carrier, trackingNumber } = parsed.data;
  if (!UUID.test(orderId)) throw new NotFound(SHIPPING_MESSAGES.notFound);
  const now = options.now ?? new Date();
  const siteUrl = options.siteUrl ?? getEnv().SITE_URL;

  const { shipped, queued } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new NotFound(SHIPPING_MESSAGES.notFound);
    if (order.shippedAt) throw new Conflict(SHIPPING_MESSAGES.alreadyShipped);
    if (order.paymentStatus !== "completed") throw new Conflict(SHIPPING_MESSAGES.notCompleted);
    const lines = await tx
      .select({
        title: orderLines.title,
        category: orderLines.category,
        quantity: orderLines.quantity,
        preorderReleaseDate: orderLines.preorderReleaseDate,
        releasedAt: orderLines.releasedAt,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
    if (!orderNeedsShipping(lines.map((l) => l.category))) {
      throw new Conflict(SHIPPING_MESSAGES.nothingToShip);
    }
    const waiting = preorderWaiting(lines);
    if (waiting) throw new Conflict(SHIPPING_MESSAGES.preorderWaiting(waiting));

    // Only from "not shipped": two clicks at once still ship (and mail) once.
    const [updated] = await tx
      .update(orders)
      .set({ shippedAt: now, shippingCarrier: carrier, trackingNumber })
      .where(and(eq(orders.id, orderId), isNull(orders.shippedAt)))
      .returning();
    if (!updated) throw new Conflict(SHIPPING_MESSAGES.alreadyShipped);

    await recordAudit(tx, {
      actor,
      action: "orders.ship",
      entity: "orders",
      entityId: orderId,
      details: { carrier, trackingNumber, customerEmail: updated.customerEmail },
    });
    const mail = await queueMail(
      tx,
      orderShippedMail({
        to: updated.customerEmail,
        orderId,
        lines: lines.filter((l) => orderNeedsShipping([l.category])),
        shippingAddress: updated.shippingAddress ?? null,
        carrier,
        trackingNumber,
        siteUrl,
      }),
      [{ kind: "orderPaid", orderId }],
    );
    return { shipped: updated, queued: mail };
  });

  deliverQueuedMail(db, [queued]);
  return shipped;
}
