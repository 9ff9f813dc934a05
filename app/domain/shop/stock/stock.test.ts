import { describe, expect, it } from "vitest";
import {
  LOW_STOCK_THRESHOLD,
  attentionStock,
  countStockAttention,
  lowStockCount,
  matchesStockFilter,
  parseStockFilter,
  stockLevel,
} from "./stock";

describe("stock levels", () => {
  it("counts 0 as out of stock, 1 to 5 as low, and more as in stock", () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
    expect(stockLevel({ category: "cd", inventoryCount: 0 })).toBe("out");
    expect(stockLevel({ category: "cd", inventoryCount: 1 })).toBe("low");
    expect(stockLevel({ category: "cd", inventoryCount: 5 })).toBe("low");
    expect(stockLevel({ category: "cd", inventoryCount: 6 })).toBe("in");
  });

  it("does not count what is not tracked", () => {
    expect(stockLevel({ category: "cd", inventoryCount: null })).toBe("untracked");
    expect(stockLevel({ category: "digital_music", inventoryCount: 0 })).toBe("untracked");
  });

  it("gives the shop's 'Only N left' the same threshold", () => {
    expect(lowStockCount({ category: "merchandise", inventoryCount: LOW_STOCK_THRESHOLD })).toBe(5);
    expect(lowStockCount({ category: "merchandise", inventoryCount: 0 })).toBeNull();
  });
});

describe("the dashboard's stock figures and the shop's filter", () => {
  const items = [
    { category: "cd", inventoryCount: 0, isVisible: true },
    { category: "cd", inventoryCount: 0, isVisible: false },
    { category: "merchandise", inventoryCount: 2, isVisible: true },
    { category: "physical_music", inventoryCount: 5, isVisible: true },
    { category: "physical_music", inventoryCount: 6, isVisible: true },
    { category: "merchandise", inventoryCount: 1, isVisible: false },
    { category: "sheet_music", inventoryCount: 0, isVisible: true },
  ];

  it("counts low and out of stock apart, among the products on sale", () => {
    expect(countStockAttention(items)).toEqual({ low: 2, out: 1 });
    expect(countStockAttention([])).toEqual({ low: 0, out: 0 });
  });

  it("lists exactly what a figure counts", () => {
    const counted = countStockAttention(items);
    expect(items.filter((item) => matchesStockFilter(item, "low"))).toHaveLength(counted.low);
    expect(items.filter((item) => matchesStockFilter(item, "out"))).toHaveLength(counted.out);
  });

  it("judges a product with variants by its scarcest size: one sold-out size is out", () => {
    const tee = { category: "merchandise", inventoryCount: 20, isVisible: true };
    const sizes = (...counts: (number | null)[]) =>
      counts.map((inventoryCount) => ({ inventoryCount }));
    expect(attentionStock(tee, sizes(0, 12, 8)).inventoryCount).toBe(0);
    expect(countStockAttention([attentionStock(tee, sizes(0, 12, 8))])).toEqual({ low: 0, out: 1 });
    expect(countStockAttention([attentionStock(tee, sizes(3, 12, null))])).toEqual({
      low: 1,
      out: 0,
    });
    expect(countStockAttention([attentionStock(tee, sizes(9, 12))])).toEqual({ low: 0, out: 0 });
    // Untracked variants need no attention; an item without variants is itself.
    expect(attentionStock(tee, sizes(null, null)).inventoryCount).toBeNull();
    expect(attentionStock(tee)).toBe(tee);
  });

  it("reads the filter from the address, and nothing else", () => {
    expect(parseStockFilter("low")).toBe("low");
    expect(parseStockFilter("out")).toBe("out");
    expect(parseStockFilter("in")).toBeNull();
    expect(parseStockFilter("")).toBeNull();
    expect(parseStockFilter(null)).toBeNull();
  });
});
