/**
 * Discount codes through checkout (issue 23), on PGlite and on PostgreSQL when it
 * answers: the code is checked when the order is priced (each failure its own
 * message), PayPal gets the discount in its breakdown, a use is held while the checkout
 * is open, counted at payment, given back on cancel or expiry, and 30 buyers racing for
 * 5 uses get exactly 5 discounted orders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startFakePayPal, type FakePayPal } from "../../../tests/fakes/fake-paypal";
import { DISCOUNT_MESSAGES as M } from "~/domain/shop/discounts/discount-code";
import { discountCodeUses, discountCodes, orders } from "../db/schema/shop.server";
import {
  cancelProviderOrder,
  completeOrder,
  createProviderOrder,
  OrderError,
} from "./orders.server";
import { expireDiscountHolds } from "./discount-codes.server";
import { getOrderDetail } from "./order-admin.server";
import { exportOrdersCsv } from "./orders-screen.server";
import { PayPalProvider } from "./payments/paypal.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  insertShopItem,
  orderBody,
  providerOrderBody,
  type CartLine,
} from "../testing/shop-fixtures.server";

const SITE = "https://shop.example";
const MINUTE = 60_000;

async function failure(run: Promise<unknown>): Promise<{ message: string; status: number } | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof OrderError) return { message: error.message, status: error.status };
    throw error;
  }
}

describe.each(await testDatabaseKinds())("discount codes on %s", (kind) => {
  let t: TestDatabase;
  let fake: FakePayPal;
  let paypal: PayPalProvider;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    fake = await startFakePayPal();
    paypal = new PayPalProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.url,
      webhookId: fake.webhookId,
    });
  });
  afterAll(async () => {
    await fake?.close();
    await t?.destroy();
  });

  let codes = 0;
  async function insertCode(values: Partial<typeof discountCodes.$inferInsert> = {}) {
    codes++;
    const [row] = await t.db
      .insert(discountCodes)
      .values({ code: `RELEASE${codes}X`, kind: "percent", amount: 20, ...values })
      .returning();
    return row!;
  }
  const usesOf = async (id: string) =>
    (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.usesTaken;
  const withCode = (lines: CartLine[], code: string, email = "fan@example.com") => ({
    ...providerOrderBody(lines, email, null),
    discountCode: code,
  });
  const digital = (price: number, title = "Album") =>
    insertShopItem(t.db, { title, category: "digital_music", price, inventoryCount: null });

  it("takes 20% off a cart: its own line at PayPal, stored on the order, counted when paid", async () => {
    const album = await digital(10);
    const score = await digital(15, "Score");
    const code = await insertCode({ maxUses: 10 });
    const lines = [
      { item: album, quantity: 1 },
      { item: score, quantity: 2 },
    ];
    // Typed in lower case with spaces: accepted.
    const typed = ` ${code.code.toLowerCase().slice(0, 4)} ${code.code.toLowerCase().slice(4)} `;
    const { orderID } = await createProviderOrder(t.db, paypal, withCode(lines, typed));

    expect(fake.orders.get(orderID)!.purchaseUnit.amount).toEqual({
      currency_code: "USD",
      value: "32.00",
      breakdown: {
        item_total: { currency_code: "USD", value: "40.00" },
        discount: { currency_code: "USD", value: "8.00" },
      },
    });
    const [pending] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    expect(pending).toMatchObject({
      totalAmount: 32,
      discountCode: code.code,
      discountAmount: 8,
      paymentStatus: "pending",
    });
    expect(await usesOf(code.id)).toBe(1);

    fake.approve(orderID);
    await completeOrder(t.db, paypal, orderBody(orderID, lines), { siteUrl: SITE });
    const [paid] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    expect(paid).toMatchObject({ paymentStatus: "completed", totalAmount: 32 });
    const [use] = await t.db
      .select()
      .from(discountCodeUses)
      .where(eq(discountCodeUses.providerOrderId, orderID));
    expect(use).toMatchObject({ status: "committed", amount: 8, email: "fan@example.com" });
    expect(await usesOf(code.id)).toBe(1);

    // /admin/orders and its CSV show the code and what it took off.
    expect(await getOrderDetail(t.db, paid!.id)).toMatchObject({
      totalAmount: 32,
      discountCode: code.code,
      discountAmount: 8,
    });
    const { csv } = await exportOrdersCsv(t.db, new URLSearchParams(), { timeZone: "UTC" });
    const [header, ...rows] = csv.split("\r\n");
    const cells = rows.find((r) => r.startsWith(paid!.id))!.split(",");
    const column = (name: string) => cells[header!.split(",").indexOf(name)];
    expect([column("Total"), column("Discount Code"), column("Discount")]).toEqual([
      "32.00",
      code.code,
      "8.00",
    ]);
  });

  it("answers each failure in its own words, before PayPal hears of the order", async () => {
    const album = await digital(10);
    const other = await digital(10, "Other");
    const lines = [{ item: album, quantity: 1 }];
    const now = Date.now();
    const cases: [string, string][] = [
      ["NOSUCHCODE", M.unknown],
      ["A".repeat(10_000), M.tooLong],
      ["SAVE%20", M.malformed],
      [(await insertCode({ endsAt: new Date(now - MINUTE) })).code, M.expired],
      [(await insertCode({ maxUses: 1, usesTaken: 1 })).code, M.usedUp],
      [(await insertCode({ itemIds: [other.id] })).code, M.notForItems],
      [(await insertCode({ minimumOrder: 25 })).code, M.belowMinimum(25)],
    ];
    const atPayPal = fake.orders.size;
    for (const [code, message] of cases) {
      expect(await failure(createProviderOrder(t.db, paypal, withCode(lines, code)))).toEqual({
        message,
        status: 400,
      });
    }
    const later = await insertCode({ startsAt: new Date(now + 3 * 24 * 60 * MINUTE) });
    const notStarted = await failure(
      createProviderOrder(t.db, paypal, withCode(lines, later.code)),
    );
    expect(notStarted!.message).toMatch(/^This discount code can be used from \w+ \d+, \d{4}\.$/);
    expect(fake.orders.size).toBe(atPayPal);
  });

  it("once per e-mail address: a second order from the same address is refused", async () => {
    const album = await digital(10);
    const code = await insertCode({ oncePerEmail: true });
    const lines = [{ item: album, quantity: 1 }];
    await createProviderOrder(t.db, paypal, withCode(lines, code.code, "once@example.com"));
    expect(
      await failure(
        createProviderOrder(t.db, paypal, withCode(lines, code.code, "ONCE@example.com")),
      ),
    ).toEqual({ message: M.usedByEmail, status: 400 });
  });

  /** An order from `email` with the code, created and paid: "discounted", or the refusal. */
  const buyWithCode = async (lines: CartLine[], code: string, email: string) => {
    try {
      const { orderID } = await createProviderOrder(t.db, paypal, withCode(lines, code, email));
      fake.approve(orderID);
      await completeOrder(t.db, paypal, orderBody(orderID, lines, email), { siteUrl: SITE });
      return "discounted";
    } catch (error) {
      if (error instanceof OrderError) return `${error.status} ${error.message}`;
      throw error;
    }
  };
  const liveUsesOf = async (codeId: string) =>
    (
      await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.discountCodeId, codeId))
    ).filter((use) => use.status === "held" || use.status === "committed");

  it("once per e-mail address: of eight checkouts at once from one address, one gets the discount", async () => {
    const album = await digital(10);
    const code = await insertCode({ oncePerEmail: true });
    const lines = [{ item: album, quantity: 1 }];
    // The same address, typed in other cases and with spaces.
    const spellings = ["twice@example.com", "TWICE@example.com", " Twice@Example.com "];
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => buyWithCode(lines, code.code, spellings[i % 3]!)),
    );
    expect(
      outcomes.filter((o) => o === "discounted"),
      outcomes.join(" | "),
    ).toHaveLength(1);
    // The losers read the plain sentence: 400 when the pre-check saw the use, 409 when
    // the hold met it in the database.
    for (const outcome of outcomes.filter((o) => o !== "discounted")) {
      expect([`400 ${M.usedByEmail}`, `409 ${M.usedByEmail}`]).toContain(outcome);
    }
    const paid = (
      await t.db.select().from(orders).where(eq(orders.discountCode, code.code))
    ).filter((o) => o.paymentStatus === "completed");
    expect(paid).toHaveLength(1);
    expect(await liveUsesOf(code.id)).toMatchObject([
      { status: "committed", email: "twice@example.com" },
    ]);
    // Another address still gets it.
    expect(await buyWithCode(lines, code.code, "other@example.com")).toBe("discounted");
  });

  it("once per e-mail address: a held use is the address's until cancelled or expired", async () => {
    const album = await digital(10);
    const code = await insertCode({ oncePerEmail: true });
    const lines = [{ item: album, quantity: 1 }];
    const email = "held@example.com";
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        createProviderOrder(t.db, paypal, withCode(lines, code.code, email)).then(
          (created) => created.orderID,
          (error: unknown) => {
            if (error instanceof OrderError) return null;
            throw error;
          },
        ),
      ),
    );
    const held = attempts.filter((id): id is string => id !== null);
    expect(held).toHaveLength(1);
    expect(await liveUsesOf(code.id)).toHaveLength(1);

    // Cancelled: the address may use the code again.
    await cancelProviderOrder(t.db, { orderID: held[0]! });
    expect(await liveUsesOf(code.id)).toHaveLength(0);
    const again = await createProviderOrder(t.db, paypal, withCode(lines, code.code, email));
    expect(
      await failure(createProviderOrder(t.db, paypal, withCode(lines, code.code, email))),
    ).toEqual({ message: M.usedByEmail, status: 400 });

    // Expired: likewise.
    expect(await expireDiscountHolds(t.db, new Date(Date.now() + 16 * MINUTE))).toBeGreaterThan(0);
    const third = await createProviderOrder(t.db, paypal, withCode(lines, code.code, email));
    expect(await liveUsesOf(code.id)).toMatchObject([{ providerOrderId: third.orderID }]);
    expect(again.orderID).not.toBe(third.orderID);
  });

  it("once per e-mail address is checked again at payment: a lapsed checkout cannot take the address's use back", async () => {
    const album = await digital(10);
    const code = await insertCode({ oncePerEmail: true });
    const lines = [{ item: album, quantity: 1 }];
    const email = "lapsed@example.com";
    const first = await createProviderOrder(t.db, paypal, withCode(lines, code.code, email));
    // The first checkout's hold lapses, and the address starts another with the code.
    expect(await expireDiscountHolds(t.db, new Date(Date.now() + 16 * MINUTE))).toBeGreaterThan(0);
    const second = await createProviderOrder(t.db, paypal, withCode(lines, code.code, email));

    // Paying the first now is refused before any money moves.
    fake.approve(first.orderID);
    expect(
      await failure(
        completeOrder(t.db, paypal, orderBody(first.orderID, lines, email), { siteUrl: SITE }),
      ),
    ).toEqual({ message: `${M.usedByEmail} You have not been charged.`, status: 409 });
    expect(fake.orders.get(first.orderID)!.capture).toBeNull();
    const [refused] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.providerOrderId, first.orderID));
    expect(refused!.paymentStatus).toBe("cancelled");

    // The second, holding the address's use, is paid.
    fake.approve(second.orderID);
    await completeOrder(t.db, paypal, orderBody(second.orderID, lines, email), { siteUrl: SITE });
    expect(await liveUsesOf(code.id)).toMatchObject([
      { providerOrderId: second.orderID, status: "committed" },
    ]);
  });

  it("a discount or price sent in the body changes nothing", async () => {
    const album = await digital(10);
    const lines = [{ item: album, quantity: 1 }];
    const { orderID } = await createProviderOrder(t.db, paypal, {
      ...providerOrderBody(lines, "fan@example.com", null),
      discountAmount: 9,
      discount: { amount: 9 },
      totalAmount: 1,
    });
    expect(fake.orders.get(orderID)!.purchaseUnit.amount).toMatchObject({ value: "10.00" });
    fake.approve(orderID);
    // The completion claiming a discounted total is refused.
    expect(
      await failure(
        completeOrder(
          t.db,
          paypal,
          { ...orderBody(orderID, lines), totalAmount: 1 },
          {
            siteUrl: SITE,
          },
        ),
      ),
    ).toEqual({ message: "Price calculation error. Please refresh and try again.", status: 400 });
  });

  it("gives the use back on cancel and on expiry, like stock", async () => {
    const album = await digital(10);
    const code = await insertCode({ maxUses: 1 });
    const lines = [{ item: album, quantity: 1 }];
    const first = await createProviderOrder(t.db, paypal, withCode(lines, code.code));
    expect(await usesOf(code.id)).toBe(1);
    expect(
      await failure(createProviderOrder(t.db, paypal, withCode(lines, code.code, "b@example.com"))),
    ).toEqual({ message: M.usedUp, status: 400 });
    await cancelProviderOrder(t.db, { orderID: first.orderID });
    expect(await usesOf(code.id)).toBe(0);

    await createProviderOrder(t.db, paypal, withCode(lines, code.code, "c@example.com"));
    expect(await usesOf(code.id)).toBe(1);
    expect(await expireDiscountHolds(t.db, new Date(Date.now() + 16 * MINUTE))).toBeGreaterThan(0);
    expect(await usesOf(code.id)).toBe(0);
  });

  it("30 buyers racing for a code with 5 uses left: exactly 5 discounted orders", async () => {
    const album = await digital(10);
    const code = await insertCode({ maxUses: 7, usesTaken: 2 });
    const lines = [{ item: album, quantity: 1 }];
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        try {
          const email = `racer${i}@example.com`;
          const { orderID } = await createProviderOrder(
            t.db,
            paypal,
            withCode(lines, code.code, email),
          );
          fake.approve(orderID);
          await completeOrder(t.db, paypal, orderBody(orderID, lines, email), { siteUrl: SITE });
          return "discounted";
        } catch (error) {
          if (error instanceof OrderError) return error.message;
          throw error;
        }
      }),
    );
    expect(outcomes.filter((o) => o === "discounted")).toHaveLength(5);
    expect(new Set(outcomes.filter((o) => o !== "discounted"))).toEqual(new Set([M.usedUp]));
    expect(await usesOf(code.id)).toBe(7);
    const discounted = await t.db.select().from(orders).where(eq(orders.discountCode, code.code));
    expect(discounted).toHaveLength(5);
    expect(discounted.every((o) => o.paymentStatus === "completed" && o.totalAmount === 8)).toBe(
      true,
    );
  });
});
