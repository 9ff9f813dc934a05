/**
 * A list screen as one declaration (issue 39 item 5), the sibling of the collection
 * screen: orders, download codes, messages, subscribers, the audit log. The screen's
 * words, its filters, the table's columns (or cards), the pages, the CSV and the record
 * a dialog opens live in `components/admin/<screen>/`; this renders them on the kit
 * (AdminScreen, the GET filter form, DataTable, ListPagination) from what the route's
 * loader read (server/admin/list-screen.server.ts):
 *
 *   export default ({ loaderData }) => <ListScreen screen={ORDERS_SCREEN} data={loaderData} />;
 *
 * Everything the screen shows lives in its address: the filters, the page, the open
 * record (`?order=<id>`); links keep the rest of the address when they change one part.
 */
import { useNavigate } from "react-router";
import { Download } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import {
  listHref,
  type ListFilterSet,
  type ListPage,
  type ListQuery,
  type LoadedDetail,
  type LoadedListScreen,
} from "~/domain/admin/list-screen";
import { AdminScreen, AdminSection } from "./admin-screen";
import { DataTable, type DataTableColumn, type RowActions } from "./data-table";
import {
  ListFilterForm,
  ListFilterTabs,
  type FilterFormValues,
  type ListFilterFormConfig,
} from "./list-filters";
import { ListPagination } from "./list-pagination";

/** What a declaration's functions are given: the address as read, and the page. */
export interface ListView<F, P> {
  filters: ListQuery<F>;
  filtered: boolean;
  /** The page read, or null when it could not be read. */
  list: P | null;
  timeZone: string;
  /**
   * The list's address with one part changed: another page, other filters (the first
   * page then, unless told), or a record opened; the rest as it is now.
   */
  href(change?: { page?: number; filters?: Partial<F>; open?: string }): string;
}

export interface ListDetailProps<D> {
  /** The record the address opens, or why it is missing; null while none is open. */
  detail: LoadedDetail<D> | null;
  /** Back to the list as it was (filters and page kept). */
  onClose: () => void;
  timeZone: string;
}

export interface ListScreenConfig<
  Row extends { id: string },
  F,
  P extends ListPage<Row>,
  D = never,
  X extends object = Record<never, never>,
> {
  /** The page header, e.g. "Orders". */
  title: string;
  description: React.ReactNode;
  /** The screen's address, e.g. "/admin/orders". */
  path: string;
  /** The filters as the address carries them (domain/admin/list-screen.ts). */
  filters: ListFilterSet<F>;
  /** The filters as a GET form. */
  filterForm?: ListFilterFormConfig;
  /** The filters as links in the list's heading, for one choice at a time. */
  filterTabs?: {
    label: string;
    /** Each choice: the filters it sets, and its name (which may count what it shows). */
    tabs: readonly { filters: Partial<F>; label: string | ((view: ListView<F, P>) => string) }[];
  };
  /** "Export CSV" beside the title: the download at `href`, with the filters in use when `keepFilters`. */
  csv?: { href: string; keepFilters?: boolean };
  list: {
    title: string | ((view: ListView<F, P>) => string);
    /** Under the title once the list is read: "3 orders match these filters." */
    description?: (view: ListView<F, P>, list: P) => React.ReactNode;
    /** Names the table for screen readers, e.g. "Orders, newest first". */
    caption?: string;
    columns?: (view: ListView<F, P>) => DataTableColumn<Row>[];
    /** The rows as cards of their own instead of a table (a message and its buttons). */
    cards?: (rows: readonly Row[], view: ListView<F, P>) => React.ReactNode;
    rowLabel?: (row: Row) => string;
    rowActions?: (view: ListView<F, P>) => RowActions<Row>;
    actionsHeader?: string;
    /** No rows: "No orders yet", or "No orders match these filters". */
    empty: (view: ListView<F, P>) => React.ReactNode;
  };
  /** Previous / Next under the list, with "25 orders · Page 1 of 1". */
  pages?: { summary: (total: number) => string; label: string };
  /** The dialog of the record the address opens (`?<param>=<id>`). */
  detail?: { param: string; render: (props: ListDetailProps<D>) => React.ReactNode };
  /** Sections of the screen before and after the list (a form that adds rows, a second list). */
  sections?: {
    before?: (data: LoadedListScreen<F, P, D, X>) => React.ReactNode;
    after?: (data: LoadedListScreen<F, P, D, X>) => React.ReactNode;
  };
}

/** Keeps the declaration's types (and checks them) where the screen is declared. */
export function defineListScreen<
  Row extends { id: string },
  F,
  P extends ListPage<Row>,
  D = never,
  X extends object = Record<never, never>,
>(config: ListScreenConfig<Row, F, P, D, X>): ListScreenConfig<Row, F, P, D, X> {
  return config;
}

/** The view a declaration's functions read, from what the loader handed over. */
export function listView<
  Row extends { id: string },
  F,
  P extends ListPage<Row>,
  D,
  X extends object,
>(
  screen: Pick<ListScreenConfig<Row, F, P, D, X>, "path" | "filters" | "detail">,
  data: Pick<LoadedListScreen<F, P, D, X>, "filters" | "filtered" | "list" | "timeZone">,
): ListView<F, P> {
  return {
    filters: data.filters,
    filtered: data.filtered,
    list: data.list,
    timeZone: data.timeZone,
    href: (change = {}) => {
      const values = change.filters
        ? { ...data.filters, ...change.filters, page: change.page ?? 1 }
        : { ...data.filters, page: change.page ?? data.list?.page ?? data.filters.page };
      const open =
        change.open && screen.detail ? { param: screen.detail.param, id: change.open } : null;
      return listHref(screen.path, screen.filters, values, open);
    },
  };
}

const lastSegment = (path: string) => path.split("/").filter(Boolean).pop() ?? "list";

export function ListScreen<
  Row extends { id: string },
  F,
  P extends ListPage<Row>,
  D = never,
  X extends object = Record<never, never>,
>({
  screen,
  data,
}: {
  screen: ListScreenConfig<Row, F, P, D, X>;
  data: LoadedListScreen<F, P, D, X>;
}) {
  const navigate = useNavigate();
  const view = listView(screen, data);
  const { list, loadFailed } = data;
  const form = screen.filterForm;
  const filterForm = form && (
    <ListFilterForm
      config={form}
      path={screen.path}
      idPrefix={lastSegment(screen.path)}
      values={data.filters as FilterFormValues}
      query={screen.filters.query({ ...data.filters, page: 1 })}
      activeCount={screen.filters.activeCount(data.filters)}
    />
  );
  const csvQuery = screen.csv?.keepFilters
    ? screen.filters.query({ ...data.filters, page: 1 })
    : "";
  const tabs = screen.filterTabs;

  return (
    <AdminScreen
      toasts={[data.toast]}
      title={screen.title}
      description={screen.description}
      primaryAction={
        screen.csv && (
          <a
            href={csvQuery ? `${screen.csv.href}?${csvQuery}` : screen.csv.href}
            download
            className={buttonVariants({ variant: "outline" })}
          >
            <Download aria-hidden />
            Export CSV
          </a>
        )
      }
    >
      {screen.sections?.before?.(data)}
      {form?.section && <AdminSection title={form.section}>{filterForm}</AdminSection>}
      <AdminSection
        title={
          typeof screen.list.title === "function" ? screen.list.title(view) : screen.list.title
        }
        description={list ? screen.list.description?.(view, list) : undefined}
        action={
          tabs && (
            <ListFilterTabs
              label={tabs.label}
              tabs={tabs.tabs.map((tab) => {
                const href = view.href({ filters: tab.filters });
                return {
                  label: typeof tab.label === "function" ? tab.label(view) : tab.label,
                  href,
                  current: href === view.href({ filters: {} }),
                };
              })}
            />
          )
        }
      >
        <div className="space-y-5">
          {!form?.section && filterForm}
          <ListRows screen={screen} view={view} loadFailed={loadFailed} />
          {screen.pages && list && !loadFailed && list.total > 0 && (
            <ListPagination
              page={list.page}
              pageCount={list.pageCount}
              summary={screen.pages.summary(list.total)}
              label={screen.pages.label}
              hrefFor={(page) => view.href({ page })}
            />
          )}
        </div>
      </AdminSection>
      {screen.sections?.after?.(data)}
      {screen.detail?.render({
        detail: data.detail,
        timeZone: data.timeZone,
        onClose: () => navigate(view.href(), { replace: true, preventScrollReset: true }),
      })}
    </AdminScreen>
  );
}

/** The rows as the declaration shows them: a table, or cards; the empty and failed states. */
function ListRows<Row extends { id: string }, F, P extends ListPage<Row>, D, X extends object>({
  screen,
  view,
  loadFailed,
}: {
  screen: ListScreenConfig<Row, F, P, D, X>;
  view: ListView<F, P>;
  loadFailed: string | null;
}) {
  const { list } = screen;
  const rows = view.list?.rows ?? [];
  if (list.cards) {
    if (loadFailed) {
      return (
        <p
          role="alert"
          className="rounded-2xl border border-destructive/50 bg-destructive/10 p-5 text-sm text-destructive"
        >
          {loadFailed}
        </p>
      );
    }
    if (rows.length === 0) {
      return (
        <div className="rounded-2xl border border-dashed border-border bg-card/50 px-6 py-12 text-center text-muted-foreground">
          {list.empty(view)}
        </div>
      );
    }
    return list.cards(rows, view);
  }
  return (
    <DataTable<Row>
      caption={list.caption}
      columns={list.columns?.(view) ?? []}
      rows={rows}
      rowLabel={list.rowLabel}
      emptyMessage={list.empty(view)}
      loadFailed={loadFailed}
      rowActions={list.rowActions?.(view)}
      actionsHeader={list.actionsHeader}
    />
  );
}
