/**
 * The order confirmation: one fresh download link per purchased file, and the mail
 * that carries them with the order's lines, its total and, for physical goods, the
 * shipping address. Checkout queues it when the payment is recorded; "Resend links"
 * in the back office queues it again, so both mails say the same thing.
 */
import { asc, eq } from "drizzle-orm";
import { awaitingRelease } from "~/domain/shop/catalogue/preorder";
import { orderNeedsShipping } from "~/domain/shop/shipping/shipping-address";
import type { Executor } from "../db/database.server";
import { orderLines, shopItems, type orders } from "../db/schema/shop.server";
import { queueMail, type QueuedMail } from "../mail/outbox.server";
import { orderConfirmationMail, orderRefundedMail } from "../mail/order-mail.server";
import { downloadUrl, issueDownloadTokens } from "./downloads.server";
import { orderLineTitle } from "./variants.server";
import type { TwinCodes } from "./twin-codes.server";

/** An order's lines with their item's file and link rules, in the order they were bought. */
export async function confirmationLines(tx: Executor, orderId: string) {
  return tx
    .select({
      id: orderLines.id,
      shopItemId: orderLines.shopItemId,
      variantId: orderLines.variantId,
      // A variant's line reads "T-shirt, Black, L" in the mail and the order admin.
      title: orderLineTitle,
      category: orderLines.category,
      quantity: orderLines.quantity,
      lineTotal: orderLines.lineTotal,
      storageKey: shopItems.pdfFileUrl,
      downloadLimit: shopItems.downloadLimit,
      downloadExpiryDays: shopItems.downloadExpiryDays,
      // Pre-orders (issue 24): a line waiting for its release day has no files yet.
      preorderReleaseDate: orderLines.preorderReleaseDate,
      releasedAt: orderLines.releasedAt,
    })
    .from(orderLines)
    .leftJoin(shopItems, eq(shopItems.id, orderLines.shopItemId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
}

export type ConfirmationLine = Awaited<ReturnType<typeof confirmationLines>>[number];

type ConfirmedOrder = Pick<
  typeof orders.$inferSelect,
  | "id"
  | "provider"
  | "customerEmail"
  | "totalAmount"
  | "shippingAddress"
  | "shippingAmount"
  | "shippingCountry"
>;

/**
 * Issues a link for every line with a file (the item's current limit and expiry) and
 * queues the confirmation in the caller's transaction, so the links and the mail
 * commit together. The caller delivers the queued mail after the commit.
 */
export async function queueOrderConfirmation(
  tx: Executor,
  order: ConfirmedOrder,
  lines: readonly ConfirmationLine[],
  options: {
    siteUrl: string;
    now: Date;
    /** The download codes of the records' digital twins (twin-codes.server.ts). */
    twinCodes?: readonly TwinCodes[];
  },
): Promise<{ queued: QueuedMail; links: number }> {
  // A pre-ordered line gets its link on its release day (preorders.server.ts).
  const tokens = await issueDownloadTokens(
    tx,
    lines
      .filter((l) => l.storageKey && !awaitingRelease(l))
      .map((l) => ({
        orderLineId: l.id,
        downloadLimit: l.downloadLimit ?? 5,
        downloadExpiryDays: l.downloadExpiryDays ?? 30,
      })),
    options.now,
  );
  const titleOf = new Map(lines.map((l) => [l.id, l.title]));
  const queued = await queueMail(
    tx,
    orderConfirmationMail({
      to: order.customerEmail,
      orderId: order.id,
      total: order.totalAmount,
      shipping: order.shippingCountry
        ? { amount: order.shippingAmount, country: order.shippingCountry }
        : null,
      lines,
      downloads: tokens.map((t) => ({
        title: titleOf.get(t.orderLineId) ?? "Download",
        url: downloadUrl(options.siteUrl, t.token),
        downloadLimit: t.downloadLimit,
        expiresAt: t.expiresAt,
      })),
      demo: order.provider === "demo",
      siteUrl: options.siteUrl,
      shippingAddress: orderNeedsShipping(lines.map((l) => l.category))
        ? order.shippingAddress
        : null,
      twinCodes: options.twinCodes,
      preorders: lines.filter(awaitingRelease).map((l) => ({
        title: l.title,
        releaseDate: l.preorderReleaseDate!,
        physical: orderNeedsShipping([l.category]),
      })),
    }),
    // Sent late (no mail server until now), it is pointless once the order was refunded
    // or its links were replaced.
    [
      { kind: "orderPaid", orderId: order.id },
      ...(tokens.length ? [{ kind: "downloads" as const, tokenIds: tokens.map((t) => t.id) }] : []),
    ],
  );
  return { queued, links: tokens.length };
}

/**
 * Queues the buyer's refund notice in the caller's transaction (the one that marks
 * the order refunded), so a refund and its mail commit together, once.
 */
export async function queueRefundMail(
  tx: Executor,
  order: Pick<typeof orders.$inferSelect, "id" | "provider" | "customerEmail" | "totalAmount">,
  lines: readonly Pick<ConfirmationLine, "title" | "quantity" | "lineTotal">[],
  options: { hadDownloads: boolean; siteUrl: string },
): Promise<QueuedMail> {
  return queueMail(
    tx,
    orderRefundedMail({
      to: order.customerEmail,
      orderId: order.id,
      total: order.totalAmount,
      lines,
      hadDownloads: options.hadDownloads,
      demo: order.provider === "demo",
      siteUrl: options.siteUrl,
    }),
  );
}
