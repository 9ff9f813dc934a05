/**
 * Who a campaign goes to (issue 22): always confirmed subscribers only (status
 * "subscribed"; never pending, unsubscribed or bounced), and of them everyone, those
 * within a distance of a concert's city, or those who bought a shop item in a completed
 * order. The screen's count and the send's recipient list come from the same query.
 */
import { and, count, eq, gte, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { CampaignAudience } from "~/domain/audience/letters/campaign";
import { boundingBox, withinKm, type GeoPoint } from "~/domain/geo/geo";
import { CAMPAIGN_SENDING_TEXT } from "~/domain/audience/letters/sending";
import type { Executor } from "../db/database.server";
import { events } from "../db/schema/content.server";
import { newsletterSubscribers } from "../db/schema/audience.server";
import { orderLines, orders } from "../db/schema/shop.server";
import { NotFound, ValidationError } from "../core/errors.server";

export interface AudienceMember {
  id: string;
  email: string;
}

const confirmed = eq(newsletterSubscribers.status, "subscribed");

/** The event's map position; a clear refusal when its city was typed, not picked. */
async function eventPosition(db: Executor, eventId: string): Promise<GeoPoint> {
  const [event] = await db
    .select({ latitude: events.latitude, longitude: events.longitude })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new NotFound(CAMPAIGN_SENDING_TEXT.eventNotFound);
  if (event.latitude == null || event.longitude == null) {
    throw new ValidationError(CAMPAIGN_SENDING_TEXT.eventWithoutPosition, {
      audience: [CAMPAIGN_SENDING_TEXT.eventWithoutPosition],
    });
  }
  return { latitude: event.latitude, longitude: event.longitude };
}

/** Buyers of the item in a completed order (addresses compared lower-cased, as stored). */
function boughtItem(itemId: string): SQL {
  return inArray(
    newsletterSubscribers.email,
    // The buyer's address as typed at checkout; subscribers are stored lower-cased.
    sql`(select lower(${orders.customerEmail}) from ${orders}
          join ${orderLines} on ${orderLines.orderId} = ${orders.id}
         where ${orders.paymentStatus} = 'completed' and ${orderLines.shopItemId} = ${itemId})`,
  );
}

/** Confirmed subscribers within the radius: a box the index narrows, then the exact distance. */
async function nearEvent(
  db: Executor,
  audience: Extract<CampaignAudience, { kind: "near-event" }>,
): Promise<AudienceMember[]> {
  const center = await eventPosition(db, audience.eventId);
  const box = boundingBox(center, audience.radiusKm);
  const longitude =
    box.minLongitude < -180 || box.maxLongitude > 180
      ? // The box crosses the date line: the latitude band alone narrows it.
        undefined
      : and(
          gte(newsletterSubscribers.longitude, box.minLongitude),
          lte(newsletterSubscribers.longitude, box.maxLongitude),
        );
  const candidates = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      latitude: newsletterSubscribers.latitude,
      longitude: newsletterSubscribers.longitude,
    })
    .from(newsletterSubscribers)
    .where(
      and(
        confirmed,
        isNotNull(newsletterSubscribers.latitude),
        gte(newsletterSubscribers.latitude, box.minLatitude),
        lte(newsletterSubscribers.latitude, box.maxLatitude),
        longitude,
      ),
    );
  return withinKm(candidates, center, audience.radiusKm).map(({ id, email }) => ({ id, email }));
}

/** The filter of a SQL-only audience (everyone, or the item's buyers). */
function sqlAudience(audience: Exclude<CampaignAudience, { kind: "near-event" }>): SQL {
  switch (audience.kind) {
    case "all":
      return confirmed;
    case "product-buyers":
      return and(confirmed, boughtItem(audience.itemId))!;
    default:
      // Never "no filter" (everyone) for a shape this code does not know.
      throw new ValidationError(CAMPAIGN_SENDING_TEXT.unknownAudience, {
        audience: [CAMPAIGN_SENDING_TEXT.unknownAudience],
      });
  }
}

/** Everyone the campaign would go to now, by address. */
export async function listAudience(
  db: Executor,
  audience: CampaignAudience,
): Promise<AudienceMember[]> {
  if (audience.kind === "near-event") return nearEvent(db, audience);
  return db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(sqlAudience(audience))
    .orderBy(newsletterSubscribers.email);
}

/** How many would receive the campaign if it were sent now (the screen shows it before sending). */
export async function countAudience(db: Executor, audience: CampaignAudience): Promise<number> {
  if (audience.kind === "near-event") return (await nearEvent(db, audience)).length;
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(sqlAudience(audience));
  return row?.n ?? 0;
}
