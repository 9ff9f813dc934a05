/**
 * The LOE screen's Images tab (admin spec §2): Preview, Title (caption cut at 50), Alt
 * Text, Order, Status and Actions (show/hide, edit, delete), up/down reorder, and the
 * Add Image dialog with the LOE image rules (domain/loe-image.ts). An uploaded picture's
 * width and height travel with the form, tied to the URL they were measured on.
 */
import { useEffect, useState } from "react";
import { ImageOff } from "lucide-react";
import { AddButton, AdminSection } from "~/components/admin/kit/admin-screen";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import {
  EntityFormDialog,
  useEntityDialog,
  type FieldConfig,
} from "~/components/admin/kit/entity-form-dialog";
import { RowToggle } from "~/components/admin/kit/row-toggle";
import { LOE_IMAGE_TEXT, loeImageCreateSchema, loeImageUpdateSchema } from "~/domain/loe-image";
import { IMAGE_CAPTION_PREVIEW, LOE_INTENTS, truncateText } from "./loe-admin";
import { ActiveBadge, EditButton, Thumbnail } from "./row-parts";
import type { Loaded, LoeImageRow } from "./types";

const intents = LOE_INTENTS.image;

interface Measured {
  width: number | null;
  height: number | null;
  /** The address the size was measured on. */
  for: string | null;
}

function imageFields(editing: boolean, onMeasured: (measured: Measured) => void): FieldConfig[] {
  return [
    { kind: "text", name: "title", label: "Title", required: true, half: true, maxLength: 200 },
    {
      kind: "text",
      name: "altText",
      label: "Alt text",
      required: true,
      half: true,
      maxLength: 300,
      hint: "What the picture shows, for people who cannot see it.",
    },
    { kind: "textarea", name: "caption", label: "Caption", rows: 2 },
    {
      kind: "upload",
      name: "imageUrl",
      label: "Image",
      uploadKind: "image",
      allowUrl: true,
      // A new image starts with the address box (spec §4); an edit shows what it has.
      defaultMode: editing ? undefined : "url",
      hint: "An image address (https://…), or upload a JPEG, PNG, WebP or GIF up to 10 MB.",
      onUploaded: (file) =>
        onMeasured({ width: file.width ?? null, height: file.height ?? null, for: file.url }),
    },
    {
      kind: "number",
      name: "orderIndex",
      label: "Display order",
      min: 0,
      step: 1,
      defaultValue: 0,
      half: true,
      hint: "Lower numbers show first.",
    },
  ];
}

export function LoeImagesTab({ images }: { images: Loaded<LoeImageRow[]> }) {
  const dialog = useEntityDialog<LoeImageRow>();

  const columns: DataTableColumn<LoeImageRow>[] = [
    {
      id: "preview",
      header: "Preview",
      className: "w-24",
      cell: (row) => (
        <Thumbnail
          src={row.imageUrl}
          className="h-12 w-16"
          fallback={<ImageOff aria-hidden className="size-4" />}
        />
      ),
    },
    {
      id: "title",
      header: "Title",
      cell: (row) => (
        <div className="min-w-40">
          <p className="font-medium text-foreground">{row.title}</p>
          {row.caption && (
            <p className="mt-0.5 text-xs text-muted-foreground">
              {truncateText(row.caption, IMAGE_CAPTION_PREVIEW)}
            </p>
          )}
        </div>
      ),
    },
    {
      id: "alt",
      header: "Alt Text",
      hideOnMobile: true,
      className: "max-w-56 text-sm text-muted-foreground",
      cell: (row) => row.altText,
    },
    {
      id: "order",
      header: "Order",
      hideOnMobile: true,
      className: "tabular-nums",
      cell: (row) => row.orderIndex,
    },
    { id: "status", header: "Status", cell: (row) => <ActiveBadge active={row.isActive} /> },
  ];

  return (
    <AdminSection
      title="Images"
      description="The LOE page's Photo Gallery. Hidden images stay here but leave the page."
      action={<AddButton onClick={dialog.openAdd}>Add Image</AddButton>}
    >
      <DataTable
        caption="LOE images"
        columns={columns}
        rows={images.ok ? images.data : []}
        getRowId={(row) => row.id}
        emptyMessage={LOE_IMAGE_TEXT.empty}
        loadFailed={images.ok ? null : images.message}
        reorder={{ label: (row) => row.title, intent: intents.reorder, header: "Move" }}
        rowActions={(row) => (
          <>
            <RowToggle
              id={row.id}
              flag="isActive"
              checked={row.isActive}
              intent={intents.setFlag}
              label={`Show "${row.title}" on the LOE page`}
            />
            <EditButton label={`Edit "${row.title}"`} onClick={() => dialog.openEdit(row)} />
            <ConfirmDeleteButton
              id={row.id}
              intent={intents.delete}
              label={`Delete "${row.title}"`}
              title="Delete Image"
              description={LOE_IMAGE_TEXT.deleteConfirm}
            />
          </>
        )}
      />
      <ImageDialog dialog={dialog} />
    </AdminSection>
  );
}

function ImageDialog({ dialog }: { dialog: ReturnType<typeof useEntityDialog<LoeImageRow>> }) {
  const editing = dialog.editing;
  const stored = (row: LoeImageRow | null): Measured => ({
    width: row?.width ?? null,
    height: row?.height ?? null,
    for: row?.imageUrl ?? null,
  });
  const [measured, setMeasured] = useState<Measured>(() => stored(editing));
  useEffect(() => {
    if (dialog.open) setMeasured(stored(editing));
  }, [dialog.open, editing]);

  return (
    <EntityFormDialog
      {...dialog.dialogProps}
      intent={editing ? intents.update : intents.create}
      title={editing ? "Edit Image" : "Add Image"}
      fields={imageFields(editing !== null, setMeasured)}
      schema={editing ? loeImageUpdateSchema : loeImageCreateSchema}
      submitLabel={editing ? "Update Image" : "Add Image"}
    >
      {/* The uploaded picture's size and the address it belongs to (controlled: React
          would put a hidden input's default value back on the next render). */}
      <input type="hidden" name="width" value={measured.width ?? ""} />
      <input type="hidden" name="height" value={measured.height ?? ""} />
      <input type="hidden" name="dimensionsFor" value={measured.for ?? ""} />
    </EntityFormDialog>
  );
}
