import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { SHOP_ITEM_TEXT, shopItemCreateSchema } from "~/domain/shop/catalogue/shop-item-form";
import { StaleOrder } from "../admin/collection.server";
import { AppError } from "../core/errors.server";
import { auditLog } from "../db/schema/db.server";
import { orderLines, orders, shopItems, stockReservations } from "../db/schema/shop.server";
import { completeOrder, createProviderOrder } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import {
  createTestShopItem,
  deleteTestShopItems,
  shopItemService,
  shopSaveError,
  updateShopItem,
} from "./shop-items.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  insertShopItem,
  orderBody,
  providerOrderBody,
  stockOf,
  type CartLine,
} from "../testing/shop-fixtures.server";

const actor = { id: "user-1", email: "artist@example.com" };
const SITE = "https://shop.example";

describe.each(await testDatabaseKinds())("shop items on %s", (kind) => {
  let t: TestDatabase;
  const demo = new DemoProvider();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(stockReservations);
    await t.db.delete(orderLines);
    await t.db.delete(orders);
    await t.db.delete(shopItems);
  });

  const titles = async () => (await shopItemService.listAll(t.db)).map((i) => i.title);
  /** The dialog's form for an item as it is now, with some fields changed. */
  const form = (item: typeof shopItems.$inferSelect, changes: Record<string, unknown>) =>
    shopItemCreateSchema.parse({
      title: item.title,
      category: item.category,
      price: String(item.price ?? ""),
      inventoryCount: item.inventoryCount === null ? "" : String(item.inventoryCount),
      isVisible: String(item.isVisible),
      isFeatured: String(item.isFeatured),
      ...changes,
    });

  it("reorders as 0..n-1 in one step, and refuses a list that changed", async () => {
    const a = await insertShopItem(t.db, { title: "A", orderIndex: 5 });
    const b = await insertShopItem(t.db, { title: "B", orderIndex: 7 });
    const c = await insertShopItem(t.db, { title: "C", orderIndex: 9 });
    await shopItemService.reorder(t.db, actor, [c.id, a.id, b.id]);
    const rows = await t.db
      .select({ title: shopItems.title, orderIndex: shopItems.orderIndex })
      .from(shopItems)
      .orderBy(asc(shopItems.orderIndex));
    expect(rows).toEqual([
      { title: "C", orderIndex: 0 },
      { title: "A", orderIndex: 1 },
      { title: "B", orderIndex: 2 },
    ]);
    expect(await titles()).toEqual(["C", "A", "B"]);
    await expect(shopItemService.reorder(t.db, actor, [a.id, b.id])).rejects.toBeInstanceOf(
      StaleOrder,
    );
    expect(await titles()).toEqual(["C", "A", "B"]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "shop_items.reorder"));
    expect(audit?.details).toEqual({ ids: [c.id, a.id, b.id] });
  });

  describe("an order in progress", () => {
    it("is charged the price it was created with; orders after the change pay the new one", async () => {
      const item = await insertShopItem(t.db, { category: "cd", price: 15, inventoryCount: 5 });
      const lines: CartLine[] = [{ item, quantity: 1 }];
      const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines));

      await updateShopItem(t.db, actor, item.id, form(item, { price: "20" }), 4);

      const done = await completeOrder(t.db, demo, orderBody(orderID, lines), { siteUrl: SITE });
      expect(done).toMatchObject({ success: true });
      const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
      expect(order).toMatchObject({ paymentStatus: "completed", totalAmount: 15 });

      // A new cart at the old price is refused; at the new price it goes through.
      await expect(createProviderOrder(t.db, demo, providerOrderBody(lines))).rejects.toThrow();
      const repriced = { ...item, price: 20 };
      const next = await createProviderOrder(
        t.db,
        demo,
        providerOrderBody([{ item: repriced, quantity: 1 }]),
      );
      const [nextOrder] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.providerOrderId, next.orderID));
      expect(nextOrder?.totalAmount).toBe(20);
    });

    it("keeps its held stock when the artist changes the stock meanwhile", async () => {
      const item = await insertShopItem(t.db, { category: "cd", price: 15, inventoryCount: 2 });
      const lines: CartLine[] = [{ item, quantity: 1 }];
      const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines));
      // The hold took one copy off the free stock.
      expect(await stockOf(t.db, item.id)).toBe(1);

      // The dialog opened before the hold and showed 2; the artist sets 5 (3 more).
      await updateShopItem(t.db, actor, item.id, form(item, { inventoryCount: "5" }), 2);
      expect(await stockOf(t.db, item.id)).toBe(4);

      // Saving other fields with the stock as shown does not give the held copy back.
      await updateShopItem(
        t.db,
        actor,
        item.id,
        form(item, { title: "Renamed", inventoryCount: "5" }),
        5,
      );
      expect(await stockOf(t.db, item.id)).toBe(4);

      await completeOrder(t.db, demo, orderBody(orderID, lines), { siteUrl: SITE });
      const [hold] = await t.db
        .select()
        .from(stockReservations)
        .where(eq(stockReservations.providerOrderId, orderID));
      expect(hold?.status).toBe("committed");
      // 5 in stock as the artist wanted, one of them sold.
      expect(await stockOf(t.db, item.id)).toBe(4);
    });

    it("is honoured even when the artist sets the stock to 0", async () => {
      const item = await insertShopItem(t.db, { category: "cd", price: 15, inventoryCount: 1 });
      const lines: CartLine[] = [{ item, quantity: 1 }];
      const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines));
      await updateShopItem(t.db, actor, item.id, form(item, { inventoryCount: "0" }), 1);
      expect(await stockOf(t.db, item.id)).toBe(0);

      const done = await completeOrder(t.db, demo, orderBody(orderID, lines), { siteUrl: SITE });
      expect(done).toMatchObject({ success: true });
      expect(await stockOf(t.db, item.id)).toBe(0);
    });

    it("writes the number as given when tracking is switched on or off", async () => {
      const item = await insertShopItem(t.db, { inventoryCount: null });
      await updateShopItem(t.db, actor, item.id, form(item, { inventoryCount: "7" }), null);
      expect(await stockOf(t.db, item.id)).toBe(7);
      await updateShopItem(t.db, actor, item.id, form(item, { inventoryCount: "" }), 7);
      expect(await stockOf(t.db, item.id)).toBeNull();
    });
  });

  it("creates the test item and deletes every item whose title matches", async () => {
    await insertShopItem(t.db, { title: "Real CD" });
    const created = await createTestShopItem(t.db, actor);
    expect(created).toMatchObject({
      title: "Test Physical Item - Low Stock",
      category: "physical_music",
      price: 1,
      inventoryCount: 2,
      orderIndex: 999,
    });
    await createTestShopItem(t.db, actor);
    expect(await deleteTestShopItems(t.db, actor)).toBe(2);
    expect(await titles()).toEqual(["Real CD"]);
  });

  it("words a database refusal as the spec's 'Save Failed' messages", async () => {
    const item = await insertShopItem(t.db);
    // A negative stock straight to the table breaks its CHECK constraint (23514).
    const checkViolation = await shopItemService
      .update(t.db, actor, item.id, { inventoryCount: -1 })
      .catch((error: unknown) => error);
    const described = shopSaveError(checkViolation, "update");
    expect(described).toBeInstanceOf(AppError);
    expect(described).toMatchObject({
      title: "Save Failed",
      message: "Invalid data provided. Please check all fields and try again.",
    });
  });
});

describe("shopSaveError", () => {
  const pg = (code: string) => Object.assign(new Error("db"), { code });
  it.each([
    [pg("23505"), "create", SHOP_ITEM_TEXT.duplicateOnCreate],
    [pg("23505"), "update", SHOP_ITEM_TEXT.duplicateOnUpdate],
    [pg("23514"), "create", SHOP_ITEM_TEXT.invalidData],
    [
      pg("42501"),
      "update",
      "You do not have permission to update products. Please contact an administrator.",
    ],
    [
      new AppError("no", 403, "Permission Denied"),
      "create",
      "You do not have permission to create products. Please contact an administrator.",
    ],
    [Object.assign(new Error("x"), { code: "ECONNREFUSED" }), "create", SHOP_ITEM_TEXT.network],
    [Object.assign(new Error("x"), { name: "TimeoutError" }), "create", SHOP_ITEM_TEXT.timeout],
    [new Error("boom"), "update", SHOP_ITEM_TEXT.unexpected],
  ] as const)("%s on %s", (error, mode, message) => {
    expect(shopSaveError(error, mode)).toMatchObject({ title: "Save Failed", message });
  });
});
