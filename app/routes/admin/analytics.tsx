/**
 * Analytics (issue 25): visits, sources, devices, plays, ticket clicks and sales of a
 * period in the site's calendar, beside the period before; read from the rollups only
 * (server/analytics/reports.server.ts). Revenue is money: Admin privileges only
 * (decision 014). docs/decisions/035-analytics.md.
 */
import type { Route } from "./+types/analytics";
import { AnalyticsScreen } from "~/components/admin/analytics/analytics-screen";
import { adminMeta } from "~/domain/pages/seo";
import { readAnalyticsReport, periodOfQuery } from "~/server/analytics/reports.server";
import { requireAdmin } from "~/server/auth/access.server";
import { getEnv } from "~/server/core/env.server";
import { logger } from "~/server/core/logger.server";
import { getDb } from "~/server/db/database.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const timeZone = getEnv().SITE_TIME_ZONE;
  const period = periodOfQuery(new URL(request.url).searchParams, timeZone);
  try {
    return { report: await readAnalyticsReport(getDb(), period, timeZone), period, timeZone };
  } catch (error) {
    logger.error({ err: error }, "Could not read the analytics");
    return { report: null, period, timeZone };
  }
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  return (
    <AnalyticsScreen
      report={loaderData.report}
      period={loaderData.period}
      timeZone={loaderData.timeZone}
    />
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Analytics");
