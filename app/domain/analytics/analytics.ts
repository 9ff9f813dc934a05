/**
 * Cookieless analytics (issue 25, docs/decisions/035): what a beacon may say, which
 * requests are not counted, where a visit came from, and the dashboard's periods.
 * Pure rules; the intake, salts and rollups live in app/server/analytics/.
 */

/** Every kind of event the counter keeps. */
export const EVENT_KINDS = [
  "pageview",
  "track_play",
  "video_play",
  "ticket_click",
  "add_to_cart",
  "checkout_started",
  "purchase",
  "newsletter_signup",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * The kinds a browser may report. Checkout, purchases and sign-ups are recorded by the
 * server where they happen (an order made, a payment captured), never on a browser's say.
 */
export const BROWSER_EVENT_KINDS: ReadonlySet<EventKind> = new Set([
  "pageview",
  "track_play",
  "video_play",
  "ticket_click",
  "add_to_cart",
]);

export const PLAY_OUTCOMES = ["complete", "partial", "skipped"] as const;
export type PlayOutcome = (typeof PLAY_OUTCOMES)[number];
export const PLAYERS = ["file", "soundcloud"] as const;

/** A beacon's body is a few hundred bytes; anything past this is refused unread. */
export const MAX_BEACON_BYTES = 2048;
/** Longer paths are cut here (real pages are far shorter; the rest is noise). */
export const MAX_PATH_LENGTH = 200;
/** Track titles, concert names, product ids. */
export const MAX_SUBJECT_LENGTH = 120;
const MAX_SOURCE_LENGTH = 100;

/** A play is complete from 90 % heard, skipped under 10 % (Bandcamp's thresholds). */
export function playOutcome(heardFraction: number): PlayOutcome {
  if (!(heardFraction >= 0.1)) return "skipped";
  return heardFraction >= 0.9 ? "complete" : "partial";
}

/** What a beacon carries once checked. */
export interface BeaconEvent {
  kind: EventKind;
  /** Path of the page, without query or fragment, capped. */
  path: string;
  /** The page's query string (for utm_*), without the "?". */
  query: string;
  referrer: string;
  subject: string;
  outcome: string;
  variant: string;
}

function text(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  // Control characters never reach a report.
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, max);
}

/**
 * The beacon's JSON `{k, u, r?, s?, o?, v?}` (kind, page URL path+query, referrer,
 * subject, outcome, variant), or null when it is not one the browser may send.
 */
export function parseBeacon(body: unknown): BeaconEvent | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const kind = record.k;
  if (typeof kind !== "string" || !BROWSER_EVENT_KINDS.has(kind as EventKind)) return null;
  const url = typeof record.u === "string" ? record.u : "";
  if (!url.startsWith("/") || url.startsWith("//")) return null;
  const queryAt = url.indexOf("?");
  const hashAt = url.indexOf("#");
  const pathEnd = Math.min(
    queryAt === -1 ? url.length : queryAt,
    hashAt === -1 ? url.length : hashAt,
  );
  const path = text(url.slice(0, pathEnd), MAX_PATH_LENGTH);
  const query = queryAt === -1 ? "" : url.slice(queryAt + 1, hashAt > queryAt ? hashAt : undefined);
  const event: BeaconEvent = {
    kind: kind as EventKind,
    path,
    query: query.slice(0, 1000),
    referrer: text(record.r, 500),
    subject: text(record.s, MAX_SUBJECT_LENGTH),
    outcome: "",
    variant: "",
  };
  if (event.kind === "track_play") {
    const outcome = record.o;
    const player = record.v;
    if (!PLAY_OUTCOMES.includes(outcome as PlayOutcome)) return null;
    if (!PLAYERS.includes(player as (typeof PLAYERS)[number])) return null;
    if (!event.subject) return null;
    event.outcome = outcome as string;
    event.variant = player as string;
  } else if (event.kind !== "pageview" && !event.subject) {
    return null;
  }
  return event;
}

/** Why a request is not counted, or null when it is. */
export type SkipReason = "bot" | "prefetch" | "gpc" | "dnt" | "admin";

export function skipReason(
  headers: {
    purpose?: string;
    secPurpose?: string;
    gpc?: string;
    dnt?: string;
    signedIn: boolean;
  },
  looksLikeBot: boolean,
): SkipReason | null {
  if (looksLikeBot) return "bot";
  if (/prefetch|prerender/i.test(`${headers.purpose ?? ""} ${headers.secPurpose ?? ""}`)) {
    return "prefetch";
  }
  if (headers.gpc?.trim() === "1") return "gpc";
  if (headers.dnt?.trim() === "1") return "dnt";
  if (headers.signedIn) return "admin";
  return null;
}

/**
 * The source a newsletter reader arrives under: every link of a sent letter to the site's
 * own pages carries utm_source=letters, utm_medium=email and utm_campaign=<the letter's
 * slug> (domain/audience/letters/letter.ts, tagLetterLink), so "letters" is the newsletter's row in
 * "Top sources" and each letter is a row in "Campaigns".
 */
export const NEWSLETTER_UTM = { source: "letters", medium: "email" } as const;

/** Where a visit came from: utm_source, else the referrer's host ("" when direct or own). */
export function visitSource(
  query: string,
  referrer: string,
  ownHosts: readonly string[],
): { source: string; campaign: string } {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    params = new URLSearchParams();
  }
  const clean = (value: string | null) =>
    (value ?? "").trim().toLowerCase().slice(0, MAX_SOURCE_LENGTH);
  const campaign = clean(params.get("utm_campaign"));
  const utmSource = clean(params.get("utm_source"));
  if (utmSource) return { source: utmSource, campaign };
  return { source: referrerHost(referrer, ownHosts), campaign };
}

/** The referrer reduced to its host, without "www."; "" for none, junk or the site itself. */
export function referrerHost(referrer: string, ownHosts: readonly string[]): string {
  if (!referrer) return "";
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    host = url.hostname.toLowerCase();
  } catch {
    return "";
  }
  const bare = host.replace(/^www\./, "");
  if (ownHosts.some((own) => own.toLowerCase().replace(/^www\./, "") === bare)) return "";
  return bare.slice(0, MAX_SOURCE_LENGTH);
}

/** The name a source has on the dashboard. */
export function sourceLabel(source: string): string {
  return source === "" ? "Direct / none" : source;
}

// ---------------------------------------------------------------------------
// Periods (calendar days of the site's time zone, "yyyy-MM-dd", both ends included)
// ---------------------------------------------------------------------------

export const PERIOD_PRESETS = ["today", "7d", "30d", "12m", "custom"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  today: "Today",
  "7d": "7 days",
  "30d": "30 days",
  "12m": "12 months",
  custom: "Custom range",
};

export interface Period {
  preset: PeriodPreset;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}
function dayOf(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}
function isDay(value: string | null | undefined): value is string {
  return (
    !!value &&
    DAY.test(value) &&
    Number.isFinite(dayNumber(value)) &&
    dayOf(dayNumber(value)) === value
  );
}

/** The longest custom range, so a forged query cannot ask for centuries of days. */
export const MAX_PERIOD_DAYS = 3 * 366;

/** The period a query asks for; unknown or broken input falls back to 7 days. */
export function periodFrom(
  params: { period?: string | null; from?: string | null; to?: string | null },
  today: string,
): Period {
  const preset = (PERIOD_PRESETS as readonly string[]).includes(params.period ?? "")
    ? (params.period as PeriodPreset)
    : "7d";
  switch (preset) {
    case "today":
      return { preset, from: today, to: today };
    case "30d":
      return { preset, from: addDays(today, -29), to: today };
    case "12m":
      return { preset, from: addDays(today, -364), to: today };
    case "custom": {
      if (isDay(params.from) && isDay(params.to)) {
        let [from, to] =
          params.from <= params.to ? [params.from, params.to] : [params.to, params.from];
        if (to > today) to = today;
        if (from > to) from = to;
        if (dayNumber(to) - dayNumber(from) + 1 > MAX_PERIOD_DAYS) {
          from = addDays(to, -(MAX_PERIOD_DAYS - 1));
        }
        return { preset, from, to };
      }
      return { preset: "7d", from: addDays(today, -6), to: today };
    }
    default:
      return { preset: "7d", from: addDays(today, -6), to: today };
  }
}

export function periodDays(period: { from: string; to: string }): number {
  return dayNumber(period.to) - dayNumber(period.from) + 1;
}

/** The period of the same length just before. */
export function previousPeriod(period: Period): Period {
  const length = periodDays(period);
  return {
    preset: period.preset,
    from: addDays(period.from, -length),
    to: addDays(period.from, -1),
  };
}

/** Every day of the period, in order. */
export function daysOf(period: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let n = dayNumber(period.from); n <= dayNumber(period.to); n++) days.push(dayOf(n));
  return days;
}

/** Change against the period before, as a whole percentage; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** Purchases per visitor, as a percentage with one decimal; 0 without visitors. */
export function conversionRate(purchasers: number, visitors: number): number {
  if (visitors <= 0) return 0;
  return Math.round((purchasers / visitors) * 1000) / 10;
}

/**
 * While raw events wait (a crowd's backlog), the rollup may take at most this share of
 * the server's time: on PGlite it runs in the server's own thread.
 */
export const ROLLUP_MAX_SHARE = 0.05;

/**
 * When the next rollup starts: the usual interval, or, when the last run stopped on its
 * time budget with events still waiting, late enough to keep to ROLLUP_MAX_SHARE.
 */
export function nextRollupDelayMs(everyMs: number, lastRunMs: number, eventsLeft: boolean): number {
  if (!eventsLeft) return everyMs;
  return Math.max(everyMs, Math.ceil(lastRunMs / ROLLUP_MAX_SHARE));
}
