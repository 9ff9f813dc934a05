import { describe, expect, it } from "vitest";
import {
  checkChosenPrice,
  checkPaidChosenPrice,
  isFreeChoice,
  nameYourPriceOf,
  paidMoreFigures,
  parseAmount,
} from "./name-your-price";
import { priceOrder, type CatalogueItem, type OrderRequest } from "../cart/order-validation";
import { addToCart, cartTotals, linePriceProblem, setLinePrice, toCartProduct } from "../cart/cart";
import { toProduct } from "./product";

const ALBUM = { minimum: 7, suggested: 10 };
const PWYW = { minimum: 0, suggested: 5 };
const TOO_LARGE =
  "Orders above $10,000 cannot be paid online. Please contact us to arrange a larger order.";

describe("nameYourPriceOf", () => {
  it("reads a minimum as name your price, the price as the suggestion", () => {
    expect(nameYourPriceOf({ category: "digital_music", price: 10, minimumPrice: 7 })).toEqual(
      ALBUM,
    );
    expect(nameYourPriceOf({ category: "free_content", price: 5, minimumPrice: 0 })).toEqual(PWYW);
  });

  it("is null at a fixed price, and for goods that ship", () => {
    expect(nameYourPriceOf({ category: "digital_music", price: 10, minimumPrice: null })).toBe(
      null,
    );
    expect(nameYourPriceOf({ category: "digital_music", price: 10 })).toBe(null);
    expect(nameYourPriceOf({ category: "cd", price: 15, minimumPrice: 7 })).toBe(null);
  });

  it("never suggests less than the minimum", () => {
    expect(nameYourPriceOf({ category: "sheet_music", price: 3, minimumPrice: 7 })).toEqual({
      minimum: 7,
      suggested: 7,
    });
  });
});

describe("parseAmount", () => {
  it.each([
    ["12", 12],
    [" 12.5 ", 12.5],
    ["$12.50", 12.5],
    ["0", 0],
    [".99", 0.99],
    ["1000000000", 1e9],
  ])("reads %j as %d", (raw, amount) => expect(parseAmount(raw)).toBe(amount));

  it.each(["", "-5", "abc", "1e9", "12.345", "12,50", "1234567890123"])("refuses %j", (raw) =>
    expect(parseAmount(raw)).toBeNaN(),
  );
});

describe("checkChosenPrice", () => {
  it("takes the minimum or more, in cents", () => {
    expect(checkChosenPrice(ALBUM, 7)).toEqual({ ok: true, amount: 7 });
    expect(checkChosenPrice(ALBUM, 12)).toEqual({ ok: true, amount: 12 });
  });

  it("asks for at least the minimum", () => {
    expect(checkChosenPrice(ALBUM, 6.99)).toEqual({
      ok: false,
      message: "Please enter at least $7.00",
    });
    expect(checkChosenPrice(ALBUM, -5)).toEqual({
      ok: false,
      message: "Please enter at least $7.00",
    });
  });

  it("refuses an absurd amount with the order cap, and what is not a number", () => {
    expect(checkChosenPrice(ALBUM, 1e9)).toEqual({ ok: false, message: TOO_LARGE });
    expect(checkChosenPrice(ALBUM, 10_000.01)).toEqual({ ok: false, message: TOO_LARGE });
    expect(checkChosenPrice(ALBUM, 10_000)).toEqual({ ok: true, amount: 10_000 });
    expect(checkChosenPrice(ALBUM, Number.NaN).ok).toBe(false);
    expect(checkChosenPrice(ALBUM, Number.POSITIVE_INFINITY).ok).toBe(false);
  });

  it("lets 0 through as the free choice only where the minimum is 0", () => {
    expect(checkChosenPrice(PWYW, 0)).toEqual({ ok: true, amount: 0 });
    expect(isFreeChoice(PWYW, 0)).toBe(true);
    expect(isFreeChoice(PWYW, 0.5)).toBe(false);
    expect(isFreeChoice(ALBUM, 0)).toBe(false);
  });

  it("a paid line is never 0: the least a paid copy costs is a cent", () => {
    expect(checkPaidChosenPrice(PWYW, 0)).toEqual({
      ok: false,
      message: "Please enter at least $0.01",
    });
    expect(checkPaidChosenPrice(PWYW, 0.01)).toEqual({ ok: true, amount: 0.01 });
    expect(checkPaidChosenPrice(ALBUM, 6)).toEqual({
      ok: false,
      message: "Please enter at least $7.00",
    });
  });
});

describe("priceOrder with a named price", () => {
  const album: CatalogueItem = {
    id: "a",
    title: "Blue Album",
    category: "digital_music",
    price: 10,
    minimumPrice: 7,
    isVisible: true,
    inventoryCount: null,
  };
  const cd: CatalogueItem = { ...album, id: "c", title: "CD", category: "cd", minimumPrice: null };
  const catalogue = new Map([
    ["a", album],
    ["c", cd],
  ]);
  const request = (lines: [string, number, number][]): OrderRequest => ({
    customerEmail: "fan@example.com",
    items: lines.map(([id, price, quantity]) => ({
      shopItemId: id,
      title: id,
      pricePerItem: price,
      quantity,
    })),
    totalAmount: lines.reduce((s, [, p, q]) => s + p * q, 0),
  });

  it("prices the line from the buyer's amount and records the minimum", () => {
    const priced = priceOrder(
      request([
        ["a", 12, 1],
        ["c", 10, 2],
      ]),
      catalogue,
    );
    expect(priced).toEqual({
      ok: true,
      total: 32,
      lines: [
        expect.objectContaining({ shopItemId: "a", unitPrice: 12, lineTotal: 12, minimumPrice: 7 }),
        expect.objectContaining({
          shopItemId: "c",
          unitPrice: 10,
          lineTotal: 20,
          minimumPrice: null,
        }),
      ],
    });
  });

  it("refuses below the minimum, naming the item", () => {
    expect(priceOrder(request([["a", 5, 1]]), catalogue)).toEqual({
      ok: false,
      error: "Please enter at least $7.00 for Blue Album",
    });
  });

  it("refuses 0, a negative and 1e9", () => {
    expect(priceOrder(request([["a", 0, 1]]), catalogue).ok).toBe(false);
    expect(priceOrder(request([["a", -12, 1]]), catalogue)).toEqual({
      ok: false,
      error: "Invalid cart: no items or invalid total",
    });
    expect(priceOrder(request([["a", 1e9, 1]]), catalogue)).toEqual({
      ok: false,
      error: TOO_LARGE,
    });
  });

  it("still holds a fixed-price item to its price", () => {
    expect(priceOrder(request([["c", 1, 1]]), catalogue)).toEqual({
      ok: false,
      error: "Price calculation error. Please refresh and try again.",
    });
  });
});

describe("paidMoreFigures", () => {
  it("counts copies above the minimum and their average extra", () => {
    expect(
      paidMoreFigures([
        { unitPrice: 12, minimumPrice: 7, quantity: 1 },
        { unitPrice: 7, minimumPrice: 7, quantity: 2 },
        { unitPrice: 10, minimumPrice: 7, quantity: 1 },
      ]),
    ).toEqual({ sales: 4, paidMore: 2, paidMorePercent: 50, averageExtra: 4 });
  });

  it("has no share or average without sales or without anyone paying more", () => {
    expect(paidMoreFigures([])).toEqual({
      sales: 0,
      paidMore: 0,
      paidMorePercent: null,
      averageExtra: null,
    });
    expect(paidMoreFigures([{ unitPrice: 7, minimumPrice: 7, quantity: 1 }]).averageExtra).toBe(
      null,
    );
  });
});

describe("the cart's named price", () => {
  const product = toCartProduct(
    toProduct({
      id: "a",
      title: "Blue Album",
      description: null,
      price: 10,
      minimumPrice: 7,
      imageUrl: null,
      category: "digital_music",
      tags: [],
      bandcampUrl: null,
      externalUrl: null,
      hasDownload: true,
      inventoryCount: null,
      isFeatured: false,
    }),
  );
  const now = new Date("2026-11-27T12:00:00Z");

  it("carts the buyer's amount, else the suggestion", () => {
    expect(addToCart([], product, undefined, now, 12).cart[0]!.pricePerItem).toBe(12);
    expect(addToCart([], product, undefined, now).cart[0]!.pricePerItem).toBe(10);
  });

  it("a second add at another amount keeps one line at the newer amount", () => {
    const first = addToCart([], product, undefined, now, 12).cart;
    const second = addToCart(first, product, undefined, now, 8).cart;
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ quantity: 2, pricePerItem: 8 });
    expect(cartTotals(second).total).toBe(16);
  });

  it("changes a line's amount, refusing one below the minimum or absurd", () => {
    const cart = addToCart([], product, undefined, now, 12).cart;
    const lineId = cart[0]!.id;
    expect(setLinePrice(cart, lineId, 15).cart[0]!.pricePerItem).toBe(15);
    const low = setLinePrice(cart, lineId, 5);
    expect(low.check).toEqual({ ok: false, message: "Please enter at least $7.00" });
    expect(low.cart).toBe(cart);
    expect(setLinePrice(cart, lineId, 1e9).check.ok).toBe(false);
    expect(setLinePrice(cart, lineId, Number.NaN).check.ok).toBe(false);
  });

  it("names a carted amount that a raised minimum no longer allows", () => {
    const [line] = addToCart([], product, undefined, now, 8).cart;
    expect(linePriceProblem(line!)).toBe(null);
    const raised = {
      ...line!,
      product: { ...line!.product, nameYourPrice: { minimum: 9, suggested: 10 } },
    };
    expect(linePriceProblem(raised)).toBe("Please enter at least $9.00");
  });
});
