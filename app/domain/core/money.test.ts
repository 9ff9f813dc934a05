import { describe, expect, it } from "vitest";
import { formatWholeNumber } from "./money";
import { ORDER_TOO_LARGE_MESSAGE } from "../shop/cart/order-caps";

describe("formatWholeNumber", () => {
  it("writes a whole number as en-US does, with thousands commas", () => {
    for (const value of [
      0, 7, 99, 999, 1000, 5000, 10_000, 123_456, 1_000_000, 9_876_543_210, -1234,
    ]) {
      expect(formatWholeNumber(value), String(value)).toBe(value.toLocaleString("en-US"));
    }
  });

  it("drops a fraction rather than rounding it", () => {
    expect(formatWholeNumber(1234.9)).toBe("1,234");
    expect(formatWholeNumber(-0.5)).toBe("0");
  });

  it("words the order cap as before", () => {
    expect(ORDER_TOO_LARGE_MESSAGE).toMatch(/^Orders above \$10,000 cannot be paid online\./);
  });
});
