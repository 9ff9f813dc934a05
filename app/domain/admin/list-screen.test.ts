import { describe, expect, it } from "vitest";
import {
  choiceFilter,
  dayFilter,
  flagFilter,
  listFilters,
  listHref,
  pageNumber,
  pageWindow,
  parseDay,
  searchFilter,
  wholeList,
} from "./list-screen";

const filters = listFilters({
  q: searchFilter(10),
  status: choiceFilter(["open", "closed"] as const),
  shown: choiceFilter(["mine"] as const, "all"),
  day: dayFilter(),
  flagged: flagFilter(),
});
const parse = (query: string) => filters.parse(new URLSearchParams(query));

describe("a list's filters in the address", () => {
  it("reads each kind of filter", () => {
    expect(parse("q=+ada+&status=closed&shown=mine&day=2026-03-01&flagged=1&page=2")).toEqual({
      q: "ada",
      status: "closed",
      shown: "mine",
      day: "2026-03-01",
      flagged: true,
      page: 2,
    });
  });

  it("reads nonsense as no filter rather than refusing the page", () => {
    expect(parse("q=%00%01&status=lost&shown=theirs&day=2026-02-30&flagged=maybe&page=-1")).toEqual(
      filters.empty,
    );
    expect(filters.empty).toEqual({
      q: "",
      status: null,
      shown: "all",
      day: null,
      flagged: false,
      page: 1,
    });
  });

  it("cuts an overlong search and takes a checkbox's 'on' and 'true'", () => {
    expect(parse(`q=${"a".repeat(50)}`).q).toHaveLength(10);
    expect(parse("flagged=on").flagged).toBe(true);
    expect(parse("flagged=true").flagged).toBe(true);
  });

  it("writes back only what narrows the list, in the declared order, and round-trips", () => {
    const values = {
      q: "a b&c",
      status: "open" as const,
      shown: "all" as const,
      day: null,
      flagged: true,
      page: 3,
    };
    const query = filters.query(values);
    expect(query).toBe("q=a+b%26c&status=open&flagged=1&page=3");
    expect(parse(query)).toEqual(values);
    expect(filters.query(filters.empty)).toBe("");
    expect(filters.query({ ...values, page: 1 })).not.toContain("page");
  });

  it("counts the filters in use, never the page", () => {
    expect(filters.activeCount({ ...filters.empty, page: 4 } as typeof filters.empty)).toBe(0);
    expect(filters.activeCount({ ...filters.empty, shown: "mine", q: "x" })).toBe(2);
  });

  it("lets a set straighten what it read as a whole", () => {
    const range = listFilters(
      { from: dayFilter(), to: dayFilter() },
      {
        tidy: (v) =>
          v.from && v.to && v.from > v.to ? { ...v, from: v.to, to: v.from } : { ...v },
      },
    );
    expect(range.parse(new URLSearchParams("from=2026-04-10&to=2026-04-01"))).toMatchObject({
      from: "2026-04-01",
      to: "2026-04-10",
    });
  });

  it("builds the list's address with the page and an open record", () => {
    expect(listHref("/admin/x", filters, filters.empty)).toBe("/admin/x");
    expect(listHref("/admin/x", filters, { ...filters.empty, q: "fan", page: 2 })).toBe(
      "/admin/x?q=fan&page=2",
    );
    expect(
      listHref("/admin/x", filters, { ...filters.empty, status: "open" }, { param: "r", id: "7" }),
    ).toBe("/admin/x?status=open&r=7");
  });
});

describe("parseDay", () => {
  it("accepts real calendar days only", () => {
    expect(parseDay("2028-02-29")).toBe("2028-02-29");
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("2026-13-01")).toBeNull();
    expect(parseDay("26-01-01")).toBeNull();
    expect(parseDay(null)).toBeNull();
  });
});

describe("pages", () => {
  it("reads page numbers defensively", () => {
    expect(pageNumber("3")).toBe(3);
    expect(pageNumber("0")).toBe(1);
    expect(pageNumber("-2")).toBe(1);
    expect(pageNumber("2.5")).toBe(1);
    expect(pageNumber(null)).toBe(1);
  });

  it("moves a page past the end back onto the last one, and has one page when empty", () => {
    expect(pageWindow(60, 9, 25)).toEqual({ page: 3, pageCount: 3, limit: 25, offset: 50 });
    expect(pageWindow(0, 4, 25)).toEqual({ page: 1, pageCount: 1, limit: 25, offset: 0 });
    expect(pageWindow(25, 2, 25)).toMatchObject({ page: 1, pageCount: 1 });
    expect(wholeList(["a", "b"])).toEqual({ rows: ["a", "b"], total: 2, page: 1, pageCount: 1 });
  });
});
