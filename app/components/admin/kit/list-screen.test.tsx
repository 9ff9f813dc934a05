/** A list screen as the server renders it, from a small declaration of its own. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  choiceFilter,
  listFilters,
  searchFilter,
  type FiltersOf,
  type ListPage,
  type LoadedListScreen,
} from "~/domain/admin/list-screen";
import { defineListScreen, listView, ListScreen, type ListScreenConfig } from "./list-screen";

interface Gig {
  id: string;
  venue: string;
}
interface GigPage extends ListPage<Gig> {
  open: number;
}

const GIG_FILTERS = listFilters({
  q: searchFilter(),
  state: choiceFilter(["open", "closed"] as const, "any"),
});
type GigFilters = FiltersOf<typeof GIG_FILTERS>;
type Loaded = LoadedListScreen<GigFilters, GigPage, Gig, { note: string }>;

const TABLE = defineListScreen<Gig, GigFilters, GigPage, Gig, { note: string }>({
  title: "Gigs",
  description: "Every gig.",
  path: "/admin/gigs",
  filters: GIG_FILTERS,
  csv: { href: "/admin/export/gigs", keepFilters: true },
  filterForm: {
    label: "Filter gigs",
    folds: true,
    fields: [
      { kind: "search", name: "q", label: "Venue" },
      {
        kind: "select",
        name: "state",
        label: "State",
        options: [
          { value: "any", label: "Any" },
          { value: "open", label: "Open" },
          { value: "closed", label: "Closed" },
        ],
      },
    ],
    submit: { label: "Find" },
    clearLabel: "Clear filters",
  },
  list: {
    title: (view) => (view.filtered ? "Matching gigs" : "All gigs"),
    description: (_view, list) => `${list.open} open.`,
    caption: "Gigs, newest first",
    columns: (view) => [
      {
        id: "venue",
        header: "Venue",
        cell: (row) => <a href={view.href({ open: row.id })}>{row.venue}</a>,
      },
    ],
    empty: (view) => (view.filtered ? "No gig matches." : "No gigs yet."),
  },
  pages: { summary: (total) => `${total} gigs`, label: "Pages of gigs" },
  detail: {
    param: "gig",
    render: ({ detail }) =>
      detail ? <p data-testid="detail">{detail.data?.venue ?? detail.missing}</p> : null,
  },
  sections: {
    before: (data) => <p data-testid="before">{data.parts.note ?? "no note"}</p>,
    after: () => <p data-testid="after">after</p>,
  },
});

const CARDS: ListScreenConfig<Gig, GigFilters, GigPage, Gig, { note: string }> = {
  ...TABLE,
  csv: undefined,
  filterForm: undefined,
  filterTabs: {
    label: "Show gigs",
    tabs: [
      { filters: { state: "any" }, label: "All" },
      { filters: { state: "open" }, label: (view) => `Open (${view.list?.open ?? "?"})` },
    ],
  },
  list: {
    ...TABLE.list,
    columns: undefined,
    cards: (rows) => (
      <ul aria-label="Gig cards">
        {rows.map((row) => (
          <li key={row.id}>{row.venue}</li>
        ))}
      </ul>
    ),
  },
};

function loaded(
  values: Partial<Loaded> = {},
  filters: Partial<GigFilters & { page: number }> = {},
) {
  const query = { ...GIG_FILTERS.empty, ...filters };
  return {
    filters: query,
    filtered: GIG_FILTERS.activeCount(query) > 0,
    list: { rows: [{ id: "g1", venue: "Blue Note" }], total: 60, page: 2, pageCount: 3, open: 4 },
    loadFailed: null,
    detail: null,
    parts: { note: "Tonight" },
    timeZone: "America/New_York",
    toast: null,
    ...values,
  } satisfies Loaded;
}

function render(
  screen: ListScreenConfig<Gig, GigFilters, GigPage, Gig, { note: string }>,
  data: Loaded,
) {
  const Stub = createRoutesStub([
    { path: "/admin/gigs", Component: () => <ListScreen screen={screen} data={data} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/gigs"]} />);
}

describe("ListScreen", () => {
  it("frames the list with its words, the parts before and after, and the page's rows", () => {
    const html = render(TABLE, loaded());
    expect(html).toContain("<h1");
    expect(html).toContain("Every gig.");
    expect(html).toContain("All gigs");
    expect(html).toContain("4 open.");
    expect(html).toContain('data-testid="before">Tonight');
    expect(html).toContain('data-testid="after"');
    expect(html.indexOf("before")).toBeLessThan(html.indexOf("All gigs"));
    expect(html).toMatch(/<tr[^>]*data-row-id="g1"/);
    expect(html).toContain("Gigs, newest first");
  });

  it("keeps the filters in every link: pages, the open record and the CSV (from page 1)", () => {
    const html = render(TABLE, loaded({}, { q: "blue", state: "open", page: 2 }));
    expect(html).toContain("Matching gigs");
    expect(html).toContain("60 gigs · Page 2 of 3");
    expect(html).toContain('href="/admin/gigs?q=blue&amp;state=open"');
    expect(html).toContain('href="/admin/gigs?q=blue&amp;state=open&amp;page=3"');
    expect(html).toContain('href="/admin/gigs?q=blue&amp;state=open&amp;page=2&amp;gig=g1"');
    expect(html).toContain('href="/admin/export/gigs?q=blue&amp;state=open"');
  });

  it("offers the GET form with the address's values, folded on a phone, and Clear only when filtered", () => {
    const filtered = render(TABLE, loaded({}, { q: "blue", state: "closed" }));
    expect(filtered).toMatch(/<form role="search" aria-label="Filter gigs"[^>]*method="get"/);
    expect(filtered).toMatch(/id="gigs-q"[^>]*value="blue"/);
    expect(filtered).toMatch(/<option value="closed" selected="">/);
    expect(filtered).toContain("(2 active)");
    expect(filtered).toContain("Clear filters");
    const plain = render(TABLE, loaded());
    expect(plain).not.toContain("Clear filters");
    expect(plain).not.toContain("active)");
    expect(plain).toMatch(/<option value="any" selected="">/);
  });

  it("says the list could not be read, with no pages, and an empty list by the filters", () => {
    const failed = render(TABLE, loaded({ list: null, loadFailed: "Failed to fetch gigs" }));
    expect(failed).toMatch(/role="alert"[^>]*>Failed to fetch gigs/);
    expect(failed).not.toContain("Page ");
    expect(failed).not.toContain("open.");
    const none = { rows: [], total: 0, page: 1, pageCount: 1, open: 0 };
    expect(render(TABLE, loaded({ list: none }))).toContain("No gigs yet.");
    expect(render(TABLE, loaded({ list: none }, { q: "x" }))).toContain("No gig matches.");
    expect(render(TABLE, loaded({ list: none }))).not.toContain("Page 1 of 1");
  });

  it("hands the record the address opens to the declared dialog, or why it is missing", () => {
    expect(render(TABLE, loaded())).not.toContain('data-testid="detail"');
    const open = { id: "g1", data: { id: "g1", venue: "Blue Note" }, missing: null };
    expect(render(TABLE, loaded({ detail: open }))).toContain('data-testid="detail">Blue Note');
    const gone = { id: "g9", data: null, missing: "This gig could not be found." };
    expect(render(TABLE, loaded({ detail: gone }))).toContain("This gig could not be found.");
  });

  it("shows cards instead of a table, their empty and failed states, and tabs for one choice", () => {
    const html = render(CARDS, loaded({}, { state: "open" }));
    expect(html).toContain('<ul aria-label="Gig cards"><li>Blue Note</li></ul>');
    expect(html).not.toContain("<table");
    expect(html).toMatch(/<nav aria-label="Show gigs"/);
    expect(html).toMatch(
      /<a aria-current="page"[^>]*href="\/admin\/gigs\?state=open"[^>]*>Open \(4\)/,
    );
    expect(html).toMatch(/<a[^>]*href="\/admin\/gigs"[^>]*>All</);
    expect(html).not.toContain("Export CSV");
    const none = { rows: [], total: 0, page: 1, pageCount: 1, open: 0 };
    expect(render(CARDS, loaded({ list: none }))).toContain("No gigs yet.");
    expect(render(CARDS, loaded({ list: null, loadFailed: "Failed to fetch gigs" }))).toMatch(
      /role="alert"[^>]*>Failed to fetch gigs/,
    );
  });
});

describe("listView", () => {
  const view = listView(TABLE, loaded({}, { q: "blue", page: 2 }));

  it("changes one part of the address and keeps the rest", () => {
    expect(view.href()).toBe("/admin/gigs?q=blue&page=2");
    expect(view.href({ page: 1 })).toBe("/admin/gigs?q=blue");
    // Other filters start from the first page.
    expect(view.href({ filters: { state: "closed" } })).toBe("/admin/gigs?q=blue&state=closed");
    expect(view.href({ open: "g1" })).toBe("/admin/gigs?q=blue&page=2&gig=g1");
  });

  it("goes back to the page the server showed, not past the end", () => {
    const clamped = listView(
      TABLE,
      loaded({ list: { rows: [], total: 3, page: 1, pageCount: 1, open: 0 } }, { page: 9 }),
    );
    expect(clamped.href()).toBe("/admin/gigs");
  });
});
