/**
 * The /admin/discounts form (issue 23): what the artist types for a discount code, read
 * and checked here for the dialog and again on the server. The code is read by the same
 * rule as the buyer's (`readDiscountCode`), so what is stored is what a buyer can type.
 * Dates are calendar days of the site's time zone: a code runs from the start of its
 * first day to the end of its last (docs/decisions/032-fan-pricing.md).
 */
import { z } from "../../core/zod";
import {
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_MIN_LENGTH,
  DISCOUNT_MESSAGES,
  readDiscountCode,
} from "./discount-code";
import {
  entryId,
  formBoolean,
  formChoice,
  formText,
  readNumber,
  MAX_INTEGER,
} from "../../admin/form-fields";
import { parseAmount } from "../catalogue/name-your-price";
import { MAX_ORDER_TOTAL } from "../cart/order-caps";
import { formatPrice } from "../../core/money";
import { zonedTimeToInstant, calendarDayIn } from "../../core/time-zone";

export const DISCOUNT_CODE_TEXT = {
  created: "Discount Code Created Successfully",
  updated: "Discount Code Updated Successfully",
  deleted: "Discount code deleted successfully",
  saveFailed: "Failed to save discount code",
  deleteFailed: "Failed to delete discount code",
  deleteConfirm: "Are you sure you want to delete this discount code? Orders that used it keep it.",
  deleteTitle: "Delete Discount Code",
  fetchFailed: "Failed to fetch discount codes",
  empty: "No discount codes yet. Create the first one!",
  addTitle: "Add Discount Code",
  editTitle: "Edit Discount Code",
} as const;

export const DISCOUNT_FORM_MESSAGES = {
  codeRequired: "Code is required",
  codeLength: `A discount code has ${DISCOUNT_CODE_MIN_LENGTH} to ${DISCOUNT_CODE_MAX_LENGTH} letters and digits`,
  duplicate: "This discount code already exists. Please choose another.",
  usesBelowTaken:
    "This code has already been used (or is held by open checkouts) more times than that. Please enter a higher number of uses.",
  kind: "Please choose percent or fixed amount",
  percent: "A percent discount is a number from 1 to 100",
  fixed: `A fixed discount is an amount above $0.00 and at most ${formatPrice(MAX_ORDER_TOTAL)}`,
  scope: "Please choose the whole order or chosen items",
  noItems: "Please choose at least one item",
  minimumOrder: "The minimum order is an amount such as 25 or 25.00",
  date: "Please enter a valid date",
  endBeforeStart: "The end date cannot be before the start date",
  maxUses: "The number of uses is a whole number of 1 or more",
} as const;

const M = DISCOUNT_FORM_MESSAGES;
export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export const DISCOUNT_SCOPES = ["order", "items"] as const;
/** A chosen item is posted as a switch named `item:<id>`. */
export const ITEM_FIELD_PREFIX = "item:";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) =>
  DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

const optionalDay = formText(M.date)
  .refine((v) => v === "" || isDay(v), M.date)
  .transform((v) => (v === "" ? null : v));

const fields = {
  code: formText(M.codeRequired).superRefine((v, ctx) => {
    if (v === "") return void ctx.addIssue({ code: "custom", message: M.codeRequired });
    const reading = readDiscountCode(v);
    // A short code is "unknown" to a buyer; to the artist it is too short.
    if (!reading.ok) {
      const short = reading.message === DISCOUNT_MESSAGES.unknown;
      ctx.addIssue({ code: "custom", message: short ? M.codeLength : reading.message });
    }
  }),
  kind: formChoice(DISCOUNT_KINDS, M.kind, "percent"),
  amount: formText(),
  scope: formChoice(DISCOUNT_SCOPES, M.scope, "order"),
  minimumOrder: formText(M.minimumOrder)
    .transform((v) => (v === "" ? null : parseAmount(v)))
    .refine((v) => v === null || (Number.isFinite(v) && v <= MAX_ORDER_TOTAL), M.minimumOrder),
  startsOn: optionalDay,
  endsOn: optionalDay,
  maxUses: formText(M.maxUses)
    .transform(readNumber)
    .refine((n) => n === null || (Number.isInteger(n) && n >= 1 && n <= MAX_INTEGER), M.maxUses),
  oncePerEmail: formBoolean(),
};

/** The checked form: the code as stored (upper case), the chosen items' ids. */
export interface DiscountCodeInput {
  code: string;
  kind: (typeof DISCOUNT_KINDS)[number];
  amount: number;
  itemIds: string[];
  minimumOrder: number | null;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  oncePerEmail: boolean;
}

/** The ids of the `item:<id>` switches that are on. */
export function chosenItemIds(form: Record<string, unknown>): string[] {
  return Object.entries(form)
    .filter(([key, value]) => {
      if (!key.startsWith(ITEM_FIELD_PREFIX)) return false;
      const last = Array.isArray(value) ? value[value.length - 1] : value;
      return last === true || last === "true" || last === "on";
    })
    .map(([key]) => key.slice(ITEM_FIELD_PREFIX.length))
    .filter((id) => entryId.safeParse(id).success);
}

function discountCodeFields(withId: boolean) {
  return z
    .looseObject(withId ? { id: entryId, ...fields } : fields)
    .superRefine((v, ctx) => {
      const amount = parseAmount(v.amount);
      if (v.kind === "percent" && !(Number.isFinite(amount) && amount >= 1 && amount <= 100)) {
        ctx.addIssue({ code: "custom", message: M.percent, path: ["amount"] });
      }
      if (
        v.kind === "fixed" &&
        !(Number.isFinite(amount) && amount > 0 && amount <= MAX_ORDER_TOTAL)
      ) {
        ctx.addIssue({ code: "custom", message: M.fixed, path: ["amount"] });
      }
      if (v.scope === "items" && chosenItemIds(v).length === 0) {
        ctx.addIssue({ code: "custom", message: M.noItems, path: ["scope"] });
      }
      if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) {
        ctx.addIssue({ code: "custom", message: M.endBeforeStart, path: ["endsOn"] });
      }
    })
    .transform((v): DiscountCodeInput & { id?: string } => ({
      ...("id" in v && typeof v.id === "string" ? { id: v.id } : {}),
      code: v.code.replace(/[\s-]+/g, "").toUpperCase(),
      kind: v.kind,
      amount: parseAmount(v.amount),
      itemIds: v.scope === "items" ? chosenItemIds(v) : [],
      minimumOrder: v.minimumOrder,
      startsOn: v.startsOn,
      endsOn: v.endsOn,
      maxUses: v.maxUses,
      oncePerEmail: v.oncePerEmail,
    }));
}

export const discountCodeCreateSchema = discountCodeFields(false);
export const discountCodeUpdateSchema = discountCodeFields(true);

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The stored terms: a start at the first day's midnight, an end at the midnight after the last day. */
export function discountCodeValues(input: DiscountCodeInput, timeZone: string) {
  const midnight = (date: string) => zonedTimeToInstant({ date, hour: 0, minute: 0 }, timeZone);
  return {
    code: input.code,
    kind: input.kind,
    amount: input.amount,
    itemIds: input.itemIds,
    minimumOrder: input.minimumOrder,
    startsAt: input.startsOn ? midnight(input.startsOn) : null,
    endsAt: input.endsOn ? midnight(nextDay(input.endsOn)) : null,
    maxUses: input.maxUses,
    oncePerEmail: input.oncePerEmail,
  };
}

/** The days the form shows for stored instants (the inverse of discountCodeValues). */
export function discountCodeDays(
  stored: { startsAt: Date | null; endsAt: Date | null },
  timeZone: string,
): { startsOn: string | null; endsOn: string | null } {
  return {
    startsOn: stored.startsAt ? calendarDayIn(stored.startsAt, timeZone) : null,
    endsOn: stored.endsAt ? calendarDayIn(new Date(stored.endsAt.getTime() - 1), timeZone) : null,
  };
}

/** "20% off", "$5.00 off". */
export function discountWords(kind: string, amount: number): string {
  return kind === "fixed" ? `${formatPrice(amount)} off` : `${Number(amount)}% off`;
}
