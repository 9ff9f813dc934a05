/**
 * The collection screens' table: columns as configuration, an empty message, a load
 * failure in place of the rows, row actions, and optional up/down reordering that
 * posts the whole new order (intent=reorder, ids…) and shows it at once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ChevronDown, ChevronUp } from "lucide-react";
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
import { cn } from "~/lib/cn";
import { moveItem, orderByIds } from "./reorder";
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

export interface DataTableReorder<T> {
  /** The row's name in the buttons' labels: "Move {label} up". */
  label: (row: T) => string;
  /** Posted as `intent`; "reorder" unless told. */
  intent?: string;
  /** Where to post; the current route's action when left out. */
  action?: string;
  /** Header of the reorder column; "Order" unless told. */
  header?: string;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Shown when there are no rows, e.g. "No media items found. Create your first one!" */
  emptyMessage: React.ReactNode;
  /** The list could not be read: this message (role=alert) replaces the rows. */
  loadFailed?: string | null;
  rowActions?: (row: T) => React.ReactNode;
  actionsHeader?: string;
  reorder?: DataTableReorder<T>;
  /** Names the table for screen readers (visually hidden). */
  caption?: string;
  className?: string;
}

const mobileHidden = "hidden sm:table-cell";

export function DataTable<T>({
  columns,
  rows,
  getRowId,
  emptyMessage,
  loadFailed,
  rowActions,
  actionsHeader = "Actions",
  reorder,
  caption,
  className,
}: DataTableProps<T>) {
  const ordering = useReorder(rows, getRowId, reorder);
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
                label={reorder.label(row)}
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
              <div className="flex items-center justify-end gap-1">{rowActions(row)}</div>
            </TableCell>
          )}
        </TableRow>
      );
    });
  }

  return (
    <div
      data-slot="data-table"
      className={cn("overflow-hidden rounded-2xl border border-border/70 bg-card", className)}
    >
      <Table scrollLabel={caption}>
        {caption && <TableCaption className="sr-only">{caption}</TableCaption>}
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {reorder && <TableHead className="w-px">{reorder.header ?? "Order"}</TableHead>}
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
  reorder: DataTableReorder<T> | undefined,
) {
  const intent = reorder?.intent ?? "reorder";
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
      `${reorder.label(row)} moved to position ${index + offset + 1} of ${ids.length}`,
    );
    if (busy) setQueued(ids);
    else post(ids);
  }

  return { rows: displayed, move, announcement, bodyRef };
}
