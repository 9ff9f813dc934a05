import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";
import { nextTabIndex } from "./tabs-keys";

describe("nextTabIndex (the tabs keyboard model)", () => {
  it("moves right and left, wrapping at both ends", () => {
    expect(nextTabIndex("ArrowRight", 0, 4)).toBe(1);
    expect(nextTabIndex("ArrowRight", 3, 4)).toBe(0);
    expect(nextTabIndex("ArrowLeft", 2, 4)).toBe(1);
    expect(nextTabIndex("ArrowLeft", 0, 4)).toBe(3);
  });

  it("jumps to the ends with Home and End", () => {
    expect(nextTabIndex("Home", 2, 4)).toBe(0);
    expect(nextTabIndex("End", 1, 4)).toBe(3);
  });

  it("ignores the other axis and other keys", () => {
    expect(nextTabIndex("ArrowDown", 1, 4)).toBeNull();
    expect(nextTabIndex("ArrowUp", 1, 4)).toBeNull();
    expect(nextTabIndex("Enter", 1, 4)).toBeNull();
    expect(nextTabIndex("a", 1, 4)).toBeNull();
  });

  it("uses up and down for vertical tabs", () => {
    expect(nextTabIndex("ArrowDown", 1, 3, "vertical")).toBe(2);
    expect(nextTabIndex("ArrowUp", 0, 3, "vertical")).toBe(2);
    expect(nextTabIndex("ArrowRight", 0, 3, "vertical")).toBeNull();
  });

  it("has nowhere to go without tabs, and enters at the ends from outside", () => {
    expect(nextTabIndex("ArrowRight", 0, 0)).toBeNull();
    expect(nextTabIndex("ArrowRight", -1, 3)).toBe(0);
    expect(nextTabIndex("ArrowLeft", -1, 3)).toBe(2);
  });
});

describe("Tabs markup", () => {
  const html = renderToStaticMarkup(
    <Tabs defaultValue="videos">
      <TabsList aria-label="LOE sections">
        <TabsTrigger value="content">Page Content</TabsTrigger>
        <TabsTrigger value="videos">Videos</TabsTrigger>
      </TabsList>
      <TabsContent value="content">Texts</TabsContent>
      <TabsContent value="videos">Video table</TabsContent>
    </Tabs>,
  );
  const tag = (pattern: RegExp) => html.match(pattern)?.[0] ?? "";

  it("selects the default tab and makes only it tabbable", () => {
    const videos = tag(/<button[^>]*>Videos/);
    const content = tag(/<button[^>]*>Page Content/);
    expect(videos).toContain('aria-selected="true"');
    expect(videos).toContain('tabindex="0"');
    expect(content).toContain('aria-selected="false"');
    expect(content).toContain('tabindex="-1"');
    expect(html).toContain('role="tablist" data-slot="tabs-list" aria-orientation="horizontal"');
    expect(html).toContain('aria-label="LOE sections"');
  });

  it("ties each tab to its panel and hides the inactive panel", () => {
    const videos = tag(/<button[^>]*>Videos/);
    const panelId = videos.match(/aria-controls="([^"]+)"/)?.[1];
    const tabId = videos.match(/ id="([^"]+)"/)?.[1];
    const panel = tag(/<div role="tabpanel"[^>]*>Video table/);
    expect(panel).toContain(`id="${panelId}"`);
    expect(panel).toContain(`aria-labelledby="${tabId}"`);
    expect(panel).not.toContain("hidden");
    expect(tag(/<div role="tabpanel"[^>]*>Texts/)).toContain('hidden=""');
  });
});
