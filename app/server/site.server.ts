import { homeHref, isProductionHost } from "~/domain/site";
import { FOOTER_LINK_KEYS, socialLinksFromContent, type SocialLink } from "~/domain/social-links";
import { readContent, readShopSettings } from "./content.server";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";

export function requestIsOnProductionHost(request: Request): boolean {
  return isProductionHost(new URL(request.url).host, getEnv().SITE_PRODUCTION_HOST);
}

export interface SiteShell {
  homeHref: string;
  showCart: boolean;
  /** Streamed after the shell, so the footer can show its loading state. */
  socialLinks: Promise<SocialLink[]>;
}

export async function loadSiteShell(request: Request): Promise<SiteShell> {
  const db = getDb();
  const shop = await readShopSettings(db);
  return {
    homeHref: homeHref(requestIsOnProductionHost(request)),
    showCart: !shop.isWorkInProgress,
    socialLinks: readContent(db, FOOTER_LINK_KEYS).then(socialLinksFromContent),
  };
}
