/**
 * The media item dialog's fields (admin spec §3 media_items, §5 "Media item"): the
 * item's address is a link or an uploaded file; a picked video file makes the item a
 * video (anything else a photo) and gives an empty title the file's name.
 */
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { MEDIA_ITEM_DEFAULTS, MEDIA_TYPES, type MediaType } from "~/domain/media-item";
import { mediaTypeOfFile, titleFromFileName } from "./media-file";

const TYPE_LABELS: Record<MediaType, string> = {
  photo: "Photo",
  video: "Video",
  social: "Social",
};

export function mediaTypeLabel(type: string): string {
  return TYPE_LABELS[type as MediaType] ?? type;
}

export const MEDIA_ITEM_FIELDS: readonly FieldConfig[] = [
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
    hint: "A link (a video page, a post, an image address), or a file: a photo (JPEG, PNG, GIF or WebP, up to 10 MB) or a video (MP4, WebM, OGG, AVI, MOV or WMV, up to 100 MB).",
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
