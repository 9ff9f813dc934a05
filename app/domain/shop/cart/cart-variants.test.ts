import { describe, expect, it } from "vitest";
import {
  addToCart,
  canIncrease,
  lineVariantProblem,
  toCartProduct,
  updateQuantity,
  type Cart,
} from "./cart";
import { VARIANT_MESSAGES } from "../catalogue/item-variant";
import { priceOrder } from "./order-validation";
import { toProduct, type ShopItemForProduct } from "../catalogue/product";

const black = { id: "v-l", values: ["Black", "L"], price: 25, inStock: true, stock: 2 };
const xxl = { id: "v-xxl", values: ["Black", "XXL"], price: 27, inStock: true, stock: 5 };
const soldOut = { id: "v-s", values: ["Black", "S"], price: 25, inStock: false, stock: 0 };

const shirtItem: ShopItemForProduct = {
  id: "shirt",
  title: "T-shirt",
  description: null,
  price: 25,
  imageUrl: null,
  category: "merchandise",
  tags: [],
  bandcampUrl: null,
  externalUrl: null,
  hasDownload: false,
  inventoryCount: null,
  isFeatured: false,
  options: [
    { name: "Colour", values: ["Black"] },
    { name: "Size", values: ["S", "L", "XXL"] },
  ],
  variants: [soldOut, black, xxl],
};
const shirt = toCartProduct(toProduct(shirtItem));
const now = new Date("2026-11-28T12:00:00Z");

describe("a product with options", () => {
  it("counts the variants' stock as the product's", () => {
    expect(toProduct(shirtItem).inventory).toMatchObject({ hasTracking: true, currentStock: 7 });
    const allGone = toProduct({ ...shirtItem, variants: [soldOut] });
    expect(allGone.inventory.inStock).toBe(false);
  });
});

describe("cart lines per variant", () => {
  it("keeps one line per variant, at the variant's price", () => {
    let cart: Cart = [];
    cart = addToCart(cart, shirt, undefined, now, undefined, black).cart;
    cart = addToCart(cart, shirt, undefined, now, undefined, xxl).cart;
    cart = addToCart(cart, shirt, undefined, now, undefined, black).cart;
    expect(cart.map((l) => [l.variant?.label, l.quantity, l.pricePerItem])).toEqual([
      ["Black, L", 2, 25],
      ["Black, XXL", 1, 27],
    ]);
  });

  it("limits a line by its variant's stock, not the others'", () => {
    let cart: Cart = [];
    cart = addToCart(cart, shirt, undefined, now, undefined, black).cart;
    cart = addToCart(cart, shirt, undefined, now, undefined, black).cart;
    const third = addToCart(cart, shirt, undefined, now, undefined, black);
    expect(third.changed).toBe(false);
    expect(third.stock.message).toBe("Only 2 items available in stock");
    expect(canIncrease(cart, cart[0]!)).toBe(false);
    expect(updateQuantity(cart, cart[0]!.id, 3).changed).toBe(false);
    expect(addToCart(cart, shirt, undefined, now, undefined, xxl).changed).toBe(true);
    expect(addToCart([], shirt, undefined, now, undefined, soldOut).changed).toBe(false);
  });

  it("says what changed when the item's options changed while carted", () => {
    const cart = addToCart([], shirt, undefined, now, undefined, black).cart;
    const line = cart[0]!;
    expect(lineVariantProblem(line)).toBeNull();
    const renamed = {
      ...line,
      product: { ...line.product, variants: [{ ...black, values: ["Black", "Large"] }] },
    };
    expect(lineVariantProblem(renamed)).toBe(
      VARIANT_MESSAGES.optionsChanged("T-shirt", "Black, L", "Black, Large"),
    );
    const removed = { ...line, product: { ...line.product, variants: [xxl] } };
    expect(lineVariantProblem(removed)).toBe(
      VARIANT_MESSAGES.optionsChanged("T-shirt", "Black, L", null),
    );
    const noOptions = { ...line, product: { ...line.product, options: [], variants: [] } };
    expect(lineVariantProblem(noOptions)).toBe(VARIANT_MESSAGES.noOptions("T-shirt"));
  });
});

describe("pricing a variant line on the server", () => {
  const catalogue = new Map([
    [
      "shirt",
      {
        id: "shirt",
        title: "T-shirt",
        category: "merchandise",
        price: 25,
        isVisible: true,
        inventoryCount: null,
        options: shirtItem.options!,
        variants: [
          { id: "v-l", optionValues: ["Black", "L"], priceDifference: 0, inventoryCount: 2 },
          { id: "v-xxl", optionValues: ["Black", "XXL"], priceDifference: 2, inventoryCount: 5 },
        ],
      },
    ],
  ]);
  const request = (variantId: string | null, price: number, quantity = 1) => ({
    customerEmail: "fan@example.com",
    totalAmount: price * quantity,
    items: [{ shopItemId: "shirt", title: "T-shirt", quantity, pricePerItem: price, variantId }],
  });

  it("prices the variant with its difference and labels the line", () => {
    expect(priceOrder(request("v-xxl", 27), catalogue)).toMatchObject({
      ok: true,
      total: 27,
      lines: [{ unitPrice: 27, variantId: "v-xxl", variantLabel: "Black, XXL" }],
    });
  });

  it("refuses the item's base price for a dearer variant, a missing choice and too many", () => {
    expect(priceOrder(request("v-xxl", 25), catalogue)).toMatchObject({ ok: false });
    expect(priceOrder(request(null, 25), catalogue)).toEqual({
      ok: false,
      error: "Choose a Colour for T-shirt.",
    });
    expect(priceOrder(request("v-l", 25, 3), catalogue)).toEqual({
      ok: false,
      error: "Only 2 items available in stock",
    });
  });
});
