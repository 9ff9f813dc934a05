/**
 * The shop screen as a declaration (admin spec §2 "Manage shop"): the table, in
 * order_index order with up/down buttons, the image, title and category, price with 2
 * decimals or 'Free', stock, the first 3 tags then '+N', the Visible and Featured
 * switches, edit and delete; and the dialog's fields (§3 shop_items, §5 "Shop item"),
 * every column the artist edits. The image is an address or an uploaded picture (a
 * typed address is checked by the server, see ImageUrlStatus); the format (the
 * medium's name) shows for the categories that have a medium; the PDF is uploaded as a
 * private file or given as an address; the download settings show for sheet music,
 * digital music and any item with a PDF.
 */
import { Link } from "react-router";
import { FileText, Package } from "lucide-react";
import { defineCollectionScreen } from "~/components/admin/kit/collection-screen";
import { Thumbnail, TitleCell } from "~/components/admin/kit/row-parts";
import { flagColumn, type DataTableColumn } from "~/components/admin/kit/data-table";
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { Badge } from "~/components/ui/badge";
import { isOwnUploadPath } from "~/domain/core/file-reference";
import {
  LOW_STOCK_THRESHOLD,
  attentionStock,
  stockLevel,
  type StockFilter,
} from "~/domain/shop/stock/stock";
import { variantUrl } from "~/domain/media/image-variants";
import {
  SHOP_ITEM_TEXT,
  formatShopPrice,
  shopCategoryLabel,
  visibleTags,
  formValidationDescription,
  DOWNLOAD_EXPIRY_DAYS_DEFAULT,
  DOWNLOAD_EXPIRY_DAYS_MAX,
  DOWNLOAD_EXPIRY_DAYS_MIN,
  DOWNLOAD_LIMIT_DEFAULT,
  DOWNLOAD_LIMIT_MAX,
  DOWNLOAD_LIMIT_MIN,
  SHOP_CATEGORY_LABELS,
  FORMAT_MAX_LENGTH,
  SHOP_ITEM_CATEGORIES,
  DIGITAL_TWIN_TEXT,
  carriesDigitalTwin,
  formatHint,
  namesFormat,
  showsDownloadSettings,
} from "~/domain/shop/catalogue/shop-item-form";
import { allowsNameYourPrice } from "~/domain/shop/catalogue/name-your-price";
import { formatReleaseDate, preorderCountLabel } from "~/domain/shop/catalogue/preorder";
import { toast } from "~/lib/toast";
import { ImageUrlStatus } from "./image-url-status";
import { OptionsEditor, type AdminVariant } from "./options-editor";
import { variantLabel, type ItemOption } from "~/domain/shop/catalogue/item-variant";

/** A shop item as the screen's loader hands it over (the dialog edits these fields). */
export interface ShopItemRow {
  id: string;
  title: string;
  description: string | null;
  category: string;
  format: string | null;
  price: number | null;
  /** Name your price: the least a buyer pays; null at a fixed price. */
  minimumPrice: number | null;
  /** The dialog's switch: whether the item has a minimum. */
  nameYourPrice: boolean;
  imageUrl: string | null;
  pdfFileUrl: string | null;
  bandcampUrl: string | null;
  externalUrl: string | null;
  tags: string[];
  isVisible: boolean;
  isFeatured: boolean;
  inventoryCount: number | null;
  downloadLimit: number;
  downloadExpiryDays: number;
  orderIndex: number;
  purchaseCount: number;
  /** A record's digital twin: the item whose download code comes with it. */
  digitalTwinId: string | null;
  /** Issue 24: the item's options and its variants (inventoryCount is then their total). */
  options: ItemOption[];
  variantRows: AdminVariant[];
  /** Pre-orders (issue 24): the release day, yyyy-MM-dd; null: on sale as usual. */
  releaseDate: string | null;
  /** Paid pre-orders still waiting for the release day. */
  preorderCount: number;
}

/** An item that can be a record's digital twin, as the dialog's list offers it. */
export interface TwinChoice {
  id: string;
  title: string;
}

function thumbnailOf(imageUrl: string | null): string | null {
  if (!imageUrl) return null;
  if (isOwnUploadPath(imageUrl)) return variantUrl(imageUrl, 480, "webp") ?? imageUrl;
  return imageUrl.startsWith("https://") ? imageUrl : null;
}

function None() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <None />;
  const { shown, more } = visibleTags(tags);
  return (
    <ul className="flex max-w-56 flex-wrap gap-1" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="muted">{tag}</Badge>
        </li>
      ))}
      {more && (
        <li>
          <Badge variant="gold" title={tags.slice(3).join(", ")}>
            <span aria-hidden>{more}</span>
            <span className="sr-only">and {tags.length - 3} more</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

/** A product's stock: the number, and "Low" or "Out of stock" by the shop's one rule. */
function StockCell({ row }: { row: ShopItemRow }) {
  // With variants the number is their total, and the badge the scarcest one's level.
  const level = stockLevel(attentionStock(row, row.variantRows));
  if (level === "untracked") {
    return <span className="whitespace-nowrap text-muted-foreground">Not tracked</span>;
  }
  const soldOut = row.variantRows.filter((v) => v.inventoryCount === 0);
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span className={level === "in" ? undefined : "text-primary"}>{row.inventoryCount}</span>
      {level === "low" && <Badge variant="gold">Low</Badge>}
      {level === "out" && (
        <Badge variant="destructive">
          {soldOut.length === 0 || soldOut.length === row.variantRows.length
            ? "Out of stock"
            : soldOut.length === 1
              ? `${variantLabel(soldOut[0]!.optionValues)} sold out`
              : `${soldOut.length} variants sold out`}
        </Badge>
      )}
    </span>
  );
}

/** A pre-order's release day and its paid pre-orders (issue 24), under the title. */
function PreorderNote({ row }: { row: ShopItemRow }) {
  if (!row.releaseDate && row.preorderCount === 0) return null;
  return (
    <p
      className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted-foreground"
      data-testid="preorder-note"
    >
      {row.releaseDate && <span>Release date {formatReleaseDate(row.releaseDate)}</span>}
      <span>
        <Badge variant={row.preorderCount > 0 ? "gold" : "muted"}>
          {preorderCountLabel(row.preorderCount)}
        </Badge>
      </span>
    </p>
  );
}

const rowLabel = (row: ShopItemRow) => row.title;

const COLUMNS: DataTableColumn<ShopItemRow>[] = [
  {
    id: "title",
    header: "Product",
    cell: (row) => {
      const thumbnail = thumbnailOf(row.imageUrl);
      return (
        <TitleCell
          title={row.title}
          thumbnail={
            <Thumbnail
              src={thumbnail}
              className="hidden size-11 sm:flex"
              fallback={<Package aria-hidden className="size-4" />}
            />
          }
        >
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            {shopCategoryLabel(row.category)}
            {row.format && namesFormat(row.category) && ` · ${row.format}`}
            {/* A phone has no Price column: the price goes under the title. */}
            <span className="text-foreground/90 tabular-nums sm:hidden">
              {formatShopPrice(row.price, row.minimumPrice)}
            </span>
            {row.pdfFileUrl && (
              <span className="inline-flex items-center gap-1">
                <FileText aria-hidden className="size-3" /> PDF
              </span>
            )}
          </p>
          <PreorderNote row={row} />
        </TitleCell>
      );
    },
  },
  {
    id: "price",
    header: "Price",
    hideOnMobile: true,
    className: "whitespace-nowrap tabular-nums",
    cell: (row) => formatShopPrice(row.price, row.minimumPrice),
  },
  {
    // Shown on a phone too: the dashboard's stock figures open this list (issue 26 item 7).
    id: "stock",
    header: "Stock",
    className: "tabular-nums",
    cell: (row) => <StockCell row={row} />,
  },
  {
    id: "tags",
    header: "Tags",
    hideOnMobile: true,
    cell: (row) => <TagList tags={row.tags} />,
  },
  // A phone keeps the price and the actions in view; both switches are in the dialog too.
  flagColumn("isVisible", "Visible", { rowLabel, hideOnMobile: true }),
  flagColumn("isFeatured", "Featured", { rowLabel, hideOnMobile: true }),
];

const text = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

const withDownloads = (values: Record<string, string | string[]>) =>
  showsDownloadSettings({ category: text(values.category), pdfFileUrl: text(values.pdfFileUrl) });

/** Where the digital twin's select goes; its options are the shop's own items (twinField). */
const TWIN_FIELD_SLOT = {
  kind: "select",
  name: "digitalTwinId",
  label: DIGITAL_TWIN_TEXT.label,
  hint: DIGITAL_TWIN_TEXT.hint,
  options: [],
  showWhen: (values) => carriesDigitalTwin(text(values.category)),
} satisfies FieldConfig;

function twinField(choices: readonly TwinChoice[]): FieldConfig {
  return {
    ...TWIN_FIELD_SLOT,
    options: [
      { value: "", label: DIGITAL_TWIN_TEXT.none },
      ...choices.map((choice) => ({ value: choice.id, label: choice.title })),
    ],
  };
}

const SHOP_ITEM_FIELDS: readonly FieldConfig[] = [
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
    note: (values) =>
      values.nameYourPrice === "true"
        ? "The suggested price: what a fan's amount starts at."
        : "Required above $0, except for free content.",
  },
  {
    kind: "switch",
    name: "nameYourPrice",
    label: "Name your price",
    half: true,
    defaultValue: false,
    hint: "Fans choose what to pay, from a minimum.",
    showWhen: (values) => allowsNameYourPrice(text(values.category)),
  },
  {
    kind: "number",
    name: "minimumPrice",
    label: "Minimum price (USD)",
    half: true,
    min: 0,
    step: 0.01,
    placeholder: "0.00",
    hint: "0: free, or pay what you want.",
    showWhen: (values) =>
      allowsNameYourPrice(text(values.category)) && values.nameYourPrice === "true",
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
  TWIN_FIELD_SLOT,
  { kind: "url", name: "bandcampUrl", label: "Bandcamp URL", half: true, placeholder: "https://" },
  { kind: "url", name: "externalUrl", label: "External URL", half: true, placeholder: "https://" },
  {
    kind: "date",
    name: "releaseDate",
    label: "Release date",
    half: true,
    hint: "Pre-order: buyers pay now and get it on this day. Leave blank when it is out.",
  },
  {
    kind: "number",
    name: "inventoryCount",
    label: "Inventory count",
    half: true,
    min: 0,
    step: 1,
    hint: "Leave blank when stock is not tracked. Items with options count stock per variant.",
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

export const SHOP_SCREEN = defineCollectionScreen<ShopItemRow>({
  title: "Manage Shop",
  description:
    "The products of the shop page, in the order visitors see them: prices, stock, downloads and tags.",
  addLabel: "Add Product",
  list: {
    title: "Products",
    description:
      "Move a product up or down to change its place on the shop page. Hidden products stay here but not in the shop.",
    caption: "Shop items",
  },
  texts: SHOP_ITEM_TEXT,
  rowLabel,
  columns: COLUMNS,
  reorder: { header: "Move" },
  form: {
    fields: SHOP_ITEM_FIELDS,
    submitLabels: ["Create Product", "Update Product"],
    description: (editing) =>
      editing
        ? `Changing “${editing.title}”. A new price or stock applies to orders started after saving; orders already under way keep theirs.`
        : "A product for the shop page.",
    extra: (editing) => (
      <>
        {editing && (
          <input
            type="hidden"
            name="inventoryCountSeen"
            value={
              editing.inventoryCount === null || editing.options.length
                ? ""
                : String(editing.inventoryCount)
            }
          />
        )}
        <OptionsEditor
          key={editing?.id ?? "new"}
          category={editing?.category ?? ""}
          options={editing?.options ?? []}
          variants={editing?.variantRows ?? []}
        />
      </>
    ),
    onInvalid: (errors) =>
      toast.error(SHOP_ITEM_TEXT.validationFailedTitle, {
        description: formValidationDescription(Object.keys(errors).length),
      }),
  },
});

const STOCK_LISTS: Record<StockFilter, { title: string; about: string; empty: string }> = {
  low: {
    title: "Products low on stock",
    about: `Products on sale with 1 to ${LOW_STOCK_THRESHOLD} left: the shop tells visitors "Only N left".`,
    empty: `No product on sale has ${LOW_STOCK_THRESHOLD} or fewer left.`,
  },
  out: {
    title: "Products out of stock",
    about: "Products on sale with none left: the shop shows them as out of stock.",
    empty: "No product on sale is out of stock.",
  },
};

/**
 * The shop screen, or its list narrowed to the products a dashboard stock figure counts
 * (?stock=low, ?stock=out): titled for them, with a way back to every product, and no
 * up/down buttons (a place in a part of the list is not a place on the shop page).
 */
export function shopScreenFor(stock: StockFilter | null, twins: readonly TwinChoice[] = []) {
  const fields = SHOP_ITEM_FIELDS.map((field) =>
    field === TWIN_FIELD_SLOT ? twinField(twins) : field,
  );
  const screen = defineCollectionScreen<ShopItemRow>({
    ...SHOP_SCREEN,
    form: { ...SHOP_SCREEN.form!, fields },
  });
  if (!stock) return screen;
  const list = STOCK_LISTS[stock];
  return defineCollectionScreen<ShopItemRow>({
    ...screen,
    reorder: undefined,
    list: {
      ...SHOP_SCREEN.list,
      title: list.title,
      description: (
        <>
          {list.about}{" "}
          <Link
            to="/admin/shop"
            className="inline-flex min-h-6 items-center text-primary underline underline-offset-4"
          >
            Show all products
          </Link>
        </>
      ),
    },
    texts: { ...SHOP_SCREEN.texts, empty: list.empty },
  });
}
