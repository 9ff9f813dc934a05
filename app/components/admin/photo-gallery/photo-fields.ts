/**
 * The photo form's fields (admin spec §3 photo_gallery, §5 "Photo" and "Files"): title
 * and alt text (both required), the image (an address, or a file checked by the upload
 * field with the spec's "File too large" / "Invalid file type" messages), the order
 * (blank becomes 0) and the Active and Featured switches. An uploaded file's width and
 * height travel in hidden fields, tied to the address they were measured on.
 */
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { PHOTO_DEFAULTS } from "~/domain/photo";

export const FEATURED_HINT =
  "Only photos that are Featured (and Active) appear on the home page, in this list's order.";

export const PHOTO_ORDER_HINT =
  "Lower numbers show first; 0 or blank puts the photo after the numbered ones.";

export const PHOTO_FIELDS: readonly FieldConfig[] = [
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
    hint: "Upload a JPEG, PNG, GIF or WebP up to 10 MB, or paste an https:// address.",
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
