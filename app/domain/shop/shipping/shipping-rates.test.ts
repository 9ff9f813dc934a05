import { describe, expect, it } from "vitest";
import {
  quoteShipping,
  shippingLineText,
  shippingRefusal,
  zoneForCountry,
  type ShippingZoneRule,
} from "./shipping-rates";

const zone = (over: Partial<ShippingZoneRule> = {}): ShippingZoneRule => ({
  id: "home",
  name: "United States",
  countries: ["US"],
  firstItemRate: 5,
  additionalItemRate: 2,
  freeAbove: null,
  enabled: true,
  ...over,
});

const europe = zone({
  id: "eu",
  name: "Europe",
  countries: ["DE", "FR", "GB"],
  firstItemRate: 12,
  additionalItemRate: 4,
});

const quote = (
  zones: ShippingZoneRule[],
  country: string | null,
  physicalQuantities: number[],
  goodsSubtotal = 20,
) => quoteShipping(zones, { country, physicalQuantities, goodsSubtotal });

describe("quoteShipping", () => {
  it("charges the first-item rate for one item", () => {
    expect(quote([zone(), europe], "US", [1])).toEqual({
      kind: "rate",
      amount: 5,
      zoneId: "home",
      zoneName: "United States",
      free: false,
    });
  });

  it("charges the further-item rate for each item after the first, across lines", () => {
    expect(quote([zone(), europe], "DE", [1, 1, 1])).toMatchObject({ amount: 12 + 4 + 4 });
  });

  it("counts a quantity above 1 as further items", () => {
    expect(quote([zone()], "US", [3])).toMatchObject({ amount: 5 + 2 + 2 });
    expect(quote([zone()], "US", [2, 1])).toMatchObject({ amount: 5 + 2 + 2 });
  });

  it("reads the country in any case", () => {
    expect(quote([europe], " fr ", [1])).toMatchObject({ kind: "rate", zoneName: "Europe" });
  });

  it("is free at and above the free-above value, and charged a cent below", () => {
    const z = zone({ freeAbove: 50 });
    expect(quote([z], "US", [2], 50)).toMatchObject({ amount: 0, free: true });
    expect(quote([z], "US", [2], 50.01)).toMatchObject({ amount: 0, free: true });
    expect(quote([z], "US", [2], 49.99)).toMatchObject({ amount: 7, free: false });
  });

  it("looks at the subtotal it is given: the goods after discount", () => {
    const z = zone({ freeAbove: 50 });
    // $55 of goods with a $10 discount: $45 paid for goods, so shipping is charged.
    expect(quote([z], "US", [1], 45)).toMatchObject({ amount: 5 });
  });

  it("says a switched-off zone does not ship", () => {
    expect(quote([zone({ enabled: false })], "US", [1])).toEqual({
      kind: "switched-off",
      zoneName: "United States",
    });
  });

  it("prices by the enabled zone when a switched-off zone also names the country", () => {
    const off = zone({ id: "old", name: "Old", enabled: false, firstItemRate: 1 });
    expect(quote([off, zone()], "US", [1])).toMatchObject({ kind: "rate", amount: 5 });
  });

  it("knows no zone for an unknown or missing country", () => {
    expect(quote([zone(), europe], "JP", [1])).toEqual({ kind: "no-zone" });
    expect(quote([zone(), europe], "ZZ", [1])).toEqual({ kind: "no-zone" });
    expect(quote([zone(), europe], null, [1])).toEqual({ kind: "no-zone" });
    expect(quote([], "US", [1])).toEqual({ kind: "no-zone" });
  });

  it("ships nothing for a digital-only order, whatever the country", () => {
    expect(quote([zone()], null, [])).toEqual({ kind: "nothing-to-ship", amount: 0 });
    expect(quote([], "JP", [])).toEqual({ kind: "nothing-to-ship", amount: 0 });
    expect(quote([zone()], "US", [0])).toEqual({ kind: "nothing-to-ship", amount: 0 });
  });

  it("works in whole cents", () => {
    const z = zone({ firstItemRate: 1.1, additionalItemRate: 1.1 });
    expect(quote([z], "US", [3])).toMatchObject({ amount: 3.3 });
    const y = zone({ firstItemRate: 0.1, additionalItemRate: 0.2 });
    expect(quote([y], "US", [3])).toMatchObject({ amount: 0.5 });
  });
});

describe("zoneForCountry", () => {
  it("finds the enabled zone first, else a switched-off one, else none", () => {
    const off = zone({ id: "off", enabled: false });
    expect(zoneForCountry([off, zone()], "us")?.id).toBe("home");
    expect(zoneForCountry([off], "US")?.id).toBe("off");
    expect(zoneForCountry([off], "CA")).toBeNull();
  });
});

describe("buyer texts", () => {
  it("refuses no zone and a switched-off zone by the country's name", () => {
    expect(shippingRefusal({ kind: "no-zone" }, "Japan")).toBe("We can't ship to Japan yet");
    expect(shippingRefusal({ kind: "switched-off", zoneName: "X" }, "Japan")).toBe(
      "We can't ship to Japan yet",
    );
    expect(shippingRefusal({ kind: "nothing-to-ship", amount: 0 }, "Japan")).toBeNull();
  });

  it("shows Free or the amount", () => {
    expect(shippingLineText(0)).toBe("Free");
    expect(shippingLineText(4.5)).toBe("$4.50");
  });
});
