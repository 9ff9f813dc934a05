/**
 * /newsletter/click/<campaignId>/<n>: a tracked link of a sent letter. Counts the click
 * (per campaign, link and day: nothing about the person) and redirects to link n of
 * that letter's own list; anything else is a 404, never a redirect (no open redirect).
 */
import type { Route } from "./+types/newsletter.click";
import { recordClick } from "~/server/audience/campaigns.server";
import { getDb } from "~/server/db/database.server";
import { logger } from "~/server/core/logger.server";

export async function loader({ params }: Route.LoaderArgs) {
  const n = /^\d{1,4}$/.test(params.n) ? Number(params.n) : -1;
  let url: string | null = null;
  try {
    url = await recordClick(getDb(), params.campaignId, n);
  } catch (error) {
    logger.error({ err: error }, "Newsletter click could not be counted");
  }
  if (!url) {
    return new Response("This link is not part of a letter.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(null, {
    status: 302,
    headers: { Location: url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
