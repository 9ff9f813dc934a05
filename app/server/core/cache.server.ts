/**
 * A small in-process cache for public content reads. Entries expire after their
 * freshness time (public-site spec §9), and every admin save drops them all, so the
 * next page load shows the change.
 */
import { singleton } from "./singleton.server";

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

const store = () => singleton("content-cache", () => new Map<string, Entry>());

export const MINUTE = 60_000;

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const entries = store();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { value, expiresAt: now + ttlMs });
  // A failed read is not remembered: the next request tries again.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Call after any write that public pages show (content, settings, theme, items …). */
export function invalidateSiteCache(): void {
  store().clear();
}
