import { describe, expect, it } from "vitest";
import { categoryLabel, formatsLabel, lineFormatLabel } from "./labels";

describe("shop labels", () => {
  it("names categories, case-insensitive, anything unknown as merchandise", () => {
    expect(categoryLabel("sheet_music")).toBe("Sheet Music");
    expect(categoryLabel("CD")).toBe("CD");
    expect(categoryLabel("something_new")).toBe("Merchandise");
  });

  it("lists formats, except merchandise, whose default format is no format at all", () => {
    expect(formatsLabel({ sourceCategory: "sheet_music", formats: ["physical", "pdf"] })).toBe(
      "Printed · PDF",
    );
    expect(formatsLabel({ sourceCategory: "merchandise", formats: ["digital"] })).toBe(
      "Merchandise",
    );
    expect(
      lineFormatLabel({ product: { sourceCategory: "merchandise" }, selectedFormat: "digital" }),
    ).toBe("Merchandise");
    expect(lineFormatLabel({ product: { sourceCategory: "cd" }, selectedFormat: "cd" })).toBe("CD");
  });

  it("reads the medium as the artist named it, on the card and the cart line", () => {
    expect(
      formatsLabel({ sourceCategory: "physical_music", formats: ["cd"], formatName: "Vinyl LP" }),
    ).toBe("Vinyl LP");
    expect(
      formatsLabel({ sourceCategory: "sheet_music", formats: ["pdf"], formatName: "PDF" }),
    ).toBe("PDF");
    expect(
      lineFormatLabel({
        product: { sourceCategory: "physical_music", formatName: "Cassette" },
        selectedFormat: "cd",
      }),
    ).toBe("Cassette");
    // A line carted before the medium had a name reads as the spec's label.
    expect(
      lineFormatLabel({ product: { sourceCategory: "sheet_music" }, selectedFormat: "physical" }),
    ).toBe("Printed");
  });
});
