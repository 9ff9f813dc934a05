/**
 * What the analytics screen and the dashboard read (issue 25): the rollups only, never
 * the raw events, so a year answers as fast as a day.
 */
import { and, between, eq, sql } from "drizzle-orm";
import {
  addDays,
  daysOf,
  periodFrom,
  previousPeriod,
  type Period,
} from "~/domain/analytics/analytics";
import { toCsv, type CsvColumn, type CsvExport } from "~/domain/core/csv";
import {
  chartPoints,
  REPORT_TABLE_IDS,
  reportSummary,
  reportTables,
  type ChartPoint,
  type ReportCell,
  type ReportSummary,
  type ReportTable,
  type RollupTotal,
} from "~/domain/analytics/report";
import { calendarDayIn, zonedTimeToInstant } from "~/domain/core/time-zone";
import { getEnv } from "../core/env.server";
import { NotFound } from "../core/errors.server";
import type { Database } from "../db/database.server";
import { analyticsDaily, analyticsHourly } from "../db/schema/analytics.server";

export async function readPeriodTotals(
  db: Database,
  period: { from: string; to: string },
): Promise<RollupTotal[]> {
  const rows = await db
    .select({
      kind: analyticsDaily.kind,
      dimension: analyticsDaily.dimension,
      key: analyticsDaily.key,
      detail: analyticsDaily.detail,
      events: sql<number>`sum(${analyticsDaily.events})::int`,
      visitors: sql<number>`sum(${analyticsDaily.visitors})::int`,
      value: sql<string>`sum(${analyticsDaily.value})::text`,
    })
    .from(analyticsDaily)
    .where(between(analyticsDaily.day, period.from, period.to))
    .groupBy(
      analyticsDaily.kind,
      analyticsDaily.dimension,
      analyticsDaily.key,
      analyticsDaily.detail,
    );
  return rows.map((r) => ({
    ...r,
    events: Number(r.events),
    visitors: Number(r.visitors),
    value: Number(r.value),
  }));
}

async function dailyChart(db: Database, period: Period): Promise<ChartPoint[]> {
  const rows = await db
    .select({
      day: analyticsDaily.day,
      visitors: analyticsDaily.visitors,
      pageviews: analyticsDaily.events,
    })
    .from(analyticsDaily)
    .where(
      and(
        between(analyticsDaily.day, period.from, period.to),
        eq(analyticsDaily.kind, "pageview"),
        eq(analyticsDaily.dimension, "total"),
      ),
    );
  return chartPoints(daysOf(period), new Map(rows.map((r) => [r.day, r])));
}

/** Today's 24 hours of the site's time zone. */
async function hourlyChart(db: Database, day: string, timeZone: string): Promise<ChartPoint[]> {
  const start = zonedTimeToInstant({ date: day, hour: 0, minute: 0 }, timeZone);
  const end = zonedTimeToInstant({ date: addDays(day, 1), hour: 0, minute: 0 }, timeZone);
  const rows = await db
    .select({
      hour: analyticsHourly.hour,
      visitors: analyticsHourly.visitors,
      pageviews: analyticsHourly.events,
    })
    .from(analyticsHourly)
    .where(
      and(
        eq(analyticsHourly.kind, "pageview"),
        sql`${analyticsHourly.hour} >= ${start.toISOString()}::timestamptz and ${analyticsHourly.hour} < ${end.toISOString()}::timestamptz`,
      ),
    );
  const byHour = new Map(rows.map((r) => [new Date(r.hour).getTime(), r]));
  const points: ChartPoint[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += 3_600_000) {
    const label = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
    }).format(t);
    points.push({
      label,
      visitors: byHour.get(t)?.visitors ?? 0,
      pageviews: byHour.get(t)?.pageviews ?? 0,
    });
  }
  return points;
}

export interface AnalyticsReport {
  period: Period;
  previous: Period;
  summary: ReportSummary;
  previousSummary: ReportSummary;
  chart: ChartPoint[];
  tables: ReportTable[];
}

export async function readAnalyticsReport(
  db: Database,
  period: Period,
  timeZone: string,
): Promise<AnalyticsReport> {
  const previous = previousPeriod(period);
  const [totals, previousTotals, chart] = await Promise.all([
    readPeriodTotals(db, period),
    readPeriodTotals(db, previous),
    period.from === period.to ? hourlyChart(db, period.from, timeZone) : dailyChart(db, period),
  ]);
  return {
    period,
    previous,
    summary: reportSummary(totals),
    previousSummary: reportSummary(previousTotals),
    chart,
    tables: reportTables(totals),
  };
}

/** Visitors of the last 7 days (today included), for the dashboard. */
export async function visitorsOfLastWeek(db: Database, today: string): Promise<number> {
  const totals = await readPeriodTotals(db, { from: addDays(today, -6), to: today });
  return reportSummary(totals).visitors;
}

/** The period a screen's or export's query asks for, in the site's calendar. */
export function periodOfQuery(params: URLSearchParams, timeZone: string, now = new Date()): Period {
  return periodFrom(
    { period: params.get("period"), from: params.get("from"), to: params.get("to") },
    calendarDayIn(now, timeZone),
  );
}

/** /admin/export/analytics?table=pages&period=30d: one table of the screen as CSV. */
export async function exportAnalyticsCsv(
  db: Database,
  params: URLSearchParams,
  options: { now?: Date; timeZone?: string } = {},
): Promise<CsvExport> {
  const timeZone = options.timeZone ?? getEnv().SITE_TIME_ZONE;
  const id = params.get("table") ?? "";
  if (!(REPORT_TABLE_IDS as readonly string[]).includes(id)) {
    throw new NotFound("No such analytics table.");
  }
  const period = periodOfQuery(params, timeZone, options.now);
  const table = reportTables(await readPeriodTotals(db, period), 10_000).find((t) => t.id === id)!;
  const columns: CsvColumn<ReportCell[]>[] = table.columns.map((header, i) => ({
    header,
    value: (row) => row[i],
  }));
  return {
    filename: `analytics-${id}-${period.from}-to-${period.to}.csv`,
    csv: toCsv(columns, table.rows),
  };
}
