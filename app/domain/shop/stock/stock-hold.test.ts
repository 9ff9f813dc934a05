import { describe, expect, it } from "vitest";
import {
  STOCK_HOLD_MINUTES,
  holdExpiresAt,
  holdMinutesLeft,
  holdQuantities,
  isHoldExpired,
} from "./stock-hold";

describe("stock hold times", () => {
  const start = new Date("2026-03-01T20:00:00Z");

  it("holds for 15 minutes", () => {
    expect(STOCK_HOLD_MINUTES).toBe(15);
    expect(holdExpiresAt(start).toISOString()).toBe("2026-03-01T20:15:00.000Z");
    expect(holdExpiresAt(start, 5).toISOString()).toBe("2026-03-01T20:05:00.000Z");
  });

  it("is over at its expiry instant", () => {
    const expiry = holdExpiresAt(start);
    expect(isHoldExpired(expiry, new Date(expiry.getTime() - 1))).toBe(false);
    expect(isHoldExpired(expiry, expiry)).toBe(true);
  });

  it("counts whole minutes left, rounded up, never below zero", () => {
    const expiry = holdExpiresAt(start);
    expect(holdMinutesLeft(expiry, start)).toBe(15);
    expect(holdMinutesLeft(expiry, new Date(start.getTime() + 60_001))).toBe(14);
    expect(holdMinutesLeft(expiry, new Date(expiry.getTime() + 5_000))).toBe(0);
  });
});

describe("hold quantities", () => {
  const items = new Map([
    ["cd", { category: "cd", inventoryCount: 3 }],
    ["tote", { category: "merchandise", inventoryCount: null }],
    ["pdf", { category: "sheet_music", inventoryCount: 10 }],
    ["shirt", { category: "Merchandise", inventoryCount: 4 }],
  ]);

  it("adds up lines of one item and holds only tracked stock", () => {
    const result = holdQuantities(
      [
        { shopItemId: "cd", quantity: 1 },
        { shopItemId: "tote", quantity: 2 },
        { shopItemId: "pdf", quantity: 1 },
        { shopItemId: "cd", quantity: 2 },
        { shopItemId: "shirt", quantity: 1 },
        { shopItemId: "unknown", quantity: 1 },
      ],
      items,
    );
    expect([...result]).toEqual([
      ["cd", 3],
      ["shirt", 1],
    ]);
  });
});
