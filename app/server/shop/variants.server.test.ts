import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { VARIANT_MESSAGES } from "~/domain/shop/catalogue/item-variant";
import { orderLines, orders, shopItemVariants, shopItems } from "../db/schema/shop.server";
import { completeOrder, createProviderOrder, OrderError } from "./orders.server";
import { getOrderDetail, ordersForExport, refundOrder } from "./order-admin.server";
import { EMPTY_ORDER_FILTERS } from "~/domain/shop/orders/order-admin";
import { DemoProvider } from "./payments/demo.server";
import { expireStockHolds } from "./stock.server";
import { createShopItem, updateShopItem } from "./shop-items.server";
import { withItemVariants } from "./variants.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  TEST_SHIPPING_ADDRESS,
  insertShopItem,
  mailsTo,
  stockOf,
  type ShopItemRow,
} from "../testing/shop-fixtures.server";

const SITE = "https://shop.example";
const ACTOR = { id: "owner-1", email: "owner@example.com" };
const SIZES = ["S", "M", "L"];

type Variant = typeof shopItemVariants.$inferSelect;

interface VariantLine {
  item: ShopItemRow;
  variant?: Variant | null;
  quantity: number;
  price?: number;
  label?: string;
}

const label = (v: Variant) => v.optionValues.join(", ");
const priceOf = (l: VariantLine) =>
  l.price ?? (l.item.price ?? 0) + (l.variant?.priceDifference ?? 0);

function providerBody(lines: VariantLine[], email: string) {
  return {
    shippingAddress: TEST_SHIPPING_ADDRESS,
    customerEmail: email,
    items: lines.map((l) => ({
      id: l.item.id,
      title: l.item.title,
      price: priceOf(l),
      quantity: l.quantity,
      category: l.item.category,
      variantId: l.variant?.id ?? null,
      variantLabel: l.label ?? (l.variant ? label(l.variant) : null),
    })),
  };
}

function completeBody(orderID: string, lines: VariantLine[], email: string) {
  const items = lines.map((l) => ({
    shopItemId: l.item.id,
    quantity: l.quantity,
    pricePerItem: priceOf(l),
  }));
  const totalAmount =
    Math.round(items.reduce((s, i) => s + i.pricePerItem * i.quantity, 0) * 100) / 100;
  return { customerEmail: email, paypalOrderId: orderID, items, totalAmount };
}

async function failure(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof OrderError) return error.message;
    throw error;
  }
}

describe.each(await testDatabaseKinds())("variants on %s", (kind) => {
  let t: TestDatabase;
  const demo = new DemoProvider();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** A T-shirt in Black, sizes S M L, with stock per size; XXL-style difference on L. */
  async function tShirt(stock: Record<string, number | null>, title = "T-shirt") {
    const item = await insertShopItem(t.db, {
      title,
      category: "merchandise",
      price: 25,
      inventoryCount: null,
      options: [
        { name: "Colour", values: ["Black"] },
        { name: "Size", values: SIZES },
      ],
    });
    const variants = await t.db
      .insert(shopItemVariants)
      .values(
        SIZES.map((size, i) => ({
          shopItemId: item.id,
          optionValues: ["Black", size],
          inventoryCount: stock[size] ?? 0,
          priceDifference: size === "L" ? 2 : 0,
          orderIndex: i,
        })),
      )
      .returning();
    const bySize = Object.fromEntries(variants.map((v) => [v.optionValues[1]!, v]));
    return { item, bySize: bySize as Record<string, Variant> };
  }

  const variantStock = async (id: string) =>
    (
      await t.db
        .select({ n: shopItemVariants.inventoryCount })
        .from(shopItemVariants)
        .where(eq(shopItemVariants.id, id))
    )[0]!.n;

  async function buy(lines: VariantLine[], email: string) {
    const { orderID } = await createProviderOrder(t.db, demo, providerBody(lines, email));
    await completeOrder(t.db, demo, completeBody(orderID, lines, email), { siteUrl: SITE });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    return order!;
  }

  it("30 buyers for the last 3 of one size make exactly 3 orders; the other sizes are untouched", async () => {
    const { item, bySize } = await tShirt({ S: 5, M: 5, L: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        buy([{ item, variant: bySize.L, quantity: 1 }], `racer${i}@example.com`),
      ),
    );
    const bought = results.filter((r) => r.status === "fulfilled");
    expect(bought).toHaveLength(3);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toBeInstanceOf(OrderError);
        expect((r.reason as OrderError).message).toMatch(/sold out|available/);
      }
    }
    expect(await variantStock(bySize.L!.id)).toBe(0);
    expect(await variantStock(bySize.S!.id)).toBe(5);
    expect(await variantStock(bySize.M!.id)).toBe(5);
    expect(await stockOf(t.db, item.id)).toBeNull();
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.shopItemId, item.id));
    const completed = await t.db.select().from(orders).where(eq(orders.paymentStatus, "completed"));
    const paidLines = lines.filter((l) => completed.some((o) => o.id === l.orderId));
    expect(paidLines).toHaveLength(3);
    for (const line of paidLines) {
      expect(line).toMatchObject({
        variantId: bySize.L!.id,
        variantLabel: "Black, L",
        unitPrice: 27,
      });
    }
  });

  it("refuses a variant of another item, one that does not exist, a missing choice and changed options", async () => {
    const { item, bySize } = await tShirt({ S: 2, M: 2, L: 2 }, "Tour tee");
    const other = await tShirt({ S: 2 }, "Other tee");
    const plain = await insertShopItem(t.db, { title: "Plain CD", price: 15, inventoryCount: 4 });
    const ghost = { ...bySize.S!, id: "00000000-0000-4000-8000-000000000000" };
    const cases: [VariantLine, string][] = [
      [
        { item, variant: other.bySize.S, quantity: 1, price: 25, label: "" },
        VARIANT_MESSAGES.unknownVariant("Tour tee"),
      ],
      [
        { item, variant: other.bySize.S, quantity: 1, price: 25 },
        VARIANT_MESSAGES.optionsChanged("Tour tee", "Black, S", null),
      ],
      [
        { item, variant: ghost, quantity: 1, label: "" },
        VARIANT_MESSAGES.unknownVariant("Tour tee"),
      ],
      [{ item, variant: null, quantity: 1 }, "Choose a Colour for Tour tee."],
      [
        { item, variant: bySize.M, quantity: 1, label: "Black, Medium" },
        VARIANT_MESSAGES.optionsChanged("Tour tee", "Black, Medium", "Black, M"),
      ],
      [
        { item: plain, variant: bySize.S, quantity: 1, price: 15 },
        VARIANT_MESSAGES.noOptions("Plain CD"),
      ],
      [{ item, variant: bySize.S, quantity: 3 }, "Only 2 items available in stock"],
      [
        { item, variant: bySize.S, quantity: 1, price: 27 },
        "Price calculation error. Please refresh and try again.",
      ],
    ];
    for (const [line, message] of cases) {
      expect(
        await failure(createProviderOrder(t.db, demo, providerBody([line], "bad@example.com"))),
      ).toBe(message);
    }
    // Nothing was held or sold.
    for (const size of SIZES) expect(await variantStock(bySize[size]!.id)).toBe(2);
    expect(await stockOf(t.db, plain.id)).toBe(4);
  });

  it("a lapsed hold goes back to its variant, and a refund restocks the variant it sold", async () => {
    const { item, bySize } = await tShirt({ S: 4, M: 4, L: 4 }, "Sweeper tee");
    const now = new Date();
    await createProviderOrder(
      t.db,
      demo,
      providerBody([{ item, variant: bySize.M, quantity: 2 }], "lapse@example.com"),
      { now },
    );
    expect(await variantStock(bySize.M!.id)).toBe(2);
    await expireStockHolds(t.db, new Date(now.getTime() + 16 * 60_000));
    expect(await variantStock(bySize.M!.id)).toBe(4);

    const order = await buy([{ item, variant: bySize.S, quantity: 1 }], "refund@example.com");
    expect(await variantStock(bySize.S!.id)).toBe(3);
    const detail = await getOrderDetail(t.db, order.id);
    expect(detail!.lines.map((l) => l.title)).toEqual(["Sweeper tee, Black, S"]);
    const [mail] = await mailsTo(t.db, "refund@example.com");
    expect(mail!.textBody).toContain("Sweeper tee, Black, S");
    const exported = await ordersForExport(
      t.db,
      { ...EMPTY_ORDER_FILTERS, q: "refund@example.com" },
      { timeZone: "UTC" },
    );
    expect(exported.map((o) => o.items)).toEqual(["1 × Sweeper tee, Black, S"]);

    const refunded = await refundOrder(t.db, ACTOR, order.id, {
      providerFor: () => demo,
      restock: true,
      siteUrl: SITE,
    });
    expect(refunded.restocked).toBe(1);
    expect(await variantStock(bySize.S!.id)).toBe(4);
    expect(await variantStock(bySize.L!.id)).toBe(4);
    expect(await stockOf(t.db, item.id)).toBeNull();
  });

  it("saves options with the item: kept combinations keep their id and stock, gone ones are removed", async () => {
    const created = await createShopItem(t.db, ACTOR, {
      title: "Dialog tee",
      description: null,
      category: "merchandise",
      format: null,
      price: 25,
      minimumPrice: null,
      imageUrl: null,
      pdfFileUrl: null,
      bandcampUrl: null,
      externalUrl: null,
      tags: [],
      isVisible: true,
      isFeatured: false,
      inventoryCount: 7,
      downloadLimit: 5,
      downloadExpiryDays: 30,
      digitalTwinId: null,
      releaseDate: null,
      variants: {
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: [
          { optionValues: ["S"], priceDifference: 0, sku: "TEE-S", inventoryCount: 3 },
          { optionValues: ["M"], priceDifference: 1, sku: null, inventoryCount: 5 },
        ],
      },
    });
    expect(created.inventoryCount).toBeNull();
    const first = await t.db
      .select()
      .from(shopItemVariants)
      .where(eq(shopItemVariants.shopItemId, created.id));
    expect(first.map((v) => [v.optionValues, v.inventoryCount, v.sku])).toEqual(
      expect.arrayContaining([
        [["S"], 3, "TEE-S"],
        [["M"], 5, null],
      ]),
    );
    const [listed] = await withItemVariants(t.db, [created]);
    expect(listed!.inventoryCount).toBe(8);
    const s = first.find((v) => v.optionValues[0] === "S")!;
    // A buyer holds one S while the dialog is open.
    await createProviderOrder(
      t.db,
      demo,
      providerBody([{ item: created, variant: s, quantity: 1 }], "meanwhile@example.com"),
    );
    // The artist drops M, adds L, and raises S from the 3 the dialog showed to 6.
    await updateShopItem(t.db, ACTOR, created.id, {
      category: "merchandise",
      variants: {
        options: [{ name: "Size", values: ["S", "L"] }],
        variants: [
          { optionValues: ["S"], priceDifference: 0, sku: "TEE-S", inventoryCount: 6, seen: 3 },
          { optionValues: ["L"], priceDifference: 2, sku: null, inventoryCount: 1 },
        ],
      },
    });
    const after = await t.db
      .select()
      .from(shopItemVariants)
      .where(eq(shopItemVariants.shopItemId, created.id));
    expect(after.map((v) => v.optionValues[0]).sort()).toEqual(["L", "S"]);
    const keptS = after.find((v) => v.optionValues[0] === "S")!;
    expect(keptS.id).toBe(s.id);
    // 3 raised by 3, with the held copy still taken: 5.
    expect(keptS.inventoryCount).toBe(5);
    const [item] = await t.db.select().from(shopItems).where(eq(shopItems.id, created.id));
    expect(item!.options).toEqual([{ name: "Size", values: ["S", "L"] }]);
  });
});
