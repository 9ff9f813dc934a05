/**
 * The photo gallery as a declaration (admin spec §2 "/admin/photo-gallery shows a form
 * plus a list"; the home editor's "photo manager: list, add, edit, delete, reorder"):
 * the list with thumbnail, title, alt text, the Active and Featured switches, edit,
 * delete ("Delete Photo") and up/down reordering; and the form's fields (§3
 * photo_gallery, §5 "Photo" and "Files"): title and alt text (both required), the image
 * (an address, or a file checked by the upload field with the spec's "File too large" /
 * "Invalid file type" messages), the order (blank becomes 0) and the Active and Featured
 * switches. An uploaded file's width and height travel in hidden fields, tied to the
 * address they were measured on. The home editor posts to this screen's action.
 */
import { Star } from "lucide-react";
import { CollectionManager } from "~/components/admin/kit/collection-manager";
import { defineCollectionScreen } from "~/components/admin/kit/collection-screen";
import { flagColumn, orderColumn, type DataTableColumn } from "~/components/admin/kit/data-table";
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import {
  PHOTO_DEFAULTS,
  PHOTO_TEXT,
  photoCreateSchema,
  photoUpdateSchema,
} from "~/domain/content/photos/photo-form";
import { uploadFormatsAndLimit } from "~/domain/media/uploads";
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

const rowLabel = (row: PhotoRow) => row.title;

export const FEATURED_HINT =
  "Only photos that are Featured (and Active) appear on the home page, in this list's order.";

export const PHOTO_ORDER_HINT =
  "Lower numbers show first; 0 or blank puts the photo after the numbered ones.";

const PHOTO_FIELDS: readonly FieldConfig[] = [
  { kind: "text", name: "title", label: "Title", required: true, half: true, maxLength: 200 },
  {
    kind: "text",
    name: "altText",
    label: "Alt text",
    required: true,
    half: true,
    maxLength: 300,
    hint: "What the photo shows, for people who cannot see it.",
  },
  {
    kind: "upload",
    name: "imageUrl",
    label: "Image",
    uploadKind: "photo",
    allowUrl: true,
    hint: `Upload a ${uploadFormatsAndLimit("photo")}, or paste an https:// address.`,
    onUploaded: (file, form) => {
      form.set("width", file.width ? String(file.width) : "");
      form.set("height", file.height ? String(file.height) : "");
      form.set("dimensionsFor", file.url);
    },
  },
  {
    kind: "switch",
    name: "isActive",
    label: "Active",
    defaultValue: PHOTO_DEFAULTS.isActive,
    half: true,
    hint: "Hidden photos stay here but leave the site.",
  },
  {
    kind: "switch",
    name: "isFeatured",
    label: "Featured",
    defaultValue: PHOTO_DEFAULTS.isFeatured,
    half: true,
    hint: FEATURED_HINT,
  },
  {
    kind: "number",
    name: "orderIndex",
    label: "Order",
    min: 0,
    step: 1,
    defaultValue: PHOTO_DEFAULTS.orderIndex,
    half: true,
    hint: PHOTO_ORDER_HINT,
  },
];

const COLUMNS: DataTableColumn<PhotoRow>[] = [
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
  orderColumn(),
  flagColumn("isActive", "Active", { rowLabel }),
  flagColumn("isFeatured", "Featured", { rowLabel }),
];

const PHOTO_GALLERY_SCREEN = defineCollectionScreen<PhotoRow>({
  title: "Photo Gallery",
  addLabel: "Add Photo",
  list: { title: "Photos", caption: "Gallery photos" },
  texts: PHOTO_TEXT,
  rowLabel,
  columns: COLUMNS,
  reorder: { header: "Move" },
  form: {
    fields: PHOTO_FIELDS,
    titles: ["Add Photo", "Edit Photo"],
    addFormLabel: "Add a photo",
    description:
      "Upload a picture or paste its address; give it a title and a description for people who cannot see it.",
    submitLabels: ["Add Photo", "Update Photo"],
    extra: (editing) => (
      <>
        {/* The uploaded picture's size, and the address it belongs to (set on upload). */}
        <input type="hidden" name="width" defaultValue={editing?.width ?? ""} />
        <input type="hidden" name="height" defaultValue={editing?.height ?? ""} />
        <input type="hidden" name="dimensionsFor" defaultValue={editing?.imageUrl ?? ""} />
      </>
    ),
  },
});

export interface PhotoManagerProps {
  photos: readonly PhotoRow[];
  /** The list could not be read: this message stands in for the rows. */
  loadFailed?: string | null;
  /** Where the form and the list post; the current route's action when left out. */
  action?: string;
  className?: string;
}

export function PhotoManager({ photos, loadFailed = null, action, className }: PhotoManagerProps) {
  return (
    <CollectionManager
      screen={PHOTO_GALLERY_SCREEN}
      list={{ rows: photos, loadFailed }}
      schemas={{ create: photoCreateSchema, update: photoUpdateSchema }}
      action={action}
      formFirst
      className={className}
    />
  );
}
