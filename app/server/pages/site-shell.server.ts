import { homeHref, isProductionHost } from "~/domain/core/site";
import {
  FOOTER_LINK_KEYS,
  socialLinksFromContent,
  type SocialLink,
} from "~/domain/content/page-content/social-links";
import { getEnv } from "../core/env.server";
import { loadShopSettings } from "../shop/shop-settings.server";
import { loadPageContent } from "./public-pages.server";

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
  const shop = await loadShopSettings();
  return {
    homeHref: homeHref(requestIsOnProductionHost(request)),
    showCart: !shop.isWorkInProgress,
    socialLinks: loadPageContent(FOOTER_LINK_KEYS).then(socialLinksFromContent),
  };
}
