import { describe, expect, it } from "vitest";
import { formatLabel, productFormats, toProduct, type ShopItemForProduct } from "./product";
import { toCartProduct } from "../cart/cart";
import {
  FORMAT_MAX_LENGTH,
  SHOP_ITEM_MESSAGES,
  formatHint,
  namesFormat,
  shopItemCreateSchema,
} from "./shop-item-form";

const item = (over: Partial<ShopItemForProduct> = {}): ShopItemForProduct => ({
  id: "i1",
  title: "Lowlight Walk",
  description: null,
  price: 29.99,
  imageUrl: null,
  category: "physical_music",
  tags: [],
  bandcampUrl: null,
  externalUrl: null,
  hasDownload: false,
  inventoryCount: 4,
  isFeatured: false,
  ...over,
});

/** The formats as read, in order. */
const shown = (over: Partial<ShopItemForProduct>) => {
  const product = toProduct(item(over));
  return product.formats.map((format) => formatLabel(format, product.formatName)).join(" · ");
};

describe("format labels named from the item (issue 15, item 5)", () => {
  it("keeps the spec's labels when the artist names no medium", () => {
    expect(shown({ category: "physical_music" })).toBe("CD");
    expect(shown({ category: "cd", format: "  " })).toBe("CD");
    expect(shown({ category: "sheet_music", hasDownload: false, format: null })).toBe("Printed");
  });

  it("labels sheet music that delivers a PDF as one unless the artist names a medium (issue 26, item 11)", () => {
    expect(shown({ category: "sheet_music", hasDownload: true, format: null })).toBe("PDF");
    expect(shown({ category: "sheet_music", hasDownload: true, format: "  " })).toBe("PDF");
    expect(productFormats(item({ category: "sheet_music", hasDownload: true }))).toEqual(["pdf"]);
    // The artist's word wins: a printed score also sold as a PDF lists both.
    expect(shown({ category: "sheet_music", hasDownload: true, format: "Printed score" })).toBe(
      "Printed score · PDF",
    );
    // Other categories keep their medium beside the PDF.
    expect(shown({ category: "cd", hasDownload: true })).toBe("CD · PDF");
  });

  it("names the medium as the artist does", () => {
    expect(shown({ format: "Vinyl LP" })).toBe("Vinyl LP");
    expect(shown({ format: " Cassette " })).toBe("Cassette");
    expect(shown({ format: "Vinyl LP", bandcampUrl: "https://x.bandcamp.com" })).toBe(
      "Digital · Vinyl LP",
    );
    expect(shown({ category: "sheet_music", format: "Printed score", hasDownload: true })).toBe(
      "Printed score · PDF",
    );
  });

  it("lists a medium named after another listed format once: a PDF lead sheet is not printed", () => {
    const sheet = item({ category: "sheet_music", price: 6.99, hasDownload: true, format: "pdf" });
    expect(productFormats(sheet)).toEqual(["pdf"]);
    expect(shown(sheet)).toBe("PDF");
    // Without the PDF on file the name stays the medium's.
    expect(productFormats({ ...sheet, hasDownload: false })).toEqual(["physical"]);
    expect(shown({ ...sheet, hasDownload: false, format: "PDF" })).toBe("PDF");
  });

  it("never renames the digital and PDF formats", () => {
    expect(formatLabel("digital", "Vinyl LP")).toBe("Digital");
    expect(formatLabel("pdf", "Printed score")).toBe("PDF");
    expect(formatLabel("cd", "Vinyl LP")).toBe("Vinyl LP");
    expect(formatLabel("physical", null)).toBe("Printed");
  });

  it("carries the name into the cart", () => {
    expect(toCartProduct(toProduct(item({ format: "Cassette" }))).formatName).toBe("Cassette");
    expect(toCartProduct(toProduct(item())).formatName).toBeNull();
  });
});

describe("the shop editor's format field", () => {
  const valid = { title: "Lowlight Walk", category: "physical_music", price: "29.99" };

  it("is asked for the categories that have a medium, with the blank default in the hint", () => {
    expect(["cd", "physical_music", "sheet_music"].every(namesFormat)).toBe(true);
    expect(["digital_music", "merchandise", "free_content"].some(namesFormat)).toBe(false);
    expect(formatHint("physical_music")).toContain('Blank: "CD"');
    expect(formatHint("sheet_music")).toContain(
      'Blank: "PDF" when a PDF is attached, "Printed" otherwise',
    );
  });

  it("is trimmed, blank as null, and kept short", () => {
    expect(shopItemCreateSchema.parse({ ...valid, format: " Vinyl LP " }).format).toBe("Vinyl LP");
    expect(shopItemCreateSchema.parse({ ...valid, format: "" }).format).toBeNull();
    expect(shopItemCreateSchema.parse(valid).format).toBeNull();
    const tooLong = shopItemCreateSchema.safeParse({
      ...valid,
      format: "x".repeat(FORMAT_MAX_LENGTH + 1),
    });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(SHOP_ITEM_MESSAGES.formatTooLong);
  });
});
