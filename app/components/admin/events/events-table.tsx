/**
 * The events screen's table (admin spec §2 "Manage events"): Title, Date, Venue/City,
 * Status badge, Featured star, Actions (edit, delete after confirming). A phone keeps
 * the title, status and actions; date, place and star move under the title.
 */
import { Pencil, Star } from "lucide-react";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EVENT_STATUS_LABELS, EVENT_TEXT } from "~/domain/event";
import { formatEventDate, type EventStatus } from "~/domain/events";

/** An event as the screen's loader hands it over (the dialog edits these fields). */
export interface EventRow {
  id: string;
  title: string;
  description: string | null;
  /** yyyy-MM-dd */
  date: string;
  time: string | null;
  venue: string;
  city: string;
  ticketUrl: string | null;
  imageUrl: string | null;
  status: EventStatus;
  isFeatured: boolean;
}

const STATUS_VARIANTS = {
  upcoming: "gold",
  past: "muted",
  cancelled: "destructive",
} as const;

function StatusBadge({ status }: { status: EventStatus }) {
  return (
    <Badge
      variant={STATUS_VARIANTS[status]}
      // The destructive red on its own tint is under 4.5:1; the ring carries the colour.
      className={status === "cancelled" ? "text-foreground" : undefined}
    >
      {EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}

function FeaturedStar({ featured }: { featured: boolean }) {
  return featured ? (
    <span className="inline-flex text-primary" title="Featured">
      <Star aria-hidden className="size-4 fill-current" />
      <span className="sr-only">Featured</span>
    </span>
  ) : (
    <span className="inline-flex text-muted-foreground/50" title="Not featured">
      <Star aria-hidden className="size-4" />
      <span className="sr-only">Not featured</span>
    </span>
  );
}

function dateText(row: EventRow): string {
  const day = formatEventDate(row.date, "MMM dd, yyyy");
  return row.time ? `${day}, ${row.time}` : day;
}

export function EventsTable({
  rows,
  loadFailed,
  onEdit,
}: {
  rows: readonly EventRow[];
  loadFailed: string | null;
  onEdit: (row: EventRow) => void;
}) {
  const columns: DataTableColumn<EventRow>[] = [
    {
      id: "title",
      header: "Title",
      cell: (row) => (
        <div className="min-w-0">
          <p className="break-words font-medium text-foreground">{row.title}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground sm:hidden">
            <span>{dateText(row)}</span>
            <span>
              {row.venue}, {row.city}
            </span>
            {row.isFeatured && <FeaturedStar featured />}
          </p>
        </div>
      ),
    },
    {
      id: "date",
      header: "Date",
      hideOnMobile: true,
      className: "whitespace-nowrap",
      cell: (row) => (
        <>
          <span className="text-foreground">{formatEventDate(row.date, "MMM dd, yyyy")}</span>
          {row.time && <span className="block text-xs text-muted-foreground">{row.time}</span>}
        </>
      ),
    },
    {
      id: "place",
      header: "Venue/City",
      hideOnMobile: true,
      cell: (row) => (
        <>
          <span className="block text-foreground">{row.venue}</span>
          <span className="block text-xs text-muted-foreground">{row.city}</span>
        </>
      ),
    },
    { id: "status", header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
    {
      id: "featured",
      header: "Featured",
      hideOnMobile: true,
      className: "text-center",
      cell: (row) => <FeaturedStar featured={row.isFeatured} />,
    },
  ];

  return (
    <DataTable
      caption="Events"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      emptyMessage={EVENT_TEXT.empty}
      loadFailed={loadFailed}
      rowActions={(row) => (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit "${row.title}"`}
            title={`Edit "${row.title}"`}
            onClick={() => onEdit(row)}
          >
            <Pencil aria-hidden />
          </Button>
          <ConfirmDeleteButton
            id={row.id}
            label={`Delete "${row.title}"`}
            title={EVENT_TEXT.deleteTitle}
            description={EVENT_TEXT.deleteConfirm}
          />
        </>
      )}
    />
  );
}
