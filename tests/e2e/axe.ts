/** axe in the page, through DevTools so the page's CSP does not block it. */
import axe from "axe-core";
import type { Page } from "playwright-core";

/** The serious and critical violations, after running animations have finished. */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async (excluded) => {
    const context = excluded.length ? { exclude: excluded.map((s) => [s]) } : document;
    const result = await (window as unknown as { axe: typeof axe }).axe.run(context, {
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
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
    }));
  }, exclude);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join("\n    ")}`);
}
