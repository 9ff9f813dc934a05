/**
 * The shop item form (admin spec §3 shop_items, §5 "Shop item", §8 "Shop save", §9).
 * The public side's product rules are in ./product.ts, which public pages import; this
 * module carries zod and is for admin code and the server only.
 *
 * Addresses must be http(s); the image and the PDF may also be files our upload server
 * stored (/uploads/...), and the PDF a private file's storage key (sheet music is never
 * at a public URL).
 */
import { z } from "../../core/zod";
import { isCalendarDay } from "../../content/events/event-form";
import { PREORDER_MESSAGES } from "./preorder";
import { rowFlagSchema } from "../../admin/collection-rows";
import { isOwnUploadPath, isPrivateFileReference, webUrlProblem } from "../../core/file-reference";
import { FORMAT_LABELS, MEDIUM_CATEGORIES } from "./product";
import { allowsNameYourPrice } from "./name-your-price";
import { isStockTrackedCategory } from "../stock/stock";
import { checkVariantsInput, type VariantInput, type VariantsInput } from "./item-variant";
import {
  entryId,
  formBoolean,
  formChoice,
  formText,
  integerInRange,
  nullableText,
  optionalCount,
  readNumber,
  requiredText,
  fileAddress,
} from "../../admin/form-fields";

/** The spec's five categories, and "cd", which the data model and the shop also know. */
export const SHOP_ITEM_CATEGORIES = [
  "digital_music",
  "physical_music",
  "sheet_music",
  "merchandise",
  "free_content",
  "cd",
] as const;
export type ShopItemCategory = (typeof SHOP_ITEM_CATEGORIES)[number];

export const SHOP_CATEGORY_LABELS: Record<ShopItemCategory, string> = {
  digital_music: "Digital Music",
  physical_music: "Physical Music",
  sheet_music: "Sheet Music",
  merchandise: "Merchandise",
  free_content: "Free Content",
  cd: "CD",
};

/** Whether the editor asks for the item's medium: only categories that have one. */
export function namesFormat(category: string): boolean {
  return MEDIUM_CATEGORIES.includes(category);
}

/** The editor's hint under Format, with the label the shop shows when it is blank. */
export function formatHint(category: string): string {
  if (category === "sheet_music") {
    return `The medium as buyers read it, such as "PDF" or "Printed score". Blank: "${FORMAT_LABELS.pdf}" when a PDF is attached, "${FORMAT_LABELS.physical}" otherwise.`;
  }
  return `The medium as buyers read it, such as "Vinyl LP" or "Cassette". Blank: "${FORMAT_LABELS.cd}".`;
}

export function shopCategoryLabel(category: string): string {
  return SHOP_CATEGORY_LABELS[category as ShopItemCategory] ?? category;
}

export const DOWNLOAD_LIMIT_DEFAULT = 5;
export const DOWNLOAD_LIMIT_MIN = 1;
export const DOWNLOAD_LIMIT_MAX = 100;
export const DOWNLOAD_EXPIRY_DAYS_DEFAULT = 30;
export const DOWNLOAD_EXPIRY_DAYS_MIN = 1;
export const DOWNLOAD_EXPIRY_DAYS_MAX = 365;
/** A medium's name ("Vinyl LP") is a short label on a card and a cart line. */
export const FORMAT_MAX_LENGTH = 40;
/** numeric(10, 2): the largest price the table holds. */
export const PRICE_MAX = 99_999_999.99;
/** A typed image URL longer than this is probed with a HEAD request (spec §5). */
export const IMAGE_PROBE_MIN_LENGTH = 10;

/** How long the test-inventory panel's toasts stay (spec §9: 8000 ms, cleanup 5000 ms). */
export const TEST_ITEM_TOAST_MS = 8000;
export const TEST_ITEM_CLEANUP_TOAST_MS = 5000;

/** The item the test-inventory panel inserts, and the title its cleanup matches. */
export const TEST_SHOP_ITEM = {
  title: "Test Physical Item - Low Stock",
  titleMatch: "Test Physical Item",
  category: "physical_music",
  price: 1,
  inventoryCount: 2,
  orderIndex: 999,
} as const;

export const SHOP_ITEM_TEXT = {
  created: "Product Created Successfully",
  updated: "Product Updated Successfully",
  deleteFailed: "Failed to delete shop item",
  reordered: "Items reordered successfully",
  reorderFailed: "Failed to reorder items",
  testItemCreateFailed: "Failed to create test item",
  testItemDeleteFailed: "Failed to delete test item",
  validationFailedTitle: "Form Validation Failed",
  saveFailedTitle: "Save Failed",
  duplicateOnCreate:
    "A product with this information already exists. Please use a different title or modify your data.",
  // The spec elides the rest of this one ("...").
  duplicateOnUpdate:
    "A product with similar information already exists. Please use a different title or modify your data.",
  invalidData: "Invalid data provided. Please check all fields and try again.",
  network: "Network error occurred. Please check your internet connection and try again.",
  timeout:
    "The request timed out. This may be due to large file uploads. Please try again with smaller files.",
  unexpected: "An unexpected error occurred while saving the product. Please try again.",
  imageProbeFailed: "Invalid image URL",
  imageProbeOk: "Valid image URL",
  testItemCreated: "Test item created",
  testItemsDeleted: "Test items deleted",
  fetchFailed: "Failed to fetch shop items",
  empty: "No shop items yet. Add your first product!",
  addTitle: "Add New Product",
  editTitle: "Edit Product",
  // The spec gives no text for these two.
  deleted: "Product deleted successfully",
  deleteConfirm: "Are you sure you want to delete this product?",
  // Not in the spec (it used the browser's own confirm box): the dialog's title.
  deleteTitle: "Delete Product",
} as const;

/** 'You do not have permission to update/create ... Please contact an administrator.' */
export function shopSavePermissionDenied(mode: "create" | "update"): string {
  return `You do not have permission to ${mode} products. Please contact an administrator.`;
}

/** The toast's words under the title 'Form Validation Failed'. */
export function formValidationDescription(count: number): string {
  return `Please fix ${count} error(s) before submitting`;
}

/** The toast when a submit finds errors: 'Form Validation Failed: Please fix N error(s) before submitting'. */
export function formValidationSummary(count: number): string {
  return `${SHOP_ITEM_TEXT.validationFailedTitle}: ${formValidationDescription(count)}`;
}

/** What went wrong with a save, as admin spec §8 "Shop save" tells them apart. */
export type ShopSaveFailure =
  "duplicate" | "invalid-data" | "permission" | "network" | "timeout" | "unexpected";

/** The 'Save Failed' toast's message for a failure of a create or an update. */
export function shopSaveFailureMessage(
  failure: ShopSaveFailure,
  mode: "create" | "update",
): string {
  switch (failure) {
    case "duplicate":
      return mode === "create"
        ? SHOP_ITEM_TEXT.duplicateOnCreate
        : SHOP_ITEM_TEXT.duplicateOnUpdate;
    case "invalid-data":
      return SHOP_ITEM_TEXT.invalidData;
    case "permission":
      return shopSavePermissionDenied(mode);
    case "network":
      return SHOP_ITEM_TEXT.network;
    case "timeout":
      return SHOP_ITEM_TEXT.timeout;
    default:
      return SHOP_ITEM_TEXT.unexpected;
  }
}

/**
 * Which failure an error is: the PostgreSQL codes of spec §8 (23505, 23514, 42501), a
 * refused permission (status 403), a dropped connection, or a time-out; otherwise
 * unexpected.
 */
export function classifyShopSaveError(error: {
  pgCode?: string;
  status?: number;
  code?: string;
  name?: string;
}): ShopSaveFailure {
  if (error.pgCode === "23505") return "duplicate";
  if (error.pgCode === "23514") return "invalid-data";
  if (error.pgCode === "42501" || error.status === 401 || error.status === 403) {
    return "permission";
  }
  if (
    error.name === "TimeoutError" ||
    error.code === "ETIMEDOUT" ||
    error.pgCode === "57014" // query cancelled by statement timeout
  ) {
    return "timeout";
  }
  if (
    ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ENOTFOUND", "EAI_AGAIN"].includes(error.code ?? "") ||
    error.pgCode?.startsWith("08") // connection exceptions
  ) {
    return "network";
  }
  return "unexpected";
}

export const SHOP_ITEM_MESSAGES = {
  titleRequired: "Product title is required and cannot be empty",
  categoryRequired: "Please select a category",
  priceRequired: "Price is required for purchasable items and must be greater than $0",
  priceNotANumber: "Price must be a number",
  priceNegative: "Price cannot be negative",
  priceTooLarge: "Price must be less than $100,000,000",
  sheetMusicNeedsFile: "Sheet music needs a PDF file, a PDF URL or an external link",
  inventoryNegative: "Inventory count cannot be negative",
  inventoryInvalid: "Inventory count must be a whole number",
  downloadLimit: `Download limit must be between ${DOWNLOAD_LIMIT_MIN} and ${DOWNLOAD_LIMIT_MAX}`,
  downloadExpiryDays: `Download expiry must be between ${DOWNLOAD_EXPIRY_DAYS_MIN} and ${DOWNLOAD_EXPIRY_DAYS_MAX} days`,
  formatTooLong: `Format must be ${FORMAT_MAX_LENGTH} characters or fewer`,
  nameYourPriceCategory: "Name your price is for digital music, sheet music and free content",
  minimumRequired: "Enter the minimum price (0 for free, or pay what you want)",
  minimumNotANumber: "Minimum price must be a number",
  minimumNegative: "Minimum price cannot be negative",
  suggestedBelowMinimum: "The suggested price must be above $0 and at least the minimum price",
  freeChoiceNeedsLink:
    "A minimum of 0 needs a Bandcamp URL or an external URL: fans who choose 0 download from there",
  twinUnknown: "Please choose a digital item with a file from the list",
  twinItself: "A record cannot be its own digital twin",
} as const;

/** Records (CD, vinyl) can come with a download code for a digital item: their digital twin. */
export const DIGITAL_TWIN_CATEGORIES = ["cd", "physical_music"] as const;

export function carriesDigitalTwin(category: string): boolean {
  return (DIGITAL_TWIN_CATEGORIES as readonly string[]).includes(category);
}

/** What can be a twin: an item with a file to download that is not itself a record. */
export function canBeDigitalTwin(item: { category: string; pdfFileUrl: string | null }): boolean {
  return (item.pdfFileUrl ?? "").trim() !== "" && !isStockTrackedCategory(item.category);
}

export const DIGITAL_TWIN_TEXT = {
  label: "Digital twin",
  none: "None",
  hint: "Buying this record also mails a download code for the chosen digital item.",
} as const;

const M = SHOP_ITEM_MESSAGES;

/** '{label} must be a valid web address (e.g., {host})' */
export function invalidWebAddressMessage(label: string, example: string): string {
  return `${label} must be a valid web address (e.g., ${example})`;
}

/** '{label} must use HTTP or HTTPS protocol' */
export function httpOnlyMessage(label: string): string {
  return `${label} must use HTTP or HTTPS protocol`;
}

export const SHOP_URL_FIELDS = {
  imageUrl: { label: "Image URL", example: "https://example.com/image.jpg" },
  pdfFileUrl: { label: "PDF URL", example: "https://example.com/sheet-music.pdf" },
  bandcampUrl: { label: "Bandcamp URL", example: "https://artist.bandcamp.com" },
  externalUrl: { label: "External URL", example: "https://example.com" },
} as const;

/** An http(s) address, or blank (null); `accept` lets our own stored files through. */
function shopUrl(
  { label, example }: { label: string; example: string },
  accept: (value: string) => boolean = () => false,
) {
  return formText(invalidWebAddressMessage(label, example))
    .superRefine((v, ctx) => {
      if (v === "" || accept(v)) return;
      const problem = webUrlProblem(v);
      if (problem === "invalid") {
        ctx.addIssue({ code: "custom", message: invalidWebAddressMessage(label, example) });
      } else if (problem === "protocol") {
        ctx.addIssue({ code: "custom", message: httpOnlyMessage(label) });
      }
    })
    .transform((v) => (v === "" ? null : v));
}

// ---------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------

/** Trimmed, blanks dropped; one value or several (repeated form fields). */
export function normaliseTags(raw: string | readonly string[] | null | undefined): string[] {
  const values = raw === null || raw === undefined ? [] : typeof raw === "string" ? [raw] : raw;
  return values.map((t) => t.trim()).filter((t) => t !== "");
}

const tagKey = (tag: string) => tag.toLowerCase();

/** The first tag that appears twice (ignoring case), or null. */
export function duplicateTag(tags: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const tag of tags) {
    if (seen.has(tagKey(tag))) return tag;
    seen.add(tagKey(tag));
  }
  return null;
}

export function duplicateTagMessage(tag: string): string {
  return `The tag "${tag}" has already been added`;
}

/** The tag input's Enter / Add button: trims, ignores a blank tag, refuses a duplicate. */
export function addTag(
  tags: readonly string[],
  input: string,
): { ok: true; tags: string[] } | { ok: false; message: string } {
  const tag = input.trim();
  if (tag === "") return { ok: true, tags: [...tags] };
  if (tags.some((t) => tagKey(t) === tagKey(tag))) {
    return { ok: false, message: duplicateTagMessage(tag) };
  }
  return { ok: true, tags: [...tags, tag] };
}

// ---------------------------------------------------------------------------
// The schema
// ---------------------------------------------------------------------------

const fields = {
  title: requiredText(M.titleRequired),
  description: nullableText(),
  category: formChoice(SHOP_ITEM_CATEGORIES, M.categoryRequired),
  /** Blank: the shop names the medium by the spec's rule ("CD", "Printed"). */
  format: nullableText({ max: [FORMAT_MAX_LENGTH, M.formatTooLong] }),
  /** Checked against the category below: a number, null when blank, NaN when not a number. */
  price: formText(M.priceNotANumber).transform(readNumber),
  /** Name your price (issue 23): the price above is then the suggested one. */
  nameYourPrice: formBoolean(),
  /** With name your price: the least a buyer pays, 0 allowed; ignored without it. */
  minimumPrice: formText(M.minimumNotANumber).transform(readNumber),
  imageUrl: fileAddress(shopUrl(SHOP_URL_FIELDS.imageUrl, isOwnUploadPath)),
  pdfFileUrl: shopUrl(
    SHOP_URL_FIELDS.pdfFileUrl,
    (v) => isOwnUploadPath(v) || isPrivateFileReference(v),
  ),
  bandcampUrl: shopUrl(SHOP_URL_FIELDS.bandcampUrl),
  externalUrl: shopUrl(SHOP_URL_FIELDS.externalUrl),
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform(normaliseTags)
    .superRefine((tags, ctx) => {
      const duplicate = duplicateTag(tags);
      if (duplicate !== null) {
        ctx.addIssue({ code: "custom", message: duplicateTagMessage(duplicate) });
      }
    }),
  isVisible: formBoolean(),
  isFeatured: formBoolean(),
  /** Blank: stock is not tracked. */
  inventoryCount: optionalCount({ invalid: M.inventoryInvalid, negative: M.inventoryNegative }),
  downloadLimit: integerInRange(
    DOWNLOAD_LIMIT_DEFAULT,
    DOWNLOAD_LIMIT_MIN,
    DOWNLOAD_LIMIT_MAX,
    M.downloadLimit,
  ),
  downloadExpiryDays: integerInRange(
    DOWNLOAD_EXPIRY_DAYS_DEFAULT,
    DOWNLOAD_EXPIRY_DAYS_MIN,
    DOWNLOAD_EXPIRY_DAYS_MAX,
    M.downloadExpiryDays,
  ),
  /**
   * The options editor (issue 24): JSON of the options and a row per combination; absent
   * or blank when the editor was not on screen, and then the variants are left alone.
   */
  variants: z
    .string()
    .max(200_000)
    .optional()
    .transform((raw, ctx): VariantsPost | undefined => {
      if (!raw) return undefined;
      const parsed = variantsPostSchema.safeParse(safeJson(raw));
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: VARIANTS_POST_INVALID });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /** A record's digital twin (issue 23); blank: none. The server checks what it names. */
  digitalTwinId: z
    .union([z.literal(""), entryId])
    .optional()
    .transform((v) => v || null),
  /**
   * Pre-orders (issue 24): the release day, yyyy-MM-dd; blank: on sale as usual. A
   * day in the past is refused by the server, which knows the site's today.
   */
  releaseDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isCalendarDay(v), PREORDER_MESSAGES.dateInvalid),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

const VARIANTS_POST_INVALID =
  "The options could not be read. Please reload the page and try again.";

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

const variantsPostSchema = z.object({
  options: z
    .array(z.object({ name: z.string().max(200), values: z.array(z.string().max(200)).max(100) }))
    .max(10),
  variants: z
    .array(
      z.object({
        /** The stored variant the row was opened with, if any. */
        id: z.string().max(100).optional(),
        optionValues: z.array(z.string().max(200)).max(10),
        priceDifference: z.number(),
        sku: z.string().max(500).nullable(),
        inventoryCount: z.number().nullable(),
        /** The stock the dialog opened with, so a change is applied as a difference. */
        seen: z.number().nullable().optional(),
      }),
    )
    .max(1000),
});

/** What the options editor posts. */
export interface VariantsPost extends VariantsInput {
  variants: (VariantInput & { id?: string; seen?: number | null })[];
}

/** The options editor's post, checked (item-variant.ts), with the stock it opened with. */
export function checkVariantsPost(
  post: VariantsPost,
  category: string,
): { ok: true; value: VariantsPost } | { ok: false; message: string } {
  const checked = checkVariantsInput(post, category);
  if (!checked.ok) return checked;
  const seen = new Map(
    post.variants.map((v) => [JSON.stringify(v.optionValues.map((x) => x.trim())), v]),
  );
  return {
    ok: true,
    value: {
      options: checked.value.options,
      variants: checked.value.variants.map((v) => {
        const posted = seen.get(JSON.stringify(v.optionValues));
        return { ...v, seen: posted?.seen };
      }),
    },
  };
}

function priceProblem(category: unknown, price: number | null): string | null {
  if (category === "free_content") {
    if (price === null) return null;
    if (Number.isNaN(price)) return M.priceNotANumber;
    if (price < 0) return M.priceNegative;
  } else if (price === null || Number.isNaN(price) || price <= 0) {
    return M.priceRequired;
  }
  return price > PRICE_MAX ? M.priceTooLarge : null;
}

function minimumProblem(v: Fields): { path: string; message: string } | null {
  if (!allowsNameYourPrice(v.category))
    return { path: "nameYourPrice", message: M.nameYourPriceCategory };
  const minimum = v.minimumPrice;
  if (minimum === null) return { path: "minimumPrice", message: M.minimumRequired };
  if (Number.isNaN(minimum)) return { path: "minimumPrice", message: M.minimumNotANumber };
  if (minimum < 0) return { path: "minimumPrice", message: M.minimumNegative };
  if (minimum > PRICE_MAX) return { path: "minimumPrice", message: M.priceTooLarge };
  if (v.price === null || Number.isNaN(v.price) || v.price <= 0 || v.price < minimum) {
    return { path: "price", message: M.suggestedBelowMinimum };
  }
  if (minimum === 0 && v.bandcampUrl === null && v.externalUrl === null) {
    return { path: "minimumPrice", message: M.freeChoiceNeedsLink };
  }
  return null;
}

function shopRules(v: Fields, ctx: z.RefinementCtx) {
  if (v.nameYourPrice) {
    const problem = minimumProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: [problem.path] });
  } else {
    const problem = priceProblem(v.category, v.price);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["price"] });
  }
  // null: not given (a malformed address already has its own message).
  if (v.category === "sheet_music" && v.pdfFileUrl === null && v.externalUrl === null) {
    ctx.addIssue({ code: "custom", message: M.sheetMusicNeedsFile, path: ["pdfFileUrl"] });
  }
  if (v.variants) {
    const checked = checkVariantsPost(v.variants, v.category);
    if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message, path: ["variants"] });
  }
}

const cents = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * Prices are kept in cents. The switch is not a column: a minimum is what makes an item
 * name-your-price, so without the switch the minimum is cleared.
 */
const roundPrice = <T extends Fields>({ nameYourPrice, ...v }: T) => ({
  ...v,
  price: cents(v.price),
  minimumPrice: nameYourPrice ? cents(v.minimumPrice) : null,
  // Only a record carries one; another category clears it.
  digitalTwinId: carriesDigitalTwin(v.category) ? v.digitalTwinId : null,
  variants: v.variants
    ? (checkVariantsPost(v.variants, v.category) as { value?: VariantsPost }).value
    : undefined,
});

export const shopItemCreateSchema = z.object(fields).superRefine(shopRules).transform(roundPrice);
/**
 * An edit also posts the stock the dialog opened with (`inventoryCountSeen`), so the
 * server applies a change of stock as a difference and never undoes a buyer's hold
 * that happened meanwhile (see shop-items.server.ts).
 */
export const shopItemUpdateSchema = z
  .object({
    id: entryId,
    ...fields,
    inventoryCountSeen: optionalCount({ invalid: M.inventoryInvalid }).optional(),
  })
  .superRefine(shopRules)
  .transform(roundPrice);

/** The table's Visible and Featured switches. */
export const shopItemFlagSchema = rowFlagSchema(["isVisible", "isFeatured"]);

/** An intent that takes nothing but itself (the test-inventory buttons). */
export const noInputSchema = z.object({});

/** The image URL check: only addresses longer than 10 characters are probed. */
export const imageUrlCheckSchema = z.object({
  url: z
    .string()
    .trim()
    .refine((v) => shouldProbeImageUrl(v), SHOP_ITEM_TEXT.imageProbeFailed),
});

/** An http(s) image address longer than 10 characters is worth a HEAD request (spec §5). */
export function shouldProbeImageUrl(value: string): boolean {
  const url = value.trim();
  return url.length > IMAGE_PROBE_MIN_LENGTH && webUrlProblem(url) === null;
}

/**
 * The table's price: 2 decimals, or 'Free' when there is none (spec §2, §9); a
 * name-your-price item reads as its minimum "or more".
 */
export function formatShopPrice(
  price: number | null | undefined,
  minimumPrice: number | null = null,
): string {
  if (minimumPrice !== null) {
    return `${minimumPrice > 0 ? `$${minimumPrice.toFixed(2)}` : "Free"} or more`;
  }
  return price ? `$${price.toFixed(2)}` : "Free";
}

/** The table's tags: the first 3, then '+N' for the rest (spec §2, §9). */
export function visibleTags(tags: readonly string[]): { shown: string[]; more: string | null } {
  return {
    shown: tags.slice(0, 3),
    more: tags.length > 3 ? `+${tags.length - 3}` : null,
  };
}

export type ShopItemFormValues = z.input<typeof shopItemCreateSchema>;
export type ShopItemInput = z.output<typeof shopItemCreateSchema>;
export type ShopItemUpdateInput = z.output<typeof shopItemUpdateSchema>;

/** The dialog's digital download panel: sheet music, digital music, or any item with a PDF. */
export function showsDownloadSettings(item: {
  category: string;
  pdfFileUrl?: string | null;
}): boolean {
  return (
    item.category === "sheet_music" ||
    item.category === "digital_music" ||
    (item.pdfFileUrl ?? "").trim() !== ""
  );
}

/** An item's values without the download settings (kept as stored when the panel is hidden). */
export function withoutDownloadSettings<
  T extends { downloadLimit?: number; downloadExpiryDays?: number },
>(values: T): Omit<T, "downloadLimit" | "downloadExpiryDays"> {
  const { downloadLimit: _limit, downloadExpiryDays: _expiry, ...rest } = values;
  return rest;
}
