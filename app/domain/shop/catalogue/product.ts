/**
 * A product as the shop shows and carts it, derived from a shop item exactly as
 * public-site spec §3 says. The server derives it the same way, so a product in the
 * browser and on the server never disagree.
 */
import { ARTIST_NAME, PLACEHOLDER_IMAGE } from "../../core/site";
import { hasStockTracking } from "../stock/stock";
import { nameYourPriceOf, type NameYourPrice } from "./name-your-price";
import { totalVariantStock, type ItemOption, type PublicVariant } from "./item-variant";

export type ProductCategory = "music" | "sheet-music" | "merch";
export type ProductType = "album" | "sheet" | "apparel" | "accessory";
export type ProductFormat = "digital" | "cd" | "physical" | "pdf";

/** The fields of a shop item a product is made from (public view: no private keys). */
export interface ShopItemForProduct {
  id: string;
  title: string;
  description: string | null;
  price: number | null;
  /** Name your price: the least a buyer pays (price is then the suggested amount). */
  minimumPrice?: number | null;
  imageUrl: string | null;
  category: string;
  /** What the artist calls the item's medium ("Vinyl LP", "Cassette", "PDF"); absent or null: not named. */
  format?: string | null;
  tags: string[];
  bandcampUrl: string | null;
  externalUrl: string | null;
  /** Whether the item has a downloadable file; the storage key itself never leaves the server. */
  hasDownload: boolean;
  inventoryCount: number | null;
  isFeatured: boolean;
  /** Issue 24: the item's options (Size, Colour) and its variants; absent: none. */
  options?: ItemOption[];
  variants?: PublicVariant[];
  /**
   * Pre-orders (issue 24): the release day (yyyy-MM-dd) while it is still ahead in the
   * site's time zone; the server leaves it out once the day has come.
   */
  releaseDate?: string | null;
}

export interface ProductInventory {
  hasTracking: boolean;
  /** null when not tracked. */
  currentStock: number | null;
  inStock: boolean;
  /** null when unlimited. */
  maxAvailableQuantity: number | null;
}

export interface Product {
  id: string;
  category: ProductCategory;
  type: ProductType;
  title: string;
  artist: string;
  /** The price; for name your price, the suggested amount a buyer starts from. */
  price: number;
  digitalPrice?: number;
  /** Name your price: the minimum and the suggestion; null at a fixed price. */
  nameYourPrice: NameYourPrice | null;
  image: string;
  description: string;
  formats: ProductFormat[];
  /** The artist's name for the item's medium, which the cd and physical formats read as. */
  formatName: string | null;
  rating: 5;
  reviews: 0;
  tags: string[];
  sourceCategory: string;
  hasDownload: boolean;
  isFeatured: boolean;
  externalUrl: string | null;
  /** An item with options: the buyer chooses a variant before "Add to Cart". */
  options: ItemOption[];
  variants: PublicVariant[];
  /** With options, the inventory is the variants' total. */
  inventory: ProductInventory;
  /** A pre-order's release day (yyyy-MM-dd): the buyer pays now; null when it is out. */
  preorderReleaseDate?: string | null;
}

export function productCategory(category: string): ProductCategory {
  switch (category) {
    case "digital_music":
      return "music";
    case "sheet_music":
      return "sheet-music";
    default:
      return "merch";
  }
}

const APPAREL = /\b(shirt|t-shirt|tee|hoodie|sweatshirt|cap|hat|beanie|jacket|apparel|socks)\b/i;

/** The spec names the types but not the rule; see docs/decisions/005-shop-domain.md. */
export function productType(
  item: Pick<ShopItemForProduct, "category" | "title" | "tags">,
): ProductType {
  if (item.category === "sheet_music") return "sheet";
  if (item.category === "merchandise") {
    return APPAREL.test(item.title) || item.tags.some((t) => APPAREL.test(t))
      ? "apparel"
      : "accessory";
  }
  return "album";
}

export const FORMAT_LABELS: Record<ProductFormat, string> = {
  digital: "Digital",
  cd: "CD",
  physical: "Printed",
  pdf: "PDF",
};

/** The formats that stand for the item's own medium, which the artist may name. */
const MEDIUM_FORMATS: readonly ProductFormat[] = ["cd", "physical"];

/** The categories whose items have a medium of their own (a cd or physical format). */
export const MEDIUM_CATEGORIES: readonly string[] = ["cd", "physical_music", "sheet_music"];

/** The artist's name for a medium, trimmed; null when none is given. */
export function formatName(format: string | null | undefined): string | null {
  const name = format?.trim() ?? "";
  return name === "" ? null : name;
}

/**
 * What a format reads as: the cd and physical formats take the artist's name for the
 * medium ("Vinyl LP", "Cassette"), the spec's "CD" and "Printed" when there is none.
 */
export function formatLabel(format: ProductFormat, name?: string | null): string {
  const named = MEDIUM_FORMATS.includes(format) ? formatName(name) : null;
  return named ?? FORMAT_LABELS[format] ?? format;
}

/**
 * The spec's rule: digital if a Bandcamp URL is set; cd for cd and physical_music with
 * a price; physical for sheet music with a price; pdf if a PDF is set; digital by
 * default. Two refinements, so the label says what the buyer gets:
 * - sheet music that delivers a PDF is printed only when the artist names its medium
 *   ("Printed score"): with the format left blank the buyer gets the PDF and no
 *   shipping step, so it reads "PDF", not "Printed" (issue 26, item 11);
 * - a medium the artist names after another listed format ("PDF" for a lead sheet sold
 *   as its PDF) is that format, listed once: a PDF is not also printed.
 */
export function productFormats(
  item: Pick<ShopItemForProduct, "category" | "price" | "bandcampUrl" | "hasDownload" | "format">,
): ProductFormat[] {
  const formats: ProductFormat[] = [];
  const hasPrice = item.price !== null && item.price > 0;
  if (item.bandcampUrl) formats.push("digital");
  if ((item.category === "cd" || item.category === "physical_music") && hasPrice)
    formats.push("cd");
  const pdfOnly = item.category === "sheet_music" && item.hasDownload && !formatName(item.format);
  if (item.category === "sheet_music" && hasPrice && !pdfOnly) formats.push("physical");
  if (item.hasDownload) formats.push("pdf");
  const named = formatName(item.format)?.toLowerCase();
  const isNamedAfterAnother = (format: ProductFormat) =>
    MEDIUM_FORMATS.includes(format) &&
    formats.some(
      (other) => !MEDIUM_FORMATS.includes(other) && FORMAT_LABELS[other].toLowerCase() === named,
    );
  const listed = formats.filter((format) => !isNamedAfterAnother(format));
  return listed.length ? listed : ["digital"];
}

export function productInventory(
  item: Pick<ShopItemForProduct, "category" | "inventoryCount">,
): ProductInventory {
  if (!hasStockTracking(item)) {
    return { hasTracking: false, currentStock: null, inStock: true, maxAvailableQuantity: null };
  }
  const stock = Math.max(0, item.inventoryCount ?? 0);
  return {
    hasTracking: true,
    currentStock: stock,
    inStock: stock > 0,
    maxAvailableQuantity: stock,
  };
}

export function toProduct(item: ShopItemForProduct): Product {
  return {
    id: item.id,
    category: productCategory(item.category),
    type: productType(item),
    title: item.title,
    artist: ARTIST_NAME,
    price: item.price ?? 0,
    nameYourPrice: nameYourPriceOf(item),
    image: item.imageUrl || PLACEHOLDER_IMAGE,
    description: item.description ?? "",
    formats: productFormats(item),
    formatName: formatName(item.format),
    rating: 5,
    reviews: 0,
    tags: item.tags,
    sourceCategory: item.category,
    hasDownload: item.hasDownload,
    isFeatured: item.isFeatured,
    externalUrl: item.externalUrl,
    ...variantsOf(item),
    preorderReleaseDate: item.releaseDate ?? null,
  };
}

/** An item with options counts the variants' stock: the card's "Out of Stock" is all of them. */
function variantsOf(item: ShopItemForProduct) {
  const options = item.options ?? [];
  const variants = options.length ? (item.variants ?? []) : [];
  const inventoryCount = options.length
    ? totalVariantStock(variants.map((v) => ({ inventoryCount: v.stock })))
    : item.inventoryCount;
  return { options, variants, inventory: productInventory({ ...item, inventoryCount }) };
}

/** Featured items show at most 2 tags (public-site spec §2 Shop). */
export function featuredTags(product: Pick<Product, "tags">): string[] {
  return product.tags.slice(0, 2);
}
