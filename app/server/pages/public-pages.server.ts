import type { PageContentKey } from "~/domain/content/page-content/registry";
import { SHOP_HERO_KEYS, SHOP_SECTION_KEYS } from "~/domain/content/page-content/keys";
import { MINUTE, cached } from "../core/cache.server";
import { readContent, readOrCreateContent } from "../content/page-content.server";
import { getDb, type Database } from "../db/database.server";

/**
 * Page loaders read their content through here, so the cache sits in one place.
 * Fresh for 5 minutes unless the spec's §9 says otherwise (contact: 10 minutes);
 * an admin save drops everything at once.
 */
export function loadPageContent<K extends PageContentKey>(
  keys: readonly K[],
  freshForMs = 5 * MINUTE,
) {
  return cached(`content:${[...keys].sort().join(",")}`, freshForMs, () =>
    readContent(getDb(), keys),
  );
}

export function loadOrCreatePageContent(key: PageContentKey) {
  return cached(`content-or-create:${key}`, 5 * MINUTE, () => readOrCreateContent(getDb(), key));
}

/** The shop's page content: the hero for 5 minutes, the section titles for 15. */
export async function loadShopContent(db: Database) {
  const [hero, sections] = await Promise.all([
    cached("shop:content:hero", 5 * MINUTE, () => readContent(db, SHOP_HERO_KEYS)),
    cached("shop:content:sections", 15 * MINUTE, () => readContent(db, SHOP_SECTION_KEYS)),
  ]);
  return { ...hero, ...sections };
}

/** The contact page's content is fresh for 10 minutes (spec §9). */
export const CONTACT_CONTENT_FRESH_MS = 10 * MINUTE;

/** Where contact-form messages go: the page content "contact-email". */
export async function loadContactRecipient(): Promise<string> {
  const content = await loadPageContent(["contact-email"] as const, CONTACT_CONTENT_FRESH_MS);
  return content["contact-email"].value;
}
