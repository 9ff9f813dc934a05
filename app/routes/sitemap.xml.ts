import { homeHref, isProductionHost } from "~/domain/core/site";
import { getEnv } from "~/server/core/env.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { listPublishedLetters } from "~/server/audience/campaigns.server";

/** The public pages a search engine should know; sign-in and admin stay out. */
export const SITEMAP_PATHS = [
  "/about",
  "/media",
  "/loe",
  "/events",
  "/shop",
  "/contact",
  "/newsletter",
] as const;

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader() {
  const env = getEnv();
  // The published letters of the newsletter archive; a failed read leaves them out.
  const letters = (await orNull(listPublishedLetters(getDb()), "newsletter archive")) ?? [];
  // On the artist's own domain "/" redirects to /loe, so the home page is /home there.
  const home = homeHref(isProductionHost(new URL(env.SITE_URL).host, env.SITE_PRODUCTION_HOST));
  const urls = [home, ...SITEMAP_PATHS, ...letters.map((l) => `/newsletter/${l.slug}`)].map(
    (path) => `  <url><loc>${escapeXml(`${env.SITE_URL}${path}`)}</loc></url>`,
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
