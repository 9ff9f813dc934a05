/**
 * Events for the public pages, the calendar feed and the sitemap. All events are read
 * in date order (spec §7) and split into upcoming and past by the domain rules.
 */
import { asc, eq } from "drizzle-orm";
import { eventPlace, type EventPlace } from "~/domain/content/events/event-form";
import { toPublicEvent, type PublicEvent } from "~/domain/content/events/events";
import { eventStartDates } from "~/domain/pages/seo";
import { calendarDayIn } from "~/domain/core/time-zone";
import { defineCollection } from "../admin/collection.server";
import { MINUTE, cached } from "../core/cache.server";
import type { Database } from "../db/database.server";
import { getDb } from "../db/database.server";
import { events } from "../db/schema/content.server";
import { getEnv } from "../core/env.server";
import { cityById } from "../geo/cities.server";

/** Every event is public (past ones too); the admin's table is in date order (spec §7). */
export const eventService = defineCollection({
  entity: "events",
  table: events,
  orderBy: [asc(events.date), asc(events.createdAt)],
  flags: ["isFeatured"],
});

/**
 * The event's columns from the posted form: a city picked from the offline list brings
 * its country and coordinates, an unchanged city keeps the stored ones (decision 036).
 */
export function withEventPlace<T extends { city: string; cityId: number | null }>(
  input: T,
  stored?: EventPlace | null,
): Omit<T, "cityId"> & EventPlace {
  const { cityId, ...values } = input;
  const picked = cityId === null ? null : cityById(cityId);
  return { ...values, ...eventPlace(input.city, picked, stored) };
}

const publicColumns = {
  id: events.id,
  title: events.title,
  date: events.date,
  time: events.time,
  venue: events.venue,
  city: events.city,
  description: events.description,
  imageUrl: events.imageUrl,
  ticketUrl: events.ticketUrl,
  type: events.type,
  videoUrl: events.videoUrl,
  status: events.status,
};

export async function readEvents(db: Database): Promise<PublicEvent[]> {
  const rows = await db
    .select(publicColumns)
    .from(events)
    .orderBy(asc(events.date), asc(events.createdAt));
  return rows.map(toPublicEvent);
}

export async function readEvent(db: Database, id: string): Promise<PublicEvent | null> {
  // Anything that is not a uuid cannot be an event; asking would be a database error.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select(publicColumns).from(events).where(eq(events.id, id));
  return row ? toPublicEvent(row) : null;
}

/** Fresh for 2 minutes (spec §9: events 2 / 5 min); an admin save drops it at once. */
export function loadEvents(): Promise<PublicEvent[]> {
  return cached("events", 2 * MINUTE, () => readEvents(getDb()));
}

/** The events' start dates for their structured data, in the site's time zone. */
export function siteEventStartDates(events: readonly PublicEvent[]): Record<string, string> {
  return eventStartDates(events, getEnv().SITE_TIME_ZONE);
}

/** Today's calendar day in the site's time zone (docs/decisions/008). */
export function siteToday(now = new Date()): string {
  return calendarDayIn(now, getEnv().SITE_TIME_ZONE);
}
