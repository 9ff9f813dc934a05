/**
 * /admin/discounts (issue 23): the discount codes as a collection (create, edit, delete,
 * each with its audit entry), and the list's figures: each code's uses (paid orders)
 * and the revenue it brought (what those orders paid, after the discount).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { DISCOUNT_FORM_MESSAGES } from "~/domain/shop/discounts/discount-code-form";
import { defineCollection } from "../admin/collection.server";
import { Conflict, pgErrorCode } from "../core/errors.server";
import type { Executor } from "../db/database.server";
import { discountCodes, orders, shopItems } from "../db/schema/shop.server";

export const discountCodeService = defineCollection({
  entity: "discount_codes",
  table: discountCodes,
  orderBy: [desc(discountCodes.createdAt)],
});

export type DiscountCodeAdminRow = typeof discountCodes.$inferSelect & {
  /** Completed (paid) orders priced with the code. */
  uses: number;
  /** What those orders paid, in dollars. */
  revenue: number;
};

/** Every code, newest first, with its paid uses and revenue. */
export async function readDiscountCodeRows(db: Executor): Promise<DiscountCodeAdminRow[]> {
  const paid = db
    .select({
      code: orders.discountCode,
      uses: sql<number>`count(*)::int`.as("uses"),
      revenue: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::text`.as("revenue"),
    })
    .from(orders)
    .where(and(eq(orders.paymentStatus, "completed"), sql`${orders.discountCode} is not null`))
    .groupBy(orders.discountCode)
    .as("paid");
  const rows = await db
    .select({ code: discountCodes, uses: paid.uses, revenue: paid.revenue })
    .from(discountCodes)
    .leftJoin(paid, eq(paid.code, discountCodes.code))
    .orderBy(desc(discountCodes.createdAt));
  return rows.map((row) => ({
    ...row.code,
    uses: row.uses ?? 0,
    revenue: Number(row.revenue ?? 0),
  }));
}

/** The shop's items the form offers for "chosen items", by title. */
export function readDiscountItemChoices(db: Executor): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: shopItems.id, title: shopItems.title })
    .from(shopItems)
    .orderBy(shopItems.title);
}

/** The CHECK constraint a database error names, looked for down its causes. */
function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A code that is taken reads as such, beside the code field; a number of uses below
 * the uses already taken (the CHECK `discount_codes_uses`) beside that field.
 */
export async function refuseDuplicateCode<R>(save: () => Promise<R>): Promise<R> {
  try {
    return await save();
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      throw new Conflict(DISCOUNT_FORM_MESSAGES.duplicate, "code");
    }
    if (pgErrorCode(error) === "23514" && violatedConstraint(error) === "discount_codes_uses") {
      throw new Conflict(DISCOUNT_FORM_MESSAGES.usesBelowTaken, "maxUses");
    }
    throw error;
  }
}
