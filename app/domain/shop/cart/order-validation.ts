/**
 * Order rules (public-site spec §5 "Order creation", §8 messages). The browser checks
 * them before calling the server; the server checks them again and then re-prices
 * every line from the database, because a browser can send anything.
 */
import { moneyEquals, roundMoney } from "../../core/money";
import { checkStock } from "../stock/stock";
import { EMAIL_ADDRESS_PATTERN } from "../../core/form-schema";
import { MAX_LINE_QUANTITY, MAX_ORDER_TOTAL, ORDER_TOO_LARGE_MESSAGE } from "./order-caps";
import { checkPaidChosenPrice, nameYourPriceOf } from "../catalogue/name-your-price";
import {
  VARIANT_MESSAGES,
  chooseVariant,
  variantLabel,
  variantPrice,
  type CatalogueVariant,
  type ItemOption,
} from "../catalogue/item-variant";

/** "must match {email} with no spaces". */
export const CHECKOUT_EMAIL_PATTERN = EMAIL_ADDRESS_PATTERN;
export const CHECKOUT_EMAIL_HELP =
  "We'll send your order confirmation and download links to this email.";

export function isValidCheckoutEmail(email: string): boolean {
  return CHECKOUT_EMAIL_PATTERN.test(email.trim());
}

/** Whether the e-mail a completion claims is the one the order was started with. */
export function isSameCheckoutEmail(claimed: string, stored: string): boolean {
  return claimed.trim().toLowerCase() === stored.trim().toLowerCase();
}

export { MAX_LINE_QUANTITY, MAX_ORDER_TOTAL } from "./order-caps";

export const ORDER_MESSAGES = {
  invalidCart: "Invalid cart: no items or invalid total",
  emailRequired: "Customer email is required for checkout",
  invalidQuantity: (title: string) => `Invalid quantity for item: ${title}`,
  invalidPrice: (title: string) => `Invalid price for item: ${title}`,
  priceMismatch: "Price calculation error. Please refresh and try again.",
  unavailable: (title: string) => `Item is no longer available: ${title}`,
  tooManyCheckouts: "Too many checkout attempts. Please wait a few minutes and try again.",
  emailMismatch:
    "This e-mail address does not match the order. Please use the address you gave at checkout.",
  orderTooLarge: ORDER_TOO_LARGE_MESSAGE,
} as const;

export interface OrderLineRequest {
  shopItemId: string;
  title: string;
  quantity: number;
  pricePerItem: number;
  /** An item with options: the variant chosen, and its label as the cart showed it. */
  variantId?: string | null;
  variantLabel?: string | null;
}

export interface OrderRequest {
  items: OrderLineRequest[];
  totalAmount: number;
  customerEmail: string;
}

/** The first broken rule's message, or null when the request is well formed. */
export function validateOrderRequest(request: OrderRequest): string | null {
  if (!request.items?.length || !(request.totalAmount > 0)) return ORDER_MESSAGES.invalidCart;
  if (!request.customerEmail?.trim()) return ORDER_MESSAGES.emailRequired;
  for (const item of request.items) {
    if (!Number.isInteger(item.quantity) || item.quantity <= 0 || item.quantity > MAX_LINE_QUANTITY)
      return ORDER_MESSAGES.invalidQuantity(item.title);
    if (!(item.pricePerItem > 0)) return ORDER_MESSAGES.invalidPrice(item.title);
  }
  const sum = roundMoney(request.items.reduce((s, i) => s + i.pricePerItem * i.quantity, 0));
  if (!moneyEquals(sum, request.totalAmount)) return ORDER_MESSAGES.priceMismatch;
  if (sum > MAX_ORDER_TOTAL) return ORDER_MESSAGES.orderTooLarge;
  return null;
}

/** A shop item as the server knows it, for pricing a request. */
export interface CatalogueItem {
  id: string;
  title: string;
  category: string;
  price: number | null;
  /** Name your price: the least a buyer may pay; null or absent at a fixed price. */
  minimumPrice?: number | null;
  isVisible: boolean;
  inventoryCount: number | null;
  /** Issue 24: the item's options and its variants; absent or empty: none. */
  options?: readonly ItemOption[];
  variants?: readonly CatalogueVariant[];
}

export interface PricedLine {
  shopItemId: string;
  title: string;
  category: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** A name-your-price line: the item's minimum; null at a fixed price. */
  minimumPrice: number | null;
  /** The variant bought ("Black, L"), for an item with options; else null. */
  variantId: string | null;
  variantLabel: string | null;
}

export type PricingResult =
  { ok: true; lines: PricedLine[]; total: number } | { ok: false; error: string };

/**
 * One line's unit price. At a fixed price the browser's price must be the database's;
 * at a named price the buyer's amount is the price, once it passes the item's minimum
 * (a paid line is never 0: the free copy takes the free path) and the order cap.
 */
function linePrice(
  item: CatalogueItem,
  line: OrderLineRequest,
): { ok: true; unitPrice: number; minimumPrice: number | null } | { ok: false; error: string } {
  const terms = nameYourPriceOf(item);
  if (terms) {
    const chosen = checkPaidChosenPrice(terms, line.pricePerItem);
    if (!chosen.ok) return { ok: false, error: `${chosen.message} for ${item.title}` };
    return { ok: true, unitPrice: chosen.amount, minimumPrice: terms.minimum };
  }
  if (item.price === null || !(item.price > 0))
    return { ok: false, error: ORDER_MESSAGES.invalidPrice(item.title) };
  if (!moneyEquals(item.price, line.pricePerItem))
    return { ok: false, error: ORDER_MESSAGES.priceMismatch };
  return { ok: true, unitPrice: item.price, minimumPrice: null };
}

/**
 * Prices a request from the catalogue. The browser's prices and total must agree with
 * the database; items must exist, be visible, purchasable (price above 0) and, for
 * tracked items, in stock for the whole quantity asked across lines.
 */
export function priceOrder(
  request: OrderRequest,
  catalogue: ReadonlyMap<string, CatalogueItem>,
): PricingResult {
  const invalid = validateOrderRequest(request);
  if (invalid) return { ok: false, error: invalid };

  // Stock is counted per item, or per variant for an item with options.
  const stockKey = (line: OrderLineRequest) => `${line.shopItemId}|${line.variantId ?? ""}`;
  const quantities = new Map<string, number>();
  for (const line of request.items) {
    quantities.set(stockKey(line), (quantities.get(stockKey(line)) ?? 0) + line.quantity);
  }

  const lines: PricedLine[] = [];
  for (const line of request.items) {
    const item = catalogue.get(line.shopItemId);
    if (!item || !item.isVisible)
      return { ok: false, error: ORDER_MESSAGES.unavailable(line.title) };
    const choice = chooseVariant(
      { title: item.title, options: item.options ?? [], variants: item.variants ?? [] },
      line.variantId,
      line.variantLabel,
    );
    if (!choice.ok) return { ok: false, error: choice.error };
    const variant = choice.variant;
    const priced = variant
      ? { ...item, price: variantPrice(item.price ?? 0, variant.priceDifference) }
      : item;
    const label = variant ? variantLabel(variant.optionValues) : null;
    const unit = linePrice(priced, line);
    if (!unit.ok) return unit;
    const requested = quantities.get(stockKey(line)) ?? line.quantity;
    const stock = checkStock(
      variant ? { category: item.category, inventoryCount: variant.inventoryCount } : item,
      requested,
    );
    if (!stock.available) {
      return {
        ok: false,
        error:
          variant && stock.maxQuantity === 0
            ? VARIANT_MESSAGES.soldOut(item.title, label!)
            : stock.message,
      };
    }
    lines.push({
      shopItemId: item.id,
      title: item.title,
      category: item.category,
      quantity: line.quantity,
      unitPrice: unit.unitPrice,
      lineTotal: roundMoney(unit.unitPrice * line.quantity),
      minimumPrice: unit.minimumPrice,
      variantId: variant?.id ?? null,
      variantLabel: label,
    });
  }
  const total = roundMoney(lines.reduce((s, l) => s + l.lineTotal, 0));
  if (!moneyEquals(total, request.totalAmount))
    return { ok: false, error: ORDER_MESSAGES.priceMismatch };
  if (total > MAX_ORDER_TOTAL) return { ok: false, error: ORDER_MESSAGES.orderTooLarge };
  return { ok: true, lines, total };
}
