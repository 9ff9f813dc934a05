import { FORMAT_LABELS, type ProductFormat } from "~/domain/product";

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

export function formatLabel(format: ProductFormat): string {
  return FORMAT_LABELS[format] ?? format;
}
