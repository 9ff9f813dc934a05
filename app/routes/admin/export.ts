/**
 * CSV downloads of the business view: /admin/export/orders (the orders screen's
 * filters in the query), /admin/export/subscribers and /admin/export/analytics
 * (?table= one of the analytics screen's tables, with its period). No page of its own.
 */
import { data } from "react-router";
import type { Route } from "./+types/export";
import type { CsvExport } from "~/domain/core/csv";
import { exportAnalyticsCsv } from "~/server/analytics/reports.server";
import { exportSubscribersCsv } from "~/server/audience/subscriber-export.server";
import { requireAdmin } from "~/server/auth/access.server";
import { AppError } from "~/server/core/errors.server";
import { logger } from "~/server/core/logger.server";
import { getDb, type Database } from "~/server/db/database.server";
import { exportOrdersCsv } from "~/server/shop/order-export.server";

const EXPORTS: Record<string, (db: Database, params: URLSearchParams) => Promise<CsvExport>> = {
  analytics: exportAnalyticsCsv,
  orders: exportOrdersCsv,
  subscribers: exportSubscribersCsv,
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const run = Object.hasOwn(EXPORTS, params.dataset ?? "") ? EXPORTS[params.dataset!] : undefined;
  if (!run) throw data("No such export.", { status: 404 });
  try {
    const { filename, csv } = await run(getDb(), new URL(request.url).searchParams);
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    logger.error({ err: error, dataset: params.dataset }, "CSV export failed");
    throw data("The export failed. Please try again.", { status: 500 });
  }
}
