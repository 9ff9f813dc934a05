/**
 * axe-core on every public page, at phone and desktop widths: any serious or critical
 * violation fails the test, with the rule, the help text and the offending elements.
 */
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { setupBrowser, type ViewportName } from "./helpers";

const { openPage } = setupBrowser();

const PAGES: { path: string; status?: number }[] = [
  { path: "/" },
  { path: "/about" },
  { path: "/media" },
  { path: "/loe" },
  { path: "/events" },
  { path: "/shop" },
  { path: "/contact" },
  { path: "/auth" },
  { path: "/no-such-page", status: 404 },
];

describe.each(["desktop", "phone"] as ViewportName[])("accessibility (%s)", (viewport) => {
  it.each(PAGES)("$path has no serious or critical axe violations", async ({ path, status }) => {
    const { page } = await openPage(path, { viewport, expectStatus: status });
    // Scroll through once so lazy content (images, sections) is in the tree axe sees.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      window.scrollTo(0, 0);
    });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
