/**
 * The rendered-page cache with the real services on a fresh database: the pages are
 * rendered by the routes' own loaders (as JSON in an HTML shell, not React), so a kept
 * page, a save and a purchase behave as on the site. Queries are counted on the
 * database client itself.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_THEME } from "~/domain/content/theme/theme";
import { loader as aboutLoader } from "~/routes/about";
import { loader as homeLoader } from "~/routes/home";
import { loader as shopLoader } from "~/routes/shop";
import { invalidateSiteCache } from "../core/cache.server";
import { setSingleton } from "../core/singleton.server";
import { updatePageContent } from "../content/page-content.server";
import { activateTheme, themeService } from "../content/theme.server";
import { completeOrder, createProviderOrder } from "../shop/orders.server";
import { DemoProvider } from "../shop/payments/demo.server";
import { setShopMaintenance } from "../shop/shop-settings.server";
import { insertShopItem, orderBody, providerOrderBody } from "../testing/shop-fixtures.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { createContentSecurityPolicy, scriptHashSources } from "./csp.server";
import { createPageCache, PAGE_CACHE_HEADER, type PageCache } from "./page-cache.server";

const actor = { id: "user-1", email: "artist@example.com" };
const SITE_URL = "https://jazz.example";
const policy = createContentSecurityPolicy({ paypalOrigins: ["https://www.paypal.com"] });

type Loader = () => Promise<unknown>;
const LOADERS: Record<string, Loader> = {
  "/": homeLoader as Loader,
  "/about": aboutLoader as Loader,
  "/shop": shopLoader as Loader,
};
/** Stand-ins for helmet's headers, which every answer must carry, kept or not. */
const SECURITY_HEADERS = [
  ["X-Frame-Options", "SAMEORIGIN"],
  ["Referrer-Policy", "same-origin"],
] as const;
/** Set by the middleware between the kept-page answer and the cache's own middleware. */
const CHAIN_HEADER = "X-Chain";
/** What the fallback handler answers: a page rendered for one request, not kept. */
const RENDERED_FOR_ONE = "rendered for this request";

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET without fetch's automatic decompression: the bytes as sent. */
function get(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.get(new URL(path, base), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
  });
}

const pageData = (response: RawResponse) => {
  const match = /<pre>([\s\S]*)<\/pre>/.exec(response.body.toString("utf8"));
  return JSON.parse(match![1]!.replace(/&lt;/g, "<")) as Record<string, unknown>;
};

describe.each(await testDatabaseKinds())("the rendered-page cache on %s", (kind) => {
  let t: TestDatabase;
  let server: http.Server;
  let base: string;
  let cache: PageCache;
  let clock: Date | null = null;
  const rendered: string[] = [];
  /** When set, a render waits for it (to put a save in the middle of a render). */
  let gate: Promise<void> | null = null;
  let queries = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setSingleton("database", t);
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = client.query.bind(client);
    vi.spyOn(client, "query").mockImplementation((...args: unknown[]) => {
      queries += 1;
      return query(...args);
    });

    cache = createPageCache({
      render: async (url) => {
        rendered.push(url.pathname);
        if (gate) await gate;
        const data = await LOADERS[url.pathname]!();
        const json = JSON.stringify(data).replace(/</g, "&lt;");
        return new Response(
          `<!doctype html><html><head><script>window.page=${JSON.stringify(url.pathname)}</script>` +
            `<script type="application/ld+json">{"@type":"Person"}</script></head>` +
            `<body><pre>${json}</pre></body></html>`,
          {
            headers: {
              "content-type": "text/html; charset=utf-8",
              "cache-control": "public, max-age=0, s-maxage=60",
            },
          },
        );
      },
      contentSecurityPolicy: policy,
      siteUrl: SITE_URL,
      timeZone: "America/New_York",
      now: () => clock ?? new Date(),
      commonHeaders: SECURITY_HEADERS,
    });
    // As in server.ts: Node's listener answers kept pages; Express runs for the others.
    const app = express();
    app.disable("x-powered-by");
    app.use((_req, res, next) => {
      for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
      res.setHeader(CHAIN_HEADER, "ran");
      next();
    });
    app.use(cache.middleware);
    app.use((_req, res) => {
      res.set("Cache-Control", "public, max-age=0").send(RENDERED_FOR_ONE);
    });
    server = http
      .createServer((req, res) => {
        if (!cache.serveKept(req, res)) app(req, res);
      })
      .listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    cache?.close();
    await new Promise((resolve) => server?.close(resolve));
    setSingleton("database", undefined);
    invalidateSiteCache();
    vi.restoreAllMocks();
    await t?.destroy();
  });

  beforeEach(() => {
    invalidateSiteCache();
    rendered.length = 0;
    clock = null;
    gate = null;
  });
  afterEach(() => {
    gate = null;
  });

  /** Fills the cache with these pages and checks each is then a hit. */
  async function warm(...paths: string[]) {
    for (const path of paths) await get(base, path);
    for (const path of paths) expect((await get(base, path)).headers["x-page-cache"]).toBe("hit");
    rendered.length = 0;
  }

  it("renders a page once and then answers it from memory without a single query", async () => {
    const first = await get(base, "/about");
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(queries).toBeGreaterThan(0);

    queries = 0;
    const second = await get(base, "/about");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    expect(queries).toBe(0);
    expect(rendered).toEqual(["/about"]);
  });

  it("answers a kept page ahead of the other middleware, with the same security headers", async () => {
    const miss = await get(base, "/about");
    expect(miss.headers["x-page-cache"]).toBe("miss");
    expect(miss.headers[CHAIN_HEADER.toLowerCase()]).toBe("ran");

    const hit = await get(base, "/about", { "accept-encoding": "br" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers[CHAIN_HEADER.toLowerCase()], "the chain was skipped").toBeUndefined();
    for (const [name, value] of SECURITY_HEADERS) {
      expect(hit.headers[name.toLowerCase()], name).toBe(value);
    }
    for (const name of ["content-type", "cache-control", "content-security-policy", "etag"]) {
      expect(hit.headers[name], name).toBeTruthy();
    }
    expect(hit.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(hit.body).equals(miss.body)).toBe(true);

    // Anything the cache may not answer goes on down the chain as before.
    const withSession = await get(base, "/about", { cookie: "better-auth.session_token=abc" });
    expect(withSession.headers[CHAIN_HEADER.toLowerCase()]).toBe("ran");
    expect(withSession.headers["x-page-cache"]).toBe("bypass");
  });

  it("answers a hit with the headers of the rendered answer, a 304 included", async () => {
    const perResponse = new Set(["date", "x-page-cache", "x-chain", "connection", "keep-alive"]);
    // A kept brotli copy is made again at the best quality meanwhile: its own length and ETag.
    const refined = new Set(["content-length", "etag"]);
    const pageHeaders = (response: RawResponse, encoding: string) =>
      Object.fromEntries(
        Object.entries(response.headers).filter(
          ([name]) => !perResponse.has(name) && !(encoding === "br" && refined.has(name)),
        ),
      );
    for (const encoding of ["br", "gzip", "identity"]) {
      invalidateSiteCache();
      const miss = await get(base, "/shop", { "accept-encoding": encoding });
      await cache.settled();
      const hit = await get(base, "/shop", { "accept-encoding": encoding });
      expect([miss.headers["x-page-cache"], hit.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
      expect(pageHeaders(hit, encoding), encoding).toEqual(pageHeaders(miss, encoding));

      const conditional = { "accept-encoding": encoding, "if-none-match": hit.headers.etag! };
      const notModified = await get(base, "/shop", conditional);
      expect(notModified.status).toBe(304);
      expect(notModified.headers["x-page-cache"]).toBe("hit");
      expect(notModified.headers.etag).toBe(hit.headers.etag);
      expect(notModified.headers["x-frame-options"]).toBe("SAMEORIGIN");
    }
  });

  it("renders a page that many ask for at once only once", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(base, "/shop")));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(rendered).toEqual(["/shop"]);
  });

  it("drops only the pages that show a saved page-content key", async () => {
    await warm("/", "/about", "/shop");
    await updatePageContent(t.db, actor, {
      pageName: "about-hero",
      title: "A new about title",
      description: null,
    });
    const about = await get(base, "/about");
    expect(about.headers["x-page-cache"]).toBe("miss");
    expect(about.body.toString()).toContain("A new about title");
    expect((await get(base, "/shop")).headers["x-page-cache"]).toBe("hit");
    expect((await get(base, "/")).headers["x-page-cache"]).toBe("hit");
    expect(rendered).toEqual(["/about"]);
  });

  it("drops every page when a theme is activated", async () => {
    const theme = await themeService.create(t.db, actor, {
      name: `Midnight ${kind}`,
      colors: { ...DEFAULT_THEME.colors },
      typography: DEFAULT_THEME.typography,
      animations: DEFAULT_THEME.animations,
    });
    await warm("/", "/about", "/shop");
    await activateTheme(t.db, actor, theme.id);
    for (const path of ["/", "/about", "/shop"]) {
      expect((await get(base, path)).headers["x-page-cache"]).toBe("miss");
    }
  });

  it("drops every page when the shop goes into maintenance, and shows it", async () => {
    await warm("/about", "/shop");
    await setShopMaintenance(t.db, actor, true);
    try {
      const shop = await get(base, "/shop");
      expect(shop.headers["x-page-cache"]).toBe("miss");
      expect(pageData(shop).maintenance).toBe(true);
      expect((await get(base, "/about")).headers["x-page-cache"]).toBe("miss");
    } finally {
      await setShopMaintenance(t.db, actor, false);
    }
    expect(pageData(await get(base, "/shop")).maintenance).toBe(false);
  });

  it("drops the shop, and only the shop, when a purchase takes the last copy", async () => {
    const item = await insertShopItem(t.db, {
      title: `Last LP ${kind}`,
      inventoryCount: 1,
      isVisible: true,
    });
    invalidateSiteCache({ kind: "everything" });
    await warm("/about", "/shop");
    const stockShown = async () => {
      const products = pageData(await get(base, "/shop")).products as {
        product: { id: string; inventory: { inStock: boolean } };
      }[];
      return products.find((p) => p.product.id === item.id)?.product.inventory.inStock;
    };
    expect(await stockShown()).toBe(true);

    const demo = new DemoProvider();
    const lines = [{ item, quantity: 1 }];
    const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines));
    // Held for this buyer: nobody else may see it as available.
    expect((await get(base, "/shop")).headers["x-page-cache"]).toBe("miss");
    expect(await stockShown()).toBe(false);
    await completeOrder(t.db, demo, orderBody(orderID, lines), { siteUrl: SITE_URL });
    expect((await get(base, "/shop")).headers["x-page-cache"]).toBe("miss");
    expect(await stockShown()).toBe(false);
    expect((await get(base, "/about")).headers["x-page-cache"]).toBe("hit");
  });

  it("never answers from, or fills, the cache for a request with a session cookie", async () => {
    const session = { cookie: "theme=dark; better-auth.session_token=abc.def" };
    const own = await get(base, "/about", session);
    expect(own.headers["x-page-cache"]).toBe("bypass");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(own.body.toString()).toBe(RENDERED_FOR_ONE);
    expect(rendered).toEqual([]);

    await warm("/about");
    const again = await get(base, "/about", { cookie: "__Secure-better-auth.session_token=x" });
    expect(again.body.toString()).toBe(RENDERED_FOR_ONE);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    const flash = await get(base, "/about", { cookie: "flash_toast=%7B%7D" });
    expect(flash.body.toString()).toBe(RENDERED_FOR_ONE);

    // Cookies the pages never read change nothing.
    expect((await get(base, "/about", { cookie: "theme=dark" })).headers["x-page-cache"]).toBe(
      "hit",
    );
  });

  it("keeps a copy per encoding: brotli, gzip and plain bodies of the same page", async () => {
    const plain = await get(base, "/about", { "accept-encoding": "identity" });
    const br = await get(base, "/about", { "accept-encoding": "gzip, deflate, br" });
    const gz = await get(base, "/about", { "accept-encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    for (const response of [plain, br, gz]) expect(response.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
  });

  it("answers a miss with a quick brotli, and keeps the best one once it is made", async () => {
    // The miss itself: its answer is the copy as first made.
    const quick = await get(base, "/about", { "accept-encoding": "br" });
    expect(quick.headers["x-page-cache"]).toBe("miss");
    expect(quick.headers.etag).toMatch(/^"[\w-]+-brq"$/);
    const plain = await get(base, "/about", { "accept-encoding": "identity" });
    expect(zlib.brotliDecompressSync(quick.body).equals(plain.body)).toBe(true);

    await cache.settled();
    const best = await get(base, "/about", { "accept-encoding": "br" });
    expect(best.headers["x-page-cache"]).toBe("hit");
    expect(best.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(best.headers.etag).not.toBe(quick.headers.etag);
    expect(zlib.brotliDecompressSync(best.body).equals(plain.body)).toBe(true);
    expect(best.body.length).toBeLessThanOrEqual(quick.body.length);
    // The same page still: the plain copy's validator has not changed.
    const plainAgain = await get(base, "/about", { "accept-encoding": "identity" });
    expect(plainAgain.headers.etag).toBe(plain.headers.etag);
  });

  it("answers 304 to a current ETag, and a new ETag once the content changed", async () => {
    await get(base, "/about");
    await cache.settled();
    const first = await get(base, "/about", { "accept-encoding": "br" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);

    const unchanged = await get(base, "/about", { "accept-encoding": "br", "if-none-match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(etag);

    await updatePageContent(t.db, actor, {
      pageName: "about-hero",
      title: `Changed ${Date.now()}`,
      description: null,
    });
    const changed = await get(base, "/about", { "accept-encoding": "br", "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("does not keep a page whose render began before a save", async () => {
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    const during = get(base, "/about");
    await vi.waitFor(() => expect(rendered).toEqual(["/about"]));
    await updatePageContent(t.db, actor, {
      pageName: "about-hero",
      title: "Saved while rendering",
      description: null,
    });
    gate = null;
    release();
    await during;
    const after = await get(base, "/about");
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.body.toString()).toContain("Saved while rendering");
  });

  it("serves a link with tracking parameters from the cache, and bypasses other queries", async () => {
    await warm("/about");
    const shared = await get(base, "/about?utm_source=newsletter&fbclid=abc");
    expect(shared.headers["x-page-cache"]).toBe("hit");
    const other = await get(base, "/about?preview=1");
    expect(other.headers["x-page-cache"]).toBe("bypass");
    expect(other.body.toString()).toBe(RENDERED_FOR_ONE);
  });

  it("lets a copy go at midnight in the site's time zone, when events can become past", async () => {
    clock = new Date("2026-11-24T04:59:00Z"); // 23:59 in New York
    await get(base, "/");
    clock = new Date("2026-11-24T04:59:59Z");
    expect((await get(base, "/")).headers["x-page-cache"]).toBe("hit");
    clock = new Date("2026-11-24T05:00:01Z");
    expect((await get(base, "/")).headers["x-page-cache"]).toBe("miss");
  });

  it("sends a policy with the hashes of the page's scripts, without a nonce or unsafe-inline", async () => {
    const response = await get(base, "/about");
    const csp = response.headers["content-security-policy"] as string;
    const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src"))!;
    const [hash] = scriptHashSources(['window.page="/about"']);
    expect(scriptSrc).toContain(hash);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("nonce-");
    // The JSON-LD data block runs nothing and needs no hash.
    expect(scriptSrc.match(/sha256-/g)).toHaveLength(1);
  });
});

describe("the rendered-page cache's memory", () => {
  it("stays within its bound, dropping the least recently used copies", async () => {
    const page = "x".repeat(20_000);
    const cache = createPageCache({
      render: async () =>
        new Response(`${page}${Math.random()}`, {
          headers: { "content-type": "text/html", "cache-control": "public" },
        }),
      contentSecurityPolicy: null,
      siteUrl: SITE_URL,
      timeZone: "UTC",
      maxBytes: 50_000,
    });
    const app = express().use(cache.middleware);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ["/about", "/media", "/events"]) await get(url, path);
      expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
      expect(cache.stats().entries).toBe(2);
      // The oldest went first: /about renders again, /events is still kept.
      expect((await get(url, "/events")).headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
      expect((await get(url, "/about")).headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("miss");
    } finally {
      cache.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
