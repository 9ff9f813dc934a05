/**
 * The cart's rules (public-site spec §3–§5): pure functions over an array of lines,
 * so the browser store and the tests share them.
 */
import { roundMoney } from "../../core/money";
import { checkPaidChosenPrice, type ChosenPriceCheck } from "../catalogue/name-your-price";
import type { Product, ProductFormat } from "../catalogue/product";
import { MAX_LINE_QUANTITY } from "./order-validation";
import { checkStock, isStockTrackedCategory, lowStockCount, type StockCheck } from "../stock/stock";
import { VARIANT_MESSAGES, variantLabel, type PublicVariant } from "../catalogue/item-variant";

export { CART_STORAGE_KEY } from "./cart-storage";

/** A product as carted: what the drawer shows and checkout sends, nothing private. */
export type CartProduct = Pick<
  Product,
  | "id"
  | "title"
  | "category"
  | "sourceCategory"
  | "price"
  | "digitalPrice"
  | "nameYourPrice"
  | "formats"
  | "formatName"
  | "image"
  | "hasDownload"
  | "inventory"
  | "options"
  | "variants"
  | "preorderReleaseDate"
>;

/** The variant a cart line buys (issue 24): its id, its label as shown, and its stock. */
export interface CartVariant {
  id: string;
  /** "Black, L", as the buyer chose it; checkout compares it with the variant's now. */
  label: string;
  /** Tracked stock when carted or refreshed; null: not counted. */
  stock: number | null;
}

export interface CartItem {
  /** Product id, selected format and a timestamp. */
  id: string;
  product: CartProduct;
  selectedFormat: ProductFormat;
  quantity: number;
  pricePerItem: number;
  addedAt: Date;
  /** An item with options: the variant chosen ("T-shirt, Black, L"). */
  variant?: CartVariant;
}

export type Cart = CartItem[];

export function toCartProduct(product: Product): CartProduct {
  const {
    id,
    title,
    category,
    sourceCategory,
    price,
    digitalPrice,
    nameYourPrice,
    formats,
    formatName,
    image,
    hasDownload,
    inventory,
    options,
    variants,
    preorderReleaseDate,
  } = product;
  return {
    id,
    title,
    category,
    sourceCategory,
    price,
    digitalPrice,
    nameYourPrice: nameYourPrice ?? null,
    formats,
    formatName,
    image,
    hasDownload,
    inventory,
    options: options ?? [],
    variants: variants ?? [],
    preorderReleaseDate: preorderReleaseDate ?? null,
  };
}

function stockSource(product: CartProduct, variant?: CartVariant) {
  return {
    category: product.sourceCategory,
    inventoryCount: variant
      ? variant.stock
      : product.inventory.hasTracking
        ? product.inventory.currentStock
        : null,
  };
}

/**
 * Everything of this product already in the cart, whatever the format; of one variant
 * only, for an item with options (each variant counts its own stock).
 */
export function quantityInCart(cart: Cart, productId: string, variantId?: string): number {
  return cart
    .filter((line) => line.product.id === productId && line.variant?.id === variantId)
    .reduce((n, line) => n + line.quantity, 0);
}

/** A carted variant as the card chose it. */
export function cartVariant(variant: PublicVariant): CartVariant {
  return { id: variant.id, label: variantLabel(variant.values), stock: variant.stock };
}

/**
 * A carted variant whose item changed meanwhile (a value renamed or removed, options
 * added or dropped): what the cart says, in the checkout's words; null when all is well.
 */
export function lineVariantProblem(line: CartItem): string | null {
  const { product, variant } = line;
  const options = product.options ?? [];
  if (!variant) {
    return options.length ? VARIANT_MESSAGES.chooseOption(options[0]!.name, product.title) : null;
  }
  if (!options.length) return VARIANT_MESSAGES.noOptions(product.title);
  const now = (product.variants ?? []).find((v) => v.id === variant.id);
  const label = now ? variantLabel(now.values) : null;
  return label === variant.label
    ? null
    : VARIANT_MESSAGES.optionsChanged(product.title, variant.label, label);
}

export function defaultFormat(product: Pick<CartProduct, "formats">): ProductFormat {
  return product.formats[0] ?? "digital";
}

export function unitPrice(product: CartProduct, format: ProductFormat): number {
  return format === "digital" && product.digitalPrice !== undefined
    ? product.digitalPrice
    : product.price;
}

export interface CartChange {
  cart: Cart;
  stock: StockCheck;
  changed: boolean;
}

/**
 * Adds one of a product: the same product and format raises the quantity by 1,
 * otherwise a new line. A failed stock check (counting what is already carted)
 * leaves the cart as it was. A name-your-price product is carted at the buyer's
 * `chosenPrice` (checked by the caller with checkPaidChosenPrice), else its suggestion.
 */
export function addToCart(
  cart: Cart,
  product: CartProduct,
  format?: ProductFormat,
  now = new Date(),
  chosenPrice?: number,
  variant?: PublicVariant,
): CartChange {
  const selectedFormat = format ?? defaultFormat(product);
  const carted = variant ? cartVariant(variant) : undefined;
  const stock = checkCartQuantity(
    product,
    quantityInCart(cart, product.id, carted?.id) + 1,
    carted,
  );
  if (!stock.available) return { cart, stock, changed: false };
  const existing = cart.find(
    (line) =>
      line.product.id === product.id &&
      line.selectedFormat === selectedFormat &&
      line.variant?.id === carted?.id,
  );
  const named = product.nameYourPrice && chosenPrice !== undefined ? chosenPrice : undefined;
  if (existing) {
    return {
      cart: cart.map((line) =>
        line === existing
          ? { ...line, quantity: line.quantity + 1, pricePerItem: named ?? line.pricePerItem }
          : line,
      ),
      stock,
      changed: true,
    };
  }
  const line: CartItem = {
    id: `${product.id}-${selectedFormat}-${carted ? `${carted.id}-` : ""}${now.getTime()}`,
    product,
    selectedFormat,
    quantity: 1,
    pricePerItem: named ?? variant?.price ?? unitPrice(product, selectedFormat),
    addedAt: now,
    ...(carted ? { variant: carted } : {}),
  };
  return { cart: [...cart, line], stock, changed: true };
}

/** Sets a line's quantity; 0 or less removes the line; raising is blocked by the stock check. */
export function updateQuantity(cart: Cart, lineId: string, quantity: number): CartChange {
  const line = cart.find((l) => l.id === lineId);
  if (!line) return { cart, stock: { available: true, message: "" }, changed: false };
  if (quantity <= 0) {
    return {
      cart: removeFromCart(cart, lineId),
      stock: { available: true, message: "" },
      changed: true,
    };
  }
  const others = quantityInCart(cart, line.product.id, line.variant?.id) - line.quantity;
  const stock = checkCartQuantity(line.product, others + quantity, line.variant);
  if (quantity > line.quantity && !stock.available) return { cart, stock, changed: false };
  return {
    cart: cart.map((l) => (l.id === lineId ? { ...l, quantity: Math.floor(quantity) } : l)),
    stock,
    changed: true,
  };
}

/**
 * Changes the amount a buyer names for a name-your-price line. An amount the rules
 * refuse leaves the cart as it was, with the message to show beside the field.
 */
export function setLinePrice(
  cart: Cart,
  lineId: string,
  amount: number,
): { cart: Cart; check: ChosenPriceCheck } {
  const line = cart.find((l) => l.id === lineId);
  if (!line?.product.nameYourPrice) {
    return { cart, check: { ok: false, message: "This item has a fixed price" } };
  }
  const check = checkPaidChosenPrice(line.product.nameYourPrice, amount);
  if (!check.ok) return { cart, check };
  return {
    cart: cart.map((l) => (l.id === lineId ? { ...l, pricePerItem: check.amount } : l)),
    check,
  };
}

/** A carted name-your-price line whose amount no longer passes (the minimum was raised). */
export function linePriceProblem(line: CartItem): string | null {
  if (!line.product.nameYourPrice) return null;
  const check = checkPaidChosenPrice(line.product.nameYourPrice, line.pricePerItem);
  return check.ok ? null : check.message;
}

export function removeFromCart(cart: Cart, lineId: string): Cart {
  return cart.filter((line) => line.id !== lineId);
}

/** The plus button is disabled at the stock limit ("Maximum quantity reached"). */
export function canIncrease(cart: Cart, line: CartItem): boolean {
  return checkCartQuantity(
    line.product,
    quantityInCart(cart, line.product.id, line.variant?.id) + 1,
    line.variant,
  ).available;
}

export interface CartLineStockNote {
  text: string;
  /** "limit": the plus button is off; "low": few left; "info": plenty, or not counted. */
  tone: "limit" | "low" | "info";
}

/**
 * The note under a cart line's quantity control (spec §5 and §8): "Maximum quantity
 * reached" at the limit, "Only {n} in stock" at 5 or fewer, else the stock check's own
 * words ("{n} items available", "Digital item - unlimited availability").
 */
export function cartLineStockNote(cart: Cart, line: CartItem): CartLineStockNote | null {
  if (!canIncrease(cart, line)) return { text: "Maximum quantity reached", tone: "limit" };
  const source = stockSource(line.product, line.variant);
  // A physical item whose stock the artist does not count: "Digital item - unlimited
  // availability" would be untrue of a tote bag, so it gets no note.
  if (source.inventoryCount === null && isStockTrackedCategory(source.category)) return null;
  const low = lowStockCount(source);
  if (low !== null) return { text: `Only ${low} in stock`, tone: "low" };
  return {
    text: checkStock(source, quantityInCart(cart, line.product.id, line.variant?.id)).message,
    tone: "info",
  };
}

export const MAX_QUANTITY_MESSAGE = `You can order up to ${MAX_LINE_QUANTITY} of one item online.`;

/** The stock check, and the per-item cap the server enforces too (order-validation.ts). */
function checkCartQuantity(
  product: CartProduct,
  quantity: number,
  variant?: CartVariant,
): StockCheck {
  if (quantity > MAX_LINE_QUANTITY) {
    return { available: false, maxQuantity: MAX_LINE_QUANTITY, message: MAX_QUANTITY_MESSAGE };
  }
  return checkStock(stockSource(product, variant), quantity);
}

export function lineTotal(line: Pick<CartItem, "pricePerItem" | "quantity">): number {
  return roundMoney(line.pricePerItem * line.quantity);
}

export function cartTotals(cart: Cart): { itemCount: number; subtotal: number; total: number } {
  const subtotal = roundMoney(cart.reduce((sum, line) => sum + lineTotal(line), 0));
  return { itemCount: cart.reduce((n, line) => n + line.quantity, 0), subtotal, total: subtotal };
}

export function serializeCart(cart: Cart): string {
  return JSON.stringify(cart);
}

/** Reads a stored cart back, turning addedAt into a Date and dropping anything malformed. */
export function parseCart(raw: string | null): Cart {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    return data.flatMap((entry): CartItem[] => {
      const line = entry as Partial<CartItem> & { addedAt?: string };
      if (
        typeof line?.id !== "string" ||
        typeof line.product?.id !== "string" ||
        typeof line.quantity !== "number" ||
        line.quantity <= 0 ||
        typeof line.pricePerItem !== "number"
      ) {
        return [];
      }
      const addedAt = new Date(line.addedAt ?? Date.now());
      return [
        { ...(line as CartItem), addedAt: Number.isNaN(addedAt.getTime()) ? new Date() : addedAt },
      ];
    });
  } catch {
    return [];
  }
}
