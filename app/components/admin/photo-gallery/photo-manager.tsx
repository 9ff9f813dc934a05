/**
 * The photo manager (admin spec §2 "/admin/photo-gallery shows a form plus a list";
 * the home editor's "photo manager: list, add, edit, delete, reorder"): the one form
 * that adds a photo, or edits the row whose Edit button was pressed, and the list with
 * thumbnail, title, alt text, the Active and Featured switches, edit, delete ("Delete
 * Photo") and up/down reordering. The home editor renders the same manager and posts
 * to the photo-gallery screen's action (`action`).
 */
import { useId } from "react";
import { Pencil, Star } from "lucide-react";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { EntityInlineForm } from "~/components/admin/kit/entity-inline-form";
import { RowToggle } from "~/components/admin/kit/row-toggle";
import { useInlineEdit } from "~/components/admin/featured-videos/use-inline-edit";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PHOTO_TEXT, photoCreateSchema, photoUpdateSchema } from "~/domain/photo";
import { cn } from "~/lib/cn";
import { PHOTO_FIELDS } from "./photo-fields";
import { PhotoThumbnail } from "./photo-thumbnail";

/** A gallery photo as the manager shows it. */
export interface PhotoRow {
  id: string;
  title: string;
  altText: string;
  imageUrl: string;
  width: number | null;
  height: number | null;
  orderIndex: number;
  isActive: boolean;
  isFeatured: boolean;
}

/** A stored photo as the manager shows it (no timestamps over the wire). */
export function toPhotoRow(photo: PhotoRow): PhotoRow {
  const { id, title, altText, imageUrl, width, height, orderIndex, isActive, isFeatured } = photo;
  return { id, title, altText, imageUrl, width, height, orderIndex, isActive, isFeatured };
}

export interface PhotoManagerProps {
  photos: readonly PhotoRow[];
  /** The list could not be read: this message stands in for the rows. */
  loadFailed?: string | null;
  /** Where the form and the list post; the current route's action when left out. */
  action?: string;
  className?: string;
}

export function PhotoManager({ photos, loadFailed, action, className }: PhotoManagerProps) {
  const formTitleId = useId();
  const edit = useInlineEdit(photos, (photo) => photo.id);
  const editing = edit.editing;

  const columns: DataTableColumn<PhotoRow>[] = [
    {
      id: "thumbnail",
      header: <span className="sr-only">Thumbnail</span>,
      className: "w-24",
      cell: (row) => <PhotoThumbnail key={row.imageUrl} src={row.imageUrl} className="h-12 w-16" />,
    },
    {
      id: "title",
      header: "Title",
      cell: (row) => (
        <div className="min-w-36 max-w-xs">
          <p className="font-medium text-foreground">
            {row.title}
            {row.isFeatured && row.isActive && (
              <Star
                aria-label="On the home page"
                className="ml-1.5 inline size-3.5 fill-primary align-[-2px] text-primary"
              />
            )}
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground sm:hidden">{row.altText}</p>
        </div>
      ),
    },
    {
      id: "alt",
      header: "Alt text",
      hideOnMobile: true,
      cell: (row) => <p className="max-w-64 text-muted-foreground">{row.altText}</p>,
    },
    {
      id: "order",
      header: "Order",
      hideOnMobile: true,
      className: "tabular-nums",
      cell: (row) => row.orderIndex,
    },
    {
      id: "active",
      header: "Active",
      cell: (row) => (
        <RowToggle
          id={row.id}
          flag="isActive"
          checked={row.isActive}
          action={action}
          label={`Active: ${row.title}`}
        />
      ),
    },
    {
      id: "featured",
      header: "Featured",
      cell: (row) => (
        <RowToggle
          id={row.id}
          flag="isFeatured"
          checked={row.isFeatured}
          action={action}
          label={`Featured: ${row.title}`}
        />
      ),
    },
  ];

  return (
    <div className={cn("space-y-8", className)}>
      <div ref={edit.formRef} className="scroll-mt-24">
        <Card aria-labelledby={formTitleId} className="p-5 sm:p-6">
          <h3 id={formTitleId} className="text-xl leading-tight">
            {editing ? "Edit Photo" : "Add Photo"}
          </h3>
          <p className="mt-1 mb-5 text-sm text-muted-foreground">
            {editing ? (
              <>
                Changing <span className="text-foreground">{editing.title}</span>.
              </>
            ) : (
              "Upload a picture or paste its address; give it a title and a description for people who cannot see it."
            )}
          </p>
          <EntityInlineForm
            key={editing?.id ?? "new"}
            aria-label={editing ? `Edit "${editing.title}"` : "Add a photo"}
            intent={editing ? "update" : "create"}
            schema={editing ? photoUpdateSchema : photoCreateSchema}
            fields={PHOTO_FIELDS}
            defaultValues={editing ?? undefined}
            submitLabel={editing ? "Update Photo" : "Add Photo"}
            action={action}
            onCancel={editing ? edit.stopEdit : undefined}
            onSaved={editing ? edit.stopEdit : undefined}
          >
            {/* The uploaded picture's size, and the address it belongs to (set on upload). */}
            <input type="hidden" name="width" defaultValue={editing?.width ?? ""} />
            <input type="hidden" name="height" defaultValue={editing?.height ?? ""} />
            <input type="hidden" name="dimensionsFor" defaultValue={editing?.imageUrl ?? ""} />
          </EntityInlineForm>
        </Card>
      </div>

      <DataTable
        caption="Gallery photos"
        columns={columns}
        rows={photos}
        getRowId={(row) => row.id}
        emptyMessage={PHOTO_TEXT.empty}
        loadFailed={loadFailed}
        reorder={{ label: (row) => row.title, action, header: "Move" }}
        rowActions={(row) => (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit "${row.title}"`}
              title={`Edit "${row.title}"`}
              onClick={() => edit.startEdit(row)}
            >
              <Pencil aria-hidden />
            </Button>
            <ConfirmDeleteButton
              id={row.id}
              action={action}
              label={`Delete "${row.title}"`}
              title={PHOTO_TEXT.deleteTitle}
              description={PHOTO_TEXT.deleteConfirm}
            />
          </>
        )}
      />
    </div>
  );
}
