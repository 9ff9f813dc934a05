import { describe, expect, it } from "vitest";
import { countCartItems } from "./cart-count";

describe("countCartItems", () => {
  it("sums the quantities of the stored cart lines", () => {
    expect(countCartItems(JSON.stringify([{ quantity: 2 }, { quantity: 1 }]))).toBe(3);
  });
  it("treats a missing, broken or odd cart as empty lines", () => {
    expect(countCartItems(null)).toBe(0);
    expect(countCartItems("{not json")).toBe(0);
    expect(countCartItems(JSON.stringify({ quantity: 3 }))).toBe(0);
    expect(
      countCartItems(JSON.stringify([{ quantity: -2 }, { quantity: "x" }, { quantity: 4 }])),
    ).toBe(4);
  });
});
