/**
 * The WAI-ARIA tabs keyboard model as a pure function, so it can be tested without a
 * DOM: arrows move to the neighbouring tab and wrap around, Home and End jump to the
 * ends. Keys that do not move (including the other axis's arrows) give null.
 */
export type TabsOrientation = "horizontal" | "vertical";

export function nextTabIndex(
  key: string,
  current: number,
  count: number,
  orientation: TabsOrientation = "horizontal",
): number | null {
  if (count <= 0) return null;
  const previous = orientation === "horizontal" ? "ArrowLeft" : "ArrowUp";
  const next = orientation === "horizontal" ? "ArrowRight" : "ArrowDown";
  // Focus outside the tabs (-1) counts as "before the first".
  const from = current >= 0 && current < count ? current : -1;
  switch (key) {
    case next:
      return (from + 1) % count;
    case previous:
      return from <= 0 ? count - 1 : from - 1;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
