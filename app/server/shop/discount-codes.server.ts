/**
 * Discount codes at checkout (issue 23), the database side. A use of a limited code is
 * taken like a copy of tracked stock (stock.server.ts): one conditional UPDATE
 * (`uses_taken < max_uses`) inside the transaction that records the pending order, so
 * concurrent buyers can never take more uses than there are, on PGlite or PostgreSQL,
 * and the CHECK constraint backs it. The use is held while the checkout is open,
 * committed when the payment is recorded, and given back on cancel or expiry.
 *
 * "Once per e-mail address" is held the same way: a use taken while the code asks for
 * it is marked so (`once_per_email`), and a unique partial index allows one live (held
 * or committed) marked use per code and address. Of two checkouts from one address at
 * the same moment, the second one's hold meets the first in the index, inside its own
 * order's transaction, and the order is not made; a use retaken at payment meets it too.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import {
  DISCOUNT_MESSAGES,
  applyDiscount,
  readDiscountCode,
  type AppliedDiscount,
  type DiscountLine,
} from "~/domain/shop/discounts/discount-code";
import type { Database, Executor, Transaction } from "../db/database.server";
import { discountCodeUses, discountCodes } from "../db/schema/shop.server";
import { Conflict, pgErrorCode } from "../core/errors.server";
import { logger } from "../core/logger.server";

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** A limited code's last use went to someone else between pricing and the hold. */
export class DiscountUsedUp extends Conflict {
  constructor(message: string = DISCOUNT_MESSAGES.usedUp) {
    super(message);
  }
}

/**
 * A "once per e-mail address" code: another checkout from the same address holds or
 * used it, found by the unique index at the hold (or the retake at payment). Handled
 * wherever a used-up code is: the order is not made, or not charged, or refunded.
 */
export class DiscountUsedByEmail extends DiscountUsedUp {
  constructor() {
    super(DISCOUNT_MESSAGES.usedByEmail);
  }
}

/** An address as a use records it: the checkout's own reading (isSameCheckoutEmail). */
const emailOfUse = (email: string) => email.trim().toLowerCase();

export type PricedDiscount =
  { ok: true; discount: AppliedDiscount; codeId: string } | { ok: false; message: string };

const dateWords = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/**
 * Checks a typed code against an order's priced lines: each failure has its own
 * message. Reading the uses here only answers early; the hold decides.
 */
export async function priceDiscount(
  db: Executor,
  rawCode: string,
  lines: readonly DiscountLine[],
  email: string,
  now: Date,
): Promise<PricedDiscount> {
  const reading = readDiscountCode(rawCode);
  if (!reading.ok) return reading;
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, reading.code));
  if (!row) return { ok: false, message: DISCOUNT_MESSAGES.unknown };
  const usedByEmail = row.oncePerEmail
    ? (
        await db
          .select({ id: discountCodeUses.id })
          .from(discountCodeUses)
          .where(
            and(
              eq(discountCodeUses.discountCodeId, row.id),
              eq(discountCodeUses.email, emailOfUse(email)),
              inArray(discountCodeUses.status, ["held", "committed"]),
            ),
          )
          .limit(1)
      ).length > 0
    : false;
  const check = applyDiscount(
    {
      code: row.code,
      kind: row.kind === "fixed" ? "fixed" : "percent",
      amount: row.amount,
      itemIds: row.itemIds,
      minimumOrder: row.minimumOrder,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      maxUses: row.maxUses,
      oncePerEmail: row.oncePerEmail,
    },
    lines,
    { usesTaken: row.usesTaken, usedByEmail },
    { now, formatDate: dateWords },
  );
  return check.ok ? { ok: true, discount: check.discount, codeId: row.id } : check;
}

/** Takes one use of a code, only if one is left; says whether it is once per address. */
async function takeUse(tx: Transaction, codeId: string): Promise<{ oncePerEmail: boolean }> {
  const taken = await tx
    .update(discountCodes)
    .set({ usesTaken: sql`${discountCodes.usesTaken} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.usesTaken} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ oncePerEmail: discountCodes.oncePerEmail });
  if (!taken[0]) throw new DiscountUsedUp();
  return taken[0];
}

async function giveUseBack(tx: Transaction, codeId: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ usesTaken: sql`greatest(${discountCodes.usesTaken} - 1, 0)` })
    .where(eq(discountCodes.id, codeId));
}

/**
 * Holds a use for a new provider order, inside the caller's transaction (with the
 * pending order). Throws DiscountUsedUp (no use left) or DiscountUsedByEmail (the
 * address holds or used a once-per-address code), which roll the whole order back.
 */
export async function holdDiscountUse(
  tx: Transaction,
  use: { codeId: string; providerOrderId: string; email: string; amount: number },
  expiresAt: Date,
): Promise<void> {
  // The code as it is now, read under the row lock the UPDATE takes, not at pricing.
  const { oncePerEmail } = await takeUse(tx, use.codeId);
  const held = await tx
    .insert(discountCodeUses)
    .values({
      discountCodeId: use.codeId,
      providerOrderId: use.providerOrderId,
      email: emailOfUse(use.email),
      amount: use.amount,
      status: "held",
      oncePerEmail,
      expiresAt,
    })
    // The unique partial index decides: a live use of this address is already there (or
    // is being made by a transaction that commits first).
    .onConflictDoNothing({
      target: [discountCodeUses.discountCodeId, discountCodeUses.email],
      where: sql`${discountCodeUses.oncePerEmail} and ${discountCodeUses.status} in ('held', 'committed')`,
    })
    .returning({ id: discountCodeUses.id });
  if (!held.length) throw new DiscountUsedByEmail();
}

/** Gives an order's held use back (cancel, refused capture). Returns whether one ended. */
export async function releaseDiscountUse(
  db: Database,
  providerOrderId: string,
  status: "released" | "expired" = "released",
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(discountCodeUses)
      .set({ status })
      .where(
        and(
          eq(discountCodeUses.providerOrderId, providerOrderId),
          eq(discountCodeUses.status, "held"),
        ),
      )
      .returning({ codeId: discountCodeUses.discountCodeId });
    if (row) await giveUseBack(tx, row.codeId);
    return Boolean(row);
  });
}

/** Ends every held use whose time is up and gives it back. Returns how many. */
export async function expireDiscountHolds(db: Database, now: Date = new Date()): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .update(discountCodeUses)
      .set({ status: "expired" })
      .where(and(eq(discountCodeUses.status, "held"), lte(discountCodeUses.expiresAt, now)))
      .returning({ codeId: discountCodeUses.discountCodeId });
    const perCode = new Map<string, number>();
    for (const row of rows) perCode.set(row.codeId, (perCode.get(row.codeId) ?? 0) + 1);
    for (const [codeId, n] of [...perCode].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await tx
        .update(discountCodes)
        .set({ usesTaken: sql`greatest(${discountCodes.usesTaken} - ${n}, 0)` })
        .where(eq(discountCodes.id, codeId));
    }
    return rows.length;
  });
  if (expired) logger.info({ expired }, "Expired discount code holds released");
  return expired;
}

/**
 * Makes sure an order's use is in place, inside the caller's transaction: a held use
 * is kept (stretched to `until` when given); one that expired or was released is
 * taken again if the code has a use left. Throws DiscountUsedUp when it has not.
 */
export async function reholdDiscountUse(
  tx: Transaction,
  providerOrderId: string,
  until: Date | null,
): Promise<void> {
  if (until) {
    await tx
      .update(discountCodeUses)
      .set({ expiresAt: until })
      .where(
        and(
          eq(discountCodeUses.providerOrderId, providerOrderId),
          eq(discountCodeUses.status, "held"),
        ),
      );
  }
  const [lapsed] = await tx
    .select()
    .from(discountCodeUses)
    .where(
      and(
        eq(discountCodeUses.providerOrderId, providerOrderId),
        inArray(discountCodeUses.status, ["expired", "released"]),
      ),
    );
  if (!lapsed) return;
  const { oncePerEmail } = await takeUse(tx, lapsed.discountCodeId);
  let renewed: { id: string } | undefined;
  try {
    [renewed] = await tx
      .update(discountCodeUses)
      .set({ status: "held", oncePerEmail, ...(until ? { expiresAt: until } : {}) })
      .where(and(eq(discountCodeUses.id, lapsed.id), eq(discountCodeUses.status, lapsed.status)))
      .returning({ id: discountCodeUses.id });
  } catch (error) {
    // While this use had lapsed, another checkout from the address took the code: the
    // only unique index a status change can meet. The transaction is rolled back.
    if (pgErrorCode(error) === "23505") throw new DiscountUsedByEmail();
    throw error;
  }
  if (!renewed) throw new Conflict("The discount changed during checkout; please try again.");
}

/** At capture, inside the order's transaction: a lapsed use is retaken, then committed. */
export async function commitDiscountUse(tx: Transaction, providerOrderId: string): Promise<void> {
  await reholdDiscountUse(tx, providerOrderId, null);
  await tx
    .update(discountCodeUses)
    .set({ status: "committed" })
    .where(
      and(
        eq(discountCodeUses.providerOrderId, providerOrderId),
        eq(discountCodeUses.status, "held"),
      ),
    );
}
