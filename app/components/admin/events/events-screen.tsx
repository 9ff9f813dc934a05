/**
 * The events screen (admin spec §2 "Manage events") as a declaration: the table's
 * columns, Title, Date, Venue/City, Status badge, Featured star, Actions (edit, delete
 * after confirming), and the dialog's fields (§3 events, §5 "Event"). A phone keeps the
 * title, status and actions; date, place and star move under the title. A new event
 * starts upcoming (§4), so the status is chosen only when editing.
 */
import { MapPin, Star } from "lucide-react";
import { defineCollectionScreen } from "~/components/admin/kit/collection-screen";
import type { DataTableColumn } from "~/components/admin/kit/data-table";
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { TellFansButton } from "~/components/admin/newsletter/tell-fans-button";
import { Badge } from "~/components/ui/badge";
import {
  EVENT_STATUS_LABELS,
  EVENT_TEXT,
  EVENT_VALIDATION_DEBOUNCE_MS,
} from "~/domain/content/events/event-form";
import { EVENT_STATUSES, formatEventDate, type EventStatus } from "~/domain/content/events/events";

/** An event as the screen's loader hands it over (the dialog edits these fields). */
export interface EventRow {
  id: string;
  title: string;
  description: string | null;
  /** yyyy-MM-dd */
  date: string;
  time: string | null;
  venue: string;
  city: string;
  /** The city was picked from the list, so the concert is on the map ("Tell fans nearby"). */
  located: boolean;
  ticketUrl: string | null;
  imageUrl: string | null;
  status: EventStatus;
  isFeatured: boolean;
}

/** A stored event as the screen shows it (no timestamps over the wire). */
export function toEventRow(
  event: Omit<EventRow, "status" | "located"> & { status: string; latitude: number | null },
): EventRow {
  const { id, title, description, date, time, venue, city, ticketUrl, imageUrl, isFeatured } =
    event;
  const status = event.status as EventStatus;
  return {
    id,
    title,
    description,
    date,
    time,
    venue,
    city,
    located: event.latitude !== null,
    ticketUrl,
    imageUrl,
    status,
    isFeatured,
  };
}

/** The city, with a pin when it is on the map. */
function CityName({ row }: { row: EventRow }) {
  return (
    <span className="inline-flex items-center gap-1">
      {row.city}
      {row.located && (
        <span title="On the map: fans nearby can be told" className="inline-flex">
          <MapPin aria-hidden className="size-3 text-primary" />
          <span className="sr-only">(on the map)</span>
        </span>
      )}
    </span>
  );
}

const STATUS_VARIANTS = {
  upcoming: "gold",
  past: "muted",
  cancelled: "destructive",
} as const;

function StatusBadge({ status }: { status: EventStatus }) {
  return (
    <Badge
      variant={STATUS_VARIANTS[status]}
      // The destructive red on its own tint is under 4.5:1; the ring carries the colour.
      className={status === "cancelled" ? "text-foreground" : undefined}
    >
      {EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}

function FeaturedStar({ featured }: { featured: boolean }) {
  return featured ? (
    <span className="inline-flex text-primary" title="Featured">
      <Star aria-hidden className="size-4 fill-current" />
      <span className="sr-only">Featured</span>
    </span>
  ) : (
    <span className="inline-flex text-muted-foreground/50" title="Not featured">
      <Star aria-hidden className="size-4" />
      <span className="sr-only">Not featured</span>
    </span>
  );
}

function dateText(row: EventRow): string {
  const day = formatEventDate(row.date, "MMM dd, yyyy");
  return row.time ? `${day}, ${row.time}` : day;
}

const COLUMNS: DataTableColumn<EventRow>[] = [
  {
    id: "title",
    header: "Title",
    cell: (row) => (
      <div className="min-w-0">
        <p className="break-words font-medium text-foreground">{row.title}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground sm:hidden">
          <span>{dateText(row)}</span>
          <span>
            {row.venue}, <CityName row={row} />
          </span>
          {row.isFeatured && <FeaturedStar featured />}
        </p>
      </div>
    ),
  },
  {
    id: "date",
    header: "Date",
    hideOnMobile: true,
    className: "whitespace-nowrap",
    cell: (row) => (
      <>
        <span className="text-foreground">{formatEventDate(row.date, "MMM dd, yyyy")}</span>
        {row.time && <span className="block text-xs text-muted-foreground">{row.time}</span>}
      </>
    ),
  },
  {
    id: "place",
    header: "Venue/City",
    hideOnMobile: true,
    cell: (row) => (
      <>
        <span className="block text-foreground">{row.venue}</span>
        <span className="block text-xs text-muted-foreground">
          <CityName row={row} />
        </span>
      </>
    ),
  },
  { id: "status", header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
  {
    id: "featured",
    header: "Featured",
    hideOnMobile: true,
    className: "text-center",
    cell: (row) => <FeaturedStar featured={row.isFeatured} />,
  },
];

const COMMON_FIELDS: readonly FieldConfig[] = [
  { kind: "text", name: "title", label: "Title", required: true, autoComplete: "off" },
  {
    kind: "textarea",
    name: "description",
    label: "Description",
    rows: 3,
    hint: "Optional, under 500 characters.",
  },
  { kind: "date", name: "date", label: "Date", required: true, half: true },
  {
    kind: "time",
    name: "time",
    label: "Time",
    half: true,
    hint: "Optional, e.g. 8:00 PM or 20:00. Left blank, the site shows TBD.",
  },
  { kind: "text", name: "venue", label: "Venue", required: true, half: true, autoComplete: "off" },
  {
    kind: "city",
    name: "city",
    idName: "cityId",
    label: "City",
    required: true,
    half: true,
    hint: "Pick it from the list to put the concert on the map for fans nearby.",
  },
  {
    kind: "url",
    name: "ticketUrl",
    label: "Ticket URL",
    placeholder: "https://",
    hint: "Optional: where visitors buy tickets.",
  },
  {
    kind: "upload",
    name: "imageUrl",
    label: "Image",
    uploadKind: "image",
    allowUrl: true,
    hint: "A JPEG, PNG, WebP or GIF up to 10 MB, or an image address. Needed for a featured event.",
  },
];

const FEATURED: FieldConfig = {
  kind: "switch",
  name: "isFeatured",
  label: "Featured",
  half: true,
  defaultValue: false,
};

const EVENT_CREATE_FIELDS: readonly FieldConfig[] = [...COMMON_FIELDS, FEATURED];

const EVENT_EDIT_FIELDS: readonly FieldConfig[] = [
  ...COMMON_FIELDS,
  {
    kind: "select",
    name: "status",
    label: "Status",
    half: true,
    defaultValue: "upcoming",
    options: EVENT_STATUSES.map((status) => ({
      value: status,
      label: EVENT_STATUS_LABELS[status],
    })),
  },
  FEATURED,
];

export const EVENTS_SCREEN = defineCollectionScreen<EventRow>({
  title: "Manage Events",
  description: "The concerts on the events page and in its calendar feed, in date order.",
  addLabel: "Add Event",
  list: {
    title: "Events",
    description: "Featured events need an image. Changes show on the site at the next page load.",
    caption: "Events",
  },
  texts: EVENT_TEXT,
  rowLabel: (row) => row.title,
  columns: COLUMNS,
  rowActions: {
    // Tour mail (issue 22): a draft letter to the fans near an upcoming concert.
    extra: (row) =>
      row.status === "upcoming" ? <TellFansButton eventId={row.id} title={row.title} /> : null,
  },
  form: {
    fields: EVENT_CREATE_FIELDS,
    editFields: EVENT_EDIT_FIELDS,
    submitLabels: ["Create Event", "Save Changes"],
    validateOnChangeMs: EVENT_VALIDATION_DEBOUNCE_MS,
  },
});
