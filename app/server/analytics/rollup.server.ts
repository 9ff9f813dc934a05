/**
 * Rollups and retention (issue 25, docs/decisions/035). Raw events are summed into daily
 * totals per dimension and hourly totals per kind, incrementally: each batch of events
 * not yet summed changes the totals by exactly what it adds. Distinct visitors and a
 * visit's first source are per visitor and day (a visitor's hash changes every day), so
 * a batch's difference is worked out over the events of its visitors alone: their totals
 * with the batch minus their totals without it. A batch is marked summed in the same
 * transaction, under a lock, so a second run (or instance) never adds it twice. The cost
 * follows the new events, not the day's: a crowd's day no longer makes every minute's
 * run longer. Raw events older than the retention window are deleted; the totals stay.
 */
import { sql } from "drizzle-orm";
import { addDays, nextRollupDelayMs } from "~/domain/analytics/analytics";
import { calendarDayIn, zonedTimeToInstant } from "~/domain/core/time-zone";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { advisoryLockKey, runExclusively } from "../db/job-lock.server";
import { deleteOldSalts } from "./salts.server";

export const DEFAULT_RETENTION_DAYS = 30;
/** A late event (a buffered beacon, a purchase) still finds its visitor's day raw. */
export const MIN_RETENTION_DAYS = 3;
/** Raw events summed per transaction: on PGlite some tens of milliseconds of the thread. */
export const ROLLUP_BATCH = 1000;
/** One periodic run sums for about this long; a crowd's backlog is summed over several. */
const ROLLUP_RUN_BUDGET_MS = 2_000;

function startOfDay(day: string, timeZone: string): Date {
  return zonedTimeToInstant({ date: day, hour: 0, minute: 0 }, timeZone);
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * The daily totals of the rows of rollup_events that `where` keeps, as CTEs named
 * after `name`: purchases and everything else credited to the visitor's first source
 * of that day.
 */
function dailyTotals(name: string, where: string): string {
  return `
    ${name}_ev as (select * from rollup_events where ${where}),
    ${name}_first as (
      select distinct on (day, visitor) day, visitor, source, campaign
      from ${name}_ev
      where visitor <> '' and (source <> '' or campaign <> '')
      order by day, visitor, occurred_at
    ),
    ${name}_credited as (
      select e.*, coalesce(f.source, '') as visit_source, coalesce(f.campaign, '') as visit_campaign
      from ${name}_ev e left join ${name}_first f on f.day = e.day and f.visitor = e.visitor
    ),
    ${name} as (
      select day, kind, d.dimension, d.key, d.detail,
             count(*)::int as events,
             count(distinct nullif(visitor, ''))::int as visitors,
             coalesce(sum(value), 0) as value
      from ${name}_credited
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
    )`;
}

function hourlyTotals(name: string, where: string): string {
  return `
    ${name} as (
      select date_trunc('hour', occurred_at at time zone 'UTC') at time zone 'UTC' as hour, kind,
             count(*)::int as events, count(distinct nullif(visitor, ''))::int as visitors
      from rollup_events where ${where}
      group by 1, 2
    )`;
}

/**
 * Sums one batch of new events into the totals. Returns how many it summed (0: none
 * were waiting).
 */
async function rollUpBatch(db: Database, timeZone: string): Promise<number> {
  return db.transaction(async (tx) => {
    // Runs one at a time, also when two instances (or a test) start one together.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${advisoryLockKey("analytics-rollup-batch")}::bigint)`,
    );
    await tx.execute(sql`
      create temp table rollup_batch on commit drop as
      select id, visitor from analytics_events where not rolled order by id limit ${ROLLUP_BATCH}`);
    const [{ count } = { count: 0 }] = rowsOf<{ count: number }>(
      await tx.execute(sql`select count(*)::int as count from rollup_batch`),
    );
    if (count === 0) {
      await tx.execute(sql`drop table rollup_batch`);
      return 0;
    }
    // The batch, and what was summed before of the same visitors (never of visitor "",
    // the server's events without a visit, which only add).
    await tx.execute(sql`
      create temp table rollup_events on commit drop as
      select (e.occurred_at at time zone ${timeZone})::date as day, e.occurred_at, e.kind, e.visitor,
             e.path, e.source, e.campaign, e.device, e.browser, e.subject, e.outcome, e.variant,
             e.value, e.is_new
      from (
        select e.*, true as is_new
        from analytics_events e join rollup_batch b on b.id = e.id
        union all
        select e.*, false as is_new
        from analytics_events e
        where e.rolled
          and e.visitor in (select distinct visitor from rollup_batch where visitor <> '')
      ) e`);
    await tx.execute(
      sql.raw(`
      with ${dailyTotals("after", "true")}, ${dailyTotals("before", "not is_new")},
      delta as (
        select day, kind, dimension, key, detail,
               coalesce(a.events, 0) - coalesce(b.events, 0) as events,
               coalesce(a.visitors, 0) - coalesce(b.visitors, 0) as visitors,
               coalesce(a.value, 0) - coalesce(b.value, 0) as value
        from after a full outer join before b using (day, kind, dimension, key, detail)
      )
      insert into analytics_daily (day, kind, dimension, key, detail, events, visitors, value)
      select day, kind, dimension, key, detail, events, visitors, value from delta
      where events <> 0 or visitors <> 0 or value <> 0
      on conflict (day, kind, dimension, key, detail) do update
        set events = analytics_daily.events + excluded.events,
            visitors = analytics_daily.visitors + excluded.visitors,
            value = analytics_daily.value + excluded.value`),
    );
    await tx.execute(
      sql.raw(`
      with ${hourlyTotals("after", "true")}, ${hourlyTotals("before", "not is_new")},
      delta as (
        select hour, kind,
               coalesce(a.events, 0) - coalesce(b.events, 0) as events,
               coalesce(a.visitors, 0) - coalesce(b.visitors, 0) as visitors
        from after a full outer join before b using (hour, kind)
      )
      insert into analytics_hourly (hour, kind, events, visitors)
      select hour, kind, events, visitors from delta where events <> 0 or visitors <> 0
      on conflict (hour, kind) do update
        set events = analytics_hourly.events + excluded.events,
            visitors = analytics_hourly.visitors + excluded.visitors`),
    );
    await tx.execute(
      sql`update analytics_events set rolled = true where id in (select id from rollup_batch)`,
    );
    await tx.execute(sql`drop table rollup_events`);
    await tx.execute(sql`drop table rollup_batch`);
    return count;
  });
}

/**
 * Sums the events not yet summed, a batch at a time, letting the server answer requests
 * between batches; stops after `budgetMs` (the rest waits for the next run). Returns
 * how many it summed, and whether events were left waiting.
 */
export async function rollUpNewEvents(
  db: Database,
  timeZone: string,
  budgetMs = Number.POSITIVE_INFINITY,
): Promise<{ rolled: number; eventsLeft: boolean }> {
  const started = performance.now();
  let rolled = 0;
  for (;;) {
    const batch = await rollUpBatch(db, timeZone);
    rolled += batch;
    if (batch < ROLLUP_BATCH) return { rolled, eventsLeft: false };
    if (performance.now() - started > budgetMs) return { rolled, eventsLeft: true };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Deletes summed raw events from before the retention window. Returns how many went. */
export async function deleteExpiredEvents(
  db: Database,
  oldestKeptDay: string,
  timeZone: string,
): Promise<number> {
  const result = await db.execute(sql`
    delete from analytics_events
    where occurred_at < ${startOfDay(oldestKeptDay, timeZone).toISOString()}::timestamptz and rolled`);
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
  /** Stop summing after this long; the rest waits for the next run. */
  budgetMs?: number;
}

/** One pass: sum the new events, delete expired raw events and old salts. */
export async function runAnalyticsRollup(db: Database, options: RollupOptions) {
  const today = calendarDayIn(options.now ?? new Date(), options.timeZone);
  const retentionDays = Math.max(MIN_RETENTION_DAYS, options.retentionDays);
  const oldestKept = addDays(today, -(retentionDays - 1));
  const { rolled, eventsLeft } = await rollUpNewEvents(db, options.timeZone, options.budgetMs);
  const expired = await deleteExpiredEvents(db, oldestKept, options.timeZone);
  await deleteOldSalts(db, today);
  return { rolled, eventsLeft, expired };
}

/**
 * Every ANALYTICS_ROLLUP_SECONDS (30), on one instance at a time: a visit shows on the
 * dashboard within a minute, with the beacon's write and the run's own time to spare.
 * When a crowd leaves more events than a run sums in its budget, the next waits longer,
 * so the rollup never takes more than ROLLUP_MAX_SHARE of the server's time.
 */
export function startAnalyticsRollup(
  db: Database,
  { everyMs = 30_000, ...options }: Omit<RollupOptions, "now"> & { everyMs?: number },
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
    let eventsLeft = false;
    await runExclusively(db, "analytics-rollup", async () => {
      ({ eventsLeft } = await runAnalyticsRollup(db, {
        budgetMs: ROLLUP_RUN_BUDGET_MS,
        ...options,
      }));
    }).catch((error: unknown) => logger.error({ err: error }, "The analytics rollup failed"));
    const tookMs = performance.now() - started;
    const delayMs = nextRollupDelayMs(everyMs, tookMs, eventsLeft);
    if (delayMs > everyMs) {
      logger.info(
        { tookMs: Math.round(tookMs), nextInSeconds: Math.round(delayMs / 1000) },
        "Analytics events are waiting: the rollup keeps to its share of the server's time",
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
