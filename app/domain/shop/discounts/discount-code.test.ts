import { describe, expect, it } from "vitest";
import {
  DISCOUNT_MESSAGES as M,
  applyDiscount,
  discountedBreakdown,
  readDiscountCode,
  type DiscountLine,
  type DiscountTerms,
} from "./discount-code";

const NOW = new Date("2026-11-27T12:00:00Z");
const options = { now: NOW, formatDate: (d: Date) => d.toISOString().slice(0, 10) };
const unused = { usesTaken: 0, usedByEmail: false };
const terms = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  code: "RELEASE20",
  kind: "percent",
  amount: 20,
  itemIds: [],
  minimumOrder: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  oncePerEmail: false,
  ...over,
});
const album: DiscountLine = { shopItemId: "album", unitPrice: 10, quantity: 1, minimumPrice: null };
const cd: DiscountLine = { shopItemId: "cd", unitPrice: 15, quantity: 2, minimumPrice: null };
const named: DiscountLine = { shopItemId: "nyp", unitPrice: 12, quantity: 1, minimumPrice: 7 };

describe("readDiscountCode", () => {
  it("accepts spaces, dashes and lower case", () => {
    expect(readDiscountCode(" release 20 ")).toEqual({ ok: true, code: "RELEASE20" });
    expect(readDiscountCode("rel-ease-20")).toEqual({ ok: true, code: "RELEASE20" });
  });

  it("answers a 10,000-character code by its length", () => {
    expect(readDiscountCode("A".repeat(10_000))).toEqual({ ok: false, message: M.tooLong });
    expect(readDiscountCode("A".repeat(33))).toEqual({ ok: false, message: M.tooLong });
  });

  it("refuses blanks and other characters; a very short code is simply unknown", () => {
    expect(readDiscountCode("   ")).toEqual({ ok: false, message: M.empty });
    expect(readDiscountCode("SAVE%20")).toEqual({ ok: false, message: M.malformed });
    expect(readDiscountCode("ab")).toEqual({ ok: false, message: M.unknown });
  });
});

describe("applyDiscount", () => {
  it("takes 20% off a whole cart", () => {
    expect(applyDiscount(terms(), [album, cd], unused, options)).toEqual({
      ok: true,
      discount: { code: "RELEASE20", amount: 8, perLine: [2, 6] },
    });
  });

  it("takes a fixed amount, line by line, never making a line negative", () => {
    expect(
      applyDiscount(terms({ kind: "fixed", amount: 12 }), [album, cd], unused, options),
    ).toEqual({ ok: true, discount: { code: "RELEASE20", amount: 12, perLine: [10, 2] } });
  });

  it("only touches the chosen items", () => {
    expect(applyDiscount(terms({ itemIds: ["cd"] }), [album, cd], unused, options)).toEqual({
      ok: true,
      discount: { code: "RELEASE20", amount: 6, perLine: [0, 6] },
    });
    expect(applyDiscount(terms({ itemIds: ["other"] }), [album, cd], unused, options)).toEqual({
      ok: false,
      message: M.notForItems,
    });
  });

  it("never takes a named price below its minimum", () => {
    expect(applyDiscount(terms({ kind: "percent", amount: 50 }), [named], unused, options)).toEqual(
      { ok: true, discount: { code: "RELEASE20", amount: 5, perLine: [5] } },
    );
    // Paid exactly the minimum: nothing to take off, and the buyer is told.
    const atMinimum = { ...named, unitPrice: 7 };
    expect(applyDiscount(terms(), [atMinimum], unused, options)).toEqual({
      ok: false,
      message: M.notForItems,
    });
  });

  it("leaves a cent to pay", () => {
    expect(applyDiscount(terms({ amount: 100 }), [album, cd], unused, options)).toEqual({
      ok: true,
      discount: { code: "RELEASE20", amount: 39.99, perLine: [10, 29.99] },
    });
    expect(applyDiscount(terms({ kind: "fixed", amount: 500 }), [album], unused, options)).toEqual({
      ok: true,
      discount: { code: "RELEASE20", amount: 9.99, perLine: [9.99] },
    });
  });

  it("rounds a percent per line to the cent", () => {
    const odd: DiscountLine = { shopItemId: "x", unitPrice: 9.99, quantity: 3, minimumPrice: null };
    expect(applyDiscount(terms({ amount: 15 }), [odd], unused, options)).toEqual({
      ok: true,
      discount: { code: "RELEASE20", amount: 4.5, perLine: [4.5] },
    });
  });

  it("gives each failure its own message", () => {
    const check = (over: Partial<DiscountTerms>, usage = unused, lines = [album]) =>
      applyDiscount(terms(over), lines, usage, options);
    expect(check({ startsAt: new Date("2026-12-01T00:00:00Z") })).toEqual({
      ok: false,
      message: "This discount code can be used from 2026-12-01.",
    });
    expect(check({ endsAt: NOW })).toEqual({ ok: false, message: M.expired });
    expect(check({ maxUses: 5 }, { usesTaken: 5, usedByEmail: false })).toEqual({
      ok: false,
      message: M.usedUp,
    });
    expect(check({ maxUses: 5 }, { usesTaken: 4, usedByEmail: false }).ok).toBe(true);
    expect(check({ oncePerEmail: true }, { usesTaken: 1, usedByEmail: true })).toEqual({
      ok: false,
      message: M.usedByEmail,
    });
    expect(check({ minimumOrder: 25 })).toEqual({
      ok: false,
      message: "This discount code needs an order of at least $25.00.",
    });
    expect(check({ minimumOrder: 10 }).ok).toBe(true);
  });

  it("counts a code's start and end to the instant", () => {
    expect(applyDiscount(terms({ startsAt: NOW }), [album], unused, options).ok).toBe(true);
    expect(
      applyDiscount(terms({ endsAt: new Date(NOW.getTime() + 1) }), [album], unused, options).ok,
    ).toBe(true);
  });
});

describe("discountedBreakdown", () => {
  it("item total minus discount is the amount, to the cent", () => {
    expect(discountedBreakdown(39.97, 7.99)).toEqual({
      itemTotal: 39.97,
      discount: 7.99,
      amount: 31.98,
    });
    expect(discountedBreakdown(0.3, 0.1).amount).toBe(0.2);
  });
});
