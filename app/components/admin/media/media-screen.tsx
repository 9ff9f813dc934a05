/**
 * The media screen's list as a declaration (admin spec §2 "Manage media", §3
 * media_items, §5 "Media item"): the table, Title, Type, Platform, Featured, Visible,
 * Actions (edit, delete after confirming), with the spec's empty message; and the
 * dialog's fields. The item's address is a link or an uploaded file; a picked video
 * file makes the item a video (anything else a photo) and gives an empty title the
 * file's name.
 */
import { ExternalLink, Image as ImageIcon, Play } from "lucide-react";
import { defineCollectionScreen } from "~/components/admin/kit/collection-screen";
import { Thumbnail, TitleCell } from "~/components/admin/kit/row-parts";
import { flagColumn, type DataTableColumn } from "~/components/admin/kit/data-table";
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { Badge } from "~/components/ui/badge";
import { variantUrl } from "~/domain/media/image-variants";
import { uploadFormatsAndLimit } from "~/domain/media/uploads";
import {
  MEDIA_ITEM_DEFAULTS,
  MEDIA_ITEM_TEXT,
  MEDIA_TYPES,
  type MediaType,
} from "~/domain/content/media-page/media-item";
import { mediaTypeOfFile, titleFromFileName } from "./media-file";
import type { MediaItemRow } from "~/domain/content/media-page/public-media-item";

export type { MediaItemRow };

const TYPE_ICONS = { photo: ImageIcon, video: Play, social: ExternalLink } as const;

/** A small picture for the row: the photo itself, or the thumbnail of a video or post. */
function previewOf(row: MediaItemRow): string | null {
  const candidate = row.type === "photo" ? row.url : row.thumbnailUrl;
  if (!candidate || !/^(\/(?!\/)|https:\/\/)/.test(candidate)) return null;
  // Our own images come in small variants: no full-size photo for a 44 px square.
  return variantUrl(candidate, 480, "webp") ?? candidate;
}

/** A stored item as the screen shows it (no timestamps over the wire). */
export function toMediaItemRow(item: MediaItemRow): MediaItemRow {
  const { id, title, description, type, url, thumbnailUrl, platform, isFeatured, isVisible } = item;
  return { id, title, description, type, url, thumbnailUrl, platform, isFeatured, isVisible };
}

const rowLabel = (row: MediaItemRow) => row.title;

const TYPE_LABELS: Record<MediaType, string> = {
  photo: "Photo",
  video: "Video",
  social: "Social",
};

function mediaTypeLabel(type: string): string {
  return TYPE_LABELS[type as MediaType] ?? type;
}

const MEDIA_ITEM_FIELDS: readonly FieldConfig[] = [
  { kind: "text", name: "title", label: "Title", required: true, autoComplete: "off" },
  {
    kind: "textarea",
    name: "description",
    label: "Description",
    rows: 3,
    hint: "Optional, up to 500 characters.",
  },
  {
    kind: "select",
    name: "type",
    label: "Type",
    required: true,
    half: true,
    defaultValue: MEDIA_ITEM_DEFAULTS.type,
    options: MEDIA_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
  },
  {
    kind: "text",
    name: "platform",
    label: "Platform",
    half: true,
    placeholder: "e.g., YouTube, Instagram",
    autoComplete: "off",
  },
  {
    kind: "upload",
    name: "url",
    label: "URL",
    uploadKind: "image",
    alsoAccept: ["video"],
    allowUrl: true,
    hint: `A link (a video page, a post, an image address), or a file: a photo (${uploadFormatsAndLimit("image")}) or a video (${uploadFormatsAndLimit("video")}).`,
    onFileSelected: (file, form) => {
      if (form.get("title").trim() === "") form.set("title", titleFromFileName(file.name));
      form.set("type", mediaTypeOfFile(file.type));
    },
    // The server read the file's content: its verdict on photo or video is the last word.
    onUploaded: (file, form) => form.set("type", mediaTypeOfFile(file.contentType)),
  },
  {
    kind: "upload",
    name: "thumbnailUrl",
    label: "Thumbnail URL",
    uploadKind: "image",
    allowUrl: true,
    defaultMode: "url",
    hint: "Optional: the picture shown for a video or a social post.",
  },
  {
    kind: "switch",
    name: "isFeatured",
    label: "Featured",
    half: true,
    defaultValue: MEDIA_ITEM_DEFAULTS.isFeatured,
  },
  {
    kind: "switch",
    name: "isVisible",
    label: "Visible",
    half: true,
    defaultValue: MEDIA_ITEM_DEFAULTS.isVisible,
  },
];

const COLUMNS: DataTableColumn<MediaItemRow>[] = [
  {
    id: "title",
    header: "Title",
    cell: (row) => {
      const preview = previewOf(row);
      const Icon = TYPE_ICONS[row.type as keyof typeof TYPE_ICONS] ?? ImageIcon;
      return (
        <TitleCell
          title={row.title}
          thumbnail={
            <Thumbnail
              src={preview}
              className="hidden size-11 sm:flex"
              fallback={<Icon aria-hidden className="size-4" />}
            />
          }
        >
          {row.description && (
            <p className="line-clamp-1 text-xs text-muted-foreground">{row.description}</p>
          )}
        </TitleCell>
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
  // A phone keeps Visible and the actions in view; Featured is in the edit dialog too.
  flagColumn("isFeatured", "Featured", { rowLabel, hideOnMobile: true }),
  flagColumn("isVisible", "Visible", { rowLabel }),
];

export const MEDIA_SCREEN = defineCollectionScreen<MediaItemRow>({
  title: "Manage Media",
  description: "The photos, videos and social posts of the media page, and the words above them.",
  addLabel: "Add Media Item",
  list: {
    title: "Media items",
    description: "Newest first, as on the media page. Hidden items stay here but not on the site.",
    caption: "Media items",
  },
  texts: MEDIA_ITEM_TEXT,
  rowLabel,
  columns: COLUMNS,
  form: { fields: MEDIA_ITEM_FIELDS, submitLabels: ["Create Media Item", "Save Changes"] },
});
