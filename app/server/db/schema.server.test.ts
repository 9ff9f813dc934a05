import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { pgErrorCode } from "../core/errors.server";
import { allowedEmails, pageContent, shopItems, themeSettings } from "./schema.server";

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return pgErrorCode(error);
  }
  return undefined;
}

describe.each(await testDatabaseKinds())("database constraints on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const item = (over: Partial<typeof shopItems.$inferInsert> = {}) =>
    t.db.insert(shopItems).values({ title: "Item", category: "merchandise", price: 10, ...over });

  it("keeps stock at 0 or above, even for a direct update", async () => {
    const [row] = await item({ inventoryCount: 1 }).returning();
    expect(
      await codeOf(
        t.db.update(shopItems).set({ inventoryCount: -1 }).where(eq(shopItems.id, row!.id)),
      ),
    ).toBe("23514");
  });

  it("limits download_limit to 1..100 and download_expiry_days to 1..365", async () => {
    expect(await codeOf(item({ downloadLimit: 0 }))).toBe("23514");
    expect(await codeOf(item({ downloadLimit: 101 }))).toBe("23514");
    expect(await codeOf(item({ downloadExpiryDays: 0 }))).toBe("23514");
    expect(await codeOf(item({ downloadExpiryDays: 366 }))).toBe("23514");
    expect(await codeOf(item({ downloadLimit: 100, downloadExpiryDays: 365 }))).toBeUndefined();
  });

  it("refuses negative prices and order_index, and unknown categories", async () => {
    expect(await codeOf(item({ price: -0.01 }))).toBe("23514");
    expect(await codeOf(item({ orderIndex: -1 }))).toBe("23514");
    expect(await codeOf(item({ category: "vinyl" }))).toBe("23514");
  });

  it("stores exact two-decimal prices and defaults the download settings", async () => {
    const [row] = await item({ price: 19.99 }).returning();
    expect(row!.price).toBe(19.99);
    expect(row!.downloadLimit).toBe(5);
    expect(row!.downloadExpiryDays).toBe(30);
    expect(row!.tags).toEqual([]);
  });

  it("keeps page_name unique", async () => {
    await t.db.insert(pageContent).values({ pageName: "loe", title: "LOE" });
    expect(await codeOf(t.db.insert(pageContent).values({ pageName: "loe", title: "Again" }))).toBe(
      "23505",
    );
  });

  it("stores allow-listed e-mails lower-cased only", async () => {
    expect(await codeOf(t.db.insert(allowedEmails).values({ email: "Owner@Example.com" }))).toBe(
      "23514",
    );
  });

  it("allows only one active theme", async () => {
    await t.db.insert(themeSettings).values({ name: "A", colors: {}, isActive: true });
    expect(
      await codeOf(t.db.insert(themeSettings).values({ name: "B", colors: {}, isActive: true })),
    ).toBe("23505");
  });
});
