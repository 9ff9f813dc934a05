/**
 * The LOE screen's Images tab (admin spec §2): Preview, Title (caption cut at 50), Alt
 * Text, Order, Status and Actions (show/hide, edit, delete), up/down reorder, and the
 * Add Image dialog with the LOE image rules (domain/content/loe/loe-image.ts). An uploaded picture's
 * width and height travel with the form, tied to the URL they were measured on.
 */
import { useEffect, useState } from "react";
import { ImageOff } from "lucide-react";
import {
  CollectionSection,
  defineCollectionScreen,
  type EntityDialog,
  type LoadedList,
} from "~/components/admin/kit/collection-screen";
import { orderColumn, type DataTableColumn } from "~/components/admin/kit/data-table";
import { Thumbnail } from "~/components/admin/kit/row-parts";
import { EntityFormDialog, type FieldConfig } from "~/components/admin/kit/entity-form-dialog";
import {
  LOE_IMAGE_TEXT,
  loeImageCreateSchema,
  loeImageUpdateSchema,
} from "~/domain/content/loe/loe-image";
import { IMAGE_CAPTION_PREVIEW, LOE_INTENTS, truncateText } from "./loe-admin";
import { statusColumn } from "./row-parts";
import type { LoeImageRow } from "./types";

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

const COLUMNS: DataTableColumn<LoeImageRow>[] = [
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
  orderColumn(),
  statusColumn(),
];

const LOE_IMAGES_SCREEN = defineCollectionScreen<LoeImageRow>({
  addLabel: "Add Image",
  list: {
    title: "Images",
    description: "The LOE page's Photo Gallery. Hidden images stay here but leave the page.",
    caption: "LOE images",
  },
  texts: LOE_IMAGE_TEXT,
  rowLabel: (row) => row.title,
  columns: COLUMNS,
  reorder: { header: "Move" },
  rowActions: { flag: { flag: "isActive", label: (row) => `Show "${row.title}" on the LOE page` } },
});

export function LoeImagesTab({ images }: { images: LoadedList<LoeImageRow> }) {
  return (
    <CollectionSection
      screen={LOE_IMAGES_SCREEN}
      list={images}
      intents={LOE_INTENTS.image}
      renderDialog={(dialog) => <ImageDialog dialog={dialog} />}
    />
  );
}

function ImageDialog({ dialog }: { dialog: EntityDialog<LoeImageRow> }) {
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
      intent={editing ? LOE_INTENTS.image.update : LOE_INTENTS.image.create}
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
