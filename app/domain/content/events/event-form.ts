/**
 * The event form (admin spec §3 events, §5 "Event", §8, §9). The public side's event
 * rules are in ./events.ts, which public pages import; this module carries zod and is
 * for admin code and the server only.
 *
 * The date may not be in the past when creating an event, and may be when editing one
 * (an old event keeps its date). "Today" is the calendar day in the site's time zone,
 * decided by the server (docs/decisions/008), passed in as yyyy-MM-dd.
 */
import { z } from "../../core/zod";
import { EVENT_STATUSES, type EventStatus } from "./events";
import { parseCityId, type CitySuggestion } from "../../geo/geo";
import {
  entryId,
  formBoolean,
  formChoice,
  formText,
  nullableText,
  optionalLink,
  requiredText,
} from "../../admin/form-fields";

export const EVENT_TITLE_MIN_LENGTH = 2;
export const EVENT_PLACE_MIN_LENGTH = 2;
/** "Under 500": at most 499 characters. */
export const EVENT_DESCRIPTION_MAX_LENGTH = 499;
/** The form validates on change, 300 ms after the last keystroke (spec §5, §9). */
export const EVENT_VALIDATION_DEBOUNCE_MS = 300;
/** New events start upcoming (spec §4). */
export const DEFAULT_EVENT_STATUS: EventStatus = "upcoming";

export const EVENT_TEXT = {
  created: "Event Created Successfully",
  updated: "Event Updated Successfully",
  fetchFailed: "Failed to fetch events",
  deleteFailed: "Failed to delete event",
  deleteConfirm: "Are you sure you want to delete this event?",
  // The spec gives no text for these two.
  deleted: "Event deleted successfully",
  saveFailed: "Failed to save event",
  empty: "No events found. Create your first one!",
  addTitle: "Add New Event",
  editTitle: "Edit Event",
  deleteTitle: "Delete Event",
} as const;

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: "Upcoming",
  past: "Past",
  cancelled: "Cancelled",
};

export const EVENT_MESSAGES = {
  titleRequired: "Title is required",
  titleTooShort: "Title must be at least 2 characters",
  descriptionTooLong: "Description must be less than 500 characters",
  dateRequired: "Date is required",
  dateInvalid: "Please enter a valid date",
  dateInPast: "Event date cannot be in the past",
  timeInvalid: "Please enter a valid time format (e.g., 8:00 PM, 20:00)",
  venueRequired: "Venue is required",
  venueTooShort: "Venue must be at least 2 characters",
  cityRequired: "City is required",
  cityTooShort: "City must be at least 2 characters",
  invalidTicketUrl: "Please enter a valid URL",
  invalidImageUrl: "Please enter a valid image URL",
  featuredNeedsImage: "Featured events must have an image",
  statusInvalid: "Please choose upcoming, past or cancelled",
} as const;

const M = EVENT_MESSAGES;

/** A real calendar day written yyyy-MM-dd. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const TIME = /^(\d{1,2}):([0-5]\d)(?:\s*([AaPp][Mm]))?$/;

/** H:MM or HH:MM, with an optional AM/PM (then the hour is 1 to 12, else 0 to 23). */
export function isEventTime(value: string): boolean {
  const match = TIME.exec(value);
  if (!match) return false;
  const hour = Number(match[1]);
  return match[3] ? hour >= 1 && hour <= 12 : hour <= 23;
}

const fields = {
  title: requiredText(M.titleRequired, { min: [EVENT_TITLE_MIN_LENGTH, M.titleTooShort] }),
  description: nullableText({ max: [EVENT_DESCRIPTION_MAX_LENGTH, M.descriptionTooLong] }),
  /** yyyy-MM-dd (a date input's value). */
  date: formText(M.dateRequired).superRefine((v, ctx) => {
    if (v === "") ctx.addIssue({ code: "custom", message: M.dateRequired });
    else if (!isCalendarDay(v)) ctx.addIssue({ code: "custom", message: M.dateInvalid });
  }),
  /** Free text in the table, but the form asks for a clock time; blank is none. */
  time: formText(M.timeInvalid)
    .refine((v) => v === "" || isEventTime(v), M.timeInvalid)
    .transform((v) => (v === "" ? null : v)),
  venue: requiredText(M.venueRequired, { min: [EVENT_PLACE_MIN_LENGTH, M.venueTooShort] }),
  city: requiredText(M.cityRequired, { min: [EVENT_PLACE_MIN_LENGTH, M.cityTooShort] }),
  /** The city picked from the offline list (issue 22); absent when typed freely. */
  cityId: z
    .unknown()
    .optional()
    .transform((v) => parseCityId(v)),
  ticketUrl: optionalLink(M.invalidTicketUrl),
  imageUrl: optionalLink(M.invalidImageUrl, { uploads: true }),
  status: formChoice(EVENT_STATUSES, M.statusInvalid, DEFAULT_EVENT_STATUS),
  isFeatured: formBoolean(),
};

/** A new event starts upcoming whatever was posted (spec §4); editing may change it. */
const createFields = {
  ...fields,
  status: z
    .unknown()
    .optional()
    .transform((): EventStatus => DEFAULT_EVENT_STATUS),
};

type Fields = Omit<z.output<z.ZodObject<typeof fields>>, "status">;

export interface EventSchemaContext {
  mode: "create" | "update";
  /** The site's calendar day, yyyy-MM-dd. */
  today: string;
}

function eventRules({ mode, today }: EventSchemaContext) {
  return (v: Fields, ctx: z.RefinementCtx) => {
    if (mode === "create" && isCalendarDay(v.date) && v.date < today) {
      ctx.addIssue({ code: "custom", message: M.dateInPast, path: ["date"] });
    }
    // null: no image given (a malformed one already has its own message).
    if (v.isFeatured === true && v.imageUrl === null) {
      ctx.addIssue({ code: "custom", message: M.featuredNeedsImage, path: ["imageUrl"] });
    }
  };
}

const createSchema = (context: EventSchemaContext) =>
  z.object(createFields).superRefine(eventRules(context));
const updateSchema = (context: EventSchemaContext) =>
  z.object({ id: entryId, ...fields }).superRefine(eventRules(context));

export type EventCreateSchema = ReturnType<typeof createSchema>;
export type EventUpdateSchema = ReturnType<typeof updateSchema>;

/** The event form's schema: creating refuses a past date, updating takes the event's id. */
export function eventSchema(context: { mode: "create"; today: string }): EventCreateSchema;
export function eventSchema(context: { mode: "update"; today: string }): EventUpdateSchema;
export function eventSchema(context: EventSchemaContext): EventCreateSchema | EventUpdateSchema {
  return context.mode === "create" ? createSchema(context) : updateSchema(context);
}

export type EventFormValues = z.input<EventCreateSchema>;
export type EventInput = z.output<EventCreateSchema>;
export type EventUpdateInput = z.output<EventUpdateSchema>;

/** Where an event is on the map; all null for a city typed freely. */
export interface EventPlace {
  city: string;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The place an event is saved with: a city picked from the list brings its country and
 * coordinates (for "Tell fans nearby"); an edit that leaves the city's text as it was
 * keeps the stored position; any other typed city has none.
 */
export function eventPlace(
  city: string,
  picked: CitySuggestion | null,
  stored?: EventPlace | null,
): EventPlace {
  if (picked) {
    return {
      city,
      countryCode: picked.countryCode,
      latitude: picked.latitude,
      longitude: picked.longitude,
    };
  }
  if (stored && stored.city === city) {
    const { countryCode, latitude, longitude } = stored;
    return { city, countryCode, latitude, longitude };
  }
  return { city, countryCode: null, latitude: null, longitude: null };
}
