/**
 * Events the server records where they happen (issue 25): a checkout started (an order
 * made with the provider), a purchase (its payment captured) and a newsletter sign-up.
 * A browser can never report these. The checkout's visitor hash, taken from the request
 * that made the order, is what ties the later purchase (maybe confirmed by a webhook,
 * with no visitor at all) to the visit's source of that day.
 */
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { skipReason } from "~/domain/analytics/analytics";
import { calendarDayIn } from "~/domain/core/time-zone";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { analyticsEvents } from "../db/schema/analytics.server";
import { deviceClass } from "./intake.server";
import { saltOfDay, visitorHash } from "./salts.server";

export interface VisitRequest {
  headers: Headers;
  url: string;
  clientAddress: string;
}

/** The request's visitor of the day, or null when it is not counted (bot, GPC, DNT, team). */
export async function visitorOfRequest(
  db: Database,
  request: VisitRequest,
  timeZone: string,
  now = new Date(),
): Promise<string | null> {
  const h = request.headers;
  const userAgent = h.get("user-agent") ?? "";
  const cookie = h.get("cookie") ?? "";
  const reason = skipReason(
    {
      purpose: h.get("purpose") ?? undefined,
      secPurpose: h.get("sec-purpose") ?? undefined,
      gpc: h.get("sec-gpc") ?? undefined,
      dnt: h.get("dnt") ?? undefined,
      signedIn: /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(cookie),
    },
    !userAgent || isbot(userAgent),
  );
  if (reason) return null;
  const salt = await saltOfDay(db, calendarDayIn(now, timeZone));
  return visitorHash(
    salt,
    request.clientAddress,
    userAgent,
    new URL(request.url).host.toLowerCase(),
  );
}

/** Path of the page that sent a request (its Referer on this site), "" when unknown. */
function pageOf(request: VisitRequest): string {
  const referer = request.headers.get("referer");
  if (!referer) return "";
  try {
    const from = new URL(referer);
    return from.host === new URL(request.url).host ? from.pathname.slice(0, 200) : "";
  } catch {
    return "";
  }
}

/** Never lets counting fail the thing being counted. */
async function quietly(what: string, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    logger.warn({ err: error }, `Could not record ${what} for the analytics`);
  }
}

/** A checkout started: the order's provider id as subject, the visitor of this request. */
export function recordCheckoutStarted(
  db: Database,
  request: VisitRequest,
  providerOrderId: string,
  timeZone: string,
  now = new Date(),
) {
  return quietly("a checkout", async () => {
    const visitor = await visitorOfRequest(db, request, timeZone, now);
    if (!visitor) return;
    const { device, browser } = deviceClass(request.headers.get("user-agent") ?? "");
    await db.insert(analyticsEvents).values({
      occurredAt: now,
      kind: "checkout_started",
      visitor,
      path: pageOf(request),
      device,
      browser,
      subject: providerOrderId,
    });
  });
}

/**
 * A paid order, once: credited to the visitor whose checkout made it (so to that day's
 * source), or to nobody when the checkout was not counted; its value counts either way.
 */
export function recordPurchase(
  db: Database,
  order: { providerOrderId: string; totalAmount: number },
  now = new Date(),
) {
  return quietly("a purchase", () =>
    db.execute(sql`
      insert into analytics_events (occurred_at, kind, visitor, path, device, browser, subject, value)
      select ${now.toISOString()}::timestamptz, 'purchase',
             coalesce(c.visitor, ''), coalesce(c.path, ''), coalesce(c.device, ''),
             coalesce(c.browser, ''), ${order.providerOrderId}, ${order.totalAmount}
      from (select 1) as one
      left join lateral (
        select visitor, path, device, browser from analytics_events
        where kind = 'checkout_started' and subject = ${order.providerOrderId}
        order by occurred_at desc limit 1
      ) c on true
      where not exists (
        select 1 from analytics_events where kind = 'purchase' and subject = ${order.providerOrderId}
      )`),
  );
}

/** A newsletter sign-up, with the page it was made on. */
export function recordNewsletterSignup(
  db: Database,
  request: VisitRequest,
  timeZone: string,
  now = new Date(),
) {
  return quietly("a sign-up", async () => {
    const visitor = await visitorOfRequest(db, request, timeZone, now);
    if (!visitor) return;
    const { device, browser } = deviceClass(request.headers.get("user-agent") ?? "");
    await db.insert(analyticsEvents).values({
      occurredAt: now,
      kind: "newsletter_signup",
      visitor,
      path: pageOf(request),
      device,
      browser,
    });
  });
}
