/**
 * Calendar days and wall-clock times in the site's time zone (SITE_TIME_ZONE, see
 * docs/decisions/008-site-time-zone.md). The server decides "today" in that zone and
 * hands it to the page, so the browser never asks its own clock and server and
 * browser always agree.
 */

export const DEFAULT_SITE_TIME_ZONE = "America/New_York";

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter per zone: making an Intl.DateTimeFormat costs far more than using one,
// and every page render asks for "today" (and events' offsets) several times.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

function wallClockIn(instant: Date, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** yyyy-MM-dd of the calendar day `instant` falls on in `timeZone`. */
export function calendarDayIn(instant: Date, timeZone: string): string {
  const c = wallClockIn(instant, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** Minutes to add to UTC to get the wall clock of `timeZone` at `instant`. */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const c = wallClockIn(instant, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

/**
 * The instant at which the wall clock of `timeZone` shows the given local time.
 * Two passes settle the offset around daylight-saving changes.
 */
export function zonedTimeToInstant(
  local: { date: string; hour: number; minute: number },
  timeZone: string,
): Date {
  const [y, m, d] = local.date.split("-").map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, local.hour, local.minute);
  let instant = naive - utcOffsetMinutes(new Date(naive), timeZone) * 60_000;
  instant = naive - utcOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

// isoWithOffset is a pure function of its arguments that costs three Intl calls; every
// event card's JSON-LD asks for it on every render, so answers are kept (a bounded few).
const isoWithOffsetAnswers = new Map<string, string>();
const ISO_WITH_OFFSET_KEPT = 1000;

/** ISO 8601 local date-time with the zone's offset, e.g. 2026-03-14T20:00:00-04:00. */
export function isoWithOffset(
  local: { date: string; hour: number; minute: number },
  timeZone: string,
): string {
  const key = `${timeZone} ${local.date} ${local.hour}:${local.minute}`;
  let answer = isoWithOffsetAnswers.get(key);
  if (answer === undefined) {
    answer = computeIsoWithOffset(local, timeZone);
    if (isoWithOffsetAnswers.size >= ISO_WITH_OFFSET_KEPT) isoWithOffsetAnswers.clear();
    isoWithOffsetAnswers.set(key, answer);
  }
  return answer;
}

function computeIsoWithOffset(
  local: { date: string; hour: number; minute: number },
  timeZone: string,
): string {
  const offset = utcOffsetMinutes(zonedTimeToInstant(local, timeZone), timeZone);
  return `${local.date}T${pad(local.hour)}:${pad(local.minute)}:00${offsetText(offset)}`;
}

/** "+05:30" / "-05:00": an offset in minutes as ISO 8601 writes it. */
function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * An instant as the site's wall clock reads it, with the zone's offset at that
 * instant, to the second: 2026-11-27T05:10:17-05:00. Exports use it, so a spreadsheet
 * shows the times the screens show and still knows the exact instant.
 */
export function instantInZone(instant: Date, timeZone: string): string {
  const c = wallClockIn(instant, timeZone);
  const clock = `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
  return `${clock}${offsetText(utcOffsetMinutes(instant, timeZone))}`;
}
