import { describe, expect, it } from "vitest";
import {
  chooseEncoding,
  etagMatches,
  hasPrivateCookie,
  inlineScriptTexts,
  PAGE_CACHE_TTL_MS,
  pageCacheDecision,
  pageCacheExpiry,
  pathsAffectedBy,
} from "./page-cache";

const request = (overrides: Partial<Parameters<typeof pageCacheDecision>[0]> = {}) => ({
  method: "GET",
  path: "/events",
  search: "",
  cookie: undefined,
  ...overrides,
});

describe("pageCacheDecision", () => {
  it("takes GET and HEAD of the public pages and feeds", () => {
    for (const path of ["/", "/home", "/shop", "/contact", "/sitemap.xml", "/events.ics"]) {
      expect(pageCacheDecision(request({ path }))).toEqual({ cacheable: true, path });
    }
    expect(pageCacheDecision(request({ method: "HEAD" })).cacheable).toBe(true);
  });

  it("leaves other methods and every other path to the renderer", () => {
    expect(pageCacheDecision(request({ method: "POST" }))).toEqual({
      cacheable: false,
      reason: "method",
    });
    for (const path of ["/admin", "/auth", "/download/abc", "/events/", "/shop.data"]) {
      expect(pageCacheDecision(request({ path }))).toEqual({ cacheable: false, reason: "path" });
    }
  });

  it("ignores the tracking parameters of shared links, not other queries", () => {
    expect(
      pageCacheDecision(request({ search: "?utm_source=ig&utm_campaign=tour&fbclid=x&gclid=y" }))
        .cacheable,
    ).toBe(true);
    expect(pageCacheDecision(request({ search: "?page=2" }))).toEqual({
      cacheable: false,
      reason: "query",
    });
    expect(pageCacheDecision(request({ search: "?utm_source=x&item=1" })).cacheable).toBe(false);
  });

  it("bypasses requests with a session or a waiting toast, not other cookies", () => {
    expect(pageCacheDecision(request({ cookie: "better-auth.session_token=a.b" }))).toEqual({
      cacheable: false,
      reason: "cookie",
    });
    expect(pageCacheDecision(request({ cookie: "theme=dark; _ga=GA1.2" })).cacheable).toBe(true);
  });
});

describe("hasPrivateCookie", () => {
  it("knows Better Auth's cookies, secure-prefixed too, and the flash toast", () => {
    expect(hasPrivateCookie("a=1; better-auth.session_token=x")).toBe(true);
    expect(hasPrivateCookie("__Secure-better-auth.session_token=x")).toBe(true);
    expect(hasPrivateCookie("better-auth.session_data=x")).toBe(true);
    expect(hasPrivateCookie("flash_toast=%7B%7D")).toBe(true);
    expect(hasPrivateCookie("my-better-auth.session_token=x; flash_toasts=1")).toBe(false);
    expect(hasPrivateCookie("no-equals-sign")).toBe(false);
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0 and *", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0")).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
  });
});

describe("etagMatches", () => {
  const etags = ['"abc"', '"abc-br"', '"abc-gz"'];
  it("matches any of the page's tags, weak or strong, in a list, or *", () => {
    expect(etagMatches('"abc-br"', etags)).toBe(true);
    expect(etagMatches('"zzz", W/"abc-gz"', etags)).toBe(true);
    expect(etagMatches("*", etags)).toBe(true);
    expect(etagMatches('"abcd"', etags)).toBe(false);
    expect(etagMatches(undefined, etags)).toBe(false);
  });
});

describe("inlineScriptTexts", () => {
  it("finds the scripts a browser runs, held-back ones included, not files or JSON data", () => {
    const html = [
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '<script src="/assets/a.js"></script>',
      '<script type="module" src="/assets/b.js"></script>',
      "<script>window.a=1</script>",
      '<script nonce="n">window.b=2</script>',
      '<script type="text/x-deferred-module" id="rr">import "/x.js";\n</script>',
      "<SCRIPT>upper()</SCRIPT>",
    ].join("");
    expect(inlineScriptTexts(html)).toEqual([
      "window.a=1",
      "window.b=2",
      'import "/x.js";\n',
      "upper()",
    ]);
  });
});

describe("pageCacheExpiry", () => {
  it("ends a copy after the TTL during the day", () => {
    const noon = new Date("2026-06-10T16:00:00Z"); // 12:00 in New York (EDT)
    expect(pageCacheExpiry(noon, "America/New_York").getTime()).toBe(
      noon.getTime() + PAGE_CACHE_TTL_MS,
    );
  });

  it("ends a copy at the next midnight of the site's zone, before the TTL", () => {
    const late = new Date("2026-06-11T03:58:00Z"); // 23:58 in New York
    expect(pageCacheExpiry(late, "America/New_York").toISOString()).toBe(
      "2026-06-11T04:00:00.000Z",
    );
    const tokyo = new Date("2026-12-31T14:59:00Z"); // 23:59 on New Year's Eve in Tokyo
    expect(pageCacheExpiry(tokyo, "Asia/Tokyo").toISOString()).toBe("2026-12-31T15:00:00.000Z");
  });
});

describe("pathsAffectedBy", () => {
  it("drops every page for changes shown everywhere", () => {
    expect(pathsAffectedBy({ kind: "everything" })).toBe("all");
  });

  it("drops the shop for stock and purchases", () => {
    expect(pathsAffectedBy({ kind: "shop" })).toEqual(["/shop"]);
  });

  it("drops the pages that show a page-content key, and everything for unknown keys", () => {
    expect(pathsAffectedBy({ kind: "page-content", keys: ["about-hero"] })).toEqual(["/about"]);
    expect(pathsAffectedBy({ kind: "page-content", keys: ["home-hero-title"] })).toEqual([
      "/",
      "/home",
    ]);
    // The contact page repeats the home page's call to action.
    expect(pathsAffectedBy({ kind: "page-content", keys: ["home-cta-title"] })).toEqual([
      "/",
      "/home",
      "/contact",
    ]);
    expect(pathsAffectedBy({ kind: "page-content", keys: ["shop-hero-title"] })).toEqual(["/shop"]);
    // The footer's links are on every page.
    expect(pathsAffectedBy({ kind: "page-content", keys: ["footer-instagram-url"] })).toBe("all");
  });
});

describe("the newsletter archive in the page cache", () => {
  const decide = (path: string) =>
    pageCacheDecision({ method: "GET", path, search: "", cookie: undefined }).cacheable;
  it("keeps the archive and its letters, never the newsletter's own forms", () => {
    expect(decide("/newsletter")).toBe(true);
    expect(decide("/newsletter/spring-letter-ab12cd")).toBe(true);
    expect(decide("/newsletter/confirm")).toBe(false);
    expect(decide("/newsletter/unsubscribe")).toBe(false);
    expect(decide("/newsletter/location")).toBe(false);
    expect(decide("/newsletter/click/x/1")).toBe(false);
    expect(decide("/newsletter/Spring")).toBe(false);
  });
});
