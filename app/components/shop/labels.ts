import { formatLabel, type ProductFormat } from "~/domain/shop/catalogue/product";

/** How the shop names a shop item's category on cards and in the cart. */
const CATEGORY_LABELS: Record<string, string> = {
  digital_music: "Digital Music",
  cd: "CD",
  physical_music: "Vinyl & Physical",
  sheet_music: "Sheet Music",
  merchandise: "Merchandise",
  free_content: "Free",
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category.trim().toLowerCase()] ?? "Merchandise";
}

/**
 * What a product's formats read as on a card or cart line. Merchandise gets the spec's
 * default format "digital" (public-site §3), which would tell a buyer that a T-shirt
 * is a download; it reads as its category instead.
 */
export function formatsLabel(product: {
  sourceCategory: string;
  formats: ProductFormat[];
  formatName?: string | null;
}) {
  if (product.sourceCategory.trim().toLowerCase() === "merchandise")
    return categoryLabel("merchandise");
  return product.formats.map((format) => formatLabel(format, product.formatName)).join(" · ");
}

export function lineFormatLabel(line: {
  product: { sourceCategory: string; formatName?: string | null };
  selectedFormat: ProductFormat;
}): string {
  return line.product.sourceCategory.trim().toLowerCase() === "merchandise"
    ? categoryLabel("merchandise")
    : formatLabel(line.selectedFormat, line.product.formatName);
}
