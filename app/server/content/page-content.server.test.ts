import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  listEditableContent,
  readContent,
  readOrCreateContent,
  updatePageContent,
} from "./page-content.server";
import { readActiveTheme } from "./theme.server";
import { DEFAULT_MAINTENANCE_MESSAGE, readShopSettings } from "../shop/shop-settings.server";
import { auditLog } from "../db/schema/db.server";
import { pageContent, themeSettings } from "../db/schema/content.server";
import { pageSettings } from "../db/schema/shop.server";
import { DEFAULT_THEME } from "~/domain/content/theme/theme";

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

  it("saves an entry, creating its row on the first save, with an audit row, and the next read shows it", async () => {
    const actor = { id: "u1", email: "artist@example.com" };
    await updatePageContent(t.db, actor, {
      pageName: "loe",
      title: "Letters",
      description: "Words from colleagues",
      paragraphSpacing: "mb-8",
    });
    // A key without spacing in the registry never stores one.
    await updatePageContent(t.db, actor, {
      pageName: "shop-hero-title",
      title: "The Store",
      description: null,
      paragraphSpacing: "mb-12",
    });
    const content = await readContent(t.db, ["loe", "shop-hero-title"]);
    expect(content.loe).toMatchObject({
      title: "Letters",
      description: "Words from colleagues",
      paragraphSpacing: "mb-8",
    });
    const [shopRow] = await t.db
      .select()
      .from(pageContent)
      .where(eq(pageContent.pageName, "shop-hero-title"));
    expect(shopRow).toMatchObject({ title: "The Store", paragraphSpacing: null });

    await updatePageContent(t.db, actor, {
      pageName: "loe",
      title: "Letters of Endorsement",
      description: "Words from colleagues",
      paragraphSpacing: "mb-4",
    });
    const rows = await t.db.select().from(pageContent).where(eq(pageContent.pageName, "loe"));
    expect(rows).toHaveLength(1);
    const [last] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, "loe"))
      .orderBy(auditLog.createdAt);
    expect(last).toMatchObject({ action: "page_content.update", actorEmail: actor.email });
    const editable = await listEditableContent(t.db, ["loe", "about-hero-image", "contact-phone"]);
    expect(editable.map((e) => [e.pageName, e.hasSpacing, e.isImage])).toEqual([
      ["loe", true, false],
      ["about-hero-image", false, true],
      ["contact-phone", false, false],
    ]);
    expect(editable[0]).toMatchObject({
      title: "Letters of Endorsement",
      label: "LOE page header",
    });
  });
});
