/**
 * Discount codes for people (issue 23), on PGlite and on PostgreSQL when it answers:
 * the cart's price preview uses checkout's pricing and holds nothing; the admin list
 * counts each code's paid uses and revenue; a taken code is refused in plain words,
 * and every save leaves an audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startFakePayPal, type FakePayPal } from "../../../tests/fakes/fake-paypal";
import { DISCOUNT_MESSAGES } from "~/domain/shop/discounts/discount-code";
import { DISCOUNT_FORM_MESSAGES } from "~/domain/shop/discounts/discount-code-form";
import { auditLog } from "../db/schema/db.server";
import { discountCodeUses, discountCodes } from "../db/schema/shop.server";
import { completeOrder, createProviderOrder, OrderError, previewCartPrice } from "./orders.server";
import {
  discountCodeService,
  readDiscountCodeRows,
  refuseDuplicateCode,
} from "./discount-code-admin.server";
import { PayPalProvider } from "./payments/paypal.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { insertShopItem, orderBody, providerOrderBody } from "../testing/shop-fixtures.server";

const ACTOR = { id: "user-1", email: "owner@example.com" };

async function refusal(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof OrderError) return error.message;
    throw error;
  }
}

describe.each(await testDatabaseKinds())("discount codes for people on %s", (kind) => {
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

  it("previews the cart with a code by checkout's pricing, holding nothing", async () => {
    const album = await insertShopItem(t.db, {
      title: "Preview Album",
      category: "digital_music",
      price: 10,
      inventoryCount: null,
    });
    await discountCodeService.create(t.db, ACTOR, {
      code: "PREVIEW20",
      kind: "percent",
      amount: 20,
      maxUses: 1,
    });
    const body = (code: string) => ({
      ...providerOrderBody([{ item: album, quantity: 3 }], "fan@example.com", null),
      discountCode: code,
    });
    expect(await previewCartPrice(t.db, body(" preview-20 "))).toMatchObject({
      code: "PREVIEW20",
      subtotal: 30,
      discount: 6,
      total: 24,
    });
    const [code] = await t.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, "PREVIEW20"));
    expect(code!.usesTaken).toBe(0);
    expect(await t.db.select().from(discountCodeUses)).toEqual([]);

    expect(await refusal(previewCartPrice(t.db, body("NOPE123")))).toBe(DISCOUNT_MESSAGES.unknown);
    expect(await refusal(previewCartPrice(t.db, body("  ")))).toBe(DISCOUNT_MESSAGES.empty);
    // A price the catalogue does not have is refused as checkout refuses it.
    const tampered = body("PREVIEW20");
    tampered.items[0]!.price = 1;
    expect(await refusal(previewCartPrice(t.db, tampered))).toMatch(/price/i);
  });

  it("lists each code with its paid uses and the revenue they brought", async () => {
    const score = await insertShopItem(t.db, {
      title: "Revenue Score",
      category: "sheet_music",
      price: 25,
      inventoryCount: null,
    });
    await discountCodeService.create(t.db, ACTOR, {
      code: "REVENUE10",
      kind: "fixed",
      amount: 10,
    });
    const lines = [{ item: score, quantity: 2 }];
    // One paid order with the code, one left open (held, not a paid use).
    for (const paid of [true, false]) {
      const { orderID } = await createProviderOrder(t.db, paypal, {
        ...providerOrderBody(lines, "fan@example.com", null),
        discountCode: "revenue10",
      });
      if (!paid) continue;
      fake.approve(orderID);
      await completeOrder(t.db, paypal, orderBody(orderID, lines), {
        siteUrl: "https://shop.example",
      });
    }
    const rows = await readDiscountCodeRows(t.db);
    expect(rows.find((r) => r.code === "REVENUE10")).toMatchObject({
      uses: 1,
      usesTaken: 2,
      revenue: 40,
    });
    expect(rows.find((r) => r.code === "PREVIEW20")).toMatchObject({ uses: 0, revenue: 0 });
  });

  it("refuses a taken code beside the code field, and audits each save", async () => {
    const failure = await refuseDuplicateCode(() =>
      discountCodeService.create(t.db, ACTOR, {
        code: "PREVIEW20",
        kind: "percent",
        amount: 5,
      }),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      message: DISCOUNT_FORM_MESSAGES.duplicate,
      status: 409,
      field: "code",
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, "discount_codes"));
    expect(entries.map((e) => e.action).sort()).toEqual([
      "discount_codes.create",
      "discount_codes.create",
    ]);
  });
  it("refuses a number of uses below the uses taken beside its field, in plain words", async () => {
    const [code] = await readDiscountCodeRows(t.db).then((rows) =>
      rows.filter((r) => r.code === "REVENUE10"),
    );
    expect(code!.usesTaken).toBe(2);
    const failure = await refuseDuplicateCode(() =>
      discountCodeService.update(t.db, ACTOR, code!.id, { maxUses: 1 }),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      message: DISCOUNT_FORM_MESSAGES.usesBelowTaken,
      status: 409,
      field: "maxUses",
    });
    // At the uses taken is allowed.
    await refuseDuplicateCode(() =>
      discountCodeService.update(t.db, ACTOR, code!.id, { maxUses: 2 }),
    );
  });
});
