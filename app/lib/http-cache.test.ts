import { describe, expect, it } from "vitest";
import { PUBLIC_PAGE_CACHE_CONTROL, publicPageHeaders } from "./http-cache";

const args = (overrides: Partial<Parameters<typeof publicPageHeaders>[0]> = {}) => ({
  loaderHeaders: new Headers(),
  parentHeaders: new Headers(),
  actionHeaders: new Headers(),
  errorHeaders: undefined,
  ...overrides,
});

describe("public page cache headers", () => {
  it("lets a CDN keep a plain page while browsers revalidate", () => {
    expect(publicPageHeaders(args()).get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("never caches a response that sets a cookie or carries an error", () => {
    const cookie = new Headers({ "Set-Cookie": "session=1" });
    expect(publicPageHeaders(args({ loaderHeaders: cookie })).get("Cache-Control")).toBe(
      "no-store",
    );
    expect(publicPageHeaders(args({ parentHeaders: cookie })).get("Cache-Control")).toBe(
      "no-store",
    );
    expect(publicPageHeaders(args({ errorHeaders: new Headers() })).get("Cache-Control")).toBe(
      "no-store",
    );
  });
});
