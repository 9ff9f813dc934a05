/**
 * Events as the public pages show them, and the rules that sort them: upcoming means
 * a date of today or later in the site's time zone (and not cancelled), in date
 * order; past performances are the rest, newest first.
 */
import { PLACEHOLDER_IMAGE } from "../../core/site";

export const EVENT_STATUSES = ["upcoming", "past", "cancelled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The time shown when none is stored (public-site spec §3). */
export const DEFAULT_EVENT_TIME = "TBD";
export const DEFAULT_EVENT_TYPE = "live";

export interface PublicEvent {
  id: string;
  title: string;
  /** yyyy-MM-dd, a calendar day without a time zone. */
  date: string;
  time: string;
  venue: string;
  city: string;
  description: string | null;
  imageUrl: string;
  ticketUrl: string | null;
  type: string;
  videoUrl: string | null;
  status: EventStatus;
}

/** The event columns the mapping needs; the service reads exactly these. */
export interface EventRow {
  id: string;
  title: string;
  date: string;
  time: string | null;
  venue: string;
  city: string;
  description: string | null;
  imageUrl: string | null;
  ticketUrl: string | null;
  type: string;
  videoUrl: string | null;
  status: string;
}

const blankToNull = (v: string | null | undefined) => (v && v.trim() !== "" ? v.trim() : null);

/** Only http(s) links leave the site, so a typo in the admin never yields a javascript: link. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  const value = blankToNull(url);
  return value && /^https?:\/\/\S+$/i.test(value) ? value : null;
}

export function toPublicEvent(row: EventRow): PublicEvent {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    time: blankToNull(row.time) ?? DEFAULT_EVENT_TIME,
    venue: row.venue,
    city: row.city,
    description: blankToNull(row.description),
    imageUrl: blankToNull(row.imageUrl) ?? PLACEHOLDER_IMAGE,
    ticketUrl: safeExternalUrl(row.ticketUrl),
    type: blankToNull(row.type) ?? DEFAULT_EVENT_TYPE,
    videoUrl: safeExternalUrl(row.videoUrl),
    status: (EVENT_STATUSES as readonly string[]).includes(row.status)
      ? (row.status as EventStatus)
      : "upcoming",
  };
}

/** Dates are yyyy-MM-dd, so string order is calendar order. */
export function isUpcoming(event: Pick<PublicEvent, "date" | "status">, today: string): boolean {
  return event.status !== "cancelled" && event.date >= today;
}

export function isPast(event: Pick<PublicEvent, "date">, today: string): boolean {
  return event.date < today;
}

const byDateThenTitle = (a: PublicEvent, b: PublicEvent) =>
  a.date.localeCompare(b.date) || a.title.localeCompare(b.title);

/**
 * Date today or later, not cancelled, soonest first. Spec §3: the type is fixed to
 * "live" in the upcoming list, whatever is stored.
 */
export function upcomingEvents(events: readonly PublicEvent[], today: string): PublicEvent[] {
  return events
    .filter((e) => isUpcoming(e, today))
    .sort(byDateThenTitle)
    .map((e) => ({ ...e, type: DEFAULT_EVENT_TYPE }));
}

/** Date before today, not cancelled, most recent first. */
export function pastEvents(events: readonly PublicEvent[], today: string): PublicEvent[] {
  return events
    .filter((e) => e.status !== "cancelled" && isPast(e, today))
    .sort((a, b) => byDateThenTitle(b, a));
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

function dateParts(date: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

/**
 * The spec's display formats, computed from the calendar day itself: no time zone can
 * move an event to the day before.
 */
export function formatEventDate(date: string, format: "MMM dd, yyyy" | "MMMM dd, yyyy"): string {
  const { year, month, day } = dateParts(date);
  const name = MONTHS[month - 1] ?? "";
  const monthText = format === "MMM dd, yyyy" ? name.slice(0, 3) : name;
  return `${monthText} ${String(day).padStart(2, "0")}, ${year}`;
}

/** en-US short weekday names, Sunday first (Date#getUTCDay). */
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** The short badge of an event card: weekday, day of month and month. */
export function eventDateBadge(date: string): { weekday: string; day: string; month: string } {
  const { year, month, day } = dateParts(date);
  // toLocaleDateString would build an Intl formatter on every call (every event card).
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return {
    weekday,
    day: String(day).padStart(2, "0"),
    month: (MONTHS[month - 1] ?? "").slice(0, 3),
  };
}

/**
 * A stored time such as "8:00 PM", "8pm" or "20:30" as hours and minutes; null for
 * "TBD" or anything else that is not a clock time.
 */
export function parseEventTime(time: string): { hour: number; minute: number } | null {
  const text = time.trim().toLowerCase().replace(/\./g, "");
  const twelve = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2] ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    return { hour: (hour % 12) + (twelve[3] === "pm" ? 12 : 0), minute };
  }
  const twentyFour = /^(\d{1,2})[:h](\d{2})$/.exec(text);
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour > 23 || minute > 59) return null;
    return { hour, minute };
  }
  return null;
}

/** "live" → "Live", "open-air" → "Open Air". */
export function eventTypeLabel(type: string): string {
  return type
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
}
