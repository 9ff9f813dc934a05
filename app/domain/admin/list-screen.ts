/**
 * A list screen of the back office (orders, download codes, messages, subscribers, the
 * audit log): what its loader hands the page, one page of rows, and its filters as they
 * travel in the address. A GET form writes the filters into the query, so a filtered list
 * works without JavaScript, can be bookmarked, and is the same query its CSV export reads.
 * The server reads them (server/admin/list-screen.server.ts), the kit writes them back
 * into links (components/admin/kit/list-screen.tsx): one definition for both.
 */
import { searchText } from "../core/control-characters";
import type { ToastMessage } from "../core/toast";

/** Rows per page of an admin list. */
export const ADMIN_LIST_PAGE_SIZE = 25;

const MAX_PAGE = 100_000;

/** Page numbers from a query string: 1 or more, anything else is 1. */
export function pageNumber(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

/** One page of a list: its rows, how many rows match in all, and where the page is. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /** 1-based, never past the last page. */
  page: number;
  /** At least 1, also for an empty list. */
  pageCount: number;
}

/** The page asked for, moved back onto the last page when the list is shorter. */
export function pageWindow(
  total: number,
  askedPage: number,
  pageSize = ADMIN_LIST_PAGE_SIZE,
): { page: number; pageCount: number; limit: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, askedPage), pageCount);
  return { page, pageCount, limit: pageSize, offset: (page - 1) * pageSize };
}

/** A whole list as one page (a list short enough never to be paged). */
export function wholeList<Row>(rows: Row[]): ListPage<Row> {
  return { rows, total: rows.length, page: 1, pageCount: 1 };
}

/**
 * One filter of a list: how it is read from the address (leniently: the address is
 * typed, bookmarked and edited by hand, so a value that makes no sense is no filter
 * rather than an error page) and written back (null: left out of the address).
 */
export interface ListFilter<V> {
  read(raw: string | null): V;
  write(value: V): string | null;
}

/** A search box's text: control characters and surrounding spaces gone, cut at `max`. */
export function searchFilter(max = 200): ListFilter<string> {
  return { read: (raw) => searchText(raw, max), write: (value) => value || null };
}

/**
 * One of a few values (a status, a screen), or `fallback` for anything else. The
 * fallback ("all", or null for no choice) is never written into the address.
 */
export function choiceFilter<T extends string>(choices: readonly T[]): ListFilter<T | null>;
export function choiceFilter<T extends string, D extends string>(
  choices: readonly T[],
  fallback: D,
): ListFilter<T | D>;
export function choiceFilter<T extends string>(
  choices: readonly T[],
  fallback: string | null = null,
): ListFilter<string | null> {
  return {
    read: (raw) => choices.find((choice) => choice === raw) ?? fallback,
    write: (value) => (value === fallback ? null : value),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in yyyy-MM-dd, or null (no 2026-02-30). */
export function parseDay(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  if (!DAY.test(text)) return null;
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? text
    : null;
}

/** A calendar day (a date field), or null. */
export function dayFilter(): ListFilter<string | null> {
  return { read: parseDay, write: (value) => value };
}

/** A checkbox: its own value "1", and "true" or "on" as typed by hand. */
export function flagFilter(): ListFilter<boolean> {
  return {
    read: (raw) => raw === "1" || raw === "true" || raw === "on",
    write: (value) => (value ? "1" : null),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FilterSpec = Record<string, ListFilter<any>>;

/** The values a set of filters reads, by name. */
export type FilterValues<S extends FilterSpec> = {
  [K in keyof S]: S[K] extends ListFilter<infer V> ? V : never;
};

/** A list's filters and the page: what the address says. */
export type ListQuery<F> = F & { page: number };

export interface ListFilterSet<F> {
  /** No filter, the first page. */
  readonly empty: ListQuery<F>;
  /** The filters and the page from the address. */
  parse(params: URLSearchParams): ListQuery<F>;
  /** The filters (and a page after the first) as a query string, without "?"; what is not set is left out. */
  query(values: Partial<ListQuery<F>>): string;
  /** How many filters narrow the list (the page does not): "Filters (2 active)". */
  activeCount(values: F): number;
}

/** The filters a set reads, without the page: `FiltersOf<typeof ORDER_FILTERS>`. */
export type FiltersOf<S> = S extends ListFilterSet<infer F> ? F : never;

/** What a set of filters reads from the address: `QueryOf<typeof ORDER_FILTERS>`. */
export type QueryOf<S> = S extends ListFilterSet<infer F> ? ListQuery<F> : never;

/**
 * A list's filters, declared once: `listFilters({ q: searchFilter(), status:
 * choiceFilter(STATUSES) })`. The address carries them in this order, then `page`.
 * `tidy` straightens what was read as a whole (a date range given backwards).
 */
export function listFilters<S extends FilterSpec>(
  spec: S,
  options: { tidy?: (values: FilterValues<S>) => FilterValues<S> } = {},
): ListFilterSet<FilterValues<S>> {
  type F = FilterValues<S>;
  const names = Object.keys(spec) as (keyof S & string)[];
  const read = (params: URLSearchParams) => {
    const values = {} as F;
    for (const name of names) values[name] = spec[name]!.read(params.get(name));
    return options.tidy ? options.tidy(values) : values;
  };
  const written = (values: Partial<F>) =>
    names.flatMap((name) => {
      if (values[name] === undefined) return [];
      const text = spec[name]!.write(values[name]);
      return text === null || text === "" ? [] : [[name, text] as const];
    });
  return {
    empty: { ...read(new URLSearchParams()), page: 1 },
    parse: (params) => ({ ...read(params), page: pageNumber(params.get("page")) }),
    query: (values) => {
      const params = new URLSearchParams(written(values) as [string, string][]);
      if (values.page && values.page > 1) params.set("page", String(values.page));
      return params.toString();
    },
    activeCount: (values) => written(values).length,
  };
}

/**
 * The address of a list: its path with the filters and page, and with `open` the record
 * whose dialog is open (`?order=<id>` beside the filters).
 */
export function listHref<F>(
  path: string,
  filters: ListFilterSet<F>,
  values: Partial<ListQuery<F>>,
  open?: { param: string; id: string } | null,
): string {
  const query = new URLSearchParams(filters.query(values));
  if (open) query.set(open.param, open.id);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The record opened from the address, or why it is not shown. */
export interface LoadedDetail<D> {
  id: string;
  data: D | null;
  /** Not found, or not read: said in the dialog instead of the record. */
  missing: string | null;
}

/**
 * What a list screen's loader hands its page (server/admin/list-screen.server.ts
 * writes it, kit/list-screen.tsx reads it).
 */
export interface LoadedListScreen<F, P, D = never, X extends object = Record<never, never>> {
  filters: ListQuery<F>;
  /** True when a filter narrows the list: the empty message says "no match", not "none yet". */
  filtered: boolean;
  /** The page read, or null when it could not be read (`loadFailed` says so). */
  list: P | null;
  loadFailed: string | null;
  /** The record the address opens (`?order=…`); null when none is asked for. */
  detail: LoadedDetail<D> | null;
  /** The screen's other parts, each null when it could not be read. */
  parts: { [K in keyof X]: X[K] | null };
  /** The site's time zone: the screen's dates are its wall clock (docs/decisions/008). */
  timeZone: string;
  toast: ToastMessage | null;
}
