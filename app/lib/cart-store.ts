/**
 * The cart in the browser: a tiny store over local storage ("shop-cart") using the
 * rules of app/domain/shop/cart/cart.ts. Every write stores the cart and dispatches
 * CART_CHANGE_EVENT, so the nav badge and every open view follow; another tab's
 * write arrives through the "storage" event.
 *
 * Whether the cart drawer is open lives in ./cart-drawer-state.ts: every page's nav
 * needs that, and only the shop needs the cart's rules.
 */
import { sendEvent } from "./analytics";
import { useSyncExternalStore } from "react";
import {
  CART_STORAGE_KEY,
  addToCart,
  cartVariant,
  defaultFormat,
  parseCart,
  serializeCart,
  setLinePrice,
  toCartProduct,
  unitPrice,
  updateQuantity,
  type Cart,
  type CartChange,
  type CartItem,
  type CartProduct,
} from "~/domain/shop/cart/cart";
import { PLACEHOLDER_IMAGE } from "~/domain/core/site";
import type { Product, ProductFormat } from "~/domain/shop/catalogue/product";
import type { PublicVariant } from "~/domain/shop/catalogue/item-variant";
import { CART_CHANGE_EVENT } from "./cart-count";

const EMPTY_CART: Cart = [];

/** The parsed cart, kept while the stored text is unchanged so snapshots are stable. */
let cachedRaw: string | null = null;
let cachedCart: Cart = EMPTY_CART;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

/**
 * A line stored by an older version of the site, or edited by hand, may lack product
 * fields the drawer reads; those get safe defaults (the server checks stock and prices
 * at checkout anyway), and a line without a titled product is dropped.
 */
function completeLine(line: CartItem): CartItem[] {
  const product = line.product as Partial<CartProduct> | undefined;
  if (typeof product?.title !== "string" || typeof product.id !== "string") return [];
  const inventory = product.inventory;
  return [
    {
      ...line,
      product: {
        ...product,
        id: product.id,
        title: product.title,
        category: product.category ?? "merch",
        sourceCategory: typeof product.sourceCategory === "string" ? product.sourceCategory : "",
        price: typeof product.price === "number" ? product.price : line.pricePerItem,
        nameYourPrice:
          product.nameYourPrice && typeof product.nameYourPrice.minimum === "number"
            ? product.nameYourPrice
            : null,
        formats: Array.isArray(product.formats) ? product.formats : [line.selectedFormat],
        formatName: typeof product.formatName === "string" ? product.formatName : null,
        image:
          typeof product.image === "string" && product.image ? product.image : PLACEHOLDER_IMAGE,
        hasDownload: product.hasDownload === true,
        inventory:
          inventory && typeof inventory.hasTracking === "boolean"
            ? inventory
            : { hasTracking: false, currentStock: null, inStock: true, maxAvailableQuantity: null },
        options: Array.isArray(product.options) ? product.options : [],
        variants: Array.isArray(product.variants) ? product.variants : [],
      },
    },
  ];
}

/** The stored cart, with addedAt turned back into a Date. */
export function readCart(): Cart {
  const raw = storage()?.getItem(CART_STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = parseCart(raw).flatMap(completeLine);
  }
  return cachedCart;
}

function writeCart(cart: Cart): void {
  const store = storage();
  if (store) {
    try {
      if (cart.length === 0) store.removeItem(CART_STORAGE_KEY);
      else store.setItem(CART_STORAGE_KEY, serializeCart(cart));
    } catch {
      // A full or blocked storage keeps the cart for this page view only.
    }
  }
  cachedRaw = store?.getItem(CART_STORAGE_KEY) ?? null;
  cachedCart = cart;
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

function subscribeToCart(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

/** The cart; empty on the server and before hydration. */
export function useCart(): Cart {
  return useSyncExternalStore(subscribeToCart, readCart, () => EMPTY_CART);
}

/**
 * Adds one of a product (its first format unless given); the stock check decides. A
 * name-your-price product goes in at the buyer's amount when given.
 */
export function addProductToCart(
  product: Product | CartProduct,
  format?: ProductFormat,
  chosenPrice?: number,
  variant?: PublicVariant,
) {
  const carted = "artist" in product ? toCartProduct(product) : product;
  const change = addToCart(readCart(), carted, format, new Date(), chosenPrice, variant);
  if (change.changed) {
    writeCart(change.cart);
    sendEvent({ k: "add_to_cart", s: carted.title });
  }
  return change;
}

export function setLineQuantity(lineId: string, quantity: number): CartChange {
  const change = updateQuantity(readCart(), lineId, quantity);
  if (change.changed) writeCart(change.cart);
  return change;
}

/** A name-your-price line's new amount; refused amounts leave the cart alone. */
export function setLineChosenPrice(lineId: string, amount: number) {
  const change = setLinePrice(readCart(), lineId, amount);
  if (change.check.ok) writeCart(change.cart);
  return change.check;
}

export function removeLine(lineId: string): void {
  writeCart(readCart().filter((line) => line.id !== lineId));
}

export function clearCart(): void {
  writeCart(EMPTY_CART);
}

/**
 * Brings carted products up to date with a freshly loaded catalogue (stock, price,
 * image), so the stock limit and the prices sent to checkout are the current ones.
 * Lines whose product is not in the catalogue are left alone; checkout will name them.
 */
export function refreshCartProducts(products: readonly Product[]): void {
  const cart = readCart();
  if (cart.length === 0) return;
  const byId = new Map(products.map((p) => [p.id, p]));
  let changed = false;
  const next = cart.map((line) => {
    const fresh = byId.get(line.product.id);
    if (!fresh) return line;
    const product = toCartProduct(fresh);
    // A format the product no longer lists (sheet music carted as "Printed" before it
    // read as its PDF) becomes the product's own, so the line says what is bought.
    const selectedFormat = product.formats.includes(line.selectedFormat)
      ? line.selectedFormat
      : defaultFormat(product);
    // A carted variant takes its current price and stock while it is still the same
    // combination; a changed one keeps what the buyer chose, and the cart says what changed.
    const current = line.variant && product.variants.find((v) => v.id === line.variant!.id);
    const variant =
      line.variant && current && cartVariant(current).label === line.variant.label
        ? cartVariant(current)
        : line.variant;
    // A named price stays the buyer's; the cart line says if it falls below a new minimum.
    const pricePerItem = product.nameYourPrice
      ? line.pricePerItem
      : line.variant
        ? variant === line.variant
          ? line.pricePerItem
          : current!.price
        : unitPrice(product, selectedFormat);
    if (
      selectedFormat === line.selectedFormat &&
      pricePerItem === line.pricePerItem &&
      JSON.stringify(product) === JSON.stringify(line.product) &&
      JSON.stringify(variant) === JSON.stringify(line.variant)
    ) {
      return line;
    }
    changed = true;
    return { ...line, product, selectedFormat, pricePerItem, ...(variant ? { variant } : {}) };
  });
  if (changed) writeCart(next);
}
