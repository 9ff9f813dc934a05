/**
 * axe-core on every public page, at phone and desktop widths: any serious or critical
 * violation fails the test, with the rule, the help text and the offending elements.
 */
import { describe, expect, it } from "vitest";
import axe from "axe-core";
import type { Page } from "playwright-core";
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

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe in the page. Evaluated through DevTools, so the page's CSP does not block it. */
async function runAxe(page: Page): Promise<Violation[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ["violations"],
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  });
}

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
    // Contrast is only meaningful once fade-ins have ended (the endless banner scroll aside).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const violations = await runAxe(page);
    const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join("\n    ")}`),
    ).toEqual([]);
  });
});
