import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { AppError, Conflict, NotFound, ValidationError } from "../core/errors.server";
import { auditLog } from "../db/schema/db.server";
import { orders } from "../db/schema/shop.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  TEST_SHIPPING_ADDRESS,
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
  type CartLine,
} from "../testing/shop-fixtures.server";
import { completeOrder, createProviderOrder, findOrderByProviderId } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { releaseDuePreorders } from "./preorders.server";
import { SHIPPING_MESSAGES, markOrderShipped } from "./shipping.server";

const SITE = "https://shop.example";
const actor = { id: "user-1", email: "artist@example.com" };
const demo = new DemoProvider();

async function thrown(run: Promise<unknown>): Promise<AppError> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe.each(await testDatabaseKinds())("marking orders shipped on %s", (kind) => {
  let t: TestDatabase;
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** A demo order for the lines; completed unless `complete` is false. */
  async function order(lines: CartLine[], complete = true) {
    const email = `buyer${++buyers}@example.com`;
    const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines, email));
    if (complete) {
      await completeOrder(t.db, demo, orderBody(orderID, lines, email), { siteUrl: SITE });
    }
    return { ...(await findOrderByProviderId(t.db, orderID))!, email };
  }

  const shippingMails = async (email: string) =>
    (await mailsTo(t.db, email)).filter((m) => m.subject.includes("has shipped"));

  it("records carrier, tracking number and time, audits it and mails the buyer once", async () => {
    const cd = await insertShopItem(t.db, { title: "Copper Street CD" });
    const bought = await order([{ item: cd, quantity: 2 }]);
    const now = new Date("2026-05-04T10:00:00Z");

    const shipped = await markOrderShipped(
      t.db,
      actor,
      bought.id,
      { carrier: " USPS ", trackingNumber: "9400 1000 0000 0000 0000 00" },
      { now, siteUrl: SITE },
    );

    expect(shipped).toMatchObject({
      id: bought.id,
      shippedAt: now,
      shippingCarrier: "USPS",
      trackingNumber: "9400 1000 0000 0000 0000 00",
    });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, bought.id));
    expect(stored).toMatchObject({ shippedAt: now, shippingCarrier: "USPS" });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bought.id), eq(auditLog.action, "orders.ship")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: "orders", actorEmail: actor.email });

    const mails = await shippingMails(bought.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(
      "Carrier: USPS. Tracking number: 9400 1000 0000 0000 0000 00.",
    );
    expect(mails[0]!.textBody).toContain("2 × Copper Street CD");
    expect(mails[0]!.textBody).toContain(TEST_SHIPPING_ADDRESS.line1);
  });

  it("is idempotent: a second mark is refused with a clear conflict and sends no second mail", async () => {
    const cd = await insertShopItem(t.db);
    const bought = await order([{ item: cd, quantity: 1 }]);
    await markOrderShipped(t.db, actor, bought.id, {}, { siteUrl: SITE });

    const again = await thrown(
      markOrderShipped(t.db, actor, bought.id, { carrier: "DHL" }, { siteUrl: SITE }),
    );
    expect(again).toBeInstanceOf(Conflict);
    expect(again.message).toBe("This order is already marked as shipped.");

    const [stored] = await t.db.select().from(orders).where(eq(orders.id, bought.id));
    expect(stored!.shippingCarrier).toBeNull();
    const mails = await shippingMails(bought.email);
    expect(mails).toHaveLength(1);
    // Without details the mail does not invent any.
    expect(mails[0]!.textBody).not.toContain("Carrier");
    expect(mails[0]!.textBody).not.toContain("Tracking number");
  });

  it("ships once when two marks arrive at the same time", async () => {
    const cd = await insertShopItem(t.db);
    const bought = await order([{ item: cd, quantity: 1 }]);
    const results = await Promise.allSettled([
      markOrderShipped(t.db, actor, bought.id, { carrier: "A" }, { siteUrl: SITE }),
      markOrderShipped(t.db, actor, bought.id, { carrier: "B" }, { siteUrl: SITE }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(Conflict);
    expect(await shippingMails(bought.email)).toHaveLength(1);
  });

  it("refuses an order with nothing physical, an unpaid order and an unknown one", async () => {
    const sheet = await insertShopItem(t.db, {
      category: "sheet_music",
      price: 5,
      inventoryCount: null,
    });
    const digital = await order([{ item: sheet, quantity: 1 }]);
    const nothing = await thrown(markOrderShipped(t.db, actor, digital.id, {}, { siteUrl: SITE }));
    expect(nothing).toBeInstanceOf(Conflict);
    expect(nothing.message).toBe(SHIPPING_MESSAGES.nothingToShip);

    const cd = await insertShopItem(t.db);
    const unpaid = await order([{ item: cd, quantity: 1 }], false);
    expect(unpaid.paymentStatus).toBe("pending");
    const pending = await thrown(markOrderShipped(t.db, actor, unpaid.id, {}, { siteUrl: SITE }));
    expect(pending).toBeInstanceOf(Conflict);
    expect(pending.message).toBe("Only a completed (paid) order can be marked as shipped.");

    expect(
      await thrown(
        markOrderShipped(
          t.db,
          actor,
          "7d0c5a8e-0000-4000-8000-000000000000",
          {},
          { siteUrl: SITE },
        ),
      ),
    ).toBeInstanceOf(NotFound);
    expect(await thrown(markOrderShipped(t.db, actor, "nope", {}))).toBeInstanceOf(NotFound);

    for (const o of [digital, unpaid]) {
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, o.id));
      expect(stored!.shippedAt).toBeNull();
      expect(await shippingMails(o.email)).toHaveLength(0);
    }
  });

  it("refuses an overlong tracking number without shipping", async () => {
    const cd = await insertShopItem(t.db);
    const bought = await order([{ item: cd, quantity: 1 }]);
    const refused = await thrown(
      markOrderShipped(t.db, actor, bought.id, { trackingNumber: "9".repeat(101) }),
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.message).toBe("Tracking number must be 100 characters or less");
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, bought.id));
    expect(stored!.shippedAt).toBeNull();
  });
  it("refuses to ship while a physical pre-order in the order waits for its day, and ships it once released", async () => {
    // Decision 041: a parcel goes when everything in it is out.
    const record = await insertShopItem(t.db, {
      title: "Harbour Lights (LP)",
      category: "physical_music",
      releaseDate: "2099-01-15",
    });
    const bought = await order([{ item: record, quantity: 1 }]);
    const early = await thrown(markOrderShipped(t.db, actor, bought.id, {}, { siteUrl: SITE }));
    expect(early).toBeInstanceOf(Conflict);
    expect(early.message).toBe(SHIPPING_MESSAGES.preorderWaiting("2099-01-15"));
    const [waiting] = await t.db.select().from(orders).where(eq(orders.id, bought.id));
    expect(waiting!.shippedAt).toBeNull();
    expect(await shippingMails(bought.email)).toHaveLength(0);

    await releaseDuePreorders(t.db, { now: new Date("2099-01-15T18:00:00Z"), siteUrl: SITE });
    const shipped = await markOrderShipped(t.db, actor, bought.id, {}, { siteUrl: SITE });
    expect(shipped.shippedAt).not.toBeNull();
    expect(await shippingMails(bought.email)).toHaveLength(1);
  });
});
