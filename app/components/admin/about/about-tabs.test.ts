import { describe, expect, it } from "vitest";
import { aboutTabOf, searchWithTab } from "./about-tabs";

describe("the about screen's tab in the address", () => {
  it("reads the tab, falling back to Page Content", () => {
    expect(aboutTabOf(new URLSearchParams("tab=statistics"))).toBe("statistics");
    expect(aboutTabOf(new URLSearchParams("tab=collaborations"))).toBe("collaborations");
    expect(aboutTabOf(new URLSearchParams(""))).toBe("content");
    expect(aboutTabOf(new URLSearchParams("tab=secrets"))).toBe("content");
  });

  it("writes the tab, keeping other parameters, and leaves the first tab out", () => {
    expect(searchWithTab(new URLSearchParams("x=1"), "influences").toString()).toBe(
      "x=1&tab=influences",
    );
    expect(searchWithTab(new URLSearchParams("tab=influences&x=1"), "content").toString()).toBe(
      "x=1",
    );
  });
});
