/**
 * Manage events (admin spec §2 "/admin/events"): the concerts of /events and its
 * calendar feed, in date order, with an add/edit dialog checked as the artist types
 * (300 ms after the last change, spec §5 "Event") and again here on the server.
 * "Today" is the site's calendar day (docs/decisions/008), decided by the server.
 */
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/events";
import { CollectionScreen } from "~/components/admin/kit/collection-screen";
import { EVENTS_SCREEN, toEventRow } from "~/components/admin/events/events-screen";
import { EVENT_TEXT, eventSchema } from "~/domain/content/events/event-form";
import { adminMeta } from "~/domain/pages/seo";

import { handleAdminAction } from "~/server/admin/admin-action.server";
import { collectionIntents, loadCollectionScreen } from "~/server/admin/collection-screen.server";
import { eventService, siteToday, withEventPlace } from "~/server/content/events.server";

export async function loader({ request }: Route.LoaderArgs) {
  const list = await loadCollectionScreen(request, eventService, toEventRow, EVENT_TEXT);
  return { ...list, today: siteToday() };
}

export async function action({ request }: Route.ActionArgs) {
  // The server's own "today", not the page's: a form left open past midnight is checked
  // against the day it is posted on.
  const today = siteToday();
  return handleAdminAction(
    request,
    collectionIntents(eventService, {
      texts: EVENT_TEXT,
      name: (row) => row.title,
      create: {
        schema: eventSchema({ mode: "create", today }),
        values: (input) => withEventPlace(input),
      },
      update: {
        schema: eventSchema({ mode: "update", today }),
        values: (input, stored) => withEventPlace(input, stored),
      },
    }),
  );
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function ManageEvents({ loaderData }: Route.ComponentProps) {
  const { today } = loaderData;
  return (
    <CollectionScreen
      screen={EVENTS_SCREEN}
      list={loaderData}
      schemas={{
        create: eventSchema({ mode: "create", today }),
        update: eventSchema({ mode: "update", today }),
      }}
    />
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Manage Events");
