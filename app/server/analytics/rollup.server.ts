/**
 * Rollups and retention (issue 25, docs/decisions/035). Raw events are summed into daily
 * totals per dimension and hourly totals per kind, by one instance at a time
 * (job-lock). Each run recomputes whole days from the raw events and writes the totals
 * as absolute values (upsert, never increments): a second run, or a second instance at
 * the same moment, writes the same numbers again. Raw events older than the retention
 * window are deleted; the totals stay.
 */
import { sql } from "drizzle-orm";
import { addDays, nextRollupDelayMs } from "~/domain/analytics";
import { calendarDayIn, zonedTimeToInstant } from "~/domain/time-zone";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { runExclusively } from "../db/job-lock.server";
import { deleteOldSalts } from "./salts.server";

export const DEFAULT_RETENTION_DAYS = 30;
/** Days are recomputed while their raw events are all still there. */
export const MIN_RETENTION_DAYS = 3;

function startOfDay(day: string, timeZone: string): Date {
  return zonedTimeToInstant({ date: day, hour: 0, minute: 0 }, timeZone);
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The first day to recompute: the day before the last rolled one, or the first raw event's. */
async function firstDayToRoll(
  db: Database,
  timeZone: string,
  oldestKept: string,
): Promise<string | null> {
  const result = await db.execute(sql`
    select
      (select max(day)::text from analytics_daily) as last_rolled,
      (select (min(occurred_at) at time zone ${timeZone})::date::text from analytics_events) as first_raw`);
  const [row] = rowsOf<{ last_rolled: string | null; first_raw: string | null }>(result);
  const candidate = row?.last_rolled ? addDays(row.last_rolled, -1) : row?.first_raw;
  if (!candidate) return null;
  return candidate < oldestKept ? oldestKept : candidate;
}

/**
 * Recomputes the totals of the days from `from` to `to` (site calendar days). Purchases
 * and everything else are credited to the visitor's first source of that day.
 */
export async function rollUpDays(db: Database, from: string, to: string, timeZone: string) {
  const start = startOfDay(from, timeZone).toISOString();
  const end = startOfDay(addDays(to, 1), timeZone).toISOString();
  await db.execute(sql`
    with ev as (
      select (occurred_at at time zone ${timeZone})::date as day, occurred_at, kind, visitor,
             path, source, campaign, device, browser, subject, outcome, variant, value
      from analytics_events
      where occurred_at >= ${start}::timestamptz and occurred_at < ${end}::timestamptz
    ),
    first_touch as (
      select distinct on (day, visitor) day, visitor, source, campaign
      from ev
      where visitor <> '' and (source <> '' or campaign <> '')
      order by day, visitor, occurred_at
    ),
    credited as (
      select ev.*, coalesce(ft.source, '') as visit_source, coalesce(ft.campaign, '') as visit_campaign
      from ev left join first_touch ft on ft.day = ev.day and ft.visitor = ev.visitor
    ),
    totals as (
      select day, kind, d.dimension, d.key, d.detail,
             count(*)::int as events,
             count(distinct nullif(visitor, ''))::int as visitors,
             coalesce(sum(value), 0) as value
      from credited
      cross join lateral (values
        ('total', '', ''),
        ('page', path, ''),
        ('source', visit_source, ''),
        ('campaign', visit_campaign, ''),
        ('device', device, ''),
        ('browser', browser, ''),
        ('subject', subject, outcome),
        ('player', variant, outcome),
        -- A play per track and player: "file:complete", "soundcloud:skipped".
        ('track', case when kind = 'track_play' then subject else '' end, variant || ':' || outcome)
      ) as d(dimension, key, detail)
      where d.dimension not in ('subject', 'player', 'track') or d.key <> ''
      group by day, kind, d.dimension, d.key, d.detail
    )
    insert into analytics_daily (day, kind, dimension, key, detail, events, visitors, value)
    select day, kind, dimension, key, detail, events, visitors, value from totals
    on conflict (day, kind, dimension, key, detail) do update
      set events = excluded.events, visitors = excluded.visitors, value = excluded.value`);
  await db.execute(sql`
    insert into analytics_hourly (hour, kind, events, visitors)
    select date_trunc('hour', occurred_at at time zone 'UTC') at time zone 'UTC', kind, count(*)::int,
           count(distinct nullif(visitor, ''))::int
    from analytics_events
    where occurred_at >= ${start}::timestamptz and occurred_at < ${end}::timestamptz
    group by 1, 2
    on conflict (hour, kind) do update
      set events = excluded.events, visitors = excluded.visitors`);
}

/** Deletes raw events from before the retention window. Returns how many went. */
export async function deleteExpiredEvents(
  db: Database,
  oldestKeptDay: string,
  timeZone: string,
): Promise<number> {
  const result = await db.execute(sql`
    delete from analytics_events where occurred_at < ${startOfDay(oldestKeptDay, timeZone).toISOString()}::timestamptz`);
  return (
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

export interface RollupOptions {
  timeZone: string;
  retentionDays: number;
  now?: Date;
}

/** One pass: recompute the days not yet final, delete expired raw events and old salts. */
export async function runAnalyticsRollup(db: Database, options: RollupOptions) {
  const today = calendarDayIn(options.now ?? new Date(), options.timeZone);
  const retentionDays = Math.max(MIN_RETENTION_DAYS, options.retentionDays);
  const oldestKept = addDays(today, -(retentionDays - 1));
  const from = await firstDayToRoll(db, options.timeZone, oldestKept);
  if (from) await rollUpDays(db, from, today, options.timeZone);
  const expired = await deleteExpiredEvents(db, oldestKept, options.timeZone);
  await deleteOldSalts(db, today);
  return { from, to: today, expired };
}

/**
 * Every minute, on one instance at a time: the dashboard is at most a minute behind.
 * After a long run (a crowd's day of raw events) the next waits longer, so the rollup
 * never takes more than ROLLUP_MAX_SHARE of the server's time.
 */
export function startAnalyticsRollup(
  db: Database,
  { everyMs = 60_000, ...options }: Omit<RollupOptions, "now"> & { everyMs?: number },
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), delayMs);
    timer.unref();
  };
  const run = async () => {
    const started = performance.now();
    await runExclusively(db, "analytics-rollup", () => runAnalyticsRollup(db, options)).catch(
      (error: unknown) => logger.error({ err: error }, "The analytics rollup failed"),
    );
    const tookMs = performance.now() - started;
    const delayMs = nextRollupDelayMs(everyMs, tookMs);
    if (delayMs > everyMs) {
      logger.info(
        { tookMs: Math.round(tookMs), nextInSeconds: Math.round(delayMs / 1000) },
        "The analytics rollup took long: the next one waits longer",
      );
    }
    schedule(delayMs);
  };
  schedule(everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
