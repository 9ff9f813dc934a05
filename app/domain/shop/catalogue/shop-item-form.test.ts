import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import {
  SHOP_ITEM_MESSAGES as M,
  SHOP_ITEM_TEXT,
  addTag,
  classifyShopSaveError,
  formValidationDescription,
  formValidationSummary,
  formatShopPrice,
  shopItemFlagSchema,
  shopSaveFailureMessage,
  shouldProbeImageUrl,
  visibleTags,
  withoutDownloadSettings,
  shopItemCreateSchema,
  shopItemUpdateSchema,
  shopSavePermissionDenied,
  showsDownloadSettings,
} from "./shop-item-form";

const valid = { title: "Night Tunes", category: "digital_music", price: "12" };
const errors = (input: Record<string, unknown>) => {
  const result = shopItemCreateSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("shop item schema", () => {
  it("normalises a valid form", () => {
    expect(
      shopItemCreateSchema.parse({
        title: "  Night Tunes ",
        description: "",
        category: "physical_music",
        format: " Vinyl LP ",
        price: " 19.999 ",
        imageUrl: "/uploads/shop/cover.webp",
        pdfFileUrl: "",
        bandcampUrl: " https://artist.bandcamp.com/album/night ",
        externalUrl: "",
        tags: [" jazz ", "", "vinyl"],
        isVisible: "on",
        inventoryCount: "12",
        downloadLimit: "",
        downloadExpiryDays: "",
      }),
    ).toEqual({
      title: "Night Tunes",
      description: null,
      category: "physical_music",
      format: "Vinyl LP",
      price: 20,
      minimumPrice: null,
      imageUrl: "/uploads/shop/cover.webp",
      pdfFileUrl: null,
      bandcampUrl: "https://artist.bandcamp.com/album/night",
      externalUrl: null,
      tags: ["jazz", "vinyl"],
      isVisible: true,
      isFeatured: false,
      inventoryCount: 12,
      downloadLimit: 5,
      downloadExpiryDays: 30,
      digitalTwinId: null,
      releaseDate: null,
    });
  });

  it("reads one tag sent alone, no tags, and blank stock as untracked", () => {
    expect(shopItemCreateSchema.parse({ ...valid, tags: " jazz " }).tags).toEqual(["jazz"]);
    expect(shopItemCreateSchema.parse(valid).tags).toEqual([]);
    expect(shopItemCreateSchema.parse({ ...valid, inventoryCount: "" }).inventoryCount).toBeNull();
  });

  describe("price", () => {
    it.each(["", "0", "-5", "free"])("is required above $0 for purchasable items (%j)", (price) => {
      expect(errors({ ...valid, price })).toEqual({
        price: "Price is required for purchasable items and must be greater than $0",
      });
    });

    it("is optional for free content", () => {
      expect(
        shopItemCreateSchema.parse({ ...valid, category: "free_content", price: "" }).price,
      ).toBeNull();
      expect(
        shopItemCreateSchema.parse({ ...valid, category: "free_content", price: "0" }).price,
      ).toBe(0);
      expect(errors({ ...valid, category: "free_content", price: "-1" })).toEqual({
        price: M.priceNegative,
      });
    });

    it("must fit the table", () => {
      expect(errors({ ...valid, price: "100000000" })).toEqual({ price: M.priceTooLarge });
    });
  });

  it("gives the title, category and number messages", () => {
    expect(errors({ ...valid, title: "  " })).toEqual({
      title: "Product title is required and cannot be empty",
    });
    expect(errors({ ...valid, category: "" })).toEqual({ category: M.categoryRequired });
    expect(errors({ ...valid, category: "vinyl" })).toEqual({ category: M.categoryRequired });
    expect(errors({ ...valid, inventoryCount: "-1" })).toEqual({
      inventoryCount: "Inventory count cannot be negative",
    });
    expect(errors({ ...valid, inventoryCount: "1.5" })).toEqual({
      inventoryCount: M.inventoryInvalid,
    });
    expect(errors({ ...valid, downloadLimit: "0" })).toEqual({ downloadLimit: M.downloadLimit });
    expect(errors({ ...valid, downloadLimit: "101" })).toEqual({ downloadLimit: M.downloadLimit });
    expect(errors({ ...valid, downloadExpiryDays: "366" })).toEqual({
      downloadExpiryDays: M.downloadExpiryDays,
    });
    expect(
      shopItemCreateSchema.parse({ ...valid, downloadLimit: "100", downloadExpiryDays: "1" }),
    ).toMatchObject({ downloadLimit: 100, downloadExpiryDays: 1 });
  });

  describe("addresses", () => {
    it("must be web addresses", () => {
      expect(errors({ ...valid, imageUrl: "cover.jpg" })).toEqual({
        imageUrl: "Image URL must be a valid web address (e.g., https://example.com/image.jpg)",
      });
      expect(errors({ ...valid, bandcampUrl: "artist.bandcamp.com" })).toEqual({
        bandcampUrl: "Bandcamp URL must be a valid web address (e.g., https://artist.bandcamp.com)",
      });
      expect(errors({ ...valid, externalUrl: "www.example.com" })).toEqual({
        externalUrl: "External URL must be a valid web address (e.g., https://example.com)",
      });
      expect(errors({ ...valid, pdfFileUrl: "/tmp/a.pdf" })).toEqual({
        pdfFileUrl:
          "PDF URL must be a valid web address (e.g., https://example.com/sheet-music.pdf)",
      });
    });

    it("must use http or https", () => {
      expect(errors({ ...valid, imageUrl: "ftp://example.com/a.jpg" })).toEqual({
        imageUrl: "Image URL must use HTTP or HTTPS protocol",
      });
      expect(errors({ ...valid, externalUrl: "javascript:alert(1)" })).toEqual({
        externalUrl: "External URL must use HTTP or HTTPS protocol",
      });
      expect(errors({ ...valid, bandcampUrl: "mailto:a@b.c" })).toEqual({
        bandcampUrl: "Bandcamp URL must use HTTP or HTTPS protocol",
      });
    });

    it("accept the files our upload server stored", () => {
      const v = shopItemCreateSchema.parse({
        ...valid,
        imageUrl: "/uploads/shop/cover.webp",
        pdfFileUrl: "sheet-music/lead-sheet.pdf",
      });
      expect(v).toMatchObject({
        imageUrl: "/uploads/shop/cover.webp",
        pdfFileUrl: "sheet-music/lead-sheet.pdf",
      });
      expect(
        shopItemCreateSchema.parse({ ...valid, pdfFileUrl: "/uploads/pdf/a.pdf" }).pdfFileUrl,
      ).toBe("/uploads/pdf/a.pdf");
      // An image is public: a private storage key is not an image address.
      expect(errors({ ...valid, imageUrl: "sheet-music/cover.jpg" })).toHaveProperty("imageUrl");
      expect(errors({ ...valid, imageUrl: "/uploads/../etc/passwd" })).toHaveProperty("imageUrl");
    });
  });

  it("needs a PDF file, PDF URL or external link for sheet music", () => {
    const sheet = { ...valid, category: "sheet_music" };
    expect(errors(sheet)).toEqual({ pdfFileUrl: M.sheetMusicNeedsFile });
    expect(errors({ ...sheet, pdfFileUrl: "sheet-music/a.pdf" })).toEqual({});
    expect(errors({ ...sheet, pdfFileUrl: "https://example.com/a.pdf" })).toEqual({});
    expect(errors({ ...sheet, externalUrl: "https://example.com/buy" })).toEqual({});
  });

  it("refuses duplicate tags", () => {
    expect(errors({ ...valid, tags: ["jazz", " Jazz "] })).toEqual({
      tags: 'The tag "Jazz" has already been added',
    });
  });

  it("counts every field's error for the summary", () => {
    const result = shopItemCreateSchema.safeParse({
      title: "",
      category: "merchandise",
      price: "",
      imageUrl: "nope",
      tags: ["a", "a"],
      inventoryCount: "-2",
    });
    const fieldErrors = fieldErrorsFrom(result.error!);
    expect(Object.keys(fieldErrors).sort()).toEqual(
      ["imageUrl", "inventoryCount", "price", "tags", "title"].sort(),
    );
    expect(formValidationSummary(Object.keys(fieldErrors).length)).toBe(
      "Form Validation Failed: Please fix 5 error(s) before submitting",
    );
  });

  it("updates by id", () => {
    expect(shopItemUpdateSchema.safeParse(valid).success).toBe(false);
    const id = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
    expect(shopItemUpdateSchema.parse({ ...valid, id }).id).toBe(id);
  });
});

describe("addTag", () => {
  it("trims, ignores a blank tag and refuses a duplicate", () => {
    expect(addTag(["jazz"], "  vinyl ")).toEqual({ ok: true, tags: ["jazz", "vinyl"] });
    expect(addTag(["jazz"], "   ")).toEqual({ ok: true, tags: ["jazz"] });
    expect(addTag(["jazz"], " JAZZ")).toEqual({
      ok: false,
      message: 'The tag "JAZZ" has already been added',
    });
  });
});

describe("shop texts", () => {
  it("carry the spec's words", () => {
    expect(SHOP_ITEM_TEXT).toMatchObject({
      created: "Product Created Successfully",
      updated: "Product Updated Successfully",
      deleteFailed: "Failed to delete shop item",
      reordered: "Items reordered successfully",
      saveFailedTitle: "Save Failed",
      duplicateOnCreate:
        "A product with this information already exists. Please use a different title or modify your data.",
      invalidData: "Invalid data provided. Please check all fields and try again.",
    });
    expect(shopSavePermissionDenied("create")).toBe(
      "You do not have permission to create products. Please contact an administrator.",
    );
  });

  it("show the download settings for sheet music, digital music or an item with a PDF", () => {
    expect(showsDownloadSettings({ category: "sheet_music" })).toBe(true);
    expect(showsDownloadSettings({ category: "digital_music" })).toBe(true);
    expect(showsDownloadSettings({ category: "merchandise", pdfFileUrl: "a/b.pdf" })).toBe(true);
    expect(showsDownloadSettings({ category: "merchandise", pdfFileUrl: " " })).toBe(false);
  });
});

describe("the table", () => {
  it("shows the price with 2 decimals, or 'Free' when there is none", () => {
    expect(formatShopPrice(12)).toBe("$12.00");
    expect(formatShopPrice(9.5)).toBe("$9.50");
    expect(formatShopPrice(0)).toBe("Free");
    expect(formatShopPrice(null)).toBe("Free");
  });

  it("shows the first 3 tags, then '+N'", () => {
    expect(visibleTags(["a", "b"])).toEqual({ shown: ["a", "b"], more: null });
    expect(visibleTags(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: null });
    expect(visibleTags(["a", "b", "c", "d", "e"])).toEqual({
      shown: ["a", "b", "c"],
      more: "+2",
    });
  });

  it("reads the switches", () => {
    const id = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
    expect(shopItemFlagSchema.parse({ id, flag: "isFeatured", value: "true" })).toEqual({
      id,
      flag: "isFeatured",
      value: true,
    });
    expect(shopItemFlagSchema.safeParse({ id, flag: "purchaseCount", value: "true" }).success).toBe(
      false,
    );
  });
});

describe("the edit form", () => {
  const id = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
  it("carries the stock it opened with", () => {
    expect(
      shopItemUpdateSchema.parse({ ...valid, id, inventoryCount: "5", inventoryCountSeen: "2" }),
    ).toMatchObject({ inventoryCount: 5, inventoryCountSeen: 2 });
    expect(shopItemUpdateSchema.parse({ ...valid, id, inventoryCountSeen: "" })).toMatchObject({
      inventoryCountSeen: null,
    });
  });

  it("leaves the download settings out when the panel is hidden", () => {
    expect(
      withoutDownloadSettings({ title: "a", downloadLimit: 5, downloadExpiryDays: 30 }),
    ).toEqual({ title: "a" });
  });
});

describe("validation and save failures", () => {
  it("words the summary toast", () => {
    expect(SHOP_ITEM_TEXT.validationFailedTitle).toBe("Form Validation Failed");
    expect(formValidationDescription(3)).toBe("Please fix 3 error(s) before submitting");
  });

  it("gives every 'Save Failed' message of the spec", () => {
    expect(shopSaveFailureMessage("duplicate", "create")).toBe(
      "A product with this information already exists. Please use a different title or modify your data.",
    );
    expect(shopSaveFailureMessage("duplicate", "update")).toMatch(
      /^A product with similar information already exists\./,
    );
    expect(shopSaveFailureMessage("invalid-data", "update")).toBe(
      "Invalid data provided. Please check all fields and try again.",
    );
    expect(shopSaveFailureMessage("permission", "update")).toBe(
      "You do not have permission to update products. Please contact an administrator.",
    );
    expect(shopSaveFailureMessage("network", "create")).toBe(
      "Network error occurred. Please check your internet connection and try again.",
    );
    expect(shopSaveFailureMessage("timeout", "create")).toBe(
      "The request timed out. This may be due to large file uploads. Please try again with smaller files.",
    );
    expect(shopSaveFailureMessage("unexpected", "create")).toBe(
      "An unexpected error occurred while saving the product. Please try again.",
    );
  });

  it("tells the failures apart", () => {
    expect(classifyShopSaveError({ pgCode: "23505" })).toBe("duplicate");
    expect(classifyShopSaveError({ pgCode: "23514" })).toBe("invalid-data");
    expect(classifyShopSaveError({ pgCode: "42501" })).toBe("permission");
    expect(classifyShopSaveError({ status: 403 })).toBe("permission");
    expect(classifyShopSaveError({ code: "ECONNRESET" })).toBe("network");
    expect(classifyShopSaveError({ pgCode: "08006" })).toBe("network");
    expect(classifyShopSaveError({ name: "TimeoutError" })).toBe("timeout");
    expect(classifyShopSaveError({ pgCode: "23503" })).toBe("unexpected");
    expect(classifyShopSaveError({})).toBe("unexpected");
  });
});

describe("the image URL check", () => {
  it("probes only http(s) addresses longer than 10 characters", () => {
    expect(shouldProbeImageUrl("https://a.b")).toBe(true); // 11 characters
    expect(shouldProbeImageUrl("http://a.b")).toBe(false); // 10
    expect(shouldProbeImageUrl("/uploads/images/cover.webp")).toBe(false);
    expect(shouldProbeImageUrl("ftp://example.com/a.png")).toBe(false);
    expect(SHOP_ITEM_TEXT.imageProbeOk).toBe("Valid image URL");
    expect(SHOP_ITEM_TEXT.imageProbeFailed).toBe("Invalid image URL");
  });
});

describe("name your price in the item form", () => {
  const nyp = { ...valid, price: "10", nameYourPrice: "true", minimumPrice: "7" };

  it("keeps the minimum, and the price as the suggested one", () => {
    const parsed = shopItemCreateSchema.parse(nyp);
    expect(parsed).toMatchObject({ price: 10, minimumPrice: 7 });
    expect(parsed).not.toHaveProperty("nameYourPrice");
  });

  it("clears the minimum when the switch is off", () => {
    expect(shopItemCreateSchema.parse({ ...nyp, nameYourPrice: "false" })).toMatchObject({
      price: 10,
      minimumPrice: null,
    });
  });

  it("asks for a minimum, a number, not negative", () => {
    expect(errors({ ...nyp, minimumPrice: "" })).toEqual({ minimumPrice: M.minimumRequired });
    expect(errors({ ...nyp, minimumPrice: "seven" })).toEqual({
      minimumPrice: M.minimumNotANumber,
    });
    expect(errors({ ...nyp, minimumPrice: "-1" })).toEqual({ minimumPrice: M.minimumNegative });
  });

  it("wants a suggested price above 0 and not below the minimum", () => {
    expect(errors({ ...nyp, price: "5" })).toEqual({ price: M.suggestedBelowMinimum });
    expect(errors({ ...nyp, price: "" })).toEqual({ price: M.suggestedBelowMinimum });
  });

  it("is only for digital music, sheet music and free content", () => {
    expect(errors({ ...nyp, category: "merchandise" })).toEqual({
      nameYourPrice: M.nameYourPriceCategory,
    });
  });

  it("a minimum of 0 needs the link fans download from", () => {
    expect(errors({ ...nyp, minimumPrice: "0" })).toEqual({ minimumPrice: M.freeChoiceNeedsLink });
    expect(
      shopItemCreateSchema.parse({
        ...nyp,
        category: "free_content",
        minimumPrice: "0",
        price: "5",
        externalUrl: "https://example.com/free",
      }),
    ).toMatchObject({ price: 5, minimumPrice: 0 });
  });

  it("reads as its minimum 'or more' in the table", () => {
    expect(formatShopPrice(10, 7)).toBe("$7.00 or more");
    expect(formatShopPrice(5, 0)).toBe("Free or more");
  });
});
