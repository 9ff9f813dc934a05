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
});
