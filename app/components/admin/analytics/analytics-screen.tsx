/**
 * The analytics screen (issue 25): a period picker, the period's figures against the
 * period before, visitors and page views as a server-rendered SVG chart (its numbers in
 * a table for screen readers), and every table with its CSV export. Plain GET forms
 * and links: the period lives in the address, so it can be bookmarked and shared.
 */
import { Form, Link } from "react-router";
import { Download } from "lucide-react";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import {
  PERIOD_LABELS,
  PERIOD_PRESETS,
  percentChange,
  type Period,
} from "~/domain/analytics/analytics";
import type { ChartPoint, ReportSummary, ReportTable } from "~/domain/analytics/report";
import { formatPrice } from "~/domain/core/money";
import { cn } from "~/lib/cn";

export interface AnalyticsScreenReport {
  period: Period;
  previous: Period;
  summary: ReportSummary;
  previousSummary: ReportSummary;
  chart: ChartPoint[];
  tables: ReportTable[];
}

function periodQuery(period: Period): string {
  const params = new URLSearchParams({ period: period.preset });
  if (period.preset === "custom") {
    params.set("from", period.from);
    params.set("to", period.to);
  }
  return params.toString();
}

function rangeText(period: { from: string; to: string }): string {
  return period.from === period.to ? period.from : `${period.from} to ${period.to}`;
}

export function AnalyticsScreen({
  report,
  period,
  timeZone,
}: {
  report: AnalyticsScreenReport | null;
  period: Period;
  timeZone: string;
}) {
  return (
    <AdminScreen
      title="Analytics"
      description="Who visits, where they come from, what they play and buy. Counted without cookies: no personal data is kept."
    >
      <PeriodPicker period={period} timeZone={timeZone} />
      {report ? (
        <>
          <Figures report={report} />
          <AdminSection
            title="Visitors and page views"
            description={`${rangeText(report.period)} (${timeZone}).`}
          >
            <VisitorsChart points={report.chart} />
          </AdminSection>
          <div className="grid grid-cols-1 gap-10 xl:grid-cols-2">
            {report.tables.map((table) => (
              <ReportTableSection key={table.id} table={table} period={report.period} />
            ))}
          </div>
        </>
      ) : (
        <p role="alert" className="rounded-xl border border-destructive/40 p-5 text-sm">
          The analytics could not be read. Please reload the page in a moment.
        </p>
      )}
    </AdminScreen>
  );
}

function PeriodPicker({ period, timeZone }: { period: Period; timeZone: string }) {
  return (
    <nav aria-label="Period" className="space-y-4">
      <ul className="flex flex-wrap gap-2">
        {PERIOD_PRESETS.filter((preset) => preset !== "custom").map((preset) => (
          <li key={preset}>
            <Link
              to={`?period=${preset}`}
              aria-current={period.preset === preset ? "page" : undefined}
              className={buttonVariants({
                size: "sm",
                variant: period.preset === preset ? "primary" : "outline",
              })}
            >
              {PERIOD_LABELS[preset]}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="period" value="custom" />
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">From</span>
          <Input type="date" name="from" defaultValue={period.from} required className="w-40" />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">To</span>
          <Input type="date" name="to" defaultValue={period.to} required className="w-40" />
        </label>
        <Button
          type="submit"
          size="sm"
          variant={period.preset === "custom" ? "primary" : "outline"}
        >
          Show custom range
        </Button>
        <p className="basis-full text-xs text-muted-foreground">
          Days of the site&apos;s time zone ({timeZone}).
        </p>
      </Form>
    </nav>
  );
}

function Change({ current, previous }: { current: number; previous: number }) {
  const change = percentChange(current, previous);
  if (change === null) return <span className="text-muted-foreground">no data before</span>;
  return (
    <span className={change >= 0 ? "text-primary" : "text-destructive"}>
      {change >= 0 ? "+" : ""}
      {change}% vs. period before
    </span>
  );
}

function Figures({ report }: { report: AnalyticsScreenReport }) {
  const { summary: now, previousSummary: before } = report;
  const figures = [
    {
      key: "visitors",
      label: "Visitors",
      value: now.visitors,
      shown: String(now.visitors),
      was: before.visitors,
    },
    {
      key: "pageviews",
      label: "Page views",
      value: now.pageviews,
      shown: String(now.pageviews),
      was: before.pageviews,
    },
    {
      key: "orders",
      label: "Orders",
      value: now.orders,
      shown: String(now.orders),
      was: before.orders,
    },
    {
      key: "revenue",
      label: "Revenue",
      value: now.revenue,
      shown: formatPrice(now.revenue),
      was: before.revenue,
    },
    {
      key: "conversion",
      label: "Conversion",
      value: now.conversion,
      shown: `${now.conversion}%`,
      was: before.conversion,
    },
  ];
  return (
    <section aria-label="Figures of the period">
      <p className="mb-3 text-sm text-muted-foreground">
        Compared with {rangeText(report.previous)}.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((f) => (
          <div
            key={f.key}
            data-testid={`figure-${f.key}`}
            className="rounded-xl border border-border bg-card p-4"
          >
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="mt-1 font-serif text-2xl sm:text-3xl">{f.shown}</dd>
            <dd className="mt-1 text-xs">
              <Change current={f.value} previous={f.was} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const CHART_WIDTH = 640;
const CHART_HEIGHT = 200;

/** Bars for visitors, a line for page views; drawn on the server, no script. */
function VisitorsChart({ points }: { points: ChartPoint[] }) {
  const top = Math.max(1, ...points.map((p) => Math.max(p.visitors, p.pageviews)));
  const step = CHART_WIDTH / Math.max(1, points.length);
  const y = (value: number) => CHART_HEIGHT - (value / top) * (CHART_HEIGHT - 10);
  const line = points
    .map((p, i) => `${(i * step + step / 2).toFixed(1)},${y(p.pageviews).toFixed(1)}`)
    .join(" ");
  const first = points[0]?.label ?? "";
  const last = points[points.length - 1]?.label ?? "";
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        className="h-48 w-full rounded-xl border border-border bg-card sm:h-60"
        aria-hidden="true"
        focusable="false"
      >
        {points.map((p, i) => (
          <rect
            key={p.label}
            x={i * step + step * 0.15}
            width={step * 0.7}
            y={y(p.visitors)}
            height={CHART_HEIGHT - y(p.visitors)}
            className="fill-primary/60"
          />
        ))}
        {points.length > 1 && (
          <polyline
            points={line}
            fill="none"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            className="stroke-foreground"
          />
        )}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
        <span>{first}</span>
        <span>{last}</span>
      </div>
      <p
        aria-hidden="true"
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
      >
        <span>
          <span className="mr-1 inline-block h-2 w-3 bg-primary/60" /> Visitors
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-3 bg-foreground align-middle" /> Page views
        </span>
        <span>Highest: {top}</span>
      </p>
      <table className="sr-only">
        <caption>Visitors and page views</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Visitors</th>
            <th scope="col">Page views</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td>{p.visitors}</td>
              <td>{p.pageviews}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function ReportTableSection({ table, period }: { table: ReportTable; period: Period }) {
  return (
    <AdminSection
      title={table.title}
      description={table.description}
      action={
        <a
          href={`/admin/export/analytics?table=${table.id}&${periodQuery(period)}`}
          download
          className={buttonVariants({ size: "sm", variant: "outline" })}
        >
          <Download aria-hidden /> CSV
          <span className="sr-only"> of {table.title}</span>
        </a>
      }
    >
      {table.rows.length === 0 ? (
        <p className="rounded-xl border border-border p-5 text-sm text-muted-foreground">
          {table.empty}
        </p>
      ) : (
        <Table scrollLabel={table.title} data-testid={`analytics-${table.id}`}>
          <TableCaption className="sr-only">{table.title}</TableCaption>
          <TableHeader>
            <TableRow>
              {table.columns.map((column, i) => (
                <TableHead key={column} className={cn(table.numeric[i] && "text-right")}>
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {table.rows.map((row, r) => (
              <TableRow key={`${String(row[0])}-${r}`}>
                {row.map((cell, i) => (
                  <TableCell
                    key={table.columns[i]}
                    className={cn(
                      table.numeric[i] ? "text-right tabular-nums" : "max-w-64 break-words",
                    )}
                  >
                    {table.columns[i] === "Revenue" ? formatPrice(Number(cell)) : cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </AdminSection>
  );
}
