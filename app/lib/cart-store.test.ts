import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "~/domain/shop/cart/cart";
import { toProduct, type ShopItemForProduct } from "~/domain/shop/catalogue/product";
import { CART_CHANGE_EVENT } from "./cart-count";
import {
  addProductToCart,
  clearCart,
  readCart,
  refreshCartProducts,
  removeLine,
  setLineQuantity,
} from "./cart-store";

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, String(value));
  removeItem = (key: string) => void this.data.delete(key);
}

const item = (overrides: Partial<ShopItemForProduct> = {}): ShopItemForProduct => ({
  id: "cd-1",
  title: "Copper Street (Signed CD)",
  description: null,
  price: 15,
  imageUrl: null,
  category: "cd",
  tags: [],
  bandcampUrl: null,
  externalUrl: null,
  hasDownload: false,
  inventoryCount: 2,
  isFeatured: false,
  ...overrides,
});

let storage: MemoryStorage;
let changes: number;

beforeEach(() => {
  storage = new MemoryStorage();
  changes = 0;
  const events = new EventTarget();
  events.addEventListener(CART_CHANGE_EVENT, () => changes++);
  vi.stubGlobal("window", Object.assign(events, { localStorage: storage }));
});
afterEach(() => vi.unstubAllGlobals());

describe("cart store", () => {
  it("stores every change under shop-cart and announces it", () => {
    addProductToCart(toProduct(item()));
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toHaveLength(1);
    expect(changes).toBe(1);

    const [line] = readCart();
    setLineQuantity(line!.id, 2);
    expect(readCart()[0]!.quantity).toBe(2);
    expect(changes).toBe(2);

    clearCart();
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(readCart()).toEqual([]);
    expect(changes).toBe(3);
  });

  it("restores a stored cart with addedAt as a Date, and keeps snapshots stable", () => {
    addProductToCart(toProduct(item({ id: "pdf-1", category: "sheet_music", hasDownload: true })));
    const stored = storage.getItem(CART_STORAGE_KEY)!;
    // A fresh page: the same text in storage, nothing parsed yet.
    storage.setItem(CART_STORAGE_KEY, stored.replace(/"quantity":1/, '"quantity":3'));
    const cart = readCart();
    expect(cart[0]!.addedAt).toBeInstanceOf(Date);
    expect(cart[0]!.quantity).toBe(3);
    expect(cart[0]!.selectedFormat).toBe("pdf"); // the first listed format
    expect(readCart()).toBe(cart);
  });

  it("completes lines stored without the product fields the drawer reads", () => {
    storage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        {
          id: "p-digital-1",
          product: { id: "p", title: "Old line", price: 10 },
          selectedFormat: "digital",
          quantity: 2,
          pricePerItem: 10,
          addedAt: "2025-01-01T00:00:00.000Z",
        },
        {
          id: "junk",
          product: { id: "q" },
          selectedFormat: "digital",
          quantity: 1,
          pricePerItem: 1,
        },
      ]),
    );
    const [line, ...rest] = readCart();
    expect(rest).toEqual([]);
    expect(line!.product.inventory.hasTracking).toBe(false);
    expect(line!.product.formats).toEqual(["digital"]);
    expect(line!.product.image).toBe("/images/placeholder.svg");
    expect(line!.addedAt).toEqual(new Date("2025-01-01T00:00:00.000Z"));
  });

  it("adds nothing and announces nothing when the stock check fails", () => {
    const cd = toProduct(item({ inventoryCount: 1 }));
    expect(addProductToCart(cd).changed).toBe(true);
    const refused = addProductToCart(cd);
    expect(refused.changed).toBe(false);
    expect(refused.stock.message).toBe("Only 1 items available in stock");
    expect(readCart()[0]!.quantity).toBe(1);
    expect(changes).toBe(1);
  });

  it("removes one line", () => {
    addProductToCart(toProduct(item({ id: "a" })));
    addProductToCart(toProduct(item({ id: "b" })));
    removeLine(readCart()[0]!.id);
    expect(readCart().map((l) => l.product.id)).toEqual(["b"]);
  });

  it("brings carted products up to date with the catalogue", () => {
    addProductToCart(toProduct(item({ inventoryCount: 5 })));
    addProductToCart(toProduct(item({ id: "gone", category: "digital_music" })));
    const before = changes;
    refreshCartProducts([toProduct(item({ inventoryCount: 1, price: 16 }))]);
    const [cd, gone] = readCart();
    expect(cd!.product.inventory.currentStock).toBe(1);
    expect(cd!.pricePerItem).toBe(16);
    expect(gone!.product.id).toBe("gone");
    expect(changes).toBe(before + 1);

    // Nothing new: no write, no event.
    refreshCartProducts([toProduct(item({ inventoryCount: 1, price: 16 }))]);
    expect(changes).toBe(before + 1);
  });

  it("moves a line off a format its product no longer lists (issue 26, item 11)", () => {
    const sheet = item({ id: "sheet-1", category: "sheet_music", inventoryCount: null });
    // Carted while the lead sheet read "Printed" (no PDF on file yet).
    addProductToCart(toProduct(sheet));
    expect(readCart()[0]!.selectedFormat).toBe("physical");
    refreshCartProducts([toProduct({ ...sheet, hasDownload: true })]);
    expect(readCart()[0]!.selectedFormat).toBe("pdf");
  });
});
