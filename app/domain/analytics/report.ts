/**
 * The analytics screen's tables, made from the rollups' totals of a period (issue 25).
 * Visitors of a period are the sum of each day's visitors: the salt changes every day,
 * so a person who comes on three days is three visitors, as in Plausible.
 */
import { conversionRate, PLAY_OUTCOMES, sourceLabel, type PlayOutcome } from "./analytics";

/** One summed row of analytics_daily over a period. */
export interface RollupTotal {
  kind: string;
  dimension: string;
  key: string;
  detail: string;
  events: number;
  visitors: number;
  value: number;
}

export type ReportCell = string | number;

export interface ReportTable {
  id: ReportTableId;
  title: string;
  description: string;
  columns: string[];
  /** Which columns are numbers (right-aligned). */
  numeric: boolean[];
  rows: ReportCell[][];
  empty: string;
}

export const REPORT_TABLE_IDS = [
  "pages",
  "sources",
  "campaigns",
  "devices",
  "browsers",
  "plays",
  "videos",
  "tickets",
  "sales",
  "signups",
] as const;
export type ReportTableId = (typeof REPORT_TABLE_IDS)[number];

export interface ReportSummary {
  visitors: number;
  pageviews: number;
  orders: number;
  revenue: number;
  /** Purchasing visitors per visitor, in percent. */
  conversion: number;
}

const DEVICE_LABELS: Record<string, string> = {
  phone: "Phone",
  tablet: "Tablet",
  desktop: "Desktop",
  "": "Unknown",
};

function pick(totals: readonly RollupTotal[], kind: string, dimension: string) {
  return totals.filter((t) => t.kind === kind && t.dimension === dimension);
}

function byKey(totals: readonly RollupTotal[], kind: string, dimension: string) {
  const map = new Map<string, { events: number; visitors: number; value: number }>();
  for (const t of pick(totals, kind, dimension)) {
    const entry = map.get(t.key) ?? { events: 0, visitors: 0, value: 0 };
    entry.events += t.events;
    entry.visitors += t.visitors;
    entry.value += t.value;
    map.set(t.key, entry);
  }
  return map;
}

const money = (value: number) => Math.round(value * 100) / 100;

export function reportSummary(totals: readonly RollupTotal[]): ReportSummary {
  const views = byKey(totals, "pageview", "total").get("");
  const purchases = byKey(totals, "purchase", "total").get("");
  const visitors = views?.visitors ?? 0;
  return {
    visitors,
    pageviews: views?.events ?? 0,
    orders: purchases?.events ?? 0,
    revenue: money(purchases?.value ?? 0),
    conversion: conversionRate(purchases?.visitors ?? 0, visitors),
  };
}

const PLAYER_LABELS: Record<string, string> = { file: "Uploaded file", soundcloud: "SoundCloud" };

type PlayCounts = Record<PlayOutcome, number>;

/**
 * Plays per track and source. The "track" rollup (key: track, detail: "player:outcome")
 * began with SoundCloud plays; days rolled up before it only have the "subject" one
 * (detail: outcome), when every counted play was a file's. What "subject" counts beyond
 * "track" is therefore credited to the uploaded file.
 */
function trackPlays(totals: readonly RollupTotal[]) {
  const rows = new Map<string, { track: string; source: string } & PlayCounts>();
  const row = (track: string, player: string) => {
    const id = JSON.stringify([track, player]);
    let entry = rows.get(id);
    if (!entry) {
      const source = PLAYER_LABELS[player] ?? player;
      entry = { track, source, complete: 0, partial: 0, skipped: 0 };
      rows.set(id, entry);
    }
    return entry;
  };
  const byTrack = new Map<string, PlayCounts>();
  for (const t of pick(totals, "track_play", "track")) {
    const [player = "", outcome = ""] = t.detail.split(":");
    if (!isOutcome(outcome)) continue;
    row(t.key, player)[outcome] += t.events;
    const sum = byTrack.get(t.key) ?? { complete: 0, partial: 0, skipped: 0 };
    sum[outcome] += t.events;
    byTrack.set(t.key, sum);
  }
  for (const t of pick(totals, "track_play", "subject")) {
    if (!isOutcome(t.detail)) continue;
    const older = t.events - (byTrack.get(t.key)?.[t.detail] ?? 0);
    if (older > 0) row(t.key, "file")[t.detail] += older;
  }
  return [...rows.values()];
}

const isOutcome = (value: string): value is PlayOutcome =>
  (PLAY_OUTCOMES as readonly string[]).includes(value);

/** Rows by a count, largest first, then by name; at most `limit`. */
function ranked<T extends ReportCell[]>(rows: T[], by: number, limit: number): T[] {
  return rows
    .sort((a, b) => Number(b[by]) - Number(a[by]) || String(a[0]).localeCompare(String(b[0])))
    .slice(0, limit);
}

/** Every table of the screen, from a period's summed rollups. */
export function reportTables(totals: readonly RollupTotal[], limit = 50): ReportTable[] {
  const views = (dimension: string, label: (key: string) => string) =>
    ranked(
      [...byKey(totals, "pageview", dimension)].map(
        ([key, t]) => [label(key), t.visitors, t.events] as ReportCell[],
      ),
      1,
      limit,
    );

  const plays = trackPlays(totals);

  const sourceVisitors = byKey(totals, "pageview", "source");
  const carts = byKey(totals, "add_to_cart", "source");
  const checkouts = byKey(totals, "checkout_started", "source");
  const purchases = byKey(totals, "purchase", "source");
  const saleSources = new Set([...purchases.keys(), ...checkouts.keys(), ...carts.keys()]);

  return [
    {
      id: "pages",
      title: "Top pages",
      description: "Visitors and page views per page.",
      columns: ["Page", "Visitors", "Page views"],
      numeric: [false, true, true],
      rows: views("page", (key) => key || "/"),
      empty: "No page views in this period.",
    },
    {
      id: "sources",
      title: "Top sources",
      description: "Where visits came from: the campaign's utm_source, else the referring site.",
      columns: ["Source", "Visitors", "Page views"],
      numeric: [false, true, true],
      rows: views("source", sourceLabel),
      empty: "No visits in this period.",
    },
    {
      id: "campaigns",
      title: "Campaigns",
      description: "Visits from links that carry utm_campaign, such as the newsletter's.",
      columns: ["Campaign", "Visitors", "Page views"],
      numeric: [false, true, true],
      rows: views("campaign", (key) => key).filter((row) => row[0] !== ""),
      empty: "No campaign visits in this period.",
    },
    {
      id: "devices",
      title: "Devices",
      description: "Phone, tablet or desktop, from the browser's user agent.",
      columns: ["Device", "Visitors", "Page views"],
      numeric: [false, true, true],
      rows: views("device", (key) => DEVICE_LABELS[key] ?? key),
      empty: "No visits in this period.",
    },
    {
      id: "browsers",
      title: "Browsers",
      description: "The browser family of each visit.",
      columns: ["Browser", "Visitors", "Page views"],
      numeric: [false, true, true],
      rows: views("browser", (key) => key || "Unknown"),
      empty: "No visits in this period.",
    },
    {
      id: "plays",
      title: "Track plays",
      description:
        "Per track and where it was heard: the uploaded file or SoundCloud's player. Complete: 90 % or more heard. Skipped: under 10 %. Partial: in between.",
      columns: ["Track", "Source", "Complete", "Partial", "Skipped"],
      numeric: [false, false, true, true, true],
      rows: ranked(
        plays.map((p) => [p.track, p.source, p.complete, p.partial, p.skipped] as ReportCell[]),
        2,
        limit,
      ),
      empty: "No tracks played in this period.",
    },
    {
      id: "videos",
      title: "Video plays",
      description: "Videos opened in the player.",
      columns: ["Video", "Plays", "Visitors"],
      numeric: [false, true, true],
      rows: ranked(
        [...byKey(totals, "video_play", "subject")].map(
          ([video, t]) => [video, t.events, t.visitors] as ReportCell[],
        ),
        1,
        limit,
      ),
      empty: "No videos played in this period.",
    },
    {
      id: "tickets",
      title: "Ticket clicks",
      description: "Clicks on each concert's ticket link.",
      columns: ["Concert", "Clicks", "Visitors"],
      numeric: [false, true, true],
      rows: ranked(
        [...byKey(totals, "ticket_click", "subject")].map(
          ([concert, t]) => [concert, t.events, t.visitors] as ReportCell[],
        ),
        1,
        limit,
      ),
      empty: "No ticket links clicked in this period.",
    },
    {
      id: "sales",
      title: "Sales by source",
      description:
        "Each sale is credited to the source of the visit that started its checkout that day. Conversion: buying visitors per visitor.",
      columns: [
        "Source",
        "Visitors",
        "Added to cart",
        "Checkouts",
        "Orders",
        "Revenue",
        "Conversion %",
      ],
      numeric: [false, true, true, true, true, true, true],
      rows: ranked(
        [...saleSources].map((source) => {
          const visitors = sourceVisitors.get(source)?.visitors ?? 0;
          const bought = purchases.get(source);
          return [
            sourceLabel(source),
            visitors,
            carts.get(source)?.events ?? 0,
            checkouts.get(source)?.events ?? 0,
            bought?.events ?? 0,
            money(bought?.value ?? 0),
            conversionRate(bought?.visitors ?? 0, visitors),
          ] as ReportCell[];
        }),
        5,
        limit,
      ),
      empty: "No sales in this period.",
    },
    {
      id: "signups",
      title: "Newsletter sign-ups by page",
      description: "The page each new subscriber signed up on.",
      columns: ["Page", "Sign-ups"],
      numeric: [false, true],
      rows: ranked(
        [...byKey(totals, "newsletter_signup", "page")].map(
          ([page, t]) => [page || "Unknown", t.events] as ReportCell[],
        ),
        1,
        limit,
      ),
      empty: "No sign-ups in this period.",
    },
  ];
}

/** A point of the visitors chart: a day, an hour (today) or a month (long periods). */
export interface ChartPoint {
  label: string;
  visitors: number;
  pageviews: number;
}

/** Days summed into months ("2026-03") once a period is longer than about two months. */
export function chartPoints(
  days: readonly string[],
  byDay: ReadonlyMap<string, { visitors: number; pageviews: number }>,
): ChartPoint[] {
  const monthly = days.length > 62;
  const points = new Map<string, ChartPoint>();
  for (const day of days) {
    const label = monthly ? day.slice(0, 7) : day;
    const point = points.get(label) ?? { label, visitors: 0, pageviews: 0 };
    const counted = byDay.get(day);
    point.visitors += counted?.visitors ?? 0;
    point.pageviews += counted?.pageviews ?? 0;
    points.set(label, point);
  }
  return [...points.values()];
}
