/**
 * "Lost your download links?": fresh links, by mail, for every completed order of an
 * address. The answer on the page never depends on whether orders exist; the mail
 * does (links, or a note that there is nothing for this address). Limited per client
 * address and per e-mail, so the form can be used neither to probe nor to flood.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/database.server";
import { downloadTokens, orderLines, orders, shopItems } from "../db/schema/shop.server";
import { downloadUrl, issueDownloadTokens } from "./downloads.server";
import { deliverQueuedMail, queueMail } from "../mail/outbox.server";
import { recoveredLinksMail } from "../mail/order-mail.server";
import { hitRateLimit, rateLimitKey, type RateLimitRule } from "../db/rate-limit.server";

export const RECOVERY_LIMITS = {
  perClient: { max: 5, windowMs: 15 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export type RecoveryResult = "sent" | "client-limited" | "email-limited";

export async function requestDownloadRecovery(
  db: Database,
  input: { email: string; clientAddress: string },
  options: { siteUrl: string; now?: Date },
): Promise<RecoveryResult> {
  const now = options.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const client = await hitRateLimit(
    db,
    rateLimitKey("downloads-recover:client", input.clientAddress || "unknown"),
    RECOVERY_LIMITS.perClient,
    now,
  );
  if (!client.allowed) return "client-limited";
  const perEmail = await hitRateLimit(
    db,
    rateLimitKey("downloads-recover:email", email),
    RECOVERY_LIMITS.perEmail,
    now,
  );
  // The page says the same as for a sent mail: the address's owner already has one coming.
  if (!perEmail.allowed) return "email-limited";

  const queued = await db.transaction(async (tx) => {
    const lines = await tx
      .select({
        id: orderLines.id,
        orderId: orders.id,
        title: orderLines.title,
        downloadLimit: shopItems.downloadLimit,
        downloadExpiryDays: shopItems.downloadExpiryDays,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(shopItems, eq(shopItems.id, orderLines.shopItemId))
      .where(
        and(
          sql`lower(${orders.customerEmail}) = ${email}`,
          eq(orders.paymentStatus, "completed"),
          isNotNull(shopItems.pdfFileUrl),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orderLines.id));

    // One live link per purchase: the old ones stop working.
    if (lines.length) {
      await tx.delete(downloadTokens).where(
        inArray(
          downloadTokens.orderLineId,
          lines.map((l) => l.id),
        ),
      );
    }
    const tokens = await issueDownloadTokens(
      tx,
      lines.map((l) => ({
        orderLineId: l.id,
        downloadLimit: l.downloadLimit,
        downloadExpiryDays: l.downloadExpiryDays,
      })),
      now,
    );
    const lineOf = new Map(lines.map((l) => [l.id, l]));
    return queueMail(
      tx,
      recoveredLinksMail({
        to: email,
        siteUrl: options.siteUrl,
        downloads: tokens.map((t) => ({
          title: lineOf.get(t.orderLineId)!.title,
          orderId: lineOf.get(t.orderLineId)!.orderId,
          url: downloadUrl(options.siteUrl, t.token),
          downloadLimit: t.downloadLimit,
          expiresAt: t.expiresAt,
        })),
      }),
      tokens.length ? [{ kind: "downloads", tokenIds: tokens.map((t) => t.id) }] : [],
    );
  });
  deliverQueuedMail(db, [queued]);
  return "sent";
}
