/**
 * The media screen's table: Title, Type, Platform, Featured, Visible, Actions (edit,
 * delete after confirming), with the spec's empty message.
 */
import { ExternalLink, Image as ImageIcon, Pencil, Play } from "lucide-react";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { RowToggle } from "~/components/admin/kit/row-toggle";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { variantUrl } from "~/domain/image-variants";
import { MEDIA_ITEM_TEXT, type MediaItemFlag } from "~/domain/media-item";
import { mediaTypeLabel } from "./media-item-fields";

/** A media item as the screen's loader hands it over (the dialog edits these fields). */
export interface MediaItemRow {
  id: string;
  title: string;
  description: string | null;
  type: string;
  url: string;
  thumbnailUrl: string | null;
  platform: string | null;
  isFeatured: boolean;
  isVisible: boolean;
}

const TYPE_ICONS = { photo: ImageIcon, video: Play, social: ExternalLink } as const;

/** A small picture for the row: the photo itself, or the thumbnail of a video or post. */
function previewOf(row: MediaItemRow): string | null {
  const candidate = row.type === "photo" ? row.url : row.thumbnailUrl;
  if (!candidate || !/^(\/(?!\/)|https:\/\/)/.test(candidate)) return null;
  // Our own images come in small variants: no full-size photo for a 44 px square.
  return variantUrl(candidate, 480, "webp") ?? candidate;
}

function flagToggle(row: MediaItemRow, flag: MediaItemFlag, label: string) {
  return <RowToggle id={row.id} flag={flag} checked={row[flag]} label={`${label}: ${row.title}`} />;
}

export function MediaItemsTable({
  rows,
  loadFailed,
  onEdit,
}: {
  rows: readonly MediaItemRow[];
  loadFailed: string | null;
  onEdit: (row: MediaItemRow) => void;
}) {
  const columns: DataTableColumn<MediaItemRow>[] = [
    {
      id: "title",
      header: "Title",
      cell: (row) => {
        const preview = previewOf(row);
        const Icon = TYPE_ICONS[row.type as keyof typeof TYPE_ICONS] ?? ImageIcon;
        return (
          <div className="flex min-w-0 items-center gap-3">
            <span className="hidden size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border/60 bg-muted sm:flex">
              {preview ? (
                <img
                  src={preview}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              ) : (
                <Icon aria-hidden className="size-4 text-muted-foreground" />
              )}
            </span>
            <div className="min-w-0">
              <p className="break-words font-medium text-foreground">{row.title}</p>
              {row.description && (
                <p className="line-clamp-1 text-xs text-muted-foreground">{row.description}</p>
              )}
            </div>
          </div>
        );
      },
    },
    {
      id: "type",
      header: "Type",
      hideOnMobile: true,
      cell: (row) => (
        <Badge variant={row.type === "video" ? "gold" : "muted"}>{mediaTypeLabel(row.type)}</Badge>
      ),
    },
    {
      id: "platform",
      header: "Platform",
      hideOnMobile: true,
      cell: (row) =>
        row.platform ?? (
          <span className="text-muted-foreground">
            <span aria-hidden>—</span>
            <span className="sr-only">None</span>
          </span>
        ),
    },
    {
      id: "featured",
      header: "Featured",
      // A phone keeps Visible and the actions in view; Featured is in the edit dialog too.
      hideOnMobile: true,
      cell: (row) => flagToggle(row, "isFeatured", "Featured"),
    },
    { id: "visible", header: "Visible", cell: (row) => flagToggle(row, "isVisible", "Visible") },
  ];

  return (
    <DataTable
      caption="Media items"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      emptyMessage={MEDIA_ITEM_TEXT.empty}
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
            title={MEDIA_ITEM_TEXT.deleteTitle}
            description={MEDIA_ITEM_TEXT.deleteConfirm}
          />
        </>
      )}
    />
  );
}
