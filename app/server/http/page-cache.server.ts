/**
 * The rendered-page cache (docs/decisions/019). Public pages and feeds are the same for
 * every visitor until the artist saves, so the finished document is kept in memory with
 * its brotli and gzip copies, and answered without React or the database. Every write
 * that public pages show drops what it changed through `invalidateSiteCache`.
 *
 * A copy is rendered without a nonce: its Content-Security-Policy lists the hashes of
 * its inline scripts instead, computed once when it is rendered.
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import {
  chooseEncoding,
  etagMatches,
  hasPrivateCookie,
  inlineScriptTexts,
  PAGE_CACHE_DEFAULT_MAX_BYTES,
  pageCacheDecision,
  pageCacheExpiry,
  pathsAffectedBy,
  type CacheDecision,
  type CachedPath,
  type ContentEncoding,
  type SiteChange,
} from "~/domain/pages/page-cache";
import { createByteLru } from "~/domain/core/byte-lru";
import { isProductionHost } from "~/domain/core/site";
import { onSiteChange } from "../core/cache.server";
import { scriptHashSources, type ContentSecurityPolicy } from "./csp.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A miss is answered with brotli at a quality that takes a few milliseconds for a page;
 * the kept copy then gets the best brotli, which takes about a hundred, in the
 * background (on libuv's threads), so the first visitor after a save never waits for it.
 */
const QUICK_BROTLI_QUALITY = 5;
const BEST_BROTLI_QUALITY = 11;

function brotliAt(quality: number, body: Buffer): Promise<Buffer> {
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** A rendered answer, as kept (or, when it may not be kept, sent once). */
interface RenderedPage {
  path: CachedPath;
  status: number;
  /** The route's own headers (Content-Type, Cache-Control, …), minus per-response ones. */
  headers: [string, string][];
  bodies: Record<ContentEncoding, Buffer>;
  etags: Record<ContentEncoding, string>;
  /** The identity body's hash, which every ETag of the page starts from. */
  tag: string;
  /** With hash sources for HTML, the plain policy otherwise; null in development. */
  contentSecurityPolicy: string | null;
  expiresAt: number;
  bytes: number;
  cacheable: boolean;
}

export interface PageCacheOptions {
  /** Renders `url` as an anonymous visitor would see it, without a nonce. */
  render: (url: URL) => Promise<globalThis.Response>;
  contentSecurityPolicy: ContentSecurityPolicy | null;
  /** Where a copy is rendered: SITE_URL, or the production host's address (the host rule). */
  siteUrl: string;
  productionHost?: string;
  /** The calendar day of this zone decides upcoming events: copies end at its midnight. */
  timeZone: string;
  /** What the cache may hold, every page in all its encodings (PAGE_CACHE_MAX_MB). */
  maxBytes?: number;
  now?: () => Date;
  /**
   * Headers every answer of the site carries (helmet's security headers): `serveKept`
   * answers ahead of the middleware that would set them, so it sets them itself.
   */
  commonHeaders?: readonly (readonly [string, string])[];
  /**
   * The host a request asked for, for the host rule (X-Forwarded-Host only from a trusted
   * proxy, as Express's `req.host`; http/requested-host.server). Default: the Host header.
   */
  requestedHost?: (req: IncomingMessage) => string | undefined;
}

/** Headers that belong to one response, not to the page. */
const PER_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "content-security-policy",
]);

/** A copy may be kept only if the route called it public and it is nobody's own. */
function mayKeep(response: globalThis.Response): boolean {
  return (
    response.status === 200 &&
    /\bpublic\b/.test(response.headers.get("cache-control") ?? "") &&
    !response.headers.has("set-cookie")
  );
}

function etag(body: Buffer): string {
  return crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27);
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? (() => new Date());
  /** Bounded by bytes, least recently used out first (domain/byte-lru). */
  const entries = createByteLru<RenderedPage>(options.maxBytes ?? PAGE_CACHE_DEFAULT_MAX_BYTES);
  /** One render per page at a time; everyone else asking waits for it. */
  const rendering = new Map<string, Promise<RenderedPage>>();
  // A render that started before an invalidation must not be kept after it: it may have
  // read the data the write replaced.
  let generation = 0;
  const pathGenerations = new Map<CachedPath, number>();
  const generationOf = (path: CachedPath) => `${generation}.${pathGenerations.get(path) ?? 0}`;

  const counters = { hits: 0, misses: 0, bypasses: 0, renders: 0 };
  const productionUrl = options.productionHost
    ? `${new URL(options.siteUrl).protocol}//${options.productionHost}`
    : options.siteUrl;

  function keep(key: string, page: RenderedPage) {
    entries.set(key, page, page.bytes);
  }

  function invalidate(change: SiteChange) {
    const affected = pathsAffectedBy(change);
    if (affected === "all") {
      generation += 1;
      entries.clear();
      rendering.clear();
      return;
    }
    const paths = new Set<string>(affected);
    for (const path of affected) pathGenerations.set(path, (pathGenerations.get(path) ?? 0) + 1);
    for (const key of entries.keys()) if (paths.has(pathOfKey(key))) entries.delete(key);
    for (const key of [...rendering.keys()]) if (paths.has(pathOfKey(key))) rendering.delete(key);
  }
  const stopListening = onSiteChange(invalidate);

  async function renderPage(path: CachedPath, url: URL): Promise<RenderedPage> {
    counters.renders += 1;
    const response = await options.render(url);
    const identity = Buffer.from(await response.arrayBuffer());
    const [br, gz] = await Promise.all([
      brotliAt(QUICK_BROTLI_QUALITY, identity),
      gzip(identity, { level: 9 }),
    ]);
    const tag = etag(identity);
    const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
    const policy = options.contentSecurityPolicy;
    return {
      path,
      status: response.status,
      headers: [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name)),
      bodies: { identity, br, gzip: gz },
      // Strong validators: the quick and the best brotli are different bytes.
      etags: { identity: `"${tag}"`, br: `"${tag}-brq"`, gzip: `"${tag}-gz"` },
      tag,
      contentSecurityPolicy: policy
        ? policy(isHtml ? scriptHashSources(inlineScriptTexts(identity.toString("utf8"))) : [])
        : null,
      expiresAt: pageCacheExpiry(now(), options.timeZone).getTime(),
      bytes: identity.length + br.length + gz.length,
      cacheable: mayKeep(response),
    };
  }

  /** Background work on kept copies, awaited by tests through settled(). */
  const refining = new Set<Promise<void>>();

  /** Swaps the kept copy's quick brotli for the best, unless the copy has gone meanwhile. */
  function refine(key: string, page: RenderedPage) {
    const work = brotliAt(BEST_BROTLI_QUALITY, page.bodies.identity).then(
      (best) => {
        if (entries.peek(key) !== page) return;
        const refined: RenderedPage = {
          ...page,
          bodies: { ...page.bodies, br: best },
          etags: { ...page.etags, br: `"${page.tag}-br"` },
          bytes: page.bytes - page.bodies.br.length + best.length,
        };
        // Same key: the copy keeps its place in the least-recently-used order.
        entries.replace(key, refined, refined.bytes);
      },
      // The quick copy stays; it is just as correct.
      () => {},
    );
    refining.add(work);
    void work.finally(() => refining.delete(work));
  }

  function fill(key: string, path: CachedPath, url: URL): Promise<RenderedPage> {
    const pending = rendering.get(key);
    if (pending) return pending;
    const startedIn = generationOf(path);
    const render = renderPage(path, url).then((page) => {
      if (page.cacheable && generationOf(path) === startedIn) {
        keep(key, page);
        refine(key, page);
      }
      return page;
    });
    rendering.set(key, render);
    const settle = () => {
      if (rendering.get(key) === render) rendering.delete(key);
    };
    render.then(settle, settle);
    return render;
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: RenderedPage,
    state: "hit" | "miss",
  ) {
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    res.statusCode = page.status;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (page.contentSecurityPolicy) {
      res.setHeader("Content-Security-Policy", page.contentSecurityPolicy);
    }
    res.setHeader(PAGE_CACHE_HEADER, page.cacheable ? state : "bypass");
    res.setHeader("Vary", "Accept-Encoding");
    if (!page.cacheable) {
      // Sent once, never kept: no validator either.
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      const body = page.bodies[encoding];
      res.setHeader("Content-Length", body.length);
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    res.setHeader("ETag", page.etags[encoding]);
    if (etagMatches(req.headers["if-none-match"], Object.values(page.etags))) {
      res.removeHeader("Content-Type");
      res.statusCode = 304;
      res.end();
      return;
    }
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    const body = page.bodies[encoding];
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  const requestedHost = options.requestedHost ?? ((req: IncomingMessage) => req.headers.host);

  /**
   * The cache's key for a request it may answer, or why it may not. `url` is the address
   * as the client sent it (Express's `originalUrl`: a mounted router does not shorten it).
   */
  function lookup(req: IncomingMessage, url: string): CacheDecision & { key?: string } {
    const query = url.indexOf("?");
    const decision = pageCacheDecision({
      method: req.method ?? "GET",
      path: query === -1 ? url : url.slice(0, query),
      search: query === -1 ? "" : url.slice(query),
      cookie: req.headers.cookie,
    });
    if (!decision.cacheable) return decision;
    // The page varies by the host rule only; rendering at a fixed address keeps a copy
    // independent of whatever Host header (or tracking query) its first visitor sent.
    const onProductionHost = isProductionHost(requestedHost(req) ?? null, options.productionHost);
    return { ...decision, key: `${onProductionHost ? "production" : "site"} ${decision.path}` };
  }

  /** The kept copy under `key` while it is fresh, moved to the recently used end. */
  function freshCopy(key: string): RenderedPage | undefined {
    const kept = entries.get(key);
    if (!kept) return undefined;
    if (kept.expiresAt <= now().getTime()) {
      entries.delete(key);
      return undefined;
    }
    counters.hits += 1;
    return kept;
  }

  /**
   * Answers a request whose page is kept from Node's own request and response, before
   * Express sees it (its router, the nonce, compression, the security headers'
   * middleware), so a hit costs little more than Node's HTTP parser and writing its
   * bytes; true when it did. Everything else, a miss included, goes on to Express and to
   * `middleware` at its place in the chain.
   */
  function serveKept(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const found = lookup(req, req.url ?? "/");
    const page = found.key ? freshCopy(found.key) : undefined;
    if (!page) return false;
    for (const [name, value] of options.commonHeaders ?? []) res.setHeader(name, value);
    send(req, res, page, "hit");
    return true;
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    const cookie = req.headers.cookie;
    if (cookie && hasPrivateCookie(cookie)) markPrivate(res);
    const found = lookup(req, req.originalUrl);
    if (!found.cacheable || !found.key) {
      if (!found.cacheable && found.reason !== "path") {
        counters.bypasses += 1;
        res.setHeader(PAGE_CACHE_HEADER, "bypass");
      }
      return next();
    }
    const { key, path } = found;
    const kept = freshCopy(key);
    if (kept) return send(req, res, kept, "hit");
    try {
      counters.misses += 1;
      const base = key.startsWith("production ") ? productionUrl : options.siteUrl;
      const page = await fill(key, path, new URL(path, base));
      send(req, res, page, "miss");
    } catch (error) {
      next(error);
    }
  }

  return {
    middleware,
    serveKept,
    invalidate,
    stats: () => ({
      ...counters,
      entries: entries.size,
      bytes: entries.bytes,
      maxBytes: entries.maxBytes,
    }),
    /** Resolves once the background work on kept copies has finished. */
    settled: async () => {
      await Promise.all(refining);
    },
    close: stopListening,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Keys are "<site|production> <path>". */
const pathOfKey = (key: string) => key.slice(key.indexOf(" ") + 1);

/**
 * Someone's own page: unless the route already forbids storing it, no browser or proxy
 * may keep it (the headers are set last, just before they are written).
 */
function markPrivate(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (!/\bno-store\b/.test(String(this.getHeader("Cache-Control") ?? ""))) {
      this.setHeader("Cache-Control", "private, no-store");
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}
