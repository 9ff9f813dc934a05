import type { PageContentKey } from "~/domain/page-content";
import { readContent, readOrCreateContent } from "./content.server";
import { getDb } from "./db.server";

/** Page loaders read their content through here, so caching can sit in one place. */
export function loadPageContent<K extends PageContentKey>(keys: readonly K[]) {
  return readContent(getDb(), keys);
}

export function loadOrCreatePageContent(key: PageContentKey) {
  return readOrCreateContent(getDb(), key);
}
