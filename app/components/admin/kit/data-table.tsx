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
import { ROW_INTENTS, type RowIntents } from "~/domain/collection-rows";
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

  let body: React.ReactNode;
  if (loadFailed) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columnCount} className="py-12 text-center">
          <p role="alert" className="text-sm text-destructive">
            {loadFailed}
          </p>
        </TableCell>
      </TableRow>
    );
  } else if (displayed.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columnCount} className="py-12 text-center text-muted-foreground">
          {emptyMessage}
        </TableCell>
      </TableRow>
    );
  } else {
    body = displayed.map((row, index) => {
      const id = getRowId(row);
      return (
        <TableRow key={id} data-row-id={id}>
          {reorder && (
            <TableCell className="w-px">
              <ReorderButtons
                label={rowLabel(row)}
                isFirst={index === 0}
                isLast={index === displayed.length - 1}
                onMove={(offset) => ordering.move(index, offset)}
              />
            </TableCell>
          )}
          {columns.map((column) => (
            <TableCell
              key={column.id}
              className={cn(column.hideOnMobile && mobileHidden, column.className)}
            >
              {column.cell(row)}
            </TableCell>
          ))}
          {rowActions && (
            <TableCell className="w-px text-right">
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
        <Table scrollLabel={caption}>
          {caption && <TableCaption className="sr-only">{caption}</TableCaption>}
          <TableHeader>
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
          <TableBody ref={ordering.bodyRef}>{body}</TableBody>
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
  const focusAfterMove = useRef<{ id: string; direction: "up" | "down" } | null>(null);

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

  // React moves a row's DOM node when it goes down, which drops the focus; put it
  // back on the same button (or its twin, once the row reached an end).
  useEffect(() => {
    const target = focusAfterMove.current;
    const body = bodyRef.current;
    if (!target || !body) return;
    focusAfterMove.current = null;
    const row = body.querySelector(`tr[data-row-id="${CSS.escape(target.id)}"]`);
    const other = target.direction === "up" ? "down" : "up";
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not([disabled])`) ??
      row?.querySelector<HTMLButtonElement>(`[data-move="${other}"]`);
    if (button && document.activeElement !== button) button.focus();
  });

  function move(index: number, offset: -1 | 1) {
    if (!reorder) return;
    const next = moveItem(displayed, index, offset);
    const row = displayed[index];
    if (row === undefined || next[index] === row) return;
    const ids = next.map(getRowId);
    focusAfterMove.current = { id: getRowId(row), direction: offset < 0 ? "up" : "down" };
    setAnnouncement(
      `${reorder.rowLabel(row)} moved to position ${index + offset + 1} of ${ids.length}`,
    );
    if (busy) setQueued(ids);
    else post(ids);
  }

  return { rows: displayed, move, announcement, bodyRef };
}
