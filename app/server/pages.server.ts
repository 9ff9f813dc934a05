import type { PageContentKey } from "~/domain/page-content";
import { MINUTE, cached } from "./cache.server";
import { readContent, readOrCreateContent, readShopSettings } from "./content.server";
import { getDb } from "./db.server";

/** Page loaders read their content through here, so the cache sits in one place. */
export function loadPageContent<K extends PageContentKey>(keys: readonly K[]) {
  return cached(`content:${[...keys].sort().join(",")}`, 5 * MINUTE, () =>
    readContent(getDb(), keys),
  );
}

export function loadOrCreatePageContent(key: PageContentKey) {
  return cached(`content-or-create:${key}`, 5 * MINUTE, () => readOrCreateContent(getDb(), key));
}

export function loadShopSettings() {
  return cached("shop-settings", 1 * MINUTE, () => readShopSettings(getDb()));
}
