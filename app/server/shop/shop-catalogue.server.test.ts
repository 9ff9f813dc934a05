import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { invalidateSiteCache } from "../core/cache.server";
import { pageContent } from "../db/schema/content.server";
import { shopItems } from "../db/schema/shop.server";
import { loadShopContent } from "../pages/public-pages.server";
import {
  loadShopCatalogue,
  readFeaturedShopItems,
  readVisibleShopItems,
} from "./shop-catalogue.server";

describe.each(await testDatabaseKinds())("shop catalogue on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const older = new Date("2025-01-01T00:00:00Z");
    const newer = new Date("2025-06-01T00:00:00Z");
    await t.db.insert(shopItems).values([
      {
        title: "Second, older",
        category: "cd",
        price: 15,
        inventoryCount: 3,
        orderIndex: 1,
        createdAt: older,
        isFeatured: true,
      },
      {
        title: "Second, newer",
        category: "digital_music",
        price: 9,
        orderIndex: 1,
        createdAt: newer,
      },
      {
        title: "First",
        category: "sheet_music",
        price: 6.99,
        pdfFileUrl: "sheet-music/secret.pdf",
        orderIndex: 0,
        isFeatured: true,
      },
      { title: "Hidden", category: "merchandise", price: 20, isVisible: false, isFeatured: true },
    ]);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(() => invalidateSiteCache());

  it("lists visible items by order_index, then newest first", async () => {
    const items = await readVisibleShopItems(t.db);
    expect(items.map((i) => i.title)).toEqual(["First", "Second, newer", "Second, older"]);
  });

  it("lists featured visible items by order_index", async () => {
    const items = await readFeaturedShopItems(t.db);
    expect(items.map((i) => i.title)).toEqual(["First", "Second, older"]);
  });

  it("says whether an item has a download without ever reading the private key", async () => {
    const items = await readVisibleShopItems(t.db);
    const sheet = items.find((i) => i.title === "First")!;
    expect(sheet.hasDownload).toBe(true);
    expect(items.find((i) => i.title === "Second, older")!.hasDownload).toBe(false);
    expect(JSON.stringify(items)).not.toContain("secret.pdf");
  });

  it("serves the catalogue from the cache but always shows the current stock", async () => {
    const first = await loadShopCatalogue(t.db);
    expect(first.items.find((i) => i.title === "Second, older")!.inventoryCount).toBe(3);

    await t.db
      .update(shopItems)
      .set({ inventoryCount: 1, title: "Renamed" })
      .where(eq(shopItems.title, "Second, older"));

    const second = await loadShopCatalogue(t.db);
    const cd = second.items.find((i) => i.category === "cd")!;
    // The title is cached (5 minutes); the stock is not.
    expect(cd.title).toBe("Second, older");
    expect(cd.inventoryCount).toBe(1);
    expect(second.featured.find((i) => i.category === "cd")!.inventoryCount).toBe(1);
  });

  it("reads the shop content with the registry's defaults", async () => {
    await t.db
      .insert(pageContent)
      .values({ pageName: "shop-catalog-title", title: "The Catalogue", description: null });
    const content = await loadShopContent(t.db);
    expect(content["shop-hero-title"].value).toBe("Official Store");
    expect(content["shop-hero-shipping"].value).toBe("free shipping on orders over $50");
    expect(content["shop-hero-delivery"].value).toBe("instant digital delivery");
    expect(content["shop-featured-title"].value).toBe("Featured Items");
    expect(content["shop-catalog-title"].value).toBe("The Catalogue");
  });
});
