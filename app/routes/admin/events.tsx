/**
 * Manage events (admin spec §2 "/admin/events"): the concerts of /events and its
 * calendar feed, in date order, with an add/edit dialog checked as the artist types
 * (300 ms after the last change, spec §5 "Event") and again here on the server.
 * "Today" is the site's calendar day (docs/decisions/008), decided by the server.
 */
import type { Route } from "./+types/events";
import { EVENT_CREATE_FIELDS, EVENT_EDIT_FIELDS } from "~/components/admin/events/event-fields";
import { EventsTable, type EventRow } from "~/components/admin/events/events-table";
import { AddButton, AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { EntityFormDialog, useEntityDialog } from "~/components/admin/kit/entity-form-dialog";
import {
  EVENT_TEXT,
  EVENT_VALIDATION_DEBOUNCE_MS,
  eventDeleteSchema,
  eventSchema,
} from "~/domain/event";
import type { EventStatus } from "~/domain/events";
import { SITE_NAME } from "~/domain/site";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { eventService, siteToday } from "~/server/content/events.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const events = await orNull(eventService.listAll(getDb()), "events");
  return {
    today: siteToday(),
    events: (events ?? []).map((event): EventRow => ({
      id: event.id,
      title: event.title,
      description: event.description,
      date: event.date,
      time: event.time,
      venue: event.venue,
      city: event.city,
      ticketUrl: event.ticketUrl,
      imageUrl: event.imageUrl,
      status: event.status as EventStatus,
      isFeatured: event.isFeatured,
    })),
    loadFailed: events ? null : EVENT_TEXT.fetchFailed,
    toast: events ? null : newToast("error", "Error", EVENT_TEXT.fetchFailed),
  };
}

export async function action({ request }: Route.ActionArgs) {
  // The server's own "today", not the page's: a form left open past midnight is checked
  // against the day it is posted on.
  const today = siteToday();
  return handleAdminAction(request, {
    create: intent({
      schema: eventSchema({ mode: "create", today }),
      run: ({ db, actor, input }) => eventService.create(db, actor, input),
      success: (row) => ({ title: EVENT_TEXT.created, description: row.title }),
      failure: EVENT_TEXT.saveFailed,
    }),
    update: intent({
      schema: eventSchema({ mode: "update", today }),
      run: ({ db, actor, input: { id, ...values } }) => eventService.update(db, actor, id, values),
      success: (row) => ({ title: EVENT_TEXT.updated, description: row.title }),
      failure: EVENT_TEXT.saveFailed,
    }),
    delete: intent({
      schema: eventDeleteSchema,
      run: ({ db, actor, input }) => eventService.remove(db, actor, input.id),
      success: (row) => ({ title: EVENT_TEXT.deleted, description: row.title }),
      failure: EVENT_TEXT.deleteFailed,
    }),
  });
}

export default function ManageEvents({ loaderData }: Route.ComponentProps) {
  const { events, loadFailed, today } = loaderData;
  useToastMessage(loaderData.toast);
  const dialog = useEntityDialog<EventRow>();
  const editing = dialog.editing !== null;

  return (
    <AdminScreen
      title="Manage Events"
      description="The concerts on the events page and in its calendar feed, in date order."
      primaryAction={<AddButton onClick={dialog.openAdd}>Add Event</AddButton>}
    >
      <AdminSection
        title="Events"
        description="Featured events need an image. Changes show on the site at the next page load."
      >
        <EventsTable rows={events} loadFailed={loadFailed} onEdit={dialog.openEdit} />
      </AdminSection>

      <EntityFormDialog
        {...dialog.dialogProps}
        title={editing ? EVENT_TEXT.editTitle : EVENT_TEXT.addTitle}
        schema={
          editing ? eventSchema({ mode: "update", today }) : eventSchema({ mode: "create", today })
        }
        fields={editing ? EVENT_EDIT_FIELDS : EVENT_CREATE_FIELDS}
        submitLabel={editing ? "Save Changes" : "Create Event"}
        validateOnChangeMs={EVENT_VALIDATION_DEBOUNCE_MS}
      />
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Manage Events | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
