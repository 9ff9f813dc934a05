import { describe, expect, it } from "vitest";
import { defineUrlTabs, searchWithTab, tabOf, tabsShouldRevalidate } from "./url-tabs";

const TABS = defineUrlTabs({
  param: "tab",
  tabs: [
    { value: "content", label: "Page Content" },
    { value: "influences", label: "Influences" },
    { value: "statistics", label: "Statistics" },
  ],
});

describe("a screen's tab in the address", () => {
  it("reads the tab, falling back to the first", () => {
    expect(tabOf(TABS, new URLSearchParams("tab=statistics"))).toBe("statistics");
    expect(tabOf(TABS, new URLSearchParams(""))).toBe("content");
    expect(tabOf(TABS, new URLSearchParams("tab=secrets"))).toBe("content");
  });

  it("writes the tab, keeping other parameters, and leaves the first tab out", () => {
    expect(searchWithTab(TABS, new URLSearchParams("x=1"), "influences").toString()).toBe(
      "x=1&tab=influences",
    );
    expect(
      searchWithTab(TABS, new URLSearchParams("tab=influences&x=1"), "content").toString(),
    ).toBe("x=1");
  });

  it("reloads nothing when only the tab changes, and as usual otherwise", () => {
    const should = tabsShouldRevalidate(TABS);
    const args = (current: string, next: string, formMethod?: "POST") =>
      ({
        currentUrl: new URL(current, "http://x"),
        nextUrl: new URL(next, "http://x"),
        formMethod,
        defaultShouldRevalidate: true,
      }) as Parameters<typeof should>[0];
    expect(should(args("/admin/about", "/admin/about?tab=statistics"))).toBe(false);
    expect(should(args("/admin/about?tab=influences&x=1", "/admin/about?x=1"))).toBe(false);
    expect(should(args("/admin/about", "/admin/about?x=1"))).toBe(true);
    expect(should(args("/admin/about", "/admin/home"))).toBe(true);
    expect(should(args("/admin/about", "/admin/about?tab=statistics", "POST"))).toBe(true);
  });
});
