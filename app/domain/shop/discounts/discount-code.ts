/**
 * Discount codes (issue 23), the pure rules: how a typed code is read, whether a code
 * applies to an order (each failure with its own plain message), and how much it takes
 * off. A discount never makes a line negative, never takes a name-your-price line below
 * its minimum, and leaves at least a cent to pay (a payment provider cannot take an
 * order of 0; giving something away is what download codes are for). The shop charges
 * no shipping, so there is none to leave untouched.
 *
 * The server applies them when it prices an order (shop/discount-codes.server.ts, with
 * the uses held like stock); see docs/decisions/032-fan-pricing.md.
 */
import { formatPrice, roundMoney } from "../../core/money";

/** Letters and digits, read without spaces or case: "summer 20" is "SUMMER20". */
export const DISCOUNT_CODE_MIN_LENGTH = 3;
export const DISCOUNT_CODE_MAX_LENGTH = 32;

export const DISCOUNT_MESSAGES = {
  empty: "Please enter a discount code",
  tooLong: `A discount code has at most ${DISCOUNT_CODE_MAX_LENGTH} letters and digits`,
  malformed: "A discount code has only letters and digits",
  unknown: "This discount code does not exist. Please check it and try again.",
  notStarted: (startsAt: string) => `This discount code can be used from ${startsAt}.`,
  expired: "This discount code has expired.",
  usedUp: "This discount code has been used up.",
  usedByEmail: "This discount code has already been used with this e-mail address.",
  notForItems: "This discount code does not apply to the items in your cart.",
  belowMinimum: (minimum: number) =>
    `This discount code needs an order of at least ${formatPrice(minimum)}.`,
} as const;

export type CodeReading = { ok: true; code: string } | { ok: false; message: string };

/**
 * Reads a typed code: spaces and dashes dropped, upper case. A code of 10,000
 * characters is refused by its length before anything else looks at it.
 */
export function readDiscountCode(raw: string): CodeReading {
  if (raw.length > DISCOUNT_CODE_MAX_LENGTH * 4) {
    return { ok: false, message: DISCOUNT_MESSAGES.tooLong };
  }
  const code = raw.replace(/[\s-]+/g, "").toUpperCase();
  if (code === "") return { ok: false, message: DISCOUNT_MESSAGES.empty };
  if (code.length > DISCOUNT_CODE_MAX_LENGTH) {
    return { ok: false, message: DISCOUNT_MESSAGES.tooLong };
  }
  if (!/^[A-Z0-9]+$/.test(code)) return { ok: false, message: DISCOUNT_MESSAGES.malformed };
  if (code.length < DISCOUNT_CODE_MIN_LENGTH) {
    return { ok: false, message: DISCOUNT_MESSAGES.unknown };
  }
  return { ok: true, code };
}

/** A code as the artist set it up. */
export interface DiscountTerms {
  code: string;
  kind: "percent" | "fixed";
  /** Percent (1–100) or dollars. */
  amount: number;
  /** Empty: the whole order; else only lines of these items. */
  itemIds: readonly string[];
  /** The order's subtotal (before the discount) must reach this. */
  minimumOrder: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Total uses allowed; null: unlimited. */
  maxUses: number | null;
  oncePerEmail: boolean;
}

/** How the code stands in the database when the order is priced. */
export interface DiscountUsage {
  /** Uses held by open checkouts and counted by paid orders. */
  usesTaken: number;
  /** Whether this buyer's address already holds or used it (once per e-mail address). */
  usedByEmail: boolean;
}

/** A priced line as the discount sees it. */
export interface DiscountLine {
  shopItemId: string;
  unitPrice: number;
  quantity: number;
  /** Name your price: the line may not go below minimum × quantity. */
  minimumPrice: number | null;
}

export interface AppliedDiscount {
  code: string;
  /** The amount taken off the order, in dollars (cents exact). */
  amount: number;
  /** Per line, in the order given: what was taken off it. */
  perLine: number[];
}

export type DiscountCheck =
  { ok: true; discount: AppliedDiscount } | { ok: false; message: string };

const cents = (value: number) => Math.round((value + Number.EPSILON) * 100);

/**
 * Whether the code applies to these lines now, and what it takes off. The first
 * failing rule answers, in the order a buyer can act on them: dates, uses, the items,
 * the minimum order. `formatDate` words the start date for "not started".
 */
export function applyDiscount(
  terms: DiscountTerms,
  lines: readonly DiscountLine[],
  usage: DiscountUsage,
  { now, formatDate }: { now: Date; formatDate: (date: Date) => string },
): DiscountCheck {
  if (terms.startsAt && now.getTime() < terms.startsAt.getTime()) {
    return { ok: false, message: DISCOUNT_MESSAGES.notStarted(formatDate(terms.startsAt)) };
  }
  if (terms.endsAt && now.getTime() >= terms.endsAt.getTime()) {
    return { ok: false, message: DISCOUNT_MESSAGES.expired };
  }
  if (terms.maxUses !== null && usage.usesTaken >= terms.maxUses) {
    return { ok: false, message: DISCOUNT_MESSAGES.usedUp };
  }
  if (terms.oncePerEmail && usage.usedByEmail) {
    return { ok: false, message: DISCOUNT_MESSAGES.usedByEmail };
  }
  const eligible = lines.map(
    (line) => terms.itemIds.length === 0 || terms.itemIds.includes(line.shopItemId),
  );
  if (!eligible.some(Boolean)) return { ok: false, message: DISCOUNT_MESSAGES.notForItems };
  const subtotal = lines.reduce((sum, line) => sum + cents(line.unitPrice) * line.quantity, 0);
  if (terms.minimumOrder !== null && subtotal < cents(terms.minimumOrder)) {
    return { ok: false, message: DISCOUNT_MESSAGES.belowMinimum(terms.minimumOrder) };
  }

  // What each line can give: down to 0, or to a named price's minimum.
  const room = lines.map((line, i) =>
    eligible[i]
      ? Math.max(
          0,
          cents(line.unitPrice) * line.quantity - cents(line.minimumPrice ?? 0) * line.quantity,
        )
      : 0,
  );
  const perLine = room.map(() => 0);
  if (terms.kind === "percent") {
    const percent = Math.min(100, Math.max(0, terms.amount));
    lines.forEach((line, i) => {
      if (!eligible[i]) return;
      const wanted = Math.round((cents(line.unitPrice) * line.quantity * percent) / 100);
      perLine[i] = Math.min(room[i]!, wanted);
    });
  } else {
    let left = cents(terms.amount);
    room.forEach((r, i) => {
      const taken = Math.min(r, left);
      perLine[i] = taken;
      left -= taken;
    });
  }
  // At least a cent stays to pay: taken back from the last discounted line.
  const total = perLine.reduce((s, c) => s + c, 0);
  if (total >= subtotal && total > 0) {
    const last = perLine
      .map((c, i) => (c > 0 ? i : -1))
      .filter((i) => i >= 0)
      .pop()!;
    perLine[last] = perLine[last]! - (total - subtotal + 1);
  }
  const amount = perLine.reduce((s, c) => s + c, 0);
  if (amount <= 0) return { ok: false, message: DISCOUNT_MESSAGES.notForItems };
  return {
    ok: true,
    discount: {
      code: terms.code,
      amount: roundMoney(amount / 100),
      perLine: perLine.map((c) => roundMoney(c / 100)),
    },
  };
}

/**
 * PayPal's amount breakdown with a discount: the items at their prices, the discount
 * beside them, and the amount the difference (item_total − discount = value).
 */
export function discountedBreakdown(
  itemTotal: number,
  discount: number,
): { itemTotal: number; discount: number; amount: number } {
  return {
    itemTotal: roundMoney(itemTotal),
    discount: roundMoney(discount),
    amount: roundMoney((cents(itemTotal) - cents(discount)) / 100),
  };
}
