import { describe, expect, it } from "vitest";
import { chartPoints, reportSummary, reportTables, type RollupTotal } from "./report";

const t = (
  kind: string,
  dimension: string,
  key: string,
  events: number,
  visitors: number,
  extra: Partial<RollupTotal> = {},
): RollupTotal => ({
  kind,
  dimension,
  key,
  detail: "",
  events,
  visitors,
  value: 0,
  ...extra,
});

describe("analytics report", () => {
  const totals: RollupTotal[] = [
    t("pageview", "total", "", 30, 10),
    t("pageview", "source", "letters", 12, 4),
    t("pageview", "source", "", 18, 6),
    t("pageview", "page", "/", 20, 9),
    t("pageview", "page", "/shop", 10, 3),
    t("purchase", "total", "", 2, 2, { value: 40 }),
    t("purchase", "source", "letters", 2, 2, { value: 40 }),
    t("track_play", "subject", "Blue", 3, 2, { detail: "complete" }),
    t("track_play", "subject", "Blue", 1, 1, { detail: "skipped" }),
  ];

  it("sums the period's figures and the conversion", () => {
    expect(reportSummary(totals)).toEqual({
      visitors: 10,
      pageviews: 30,
      orders: 2,
      revenue: 40,
      conversion: 20,
    });
    expect(reportSummary([])).toEqual({
      visitors: 0,
      pageviews: 0,
      orders: 0,
      revenue: 0,
      conversion: 0,
    });
  });

  it("ranks pages by visitors and credits sales to their source", () => {
    const tables = Object.fromEntries(reportTables(totals).map((table) => [table.id, table.rows]));
    expect(tables.pages).toEqual([
      ["/", 9, 20],
      ["/shop", 3, 10],
    ]);
    expect(tables.sources?.[0]).toEqual(["Direct / none", 6, 18]);
    expect(tables.sales).toEqual([["letters", 4, 0, 0, 2, 40, 50]]);
    expect(tables.plays).toEqual([["Blue", "Uploaded file", 3, 0, 1]]);
    expect(tables.tickets).toEqual([]);
  });

  it("shows each track's plays per source, crediting plays rolled up before sources to the file", () => {
    const tables = reportTables([
      // Blue: 3 complete and 1 skipped in all, 2 and 1 of them rolled up by player.
      t("track_play", "subject", "Blue", 3, 2, { detail: "complete" }),
      t("track_play", "subject", "Blue", 1, 1, { detail: "skipped" }),
      t("track_play", "track", "Blue", 1, 1, { detail: "file:complete" }),
      t("track_play", "track", "Blue", 1, 1, { detail: "soundcloud:complete" }),
      t("track_play", "track", "Blue", 1, 1, { detail: "soundcloud:skipped" }),
      t("track_play", "subject", "Live Set", 5, 4, { detail: "partial" }),
      t("track_play", "track", "Live Set", 5, 4, { detail: "soundcloud:partial" }),
      t("track_play", "player", "soundcloud", 7, 5, { detail: "partial" }),
    ]);
    expect(tables.find((table) => table.id === "plays")?.rows).toEqual([
      ["Blue", "Uploaded file", 2, 0, 0],
      ["Blue", "SoundCloud", 1, 0, 1],
      ["Live Set", "SoundCloud", 0, 5, 0],
    ]);
  });

  it("draws days, or months for long periods, with the days without visits as zero", () => {
    const byDay = new Map([["2026-01-02", { visitors: 2, pageviews: 5 }]]);
    expect(chartPoints(["2026-01-01", "2026-01-02"], byDay)).toEqual([
      { label: "2026-01-01", visitors: 0, pageviews: 0 },
      { label: "2026-01-02", visitors: 2, pageviews: 5 },
    ]);
    const days = Array.from({ length: 90 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    );
    expect(chartPoints(days, byDay).map((p) => p.label)).toEqual(["2026-01", "2026-02", "2026-03"]);
  });
});
