/** axe in the page, through DevTools so the page's CSP does not block it. */
import axe from "axe-core";
import type { Page } from "playwright-core";

/**
 * The serious and critical violations (WCAG 2.1 A and AA, and axe's best practices),
 * after running animations have finished: colour contrast is only meaningful once
 * fade-ins have ended. `within` checks one part of the page (an open drawer), `exclude`
 * leaves parts out.
 */
export async function seriousViolations(
  page: Page,
  { within, exclude = [] }: { within?: string; exclude?: string[] } = {},
): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ within, excluded }) => {
      const exclude = excluded.map((s) => [s]);
      const context: axe.ElementContext = within
        ? { include: [[within]], exclude }
        : excluded.length
          ? { exclude }
          : document;
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
    },
    { within, excluded: exclude },
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join("\n    ")}`);
}
