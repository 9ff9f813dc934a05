/**
 * Name your price (issue 23). A digital item, sheet music or free content may let the
 * buyer choose what to pay: never less than the artist's minimum (0 allowed: "free, or
 * pay what you want"), starting from a suggested price. The buyer's amount is checked
 * here by the product card, the cart and the server alike; the server then prices the
 * line from it and nothing else the browser sends.
 */
import { formatPrice, roundMoney } from "../../core/money";
import { MAX_ORDER_TOTAL, ORDER_TOO_LARGE_MESSAGE } from "../cart/order-caps";

/** The categories whose items may be name-your-price: what is delivered as a file or link. */
export const NAME_YOUR_PRICE_CATEGORIES = ["digital_music", "sheet_music", "free_content"] as const;

export function allowsNameYourPrice(category: string): boolean {
  return (NAME_YOUR_PRICE_CATEGORIES as readonly string[]).includes(category);
}

/** A product's name-your-price terms, as the shop and the cart carry them. */
export interface NameYourPrice {
  minimum: number;
  suggested: number;
}

/**
 * The terms of an item, from its stored columns: a minimum makes it name-your-price;
 * the price is the suggested amount (never below the minimum).
 */
export function nameYourPriceOf(item: {
  category: string;
  price: number | null;
  minimumPrice?: number | null;
}): NameYourPrice | null {
  if (item.minimumPrice === null || item.minimumPrice === undefined) return null;
  if (!allowsNameYourPrice(item.category)) return null;
  const minimum = Math.max(0, roundMoney(item.minimumPrice));
  return { minimum, suggested: Math.max(minimum, roundMoney(item.price ?? 0)) };
}

export const NAME_YOUR_PRICE_MESSAGES = {
  notANumber: "Please enter an amount, such as 10 or 12.50",
  atLeast: (minimum: number) => `Please enter at least ${formatPrice(minimum)}`,
  tooLarge: ORDER_TOO_LARGE_MESSAGE,
} as const;

/**
 * Reads what a buyer typed ("12", "12.5", "$12.50", " 7 "): a number rounded to cents,
 * or NaN when it is not an amount.
 */
export function parseAmount(raw: string): number {
  const text = raw.trim().replace(/^\$\s*/, "");
  // Up to 12 digits, so an absurd amount is read and refused by the order cap.
  if (!/^\d{1,12}(\.\d{0,2})?$|^\.\d{1,2}$/.test(text)) return Number.NaN;
  return roundMoney(Number(text));
}

export type ChosenPriceCheck = { ok: true; amount: number } | { ok: false; message: string };

/**
 * Checks a buyer's amount against the terms: a finite number, at least the minimum,
 * and within the order cap that applies to every order. 0 passes when the minimum is 0:
 * it is the free path (no payment), which the caller offers instead of the cart.
 */
export function checkChosenPrice(terms: NameYourPrice, amount: number): ChosenPriceCheck {
  if (!Number.isFinite(amount)) return { ok: false, message: NAME_YOUR_PRICE_MESSAGES.notANumber };
  const cents = roundMoney(amount);
  if (cents < terms.minimum) {
    return { ok: false, message: NAME_YOUR_PRICE_MESSAGES.atLeast(terms.minimum) };
  }
  if (cents > MAX_ORDER_TOTAL) return { ok: false, message: NAME_YOUR_PRICE_MESSAGES.tooLarge };
  return { ok: true, amount: cents };
}

/**
 * The same check for a line that goes through payment: a paid line cannot be 0, so
 * with a minimum of 0 the least a paid copy costs is one cent. The free copy is taken
 * from the product card ("Get it free") without a payment.
 */
export function checkPaidChosenPrice(terms: NameYourPrice, amount: number): ChosenPriceCheck {
  const paidTerms = { ...terms, minimum: Math.max(terms.minimum, 0.01) };
  return checkChosenPrice(paidTerms, amount);
}

/** Whether a chosen amount takes the free path: nothing to pay, and the artist allows it. */
export function isFreeChoice(terms: NameYourPrice, amount: number): boolean {
  return terms.minimum === 0 && Number.isFinite(amount) && roundMoney(amount) === 0;
}

/** The dashboard's figures: how often fans paid above the minimum, and by how much. */
export interface PaidMoreFigures {
  /** Name-your-price copies sold. */
  sales: number;
  /** Of those, copies paid above the minimum. */
  paidMore: number;
  /** The share paid above the minimum, 0–100, rounded; null with no sales. */
  paidMorePercent: number | null;
  /** The average amount above the minimum among those who paid more; null when none. */
  averageExtra: number | null;
}

export function paidMoreFigures(
  lines: readonly { unitPrice: number; minimumPrice: number; quantity: number }[],
): PaidMoreFigures {
  let sales = 0;
  let paidMore = 0;
  let extra = 0;
  for (const line of lines) {
    sales += line.quantity;
    const above = roundMoney(line.unitPrice - line.minimumPrice);
    if (above > 0) {
      paidMore += line.quantity;
      extra += above * line.quantity;
    }
  }
  return {
    sales,
    paidMore,
    paidMorePercent: sales ? Math.round((paidMore / sales) * 100) : null,
    averageExtra: paidMore ? roundMoney(extra / paidMore) : null,
  };
}
