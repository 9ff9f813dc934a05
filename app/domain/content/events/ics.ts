/**
 * iCalendar (RFC 5545) for the events feed and the per-event "Add to calendar" file:
 * CRLF line endings, lines folded at 75 octets, TEXT values escaped.
 */
import { ARTIST_NAME } from "../../core/site";
import { parseEventTime, type PublicEvent } from "./events";
import { zonedTimeToInstant } from "../../core/time-zone";

export type IcsStart =
  | { kind: "date"; date: string }
  /** An instant, written in UTC (the "Z" form needs no VTIMEZONE block). */
  | { kind: "instant"; at: Date };

export interface IcsEvent {
  uid: string;
  start: IcsStart;
  /** For timed events; all-day events last their one day. */
  durationMinutes?: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  status?: "CONFIRMED" | "CANCELLED" | "TENTATIVE";
}

export interface IcsCalendar {
  name: string;
  events: readonly IcsEvent[];
  /** DTSTAMP of every event: when this file was made. */
  generatedAt: Date;
  prodId?: string;
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;

/**
 * Folds a content line so no physical line exceeds 75 octets (RFC 5545 §3.1), never
 * splitting a UTF-8 character. Continuation lines start with one space, which counts.
 */
export function foldIcsLine(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let limit = 75;
  for (const char of line) {
    if (octets(current) + octets(char) > limit) {
      parts.push(current);
      current = "";
      limit = 74; // the leading space of a continuation line is one of the 75
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const pad = (n: number) => String(n).padStart(2, "0");

export function icsUtcDateTime(at: Date): string {
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

const icsDate = (date: string) => date.replace(/-/g, "");

function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${next.getUTCFullYear()}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`;
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${event.uid}`, `DTSTAMP:${stamp}`];
  if (event.start.kind === "date") {
    lines.push(`DTSTART;VALUE=DATE:${icsDate(event.start.date)}`);
    lines.push(`DTEND;VALUE=DATE:${nextDay(event.start.date)}`);
  } else {
    lines.push(`DTSTART:${icsUtcDateTime(event.start.at)}`);
    const minutes = event.durationMinutes ?? 120;
    lines.push(`DTEND:${icsUtcDateTime(new Date(event.start.at.getTime() + minutes * 60_000))}`);
  }
  lines.push(`SUMMARY:${escapeIcsText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  // URL is a URI value, not TEXT: it is not escaped.
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  lines.push("END:VEVENT");
  return lines;
}

export function serializeCalendar(calendar: IcsCalendar): string {
  const stamp = icsUtcDateTime(calendar.generatedAt);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${calendar.prodId ?? `-//${ARTIST_NAME}//Events//EN`}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(calendar.name)}`,
    ...calendar.events.flatMap((e) => eventLines(e, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join("\r\n") + "\r\n";
}

/**
 * An event of the site as a calendar entry. A clock time in the site's time zone
 * becomes a UTC instant; "TBD" makes an all-day entry.
 */
export function icsEventFromPublicEvent(
  event: PublicEvent,
  options: { siteUrl: string; timeZone: string; host: string },
): IcsEvent {
  const time = parseEventTime(event.time);
  const start: IcsStart = time
    ? { kind: "instant", at: zonedTimeToInstant({ date: event.date, ...time }, options.timeZone) }
    : { kind: "date", date: event.date };
  const details = [event.description, event.ticketUrl ? `Tickets: ${event.ticketUrl}` : null]
    .filter(Boolean)
    .join("\n\n");
  return {
    uid: `event-${event.id}@${options.host}`,
    start,
    summary: event.status === "cancelled" ? `Cancelled: ${event.title}` : event.title,
    location: [event.venue, event.city].filter(Boolean).join(", "),
    description: details || null,
    url: `${options.siteUrl}/events#event-${event.id}`,
    status: event.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
  };
}
