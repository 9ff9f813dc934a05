/**
 * The collection screens' table: columns as configuration, an empty message, a load
 * failure in place of the rows, row actions declared as data (extra controls, a
 * switch, Edit, Delete with the entity's confirmation), and optional up/down
 * reordering that posts the whole new order (intent=reorder, ids…) and shows it at
 * once. Every row control posts to the table's `action` with the table's `intents`,
 * so a screen whose action serves several lists says so once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ChevronDown, ChevronUp, Pencil } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { ROW_INTENTS, type RowIntents } from "~/domain/admin/collection-rows";
import { cn } from "~/lib/cn";
import { ConfirmDeleteButton } from "./confirm-dialog";
import { moveItem, orderByIds } from "./reorder";
import { RowControlsContext } from "./row-controls";
import { RowToggle } from "./row-toggle";
import { useAdminFetcher } from "./use-admin-fetcher";

export interface DataTableColumn<T> {
  id: string;
  header: React.ReactNode;
  cell: (row: T) => React.ReactNode;
  /** Classes for the column's header and cells (width, alignment). */
  className?: string;
  /** Left out below the sm breakpoint, so a phone shows the columns that matter. */
  hideOnMobile?: boolean;
}

export interface DataTableReorder {
  /** Header of the reorder column; "Order" unless told. */
  header?: string;
}

/** A table row's actions, declared; the table renders them in this order. */
export interface RowActions<T> {
  /** Controls before the standard ones (open, play …). */
  extra?: (row: T) => React.ReactNode;
  /** A switch among the actions, e.g. the LOE rows' "Show … on the LOE page". */
  flag?: { flag: string & keyof T; label: (row: T) => string };
  /** The Edit button: `Edit "{name}"`. */
  edit?: (row: T) => void;
  /** The Delete button and its confirmation, with the entity's words (admin spec §8). */
  remove?: {
    title: string;
    description: string | ((row: T) => string);
    /** The button's name; `Delete "{name}"` unless told. */
    label?: (row: T) => string;
    /** The confirm button; "Delete" unless told. */
    confirmLabel?: string;
    /** What a row that cannot be deleted shows instead (it explains rather than asks). */
    instead?: (row: T) => React.ReactNode;
  };
}

/**
 * A column holding a row's switch (Active, Visible, Featured …), posting set-flag to the
 * table's endpoint. Its accessible name is "{header}: {name}" unless told.
 */
export function flagColumn<T extends { id: string }>(
  flag: string & keyof T,
  header: string,
  options: Omit<DataTableColumn<T>, "id" | "header" | "cell"> & {
    label?: (row: T) => string;
    rowLabel: (row: T) => string;
  },
): DataTableColumn<T> {
  const { label, rowLabel, ...column } = options;
  return {
    id: flag,
    header,
    ...column,
    cell: (row) => (
      <RowToggle
        id={row.id}
        flag={flag}
        checked={row[flag] === true}
        label={label ? label(row) : `${header}: ${rowLabel(row)}`}
      />
    ),
  };
}

/** The row's position among the public ones ("Order"), lower first. */
export function orderColumn<T extends { orderIndex: number }>(
  options: { hideOnMobile?: boolean } = {},
): DataTableColumn<T> {
  return {
    id: "order",
    header: "Order",
    className: "tabular-nums",
    hideOnMobile: options.hideOnMobile ?? true,
    cell: (row) => row.orderIndex,
  };
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  /** The row's id; `row.id` unless told. */
  getRowId?: (row: T) => string;
  /** The row's name in its controls' labels: Edit "…", Delete "…", Move … up. */
  rowLabel?: (row: T) => string;
  /** Where the row controls post; the current route's action when left out. */
  action?: string;
  /** The intents the row controls post; the plain ones unless told (namespaced tabs). */
  intents?: RowIntents;
  /** Shown when there are no rows, e.g. "No media items found. Create your first one!" */
  emptyMessage: React.ReactNode;
  /** The list could not be read: this message (role=alert) replaces the rows. */
  loadFailed?: string | null;
  rowActions?: RowActions<T>;
  actionsHeader?: string;
  /** Up/down buttons that post the whole new order. */
  reorder?: boolean | DataTableReorder;
  /** Names the table for screen readers (visually hidden). */
  caption?: string;
  className?: string;
}

const mobileHidden = "hidden sm:table-cell";

// On a phone each row is a card: the first column as its heading across the top, the other
// cells side by side under it (named by their header), reorder and actions at the end, so
// every control is in view at 390 px instead of past the right edge of a sideways scroll.
const phone = {
  table: "max-sm:block",
  header: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3",
  cell: "max-sm:p-0!",
  heading: "max-sm:order-first max-sm:basis-full",
  labelled:
    "max-sm:before:mr-2 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wider max-sm:before:text-muted-foreground max-sm:before:uppercase max-sm:before:content-[attr(data-label)]",
  end: "max-sm:order-last",
  actions: "max-sm:order-last max-sm:ml-auto",
  wide: "max-sm:basis-full",
};

const idOf = (row: unknown) => (row as { id: string }).id;
const untitled = () => "item";

export function DataTable<T>({
  columns,
  rows,
  getRowId = idOf,
  rowLabel = untitled,
  action,
  intents = ROW_INTENTS,
  emptyMessage,
  loadFailed,
  rowActions,
  actionsHeader = "Actions",
  reorder,
  caption,
  className,
}: DataTableProps<T>) {
  const reorderHeader = typeof reorder === "object" ? reorder.header : undefined;
  const ordering = useReorder(
    rows,
    getRowId,
    reorder ? { rowLabel, action, intent: intents.reorder } : undefined,
  );
  const displayed = ordering.rows;
  const columnCount = columns.length + (reorder ? 1 : 0) + (rowActions ? 1 : 0);
  // A phone's card is headed by the first column a phone shows.
  const phoneHeading = Math.max(
    0,
    columns.findIndex((column) => !column.hideOnMobile),
  );

  let body: React.ReactNode;
  if (loadFailed) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columnCount} className={cn("py-12 text-center", phone.wide)}>
          <p role="alert" className="text-sm text-destructive">
            {loadFailed}
          </p>
        </TableCell>
      </TableRow>
    );
  } else if (displayed.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell
          colSpan={columnCount}
          className={cn("py-12 text-center text-muted-foreground", phone.wide)}
        >
          {emptyMessage}
        </TableCell>
      </TableRow>
    );
  } else {
    body = displayed.map((row, index) => {
      const id = getRowId(row);
      return (
        <TableRow key={id} data-row-id={id} className={phone.row}>
          {reorder && (
            <TableCell className={cn("w-px", phone.cell, phone.end)}>
              <ReorderButtons
                label={rowLabel(row)}
                isFirst={index === 0}
                isLast={index === displayed.length - 1}
                onMove={(offset) => ordering.move(index, offset)}
              />
            </TableCell>
          )}
          {columns.map((column, columnIndex) => {
            const heading = columnIndex === phoneHeading;
            const label = heading ? undefined : phoneLabel(column.header);
            return (
              <TableCell
                key={column.id}
                data-label={label}
                className={cn(
                  column.hideOnMobile && mobileHidden,
                  column.className,
                  phone.cell,
                  heading && phone.heading,
                  label && phone.labelled,
                )}
              >
                {column.cell(row)}
              </TableCell>
            );
          })}
          {rowActions && (
            <TableCell className={cn("w-px text-right", phone.cell, phone.actions)}>
              <div className="flex items-center justify-end gap-1">
                <RowActionButtons row={row} actions={rowActions} rowLabel={rowLabel} />
              </div>
            </TableCell>
          )}
        </TableRow>
      );
    });
  }

  return (
    <RowControlsContext.Provider value={{ action, intents }}>
      <div
        data-slot="data-table"
        className={cn("overflow-hidden rounded-2xl border border-border/70 bg-card", className)}
      >
        <Table scrollLabel={caption} className={phone.table}>
          {caption && <TableCaption className="sr-only">{caption}</TableCaption>}
          <TableHeader className={phone.header}>
            <TableRow className="hover:bg-transparent">
              {reorder && <TableHead className="w-px">{reorderHeader ?? "Order"}</TableHead>}
              {columns.map((column) => (
                <TableHead
                  key={column.id}
                  className={cn(column.hideOnMobile && mobileHidden, column.className)}
                >
                  {column.header}
                </TableHead>
              ))}
              {rowActions && <TableHead className="w-px text-right">{actionsHeader}</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody ref={ordering.bodyRef} className={phone.body}>
            {body}
          </TableBody>
        </Table>
        {reorder && (
          <p role="status" className="sr-only">
            {ordering.announcement}
          </p>
        )}
      </div>
    </RowControlsContext.Provider>
  );
}

/** A header's words as a card's label on a phone; none for a header that is not plain text. */
function phoneLabel(header: React.ReactNode): string | undefined {
  return typeof header === "string" && header.trim() !== "" ? header : undefined;
}

function RowActionButtons<T>({
  row,
  actions,
  rowLabel,
}: {
  row: T;
  actions: RowActions<T>;
  rowLabel: (row: T) => string;
}) {
  const name = rowLabel(row);
  const id = idOf(row);
  const { flag, edit, remove } = actions;
  return (
    <>
      {actions.extra?.(row)}
      {flag && (
        <RowToggle
          id={id}
          flag={flag.flag}
          checked={row[flag.flag] === true}
          label={flag.label(row)}
        />
      )}
      {edit && <EditButton label={`Edit "${name}"`} onClick={() => edit(row)} />}
      {remove &&
        (remove.instead?.(row) ?? (
          <ConfirmDeleteButton
            id={id}
            label={remove.label ? remove.label(row) : `Delete "${name}"`}
            title={remove.title}
            description={
              typeof remove.description === "function"
                ? remove.description(row)
                : remove.description
            }
            confirmLabel={remove.confirmLabel}
          />
        ))}
    </>
  );
}

/** A row's Edit button (a pencil, named for the row). */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={onClick}>
      <Pencil aria-hidden />
    </Button>
  );
}

function ReorderButtons({
  label,
  isFirst,
  isLast,
  onMove,
}: {
  label: string;
  isFirst: boolean;
  isLast: boolean;
  onMove: (offset: -1 | 1) => void;
}) {
  const classes = "size-8 rounded-lg";
  return (
    <div className="flex items-center gap-0.5">
      <Button
        variant="ghost"
        size="icon"
        className={classes}
        aria-label={`Move ${label} up`}
        data-move="up"
        disabled={isFirst}
        onClick={() => onMove(-1)}
      >
        <ChevronUp aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={classes}
        aria-label={`Move ${label} down`}
        data-move="down"
        disabled={isLast}
        onClick={() => onMove(1)}
      >
        <ChevronDown aria-hidden />
      </Button>
    </div>
  );
}

/**
 * The order on screen: the rows as loaded, or the order being saved, or one the
 * artist made while the previous save was still under way (sent as soon as it ends,
 * so two saves never race each other on the server).
 */
function useReorder<T>(
  rows: readonly T[],
  getRowId: (row: T) => string,
  reorder: { rowLabel: (row: T) => string; action?: string; intent: string } | undefined,
) {
  const intent = reorder?.intent ?? ROW_INTENTS.reorder;
  const action = reorder?.action;
  const { fetcher, busy } = useAdminFetcher();
  const [queued, setQueued] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const focusAfterMove = useRef<{
    id: string;
    direction: "up" | "down";
    position: number;
  } | null>(null);

  const saving =
    fetcher.formData?.get("intent") === intent ? fetcher.formData.getAll("ids").map(String) : null;
  const order = queued ?? saving;
  const displayed = order ? orderByIds(rows, order, getRowId) : [...rows];

  const { submit } = fetcher;
  const post = useCallback(
    (ids: string[]) => {
      const form = new FormData();
      form.set("intent", intent);
      for (const id of ids) form.append("ids", id);
      void submit(form, { method: "post", action });
    },
    [submit, intent, action],
  );

  useEffect(() => {
    if (busy || !queued) return;
    post(queued);
    setQueued(null);
  }, [busy, queued, post]);

  // React moves a row's DOM node when it goes down, which drops the focus, and a row that
  // reaches the top or bottom disables the button that moved it; once the row stands where
  // it was sent (the saved order shows a render or two after the click), put the focus
  // back on the same button, or on its twin at an end.
  useEffect(() => {
    const target = focusAfterMove.current;
    const body = bodyRef.current;
    if (!target || !body) return;
    const row = body.querySelector<HTMLTableRowElement>(
      `tr[data-row-id="${CSS.escape(target.id)}"]`,
    );
    if (!row || row.sectionRowIndex !== target.position) return;
    focusAfterMove.current = null;
    const other = target.direction === "up" ? "down" : "up";
    const button =
      row.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not([disabled])`) ??
      row.querySelector<HTMLButtonElement>(`[data-move="${other}"]`);
    if (button && document.activeElement !== button) button.focus();
  });

  function move(index: number, offset: -1 | 1) {
    if (!reorder) return;
    const next = moveItem(displayed, index, offset);
    const row = displayed[index];
    if (row === undefined || next[index] === row) return;
    const ids = next.map(getRowId);
    focusAfterMove.current = {
      id: getRowId(row),
      direction: offset < 0 ? "up" : "down",
      position: index + offset,
    };
    setAnnouncement(
      `${reorder.rowLabel(row)} moved to position ${index + offset + 1} of ${ids.length}`,
    );
    if (busy) setQueued(ids);
    else post(ids);
  }

  return { rows: displayed, move, announcement, bodyRef };
}
