import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { readContent, readOrCreateContent } from "./page-content.server";
import { readActiveTheme } from "./theme.server";
import { DEFAULT_MAINTENANCE_MESSAGE, readShopSettings } from "../shop/shop-settings.server";
import { pageContent, pageSettings, themeSettings } from "../db/schema.server";
import { DEFAULT_THEME } from "~/domain/theme";

describe.each(await testDatabaseKinds())("content service on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("reads content keyed by page_name, description first, then title, then the default", async () => {
    await t.db.insert(pageContent).values([
      { pageName: "contact-email", title: "Email", description: "band@example.org" },
      { pageName: "events-hero-title", title: "On Tour", description: null },
    ]);
    const content = await readContent(t.db, [
      "contact-email",
      "events-hero-title",
      "shop-hero-title",
    ]);
    expect(content["contact-email"].value).toBe("band@example.org");
    expect(content["events-hero-title"].value).toBe("On Tour");
    expect(content["shop-hero-title"].value).toBe("Official Store");
  });

  it("creates the media row with its defaults on first read, once", async () => {
    const first = await readOrCreateContent(t.db, "media");
    expect(first.title).toBe("Media Gallery");
    await readOrCreateContent(t.db, "media");
    const rows = await t.db.select().from(pageContent).where(eq(pageContent.pageName, "media"));
    expect(rows).toHaveLength(1);
  });

  it("falls back to the default maintenance message and reads the stored switch", async () => {
    expect(await readShopSettings(t.db)).toEqual({
      isWorkInProgress: false,
      wipMessage: DEFAULT_MAINTENANCE_MESSAGE,
    });
    await t.db
      .insert(pageSettings)
      .values({ pageName: "shop", isWorkInProgress: true, wipMessage: "  " });
    expect(await readShopSettings(t.db)).toEqual({
      isWorkInProgress: true,
      wipMessage: DEFAULT_MAINTENANCE_MESSAGE,
    });
  });

  it("returns the active theme, or null when none is active", async () => {
    expect(await readActiveTheme(t.db)).toBeNull();
    await t.db.insert(themeSettings).values([
      { name: "Old", colors: DEFAULT_THEME.colors, isActive: false },
      { name: "Blue Note", colors: { primary: "210 80% 60%" }, isActive: true },
    ]);
    expect((await readActiveTheme(t.db))?.name).toBe("Blue Note");
  });
});
