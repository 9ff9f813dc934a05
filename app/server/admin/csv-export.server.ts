/**
 * The back office's CSV downloads (/admin/export/<dataset>): a list screen's export is
 * its declaration's (`ListSource.csv`, the rows its filters select, the same query
 * string as the screen), others (analytics) bring their own. Every one is written with
 * the site's clock (`listContext`: SITE_TIME_ZONE), answered with a BOM for spreadsheets,
 * never cached, and refused to anyone the admin gate refuses.
 */
import { data } from "react-router";
import type { CsvExport } from "~/domain/core/csv";
import { requireAdmin } from "../auth/access.server";
import { AppError } from "../core/errors.server";
import { logger } from "../core/logger.server";
import { getDb, type Database } from "../db/database.server";
import { listContext, writeListCsv, type ListContext, type ListSource } from "./list-screen.server";

/** An export for a query string; the site's clock unless a test sets its own. */
export type CsvExporter = (
  db: Database,
  params: URLSearchParams,
  clock?: Partial<ListContext>,
) => Promise<CsvExport>;

/** A list screen's CSV, reading the screen's filters from the export's query string. */
export function listExport<F, C>(
  source: Pick<ListSource<F, unknown, never, Record<never, never>, C>, "filters" | "csv">,
): CsvExporter {
  const csv = source.csv;
  if (!csv) throw new Error("This list declares no CSV.");
  return (db, params, clock = {}) =>
    writeListCsv(csv, db, source.filters.parse(params), { ...listContext(), ...clock });
}

/** Any list's filters and CSV (their types are the list's own business). */
/* eslint-disable @typescript-eslint/no-explicit-any */
type ExportedList = Pick<
  ListSource<any, unknown, never, Record<never, never>, any>,
  "filters" | "csv"
>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The exports by their datasets: each list's under the name its CSV declares, then the others. */
export function csvExports(
  lists: readonly ExportedList[],
  others: Record<string, CsvExporter> = {},
): Record<string, CsvExporter> {
  const exports: Record<string, CsvExporter> = { ...others };
  for (const list of lists) {
    if (list.csv) exports[list.csv.dataset] = listExport(list);
  }
  return exports;
}

/** The download of one export; 404 for a dataset nobody declared. */
export async function answerCsvExport(
  request: Request,
  dataset: string | undefined,
  exports: Record<string, CsvExporter>,
): Promise<Response> {
  await requireAdmin(request);
  const run = dataset && Object.hasOwn(exports, dataset) ? exports[dataset] : undefined;
  if (!run) throw data("No such export.", { status: 404 });
  try {
    const { filename, csv } = await run(getDb(), new URL(request.url).searchParams, listContext());
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    logger.error({ err: error, dataset }, "CSV export failed");
    throw data("The export failed. Please try again.", { status: 500 });
  }
}
