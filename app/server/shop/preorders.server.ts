/**
 * Pre-orders (issue 24, docs/decisions/041): an item with a release day still ahead
 * (site time zone) is sold now; its order lines carry that day and wait.
 *
 * - Checkout stamps the day on the line (`preorderReleaseDates`); the confirmation
 *   issues no link and no twin code for it and says when they come.
 * - The release job (`releaseDuePreorders`, started by `startPreorderReleaser`) finds
 *   paid lines whose day has come and, per order in ONE transaction, marks them
 *   released with a conditional UPDATE, issues their links and twin codes and queues
 *   the mail in the outbox. A second run, a second instance or a run after a crash
 *   finds nothing left to mark, so no buyer is mailed twice and none is forgotten.
 * - Moving an item's day (`moveBuyersReleaseDateIn`) rewrites the paid, unreleased
 *   lines and queues one mail per order, in the transaction that saves the item.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { isPreorder } from "~/domain/shop/catalogue/preorder";
import { calendarDayIn } from "~/domain/core/time-zone";
import { orderNeedsShipping } from "~/domain/shop/shipping/shipping-address";
import type { Database, Executor } from "../db/database.server";
import { orderLines, orders, shopItems } from "../db/schema/shop.server";
import { runExclusively } from "../db/job-lock.server";
import { getEnv } from "../core/env.server";
import { logger } from "../core/logger.server";
import { applySiteChange } from "../core/cache.server";
import { deliverQueuedMail, queueMail, type QueuedMail } from "../mail/outbox.server";
import { preorderReleasedMail, releaseDateMovedMail } from "../mail/order-mail.server";
import { confirmationLines } from "./order-confirmation.server";
import { downloadUrl, issueDownloadTokens } from "./downloads.server";
import { issueTwinCodes } from "./twin-codes.server";

/** Today's calendar day in the site's time zone: the day pre-orders are judged by. */
export function siteToday(now: Date = new Date()): string {
  return calendarDayIn(now, getEnv().SITE_TIME_ZONE);
}

/** The release day of each item that is a pre-order at `now` (site time zone). */
export async function preorderReleaseDates(
  db: Executor,
  itemIds: readonly string[],
  now: Date,
): Promise<Map<string, string>> {
  const ids = [...new Set(itemIds)];
  if (!ids.length) return new Map();
  const today = siteToday(now);
  const rows = await db
    .select({ id: shopItems.id, releaseDate: shopItems.releaseDate })
    .from(shopItems)
    .where(and(inArray(shopItems.id, ids), isNotNull(shopItems.releaseDate)));
  return new Map(
    rows
      .filter((r) => isPreorder(r.releaseDate, today))
      .map((r) => [r.id, r.releaseDate!] as const),
  );
}

/** Paid, not yet released pre-orders per item (the shop screen's count). */
export async function paidPreorderCounts(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({
      shopItemId: orderLines.shopItemId,
      count: sql<number>`count(distinct ${orderLines.orderId})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.paymentStatus, "completed"),
        isNotNull(orderLines.preorderReleaseDate),
        isNull(orderLines.releasedAt),
        isNotNull(orderLines.shopItemId),
      ),
    )
    .groupBy(orderLines.shopItemId);
  return new Map(rows.map((r) => [r.shopItemId!, Number(r.count)]));
}

export interface ReleaseOptions {
  now?: Date;
  siteUrl?: string;
  /** Tests: runs inside each order's transaction after its lines are marked (a crash). */
  afterMark?: (orderId: string) => Promise<void> | void;
}

/**
 * Releases one order's due lines in one transaction; the mail queued (null when there
 * was nothing left to release, or nothing to mail: physical lines only).
 */
async function releaseOrder(
  db: Database,
  orderId: string,
  today: string,
  now: Date,
  options: ReleaseOptions,
): Promise<{ released: number; queued: QueuedMail | null }> {
  return db.transaction(async (tx) => {
    // The order's row first: a refund waits for this release, or this one sees it.
    const [order] = await tx
      .select({ id: orders.id, customerEmail: orders.customerEmail, status: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order || order.status !== "completed") return { released: 0, queued: null };
    const marked = await tx
      .update(orderLines)
      .set({ releasedAt: now })
      .where(
        and(
          eq(orderLines.orderId, orderId),
          lte(orderLines.preorderReleaseDate, today),
          isNull(orderLines.releasedAt),
        ),
      )
      .returning({ id: orderLines.id });
    if (!marked.length) return { released: 0, queued: null };
    await options.afterMark?.(orderId);
    const ids = new Set(marked.map((m) => m.id));
    const lines = (await confirmationLines(tx, orderId)).filter((l) => ids.has(l.id));
    const tokens = await issueDownloadTokens(
      tx,
      lines
        .filter((l) => l.storageKey)
        .map((l) => ({
          orderLineId: l.id,
          downloadLimit: l.downloadLimit ?? 5,
          downloadExpiryDays: l.downloadExpiryDays ?? 30,
        })),
      now,
    );
    const twinCodes = await issueTwinCodes(tx, orderId, lines, now);
    if (!tokens.length && !twinCodes.length) return { released: marked.length, queued: null };
    const siteUrl = options.siteUrl ?? getEnv().SITE_URL;
    const titleOf = new Map(lines.map((l) => [l.id, l.title]));
    const queued = await queueMail(
      tx,
      preorderReleasedMail({
        to: order.customerEmail,
        orderId,
        titles: lines
          .filter((l) => !orderNeedsShipping([l.category]) || l.storageKey)
          .map((l) => l.title),
        downloads: tokens.map((t) => ({
          title: titleOf.get(t.orderLineId) ?? "Download",
          url: downloadUrl(siteUrl, t.token),
          downloadLimit: t.downloadLimit,
          expiresAt: t.expiresAt,
        })),
        twinCodes,
        siteUrl,
      }),
      [
        { kind: "orderPaid", orderId },
        ...(tokens.length
          ? [{ kind: "downloads" as const, tokenIds: tokens.map((t) => t.id) }]
          : []),
      ],
    );
    return { released: marked.length, queued };
  });
}

/**
 * Releases every paid pre-order whose day has come (site time zone): each order in its
 * own transaction, so one failure leaves the others released and itself for next time.
 */
export async function releaseDuePreorders(
  db: Database,
  options: ReleaseOptions = {},
): Promise<{ orders: number; lines: number; mails: number }> {
  const now = options.now ?? new Date();
  const today = siteToday(now);
  const due = await db
    .selectDistinct({ orderId: orderLines.orderId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.paymentStatus, "completed"),
        lte(orderLines.preorderReleaseDate, today),
        isNull(orderLines.releasedAt),
      ),
    )
    .orderBy(asc(orderLines.orderId));
  const result = { orders: 0, lines: 0, mails: 0 };
  const queued: QueuedMail[] = [];
  for (const { orderId } of due) {
    const done = await releaseOrder(db, orderId, today, now, options);
    if (done.released) {
      result.orders += 1;
      result.lines += done.released;
    }
    if (done.queued) queued.push(done.queued);
  }
  result.mails = queued.length;
  deliverQueuedMail(db, queued);
  if (result.orders) logger.info(result, "Pre-orders released");
  return result;
}

/**
 * The release job: at start-up and every `intervalMs`, on one instance at a time
 * (runExclusively). Every instance also drops its own cached shop pages when its day
 * changes, lock or not, so an item whose day has come stops showing "Pre-order"
 * without waiting for the cache.
 */
export function startPreorderReleaser(
  db: Database,
  options: { intervalMs?: number; clock?: () => Date } = {},
): () => void {
  const clock = options.clock ?? (() => new Date());
  let lastDay = siteToday(clock());
  const run = () => {
    const now = clock();
    const today = siteToday(now);
    if (today !== lastDay) {
      lastDay = today;
      applySiteChange({ kind: "shop" });
    }
    return runExclusively(db, "preorder-release", () => releaseDuePreorders(db, { now })).catch(
      (error) => logger.error({ err: error }, "Releasing pre-orders failed"),
    );
  };
  void run();
  const timer = setInterval(() => void run(), options.intervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The artist moved an item's release day to `releaseDate`: the paid lines still
 * waiting take it, and each of their orders gets one mail. A day
 * that has come (today or before, or no day at all) needs no mail: the release job
 * sends the files.
 *
 * It runs in the caller's transaction, the one that saves the item's new day, so the
 * two commit together: a crash between them would leave the job releasing on the old
 * day. Returns the mails (one per buyer told) to deliver once it has committed.
 */
export async function moveBuyersReleaseDateIn(
  tx: Executor,
  item: { id: string; title: string; releaseDate: string | null },
  options: { now?: Date; siteUrl?: string } = {},
): Promise<QueuedMail[]> {
  const now = options.now ?? new Date();
  const today = siteToday(now);
  const target = item.releaseDate !== null && item.releaseDate > today ? item.releaseDate : today;
  const siteUrl = options.siteUrl ?? getEnv().SITE_URL;
  const moved = await tx
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      from: orderLines.preorderReleaseDate,
      category: orderLines.category,
      email: orders.customerEmail,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.paymentStatus, "completed"),
        eq(orderLines.shopItemId, item.id),
        isNotNull(orderLines.preorderReleaseDate),
        isNull(orderLines.releasedAt),
        ne(orderLines.preorderReleaseDate, target),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.id))
    .for("update", { of: orderLines });
  if (!moved.length) return [];
  await tx
    .update(orderLines)
    .set({ preorderReleaseDate: target })
    .where(
      and(
        inArray(
          orderLines.id,
          moved.map((line) => line.id),
        ),
        isNull(orderLines.releasedAt),
      ),
    );
  if (target <= today) return [];
  const mails: QueuedMail[] = [];
  const told = new Set<string>();
  for (const line of moved) {
    if (told.has(line.orderId)) continue;
    told.add(line.orderId);
    mails.push(
      await queueMail(
        tx,
        releaseDateMovedMail({
          to: line.email,
          orderId: line.orderId,
          title: item.title,
          from: line.from!,
          releaseDate: target,
          physical: orderNeedsShipping([line.category]),
          siteUrl,
        }),
        [{ kind: "orderPaid", orderId: line.orderId }],
      ),
    );
  }
  return mails;
}
