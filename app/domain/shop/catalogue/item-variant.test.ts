import { describe, expect, it } from "vitest";
import {
  VARIANT_MESSAGES,
  VARIANTS_MAX,
  canHaveOptions,
  checkOptions,
  checkVariantsInput,
  chooseVariant,
  findVariant,
  lineTitle,
  optionCombinations,
  totalVariantStock,
  valueAvailable,
  variantLabel,
  variantPrice,
} from "./item-variant";

const shirt = [
  { name: "Colour", values: ["Black", "Sand"] },
  { name: "Size", values: ["S", "M", "L"] },
];

describe("combinations and labels", () => {
  it("makes every combination in option order", () => {
    expect(optionCombinations(shirt)).toEqual([
      ["Black", "S"],
      ["Black", "M"],
      ["Black", "L"],
      ["Sand", "S"],
      ["Sand", "M"],
      ["Sand", "L"],
    ]);
    expect(optionCombinations([])).toEqual([]);
  });

  it("labels a variant and a line as the buyer reads them", () => {
    expect(variantLabel(["Black", "L"])).toBe("Black, L");
    expect(lineTitle("T-shirt", "Black, L")).toBe("T-shirt, Black, L");
    expect(lineTitle("CD", null)).toBe("CD");
  });

  it("only posted things have options", () => {
    expect(canHaveOptions("merchandise")).toBe(true);
    expect(canHaveOptions("cd")).toBe(true);
    expect(canHaveOptions("digital_music")).toBe(false);
  });
});

describe("price", () => {
  it("adds the difference in cents and never goes below 0", () => {
    expect(variantPrice(25, 2)).toBe(27);
    expect(variantPrice(19.99, 0.1)).toBe(20.09);
    expect(variantPrice(5, -10)).toBe(0);
  });
});

describe("checking options", () => {
  it("trims names and values", () => {
    expect(checkOptions([{ name: " Size ", values: [" S", "M "] }])).toEqual({
      ok: true,
      options: [{ name: "Size", values: ["S", "M"] }],
    });
  });

  it("refuses duplicate names, duplicate values, empty values and no values", () => {
    expect(checkOptions([shirt[0]!, { name: "colour", values: ["Red"] }])).toEqual({
      ok: false,
      message: VARIANT_MESSAGES.duplicateOption("colour"),
    });
    expect(checkOptions([{ name: "Size", values: ["S", "s"] }])).toEqual({
      ok: false,
      message: VARIANT_MESSAGES.duplicateValue("Size", "s"),
    });
    expect(checkOptions([{ name: "Size", values: ["S", " "] }])).toEqual({
      ok: false,
      message: VARIANT_MESSAGES.valueEmpty("Size"),
    });
    expect(checkOptions([{ name: "Size", values: [] }])).toEqual({
      ok: false,
      message: VARIANT_MESSAGES.noValues("Size"),
    });
    expect(checkOptions([{ name: "", values: ["S"] }])).toMatchObject({ ok: false });
  });

  it("refuses more options or values than the limits", () => {
    const four = ["A", "B", "C", "D"].map((name) => ({ name, values: ["x"] }));
    expect(checkOptions(four)).toEqual({ ok: false, message: VARIANT_MESSAGES.tooManyOptions });
    const many = Array.from({ length: 21 }, (_, i) => `v${i}`);
    expect(checkOptions([{ name: "Size", values: many }])).toMatchObject({ ok: false });
  });
});

describe("checking the dialog's variants", () => {
  it("fills combinations without a row with stock 0 and keeps posted rows", () => {
    const result = checkVariantsInput(
      {
        options: [{ name: "Size", values: ["S", "XXL"] }],
        variants: [
          { optionValues: ["XXL"], priceDifference: 2, sku: " TS-XXL ", inventoryCount: 4 },
        ],
      },
      "merchandise",
    );
    expect(result).toEqual({
      ok: true,
      value: {
        options: [{ name: "Size", values: ["S", "XXL"] }],
        variants: [
          { optionValues: ["S"], priceDifference: 0, sku: null, inventoryCount: 0 },
          { optionValues: ["XXL"], priceDifference: 2, sku: "TS-XXL", inventoryCount: 4 },
        ],
      },
    });
  });

  it("refuses options on a digital item, bad stock, bad prices and strange combinations", () => {
    const size = [{ name: "Size", values: ["S"] }];
    const row = { optionValues: ["S"], priceDifference: 0, sku: null, inventoryCount: 1 };
    expect(checkVariantsInput({ options: size, variants: [] }, "digital_music")).toEqual({
      ok: false,
      message: VARIANT_MESSAGES.notPhysical,
    });
    expect(
      checkVariantsInput({ options: size, variants: [{ ...row, inventoryCount: -1 }] }, "cd"),
    ).toEqual({ ok: false, message: VARIANT_MESSAGES.badStock("S") });
    expect(
      checkVariantsInput({ options: size, variants: [{ ...row, inventoryCount: 1.5 }] }, "cd"),
    ).toMatchObject({ ok: false });
    expect(
      checkVariantsInput({ options: size, variants: [{ ...row, priceDifference: 0.001 }] }, "cd"),
    ).toEqual({ ok: false, message: VARIANT_MESSAGES.badPrice("S") });
    expect(
      checkVariantsInput({ options: size, variants: [{ ...row, optionValues: ["M"] }] }, "cd"),
    ).toEqual({ ok: false, message: VARIANT_MESSAGES.unknownCombination("M") });
  });

  it("refuses more combinations than the limit", () => {
    const values = Array.from({ length: 11 }, (_, i) => `v${i}`);
    const result = checkVariantsInput(
      {
        options: [
          { name: "A", values },
          { name: "B", values },
        ],
        variants: [],
      },
      "merchandise",
    );
    expect(result).toEqual({ ok: false, message: VARIANT_MESSAGES.tooManyVariants(121) });
    expect(121).toBeGreaterThan(VARIANTS_MAX);
  });
});

describe("choosing a variant at checkout", () => {
  const black = { id: "v1", optionValues: ["Black", "L"], priceDifference: 0, inventoryCount: 3 };
  const item = { title: "T-shirt", options: shirt, variants: [black] };

  it("takes the item's own variant", () => {
    expect(chooseVariant(item, "v1", "Black, L")).toEqual({ ok: true, variant: black });
    expect(chooseVariant({ ...item, options: [], variants: [] }, null)).toEqual({
      ok: true,
      variant: null,
    });
  });

  it("asks for the first option when none was chosen", () => {
    expect(chooseVariant(item, null)).toEqual({
      ok: false,
      error: "Choose a Colour for T-shirt.",
    });
  });

  it("refuses a variant of another item or one that does not exist", () => {
    expect(chooseVariant(item, "other")).toEqual({
      ok: false,
      error: VARIANT_MESSAGES.unknownVariant("T-shirt"),
    });
  });

  it("says what changed when the options changed while carted", () => {
    const renamed = { ...item, variants: [{ ...black, optionValues: ["Black", "Large"] }] };
    expect(chooseVariant(renamed, "v1", "Black, L")).toEqual({
      ok: false,
      error: VARIANT_MESSAGES.optionsChanged("T-shirt", "Black, L", "Black, Large"),
    });
    expect(chooseVariant(item, "gone", "Sand, S")).toEqual({
      ok: false,
      error: VARIANT_MESSAGES.optionsChanged("T-shirt", "Sand, S", null),
    });
    expect(chooseVariant({ ...item, options: [], variants: [] }, "v1", "Black, L")).toEqual({
      ok: false,
      error: VARIANT_MESSAGES.noOptions("T-shirt"),
    });
  });
});

describe("the card's choices", () => {
  const variants = [
    { values: ["Black", "S"], inStock: false },
    { values: ["Black", "M"], inStock: true },
    { values: ["Sand", "S"], inStock: true },
  ];

  it("finds the variant once every option is chosen", () => {
    expect(findVariant(shirt, variants, { Colour: "Black", Size: "M" })).toBe(variants[1]);
    expect(findVariant(shirt, variants, { Colour: "Black" })).toBeNull();
  });

  it("marks a value sold out with the other choices", () => {
    expect(valueAvailable(shirt, variants, { Colour: "Black" }, 1, "S")).toBe(false);
    expect(valueAvailable(shirt, variants, { Colour: "Sand" }, 1, "S")).toBe(true);
    expect(valueAvailable(shirt, variants, {}, 1, "S")).toBe(true);
  });

  it("totals the tracked stock", () => {
    expect(
      totalVariantStock([{ inventoryCount: 2 }, { inventoryCount: null }, { inventoryCount: 3 }]),
    ).toBe(5);
    expect(totalVariantStock([{ inventoryCount: null }])).toBeNull();
  });
});
