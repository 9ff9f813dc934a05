/**
 * A small in-process cache for public content reads. Entries expire after their
 * freshness time (public-site spec §9), and every admin save drops them, so the next
 * page load shows the change. Whatever else keeps public output (the rendered-page
 * cache) listens to the same invalidation, so a service has one function to call.
 */
import type { SiteChange } from "~/domain/pages/page-cache";
import { singleton } from "./singleton.server";

export type { SiteChange } from "~/domain/pages/page-cache";

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

const store = () => singleton("content-cache", () => new Map<string, Entry>());
const listeners = () => singleton("site-change-listeners", () => new Set<SiteChangeListener>());

export type SiteChangeListener = (change: SiteChange) => void;

export const MINUTE = 60_000;

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const entries = store();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  // A real promise, run once: a Drizzle query is a lazy thenable that would run its SQL
  // again on every await of the kept value (issue 12, item 6).
  const value = Promise.resolve(load());
  entries.set(key, { value, expiresAt: now + ttlMs });
  // A failed read is not remembered: the next request tries again.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Content-cache keys the shop's purchase counts and stock can change. */
const SHOP_READS = /^shop:(items|featured)$/;

/**
 * Call after (never inside) the transaction of any write that public pages show.
 * Without an argument everything is dropped; a narrower change drops less. With several
 * instances the change is also sent to the others (db/site-change-bus.server.ts).
 */
export function invalidateSiteCache(change: SiteChange = { kind: "everything" }): void {
  applySiteChange(change);
  publisher().send?.(change);
}

/** Drops what `change` alters here, in this process only (a change from another instance). */
export function applySiteChange(change: SiteChange): void {
  const entries = store();
  if (change.kind === "shop") {
    for (const key of entries.keys()) if (SHOP_READS.test(key)) entries.delete(key);
  } else {
    entries.clear();
  }
  for (const listener of listeners()) listener(change);
}

const publisher = () =>
  singleton("site-change-publisher", () => ({}) as { send?: (change: SiteChange) => void });

/** Where invalidations go besides this process; null stops sending them. */
export function publishSiteChangesWith(send: ((change: SiteChange) => void) | null): void {
  publisher().send = send ?? undefined;
}

/** Hears every invalidation (the rendered-page cache); returns the way to stop. */
export function onSiteChange(listener: SiteChangeListener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}
