import { describe, expect, it } from "vitest";
import {
  DISCOUNT_FORM_MESSAGES as M,
  discountCodeCreateSchema,
  discountCodeDays,
  discountCodeUpdateSchema,
  discountCodeValues,
  discountWords,
} from "./discount-code-form";

const ITEM = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
const OTHER = "7a1d4c7e-3f2b-4c7e-8f3a-2b6d9e1c5a7f";

const form = (over: Record<string, unknown> = {}) => ({
  code: "summer 20",
  kind: "percent",
  amount: "20",
  scope: "order",
  minimumOrder: "",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  oncePerEmail: "false",
  ...over,
});

const firstMessage = (input: Record<string, unknown>) => {
  const result = discountCodeCreateSchema.safeParse(input);
  return result.success
    ? null
    : { message: result.error.issues[0]!.message, path: result.error.issues[0]!.path };
};

describe("the discount code form", () => {
  it("reads a code as a buyer's is read, with the whole order and no limits", () => {
    expect(discountCodeCreateSchema.parse(form())).toEqual({
      code: "SUMMER20",
      kind: "percent",
      amount: 20,
      itemIds: [],
      minimumOrder: null,
      startsOn: null,
      endsOn: null,
      maxUses: null,
      oncePerEmail: false,
    });
  });

  it("refuses a blank, short, too long or non-alphanumeric code, each with its message", () => {
    expect(firstMessage(form({ code: " " }))?.message).toBe(M.codeRequired);
    expect(firstMessage(form({ code: "ab" }))?.message).toBe(M.codeLength);
    expect(firstMessage(form({ code: "A".repeat(33) }))?.message).toMatch(/at most 32/);
    expect(firstMessage(form({ code: "20%OFF" }))?.message).toBe(
      "A discount code has only letters and digits",
    );
  });

  it("keeps a percent within 1–100 and a fixed amount above 0", () => {
    expect(firstMessage(form({ amount: "0" }))).toEqual({ message: M.percent, path: ["amount"] });
    expect(firstMessage(form({ amount: "101" }))?.message).toBe(M.percent);
    expect(firstMessage(form({ amount: "abc" }))?.message).toBe(M.percent);
    expect(firstMessage(form({ kind: "fixed", amount: "0" }))?.message).toBe(M.fixed);
    expect(discountCodeCreateSchema.parse(form({ kind: "fixed", amount: "$5.50" })).amount).toBe(
      5.5,
    );
    expect(discountCodeCreateSchema.parse(form({ amount: "100" })).amount).toBe(100);
  });

  it("takes the chosen items' switches, and needs one when items are chosen", () => {
    const parsed = discountCodeCreateSchema.parse(
      form({
        scope: "items",
        [`item:${ITEM}`]: "true",
        [`item:${OTHER}`]: "false",
        "item:nope": "true",
      }),
    );
    expect(parsed.itemIds).toEqual([ITEM]);
    expect(firstMessage(form({ scope: "items" }))).toEqual({ message: M.noItems, path: ["scope"] });
    // Switches left on while "Whole order" is chosen do not narrow the code.
    expect(discountCodeCreateSchema.parse(form({ [`item:${ITEM}`]: "true" })).itemIds).toEqual([]);
  });

  it("reads the optional minimum, uses and days, and refuses an end before the start", () => {
    const parsed = discountCodeCreateSchema.parse(
      form({
        minimumOrder: "25",
        maxUses: "10",
        startsOn: "2026-12-01",
        endsOn: "2026-12-31",
        oncePerEmail: "true",
      }),
    );
    expect(parsed).toMatchObject({
      minimumOrder: 25,
      maxUses: 10,
      startsOn: "2026-12-01",
      endsOn: "2026-12-31",
      oncePerEmail: true,
    });
    expect(firstMessage(form({ maxUses: "0" }))?.message).toBe(M.maxUses);
    expect(firstMessage(form({ maxUses: "2.5" }))?.message).toBe(M.maxUses);
    expect(firstMessage(form({ minimumOrder: "lots" }))?.message).toBe(M.minimumOrder);
    expect(firstMessage(form({ startsOn: "2026-02-30" }))?.message).toBe(M.date);
    expect(firstMessage(form({ startsOn: "2026-12-10", endsOn: "2026-12-09" }))).toEqual({
      message: M.endBeforeStart,
      path: ["endsOn"],
    });
  });

  it("needs the id to update", () => {
    expect(discountCodeUpdateSchema.safeParse(form()).success).toBe(false);
    expect(discountCodeUpdateSchema.parse(form({ id: ITEM })).id).toBe(ITEM);
  });
});

describe("a code's days in the site's time zone", () => {
  it("runs from the first day's midnight to the midnight after the last day, and reads back", () => {
    const input = discountCodeCreateSchema.parse(
      form({ startsOn: "2026-12-01", endsOn: "2026-12-31" }),
    );
    const values = discountCodeValues(input, "America/New_York");
    expect(values.startsAt?.toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(values.endsAt?.toISOString()).toBe("2027-01-01T05:00:00.000Z");
    expect(discountCodeDays(values, "America/New_York")).toEqual({
      startsOn: "2026-12-01",
      endsOn: "2026-12-31",
    });
    expect(discountCodeValues(discountCodeCreateSchema.parse(form()), "UTC")).toMatchObject({
      startsAt: null,
      endsAt: null,
    });
  });

  it("words what a code takes off", () => {
    expect(discountWords("percent", 20)).toBe("20% off");
    expect(discountWords("fixed", 5)).toBe("$5.00 off");
  });
});
