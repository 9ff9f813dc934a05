/**
 * A list screen's server half as one declaration (issue 39 item 5), the sibling of the
 * collection screen's (collection-screen.server.ts). A service in its own room declares
 * its list once with `defineListSource`: the filters in the address, how a page is read,
 * the record a dialog opens (`?order=<id>`), the screen's other parts and its CSV. The
 * route's loader is then one call, and the export route serves the same CSV:
 *
 *   export const loader = ({ request }) => loadListScreen(request, ORDERS_LIST);
 *
 * `loadListScreen` checks the admin, reads the filters leniently, reads the page, the
 * open record and the parts at once, and turns a failure into the words the screen shows
 * in place of the list (and its toast), so the rest of the screen still works.
 */
import {
  ADMIN_LIST_PAGE_SIZE,
  pageWindow,
  type ListFilterSet,
  type ListPage,
  type ListQuery,
  type LoadedDetail,
  type LoadedListScreen,
} from "~/domain/admin/list-screen";
import { csvFilename, toCsv, type CsvColumn, type CsvExport } from "~/domain/core/csv";
import { requireAdmin } from "../auth/access.server";
import { getEnv } from "../core/env.server";
import { logger } from "../core/logger.server";
import { orNull } from "../core/settle.server";
import { getDb, type Database } from "../db/database.server";
import { loadFailedToast, loadScreenPart } from "./collection-screen.server";

/** What every read of a list screen knows: the site's clock. */
export interface ListContext {
  /** SITE_TIME_ZONE: date filters are its calendar days, exports write its times. */
  timeZone: string;
  now: Date;
}

export function listContext(now = new Date()): ListContext {
  return { timeZone: getEnv().SITE_TIME_ZONE, now };
}

/** The record a list opens in a dialog, named in the address beside the filters. */
export interface ListDetailSource<D> {
  /** The query parameter: "order" for `?order=<id>`. */
  param: string;
  /** The record, or null when there is none by that id. */
  read(db: Database, id: string, context: ListContext): Promise<D | null>;
  /** Said in the dialog for an id that matches nothing; without it, nothing opens. */
  notFound?: string;
  /** Said in the dialog when the record could not be read. */
  failed: string;
}

/**
 * A list's CSV: the rows its filters select (every page) under its columns, which are
 * given the site's time zone for their `timeColumn`s.
 */
export interface ListCsv<F, Row> {
  /** The export's name: /admin/export/<dataset>, and its file <dataset>-<site day>.csv. */
  dataset: string;
  rows(db: Database, query: ListQuery<F>, context: ListContext): Promise<readonly Row[]>;
  columns(timeZone: string): readonly CsvColumn<Row>[];
}

/** Writes a list's CSV for a query, with the site's clock. */
export async function writeListCsv<F, Row>(
  csv: ListCsv<F, Row>,
  db: Database,
  query: ListQuery<F>,
  context: ListContext,
): Promise<CsvExport> {
  const rows = await csv.rows(db, query, context);
  return {
    filename: csvFilename(csv.dataset, context.now, context.timeZone),
    csv: toCsv(csv.columns(context.timeZone), rows),
  };
}

export interface ListSource<F, P, D = never, X extends object = Record<never, never>, C = unknown> {
  filters: ListFilterSet<F>;
  /** One page of the list as the filters select it. */
  read(db: Database, query: ListQuery<NoInfer<F>>, context: ListContext): Promise<P>;
  /** The entity's "Failed to fetch …", in place of the list and in its toast. */
  fetchFailed: string;
  detail?: ListDetailSource<D>;
  /** The screen's other reads (the codeable items, the unsent mail), each null on failure. */
  parts?: { [K in keyof X]: (db: Database, context: ListContext) => Promise<X[K]> };
  csv?: ListCsv<NoInfer<F>, C>;
}

/** Keeps the declaration's types (and checks them) where the service declares its list. */
export function defineListSource<
  F,
  P,
  D = never,
  X extends object = Record<never, never>,
  C = unknown,
>(source: ListSource<F, P, D, X, C>): ListSource<F, P, D, X, C> {
  return source;
}

async function loadDetail<D>(
  db: Database,
  detail: ListDetailSource<D>,
  id: string,
  context: ListContext,
): Promise<LoadedDetail<D> | null> {
  try {
    const data = await detail.read(db, id, context);
    if (data !== null) return { id, data, missing: null };
    return detail.notFound ? { id, data: null, missing: detail.notFound } : null;
  } catch (error) {
    logger.error({ err: error, param: detail.param, id }, detail.failed);
    return { id, data: null, missing: detail.failed };
  }
}

/** A list screen's loader: the admin, the filters, the page, the open record and the parts. */
export async function loadListScreen<F, P, D, X extends object, C>(
  request: Request,
  source: ListSource<F, P, D, X, C>,
): Promise<LoadedListScreen<F, P, D, X>> {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filters = source.filters.parse(params);
  const context = listContext();
  const db = getDb();
  const detailId = source.detail ? params.get(source.detail.param) : null;
  const partReads = Object.entries(source.parts ?? {}) as [
    string,
    (db: Database, context: ListContext) => Promise<unknown>,
  ][];
  const [list, detail, parts] = await Promise.all([
    loadScreenPart(source.read(db, filters, context), source.fetchFailed),
    source.detail && detailId ? loadDetail(db, source.detail, detailId, context) : null,
    Promise.all(partReads.map(([name, read]) => orNull(read(db, context), name))),
  ]);
  return {
    filters,
    filtered: source.filters.activeCount(filters) > 0,
    list: list.data,
    loadFailed: list.loadFailed,
    detail,
    parts: Object.fromEntries(partReads.map(([name], i) => [name, parts[i]])) as LoadedListScreen<
      F,
      P,
      D,
      X
    >["parts"],
    timeZone: context.timeZone,
    toast: loadFailedToast(list),
  };
}

/**
 * One page of a list: `count` the matching rows, then read the asked page's `rows`
 * (the last page when the list got shorter since the link was made).
 */
export async function readListPage<Row>(
  askedPage: number,
  read: {
    count: () => Promise<number>;
    rows: (window: { limit: number; offset: number }) => Promise<Row[]>;
  },
  pageSize = ADMIN_LIST_PAGE_SIZE,
): Promise<ListPage<Row>> {
  const total = await read.count();
  const { page, pageCount, limit, offset } = pageWindow(total, askedPage, pageSize);
  return { rows: await read.rows({ limit, offset }), total, page, pageCount };
}
