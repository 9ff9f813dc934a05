/**
 * CSV downloads of the business view: each list screen's own (/admin/export/orders with
 * the orders screen's filters in the query, /admin/export/subscribers), declared with
 * its list, and /admin/export/analytics (?table= one of the analytics screen's tables,
 * with its period). Every one with the site's times. No page of its own.
 */
import type { Route } from "./+types/export";
import { answerCsvExport, csvExports } from "~/server/admin/csv-export.server";
import { exportAnalyticsCsv } from "~/server/analytics/reports.server";
import { SUBSCRIBERS_LIST } from "~/server/audience/subscribers-admin.server";
import { ORDERS_LIST } from "~/server/shop/orders-screen.server";

const EXPORTS = csvExports([ORDERS_LIST, SUBSCRIBERS_LIST], { analytics: exportAnalyticsCsv });

export const loader = ({ request, params }: Route.LoaderArgs) =>
  answerCsvExport(request, params.dataset, EXPORTS);
