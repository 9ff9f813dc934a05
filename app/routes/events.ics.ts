import { icsEventFromPublicEvent, serializeCalendar } from "~/domain/content/events/ics";
import { SITE_NAME } from "~/domain/core/site";
import { getEnv } from "~/server/core/env.server";
import { loadEvents } from "~/server/content/events.server";

/**
 * /events.ics: a calendar people can subscribe to. It holds every event, past ones
 * too, and cancelled ones marked CANCELLED, so a subscriber's calendar follows along.
 */
export async function loader() {
  const env = getEnv();
  const options = {
    siteUrl: env.SITE_URL,
    timeZone: env.SITE_TIME_ZONE,
    host: new URL(env.SITE_URL).hostname,
  };
  const events = await loadEvents();
  const ics = serializeCalendar({
    name: `${SITE_NAME}: Live`,
    events: events.map((event) => icsEventFromPublicEvent(event, options)),
    generatedAt: new Date(),
  });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="events.ics"',
      "Cache-Control": "public, max-age=0, s-maxage=300",
    },
  });
}
