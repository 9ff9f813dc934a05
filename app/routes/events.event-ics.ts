import type { Route } from "./+types/events.event-ics";
import { icsEventFromPublicEvent, serializeCalendar } from "~/domain/content/events/ics";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { readEvent } from "~/server/content/events.server";

/** /events/<id>.ics: one event as a file, for "Add to calendar". */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^(.+)\.ics$/.exec(params.file);
  const event = match ? await readEvent(getDb(), match[1]!) : null;
  if (!event) {
    return new Response("Event not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const env = getEnv();
  const ics = serializeCalendar({
    name: event.title,
    events: [
      icsEventFromPublicEvent(event, {
        siteUrl: env.SITE_URL,
        timeZone: env.SITE_TIME_ZONE,
        host: new URL(env.SITE_URL).hostname,
      }),
    ],
    generatedAt: new Date(),
  });
  const filename = event.title.replace(/[^\w-]+/g, "-").replace(/^-|-$/g, "") || "event";
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}.ics"`,
      "Cache-Control": "public, max-age=0, s-maxage=300",
    },
  });
}
