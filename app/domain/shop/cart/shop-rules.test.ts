import { describe, expect, it } from "vitest";
import { formatPrice, moneyEquals } from "../../core/money";
import { checkStock, isOutOfStock, isStockTrackedCategory, lowStockCount } from "../stock/stock";
import {
  featuredTags,
  productCategory,
  productFormats,
  productType,
  toProduct,
  type ShopItemForProduct,
} from "../catalogue/product";
import {
  MAX_QUANTITY_MESSAGE,
  addToCart,
  canIncrease,
  cartLineStockNote,
  cartTotals,
  parseCart,
  serializeCart,
  toCartProduct,
  updateQuantity,
  type Cart,
} from "./cart";
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_TOTAL,
  ORDER_MESSAGES,
  isValidCheckoutEmail,
  priceOrder,
  validateOrderRequest,
  type CatalogueItem,
} from "./order-validation";
import { PLACEHOLDER_IMAGE } from "../../core/site";

const item = (over: Partial<ShopItemForProduct> = {}): ShopItemForProduct => ({
  id: "i1",
  title: "Lowlight Walk",
  description: null,
  price: 12.5,
  imageUrl: null,
  category: "cd",
  tags: [],
  bandcampUrl: null,
  externalUrl: null,
  hasDownload: false,
  inventoryCount: 3,
  isFeatured: false,
  ...over,
});

describe("money", () => {
  it("shows two decimals and compares in cents", () => {
    expect(formatPrice(5)).toBe("$5.00");
    expect(formatPrice(0.1 + 0.2)).toBe("$0.30");
    expect(moneyEquals(0.1 + 0.2, 0.3)).toBe(true);
    expect(moneyEquals(10, 10.01)).toBe(false);
  });
});

describe("stock", () => {
  it("tracks only physical_music, merchandise and cd, case-insensitive", () => {
    expect(isStockTrackedCategory("CD")).toBe(true);
    expect(isStockTrackedCategory("Merchandise")).toBe(true);
    expect(isStockTrackedCategory("physical_music")).toBe(true);
    expect(isStockTrackedCategory("digital_music")).toBe(false);
    expect(isStockTrackedCategory("sheet_music")).toBe(false);
  });

  it("gives the spec's message for each case", () => {
    expect(checkStock({ category: "cd", inventoryCount: 0 }, 1)).toEqual({
      available: false,
      maxQuantity: 0,
      message: "Item is currently out of stock",
    });
    expect(checkStock({ category: "cd", inventoryCount: 3 }, 4)).toEqual({
      available: false,
      maxQuantity: 3,
      message: "Only 3 items available in stock",
    });
    expect(checkStock({ category: "cd", inventoryCount: 3 }, 3)).toEqual({
      available: true,
      maxQuantity: 3,
      message: "3 items available",
    });
    expect(checkStock({ category: "digital_music", inventoryCount: 0 }, 99)).toEqual({
      available: true,
      message: "Digital item - unlimited availability",
    });
    expect(checkStock({ category: "merchandise", inventoryCount: null }, 500).available).toBe(true);
  });

  it("warns at 5 or fewer and marks 0 as out of stock", () => {
    expect(lowStockCount({ category: "cd", inventoryCount: 5 })).toBe(5);
    expect(lowStockCount({ category: "cd", inventoryCount: 6 })).toBeNull();
    expect(lowStockCount({ category: "cd", inventoryCount: 0 })).toBeNull();
    expect(lowStockCount({ category: "digital_music", inventoryCount: 2 })).toBeNull();
    expect(isOutOfStock({ category: "merchandise", inventoryCount: 0 })).toBe(true);
    expect(isOutOfStock({ category: "sheet_music", inventoryCount: 0 })).toBe(false);
  });
});

describe("product derivation", () => {
  it("maps categories: music, sheet-music, anything else merch", () => {
    expect(productCategory("digital_music")).toBe("music");
    expect(productCategory("sheet_music")).toBe("sheet-music");
    expect(productCategory("cd")).toBe("merch");
    expect(productCategory("free_content")).toBe("merch");
  });

  it("lists formats by the spec's rules", () => {
    expect(productFormats(item({ bandcampUrl: "https://x.example", category: "cd" }))).toEqual([
      "digital",
      "cd",
    ]);
    expect(productFormats(item({ category: "physical_music", price: null }))).toEqual(["digital"]);
    // Sheet music with its PDF and no named medium is the PDF (issue 26, item 11).
    expect(productFormats(item({ category: "sheet_music", hasDownload: true }))).toEqual(["pdf"]);
    expect(
      productFormats(item({ category: "sheet_music", hasDownload: true, format: "Printed" })),
    ).toEqual(["physical", "pdf"]);
    expect(productFormats(item({ category: "sheet_music", hasDownload: false }))).toEqual([
      "physical",
    ]);
    expect(productFormats(item({ category: "sheet_music", price: 0, hasDownload: true }))).toEqual([
      "pdf",
    ]);
    expect(productFormats(item({ category: "merchandise" }))).toEqual(["digital"]);
  });

  it("fills the fixed fields and defaults", () => {
    const p = toProduct(item({ price: null, imageUrl: null, description: null }));
    expect(p).toMatchObject({
      price: 0,
      image: PLACEHOLDER_IMAGE,
      description: "",
      rating: 5,
      reviews: 0,
    });
    expect(p.artist.length).toBeGreaterThan(0);
    expect(p.inventory).toEqual({
      hasTracking: true,
      currentStock: 3,
      inStock: true,
      maxAvailableQuantity: 3,
    });
    expect(
      toProduct(item({ category: "merchandise", inventoryCount: null })).inventory.hasTracking,
    ).toBe(false);
  });

  it("names types and keeps at most 2 featured tags", () => {
    expect(productType(item({ category: "merchandise", title: "Gold Logo T-Shirt" }))).toBe(
      "apparel",
    );
    expect(productType(item({ category: "merchandise", title: "Tote bag" }))).toBe("accessory");
    expect(productType(item({ category: "sheet_music" }))).toBe("sheet");
    expect(productType(item({ category: "digital_music" }))).toBe("album");
    expect(featuredTags({ tags: ["a", "b", "c"] })).toEqual(["a", "b"]);
  });
});

describe("cart", () => {
  const cd = toCartProduct(toProduct(item()));
  const digital = toCartProduct(
    toProduct(
      item({
        id: "d1",
        category: "digital_music",
        inventoryCount: null,
        bandcampUrl: "https://b.example",
      }),
    ),
  );
  const now = new Date("2026-11-22T10:00:00Z");

  it("adds with the first format, raises the same product and format by one", () => {
    let cart: Cart = [];
    cart = addToCart(cart, digital, undefined, now).cart;
    cart = addToCart(cart, digital, undefined, now).cart;
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ selectedFormat: "digital", quantity: 2, pricePerItem: 12.5 });
    expect(cart[0]!.id).toBe(`d1-digital-${now.getTime()}`);
    cart = addToCart(cart, digital, "pdf", now).cart;
    expect(cart).toHaveLength(2);
  });

  it("counts what is already carted in the stock check and adds nothing when it fails", () => {
    let cart: Cart = [];
    for (let i = 0; i < 3; i++) cart = addToCart(cart, cd).cart;
    const fourth = addToCart(cart, cd);
    expect(fourth.changed).toBe(false);
    expect(fourth.cart).toBe(cart);
    expect(fourth.stock.message).toBe("Only 3 items available in stock");
    expect(canIncrease(cart, cart[0]!)).toBe(false);
  });

  it("removes a line at quantity 0 or less and blocks raising past stock", () => {
    let cart = addToCart([], cd).cart;
    expect(updateQuantity(cart, cart[0]!.id, 4).changed).toBe(false);
    cart = updateQuantity(cart, cart[0]!.id, 3).cart;
    expect(cartTotals(cart)).toEqual({ itemCount: 3, subtotal: 37.5, total: 37.5 });
    expect(updateQuantity(cart, cart[0]!.id, 0).cart).toEqual([]);
    expect(updateQuantity(cart, cart[0]!.id, -1).cart).toEqual([]);
  });

  it("stops an untracked item at the per-item cap the server enforces", () => {
    let cart = addToCart([], digital, undefined, now).cart;
    cart = updateQuantity(cart, cart[0]!.id, MAX_LINE_QUANTITY).cart;
    expect(cart[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    expect(canIncrease(cart, cart[0]!)).toBe(false);
    const more = addToCart(cart, digital, undefined, now);
    expect(more.changed).toBe(false);
    expect(more.stock.message).toBe(MAX_QUANTITY_MESSAGE);
    expect(updateQuantity(cart, cart[0]!.id, 10 ** 9).changed).toBe(false);
  });

  it("notes stock under each line: the limit, few left, or the stock check's words", () => {
    let cart = addToCart([], cd, undefined, now).cart;
    expect(cartLineStockNote(cart, cart[0]!)).toEqual({ text: "Only 3 in stock", tone: "low" });
    cart = updateQuantity(cart, cart[0]!.id, 3).cart;
    expect(cartLineStockNote(cart, cart[0]!)).toEqual({
      text: "Maximum quantity reached",
      tone: "limit",
    });
    const plenty = toCartProduct(toProduct(item({ id: "p1", inventoryCount: 40 })));
    const withPlenty = addToCart([], plenty, undefined, now).cart;
    expect(cartLineStockNote(withPlenty, withPlenty[0]!)).toEqual({
      text: "40 items available",
      tone: "info",
    });
    const uncounted = toCartProduct(
      toProduct(item({ id: "t1", category: "merchandise", inventoryCount: null })),
    );
    const withUncounted = addToCart([], uncounted, undefined, now).cart;
    expect(cartLineStockNote(withUncounted, withUncounted[0]!)).toBeNull();
    const withDigital = addToCart([], digital, undefined, now).cart;
    expect(cartLineStockNote(withDigital, withDigital[0]!)).toEqual({
      text: "Digital item - unlimited availability",
      tone: "info",
    });
  });

  it("round-trips through storage with addedAt as a Date, dropping junk", () => {
    const cart = addToCart([], cd, undefined, now).cart;
    const back = parseCart(serializeCart(cart));
    expect(back[0]!.addedAt).toBeInstanceOf(Date);
    expect(back[0]!.addedAt.getTime()).toBe(now.getTime());
    expect(parseCart("nope")).toEqual([]);
    expect(parseCart(JSON.stringify([{ id: 1 }, null]))).toEqual([]);
  });
});

describe("order validation", () => {
  const line = { shopItemId: "i1", title: "Lowlight Walk", quantity: 2, pricePerItem: 12.5 };
  const ok = { items: [line], totalAmount: 25, customerEmail: "fan@example.com" };

  it("checks the spec's rules in order", () => {
    expect(validateOrderRequest(ok)).toBeNull();
    expect(validateOrderRequest({ ...ok, items: [] })).toBe(ORDER_MESSAGES.invalidCart);
    expect(validateOrderRequest({ ...ok, totalAmount: 0 })).toBe(
      "Invalid cart: no items or invalid total",
    );
    expect(validateOrderRequest({ ...ok, customerEmail: "  " })).toBe(
      "Customer email is required for checkout",
    );
    expect(validateOrderRequest({ ...ok, items: [{ ...line, quantity: 0 }] })).toBe(
      "Invalid quantity for item: Lowlight Walk",
    );
    expect(validateOrderRequest({ ...ok, items: [{ ...line, pricePerItem: 0 }] })).toBe(
      "Invalid price for item: Lowlight Walk",
    );
    expect(validateOrderRequest({ ...ok, totalAmount: 25.01 })).toBe(
      "Price calculation error. Please refresh and try again.",
    );
  });

  it("refuses absurd quantities and totals before any payment provider is asked", () => {
    const huge = { ...line, quantity: 10 ** 9, pricePerItem: 6.99 };
    expect(validateOrderRequest({ ...ok, items: [huge], totalAmount: 6.99 * 10 ** 9 })).toBe(
      "Invalid quantity for item: Lowlight Walk",
    );
    const big = { ...line, quantity: MAX_LINE_QUANTITY, pricePerItem: 500 };
    expect(
      validateOrderRequest({ ...ok, items: [big], totalAmount: MAX_LINE_QUANTITY * 500 }),
    ).toBe(ORDER_MESSAGES.orderTooLarge);
    expect(MAX_LINE_QUANTITY * 500).toBeGreaterThan(MAX_ORDER_TOTAL);
  });

  it("accepts only e-mails with no spaces in the {email} shape", () => {
    expect(isValidCheckoutEmail("fan@example.com")).toBe(true);
    expect(isValidCheckoutEmail("fan @example.com")).toBe(false);
    expect(isValidCheckoutEmail("fan@example")).toBe(false);
  });

  const catalogue = new Map<string, CatalogueItem>([
    [
      "i1",
      {
        id: "i1",
        title: "Lowlight Walk",
        category: "cd",
        price: 12.5,
        isVisible: true,
        inventoryCount: 3,
      },
    ],
    [
      "hidden",
      {
        id: "hidden",
        title: "Hidden",
        category: "cd",
        price: 5,
        isVisible: false,
        inventoryCount: 3,
      },
    ],
    [
      "free",
      {
        id: "free",
        title: "Free Track",
        category: "free_content",
        price: 0,
        isVisible: true,
        inventoryCount: null,
      },
    ],
  ]);

  it("prices from the catalogue and refuses tampered prices and totals", () => {
    expect(priceOrder(ok, catalogue)).toEqual({
      ok: true,
      total: 25,
      lines: [
        {
          shopItemId: "i1",
          title: "Lowlight Walk",
          category: "cd",
          quantity: 2,
          unitPrice: 12.5,
          lineTotal: 25,
          minimumPrice: null,
          variantId: null,
          variantLabel: null,
        },
      ],
    });
    const tampered = { ...ok, items: [{ ...line, pricePerItem: 0.5 }], totalAmount: 1 };
    expect(priceOrder(tampered, catalogue)).toEqual({
      ok: false,
      error: ORDER_MESSAGES.priceMismatch,
    });
  });

  it("refuses hidden, unknown, free and out-of-stock items", () => {
    const one = (shopItemId: string, quantity = 1, pricePerItem = 5) => ({
      items: [{ shopItemId, title: "X", quantity, pricePerItem }],
      totalAmount: quantity * pricePerItem,
      customerEmail: "a@b.co",
    });
    expect(priceOrder(one("hidden"), catalogue)).toEqual({
      ok: false,
      error: "Item is no longer available: X",
    });
    expect(priceOrder(one("nope"), catalogue)).toEqual({
      ok: false,
      error: "Item is no longer available: X",
    });
    expect(priceOrder(one("free"), catalogue)).toEqual({
      ok: false,
      error: "Invalid price for item: Free Track",
    });
    expect(priceOrder(one("i1", 4, 12.5), catalogue)).toEqual({
      ok: false,
      error: "Only 3 items available in stock",
    });
  });
});
