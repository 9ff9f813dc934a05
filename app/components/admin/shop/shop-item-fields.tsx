/**
 * The shop item dialog's fields (admin spec §3 shop_items, §5 "Shop item"): every
 * column the artist edits. The image is an address or an uploaded picture (a typed
 * address is checked by the server, see ImageUrlStatus); the format (the medium's name)
 * shows for the categories that have a medium; the PDF is uploaded as a
 * private file or given as an address; the download settings show for sheet music,
 * digital music and any item with a PDF.
 */
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import {
  DOWNLOAD_EXPIRY_DAYS_DEFAULT,
  DOWNLOAD_EXPIRY_DAYS_MAX,
  DOWNLOAD_EXPIRY_DAYS_MIN,
  DOWNLOAD_LIMIT_DEFAULT,
  DOWNLOAD_LIMIT_MAX,
  DOWNLOAD_LIMIT_MIN,
  SHOP_CATEGORY_LABELS,
  FORMAT_MAX_LENGTH,
  SHOP_ITEM_CATEGORIES,
  formatHint,
  namesFormat,
  showsDownloadSettings,
} from "~/domain/shop-item";
import { ImageUrlStatus } from "./image-url-status";

const text = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

const withDownloads = (values: Record<string, string | string[]>) =>
  showsDownloadSettings({ category: text(values.category), pdfFileUrl: text(values.pdfFileUrl) });

export const SHOP_ITEM_FIELDS: readonly FieldConfig[] = [
  { kind: "text", name: "title", label: "Title", required: true, autoComplete: "off" },
  { kind: "textarea", name: "description", label: "Description", rows: 3 },
  {
    kind: "select",
    name: "category",
    label: "Category",
    required: true,
    half: true,
    placeholder: "Select a category",
    options: SHOP_ITEM_CATEGORIES.map((value) => ({ value, label: SHOP_CATEGORY_LABELS[value] })),
  },
  {
    kind: "number",
    name: "price",
    label: "Price (USD)",
    half: true,
    min: 0,
    step: 0.01,
    placeholder: "0.00",
    hint: "Required above $0, except for free content.",
  },
  {
    kind: "text",
    name: "format",
    label: "Format",
    maxLength: FORMAT_MAX_LENGTH,
    autoComplete: "off",
    note: (values) => formatHint(text(values.category)),
    showWhen: (values) => namesFormat(text(values.category)),
  },
  {
    kind: "upload",
    name: "imageUrl",
    label: "Image",
    uploadKind: "image",
    allowUrl: true,
    defaultMode: "url",
    hint: "An image address, or a JPEG, PNG or WebP under 10 MB.",
    note: (values) => <ImageUrlStatus url={text(values.imageUrl)} />,
  },
  {
    kind: "upload",
    name: "pdfFileUrl",
    label: "PDF file",
    uploadKind: "pdf",
    allowUrl: true,
    defaultMode: "file",
    hint: "Sheet music: a PDF up to 50 MB. Uploaded PDFs are private: buyers get them only through their download links.",
  },
  {
    kind: "number",
    name: "downloadLimit",
    label: "Download limit",
    half: true,
    min: DOWNLOAD_LIMIT_MIN,
    max: DOWNLOAD_LIMIT_MAX,
    step: 1,
    defaultValue: DOWNLOAD_LIMIT_DEFAULT,
    hint: `Digital download: how often a buyer may download (${DOWNLOAD_LIMIT_MIN}–${DOWNLOAD_LIMIT_MAX}).`,
    showWhen: withDownloads,
  },
  {
    kind: "number",
    name: "downloadExpiryDays",
    label: "Link expiry (days)",
    half: true,
    min: DOWNLOAD_EXPIRY_DAYS_MIN,
    max: DOWNLOAD_EXPIRY_DAYS_MAX,
    step: 1,
    defaultValue: DOWNLOAD_EXPIRY_DAYS_DEFAULT,
    hint: `Digital download: days the links work (${DOWNLOAD_EXPIRY_DAYS_MIN}–${DOWNLOAD_EXPIRY_DAYS_MAX}).`,
    showWhen: withDownloads,
  },
  { kind: "url", name: "bandcampUrl", label: "Bandcamp URL", half: true, placeholder: "https://" },
  { kind: "url", name: "externalUrl", label: "External URL", half: true, placeholder: "https://" },
  {
    kind: "number",
    name: "inventoryCount",
    label: "Inventory count",
    half: true,
    min: 0,
    step: 1,
    hint: "Leave blank when stock is not tracked.",
  },
  { kind: "tags", name: "tags", label: "Tags", placeholder: "Add a tag", itemLabel: "tag" },
  {
    kind: "switch",
    name: "isVisible",
    label: "Visible in the shop",
    half: true,
    defaultValue: true,
  },
  { kind: "switch", name: "isFeatured", label: "Featured", half: true, defaultValue: false },
];
