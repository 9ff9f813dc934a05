import { describe, expect, it } from "vitest";
import { earlierVersionCount, earlierVersionsLabel, versionStandings } from "./history";

describe("versionStandings", () => {
  const stored = "B";
  const standings = (texts: string[]) => versionStandings(texts, (t) => t === stored);

  it("makes only the newest version equal to the stored text current", () => {
    // A restore of B after C: B (new), C, B (old), A.
    expect(standings(["B", "C", "B", "A"])).toEqual([
      "current",
      "earlier",
      "same-as-current",
      "earlier",
    ]);
  });

  it("has no current version when the stored text was changed outside the editors", () => {
    expect(standings(["A", "C"])).toEqual(["earlier", "earlier"]);
    expect(standings([])).toEqual([]);
  });
});

describe("earlierVersionCount", () => {
  it("counts every row but the one current version, so the count matches the rows", () => {
    const rows = versionStandings(["B", "C", "B", "A"], (t) => t === "B").map((s) => ({
      isCurrent: s === "current",
    }));
    expect(earlierVersionCount(rows)).toBe(3);
    expect(rows.filter((r) => r.isCurrent)).toHaveLength(1);
    expect(earlierVersionsLabel(1)).toBe("1 earlier version");
    expect(earlierVersionsLabel(3)).toBe("3 earlier versions");
  });
});
