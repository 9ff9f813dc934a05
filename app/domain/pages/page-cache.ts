/**
 * The rules of the rendered-page cache (docs/decisions/019): which requests it may
 * answer, what varies a page, when a copy goes stale and what a write drops. Pure, so
 * the middleware (server/http/page-cache.server.ts) only moves bytes.
 */
import { calendarDayIn, zonedTimeToInstant } from "../core/time-zone";
import {
  ABOUT_PAGE_KEYS,
  CONTACT_PAGE_KEYS,
  EVENTS_PAGE_KEYS,
  HOME_PAGE_KEYS,
  LOE_PAGE_KEYS,
  MEDIA_PAGE_KEY,
  SHOP_HERO_KEYS,
  SHOP_SECTION_KEYS,
} from "../content/page-content/keys";

/** The public pages and feeds whose answer is the same for every visitor. */
export const PAGE_CACHE_PATHS = [
  "/",
  "/home",
  "/about",
  "/media",
  "/loe",
  "/events",
  "/shop",
  "/contact",
  "/sitemap.xml",
  "/robots.txt",
  "/events.ics",
  "/newsletter",
] as const;
/** The fixed pages, and each letter of the newsletter archive (/newsletter/<slug>). */
export type CachedPath = (typeof PAGE_CACHE_PATHS)[number] | `/newsletter/${string}`;

const CACHED_PATHS: ReadonlySet<string> = new Set(PAGE_CACHE_PATHS);

/** A letter of the public archive; the newsletter's own forms (with their tokens) are not. */
const LETTER_PAGE = /^\/newsletter\/(?!(confirm|unsubscribe|location|click)$)[a-z0-9-]{1,100}$/;

export function isCachedPath(path: string): path is CachedPath {
  return CACHED_PATHS.has(path) || LETTER_PAGE.test(path);
}

/** A copy is rendered again after this long even when nothing was saved. */
export const PAGE_CACHE_TTL_MS = 5 * 60_000;
/**
 * What the cache may hold, every page in all its encodings, unless PAGE_CACHE_MAX_MB says
 * otherwise: every public page of a site the size of the demo (about 0.1 MB each, with its
 * brotli and gzip copies) fits many times over, and a small machine keeps its memory.
 */
export const PAGE_CACHE_DEFAULT_MAX_MB = 8;
export const PAGE_CACHE_DEFAULT_MAX_BYTES = PAGE_CACHE_DEFAULT_MAX_MB * 1024 * 1024;

/**
 * Parameters that campaign and social links add and no page reads: a shared link to a
 * concert arrives as /events?fbclid=…, and must still be served from the cache.
 */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|ref)$/i;

/** Cookies that make a page someone's own: a session, or a toast waiting to be shown. */
const PRIVATE_COOKIE = /^(__Secure-|__Host-)?(better-auth\.[\w.-]+|flash_toast)$/;

export type CacheDecision =
  | { cacheable: true; path: CachedPath }
  | { cacheable: false; reason: "method" | "path" | "query" | "cookie" };

/** Whether a request may be answered from (and fill) the cache, and under which path. */
export function pageCacheDecision(request: {
  method: string;
  path: string;
  search: string;
  cookie: string | undefined;
}): CacheDecision {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return { cacheable: false, reason: "method" };
  }
  if (!isCachedPath(request.path)) return { cacheable: false, reason: "path" };
  const params = new URLSearchParams(request.search);
  for (const name of params.keys()) {
    if (!TRACKING_PARAMETER.test(name)) return { cacheable: false, reason: "query" };
  }
  if (request.cookie && hasPrivateCookie(request.cookie)) {
    return { cacheable: false, reason: "cookie" };
  }
  return { cacheable: true, path: request.path };
}

export function hasPrivateCookie(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((pair) => {
    const equals = pair.indexOf("=");
    return PRIVATE_COOKIE.test((equals === -1 ? pair : pair.slice(0, equals)).trim());
  });
}

export type ContentEncoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts: brotli, then gzip (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...rest] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return "identity";
}

/** True when If-None-Match names one of the copy's ETags (weak comparison, RFC 9110). */
export function etagMatches(ifNoneMatch: string | undefined, etags: readonly string[]): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = new Set(etags.map(opaque));
  return ifNoneMatch.split(",").some((tag) => wanted.has(opaque(tag)));
}

/** Script types a browser runs; data blocks (JSON-LD) need no CSP source. */
const DATA_BLOCK = /\btype\s*=\s*"(application\/(ld\+)?json)"/i;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The text of every inline script a browser may run in `html`, for CSP hashes.
 * A script held back to be run later by copying its text (deferred-hydration) counts:
 * its copy has the same text, so the same hash allows it.
 */
export function inlineScriptTexts(html: string): string[] {
  const texts: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    texts.push(text);
  }
  return texts;
}

/**
 * When a copy rendered at `now` stops being served: after the TTL, and at the latest at
 * the next midnight of the site's time zone, when upcoming events can become past ones.
 */
export function pageCacheExpiry(
  now: Date,
  timeZone: string,
  ttlMs: number = PAGE_CACHE_TTL_MS,
): Date {
  const today = calendarDayIn(now, timeZone);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const midnight = zonedTimeToInstant({ date: tomorrow, hour: 0, minute: 0 }, timeZone);
  return new Date(Math.min(now.getTime() + ttlMs, midnight.getTime()));
}

/** What a write changed, as far as public pages are concerned. */
export type SiteChange =
  /** Anything shown on every page or not mapped below: theme, settings, collections. */
  | { kind: "everything" }
  /** Page-content records, by key. */
  | { kind: "page-content"; keys: readonly string[] }
  /** Stock levels (a hold, a release, a purchase) or the shop's purchase-count order. */
  | { kind: "shop" };

/** The page-content keys each cached page shows; the routes read the same lists. */
const PAGE_CONTENT_BY_PATH: Readonly<Partial<Record<CachedPath, readonly string[]>>> = {
  "/": HOME_PAGE_KEYS,
  "/home": HOME_PAGE_KEYS,
  "/about": ABOUT_PAGE_KEYS,
  "/media": [MEDIA_PAGE_KEY],
  "/loe": LOE_PAGE_KEYS,
  "/events": EVENTS_PAGE_KEYS,
  "/shop": [...SHOP_HERO_KEYS, ...SHOP_SECTION_KEYS],
  "/contact": CONTACT_PAGE_KEYS,
};

/**
 * The cached pages a change can alter, or "all". A key no page list names (the
 * footer's links, which every page shows, or one added later) drops everything: a
 * page shown stale is worse than a few extra renders.
 */
export function pathsAffectedBy(change: SiteChange): readonly CachedPath[] | "all" {
  if (change.kind === "everything") return "all";
  if (change.kind === "shop") return ["/shop"];
  const paths = new Set<CachedPath>();
  for (const key of change.keys) {
    const showing = (Object.keys(PAGE_CONTENT_BY_PATH) as CachedPath[]).filter((path) =>
      PAGE_CONTENT_BY_PATH[path]!.includes(key),
    );
    if (showing.length === 0) return "all";
    for (const path of showing) paths.add(path);
  }
  return [...paths];
}
