import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { DEFAULT_THEME } from "~/domain/content/theme/theme";
import { Conflict } from "../core/errors.server";
import { auditLog } from "../db/schema/db.server";
import { themeSettings } from "../db/schema/content.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { THEME_DELETE_ACTIVE_MESSAGE } from "~/domain/content/theme/theme-form";
import { activateTheme, deleteTheme, readActiveTheme, themeService } from "./theme.server";

const actor = { id: "user-1", email: "artist@example.com" };

describe.each(await testDatabaseKinds())("themes on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(themeSettings);
    await t.db.delete(auditLog);
  });

  const theme = (name: string, primary = DEFAULT_THEME.colors.primary!) =>
    themeService.create(t.db, actor, {
      name,
      colors: { ...DEFAULT_THEME.colors, primary },
      typography: DEFAULT_THEME.typography,
      animations: DEFAULT_THEME.animations,
    });
  const activeNames = async () =>
    (
      await t.db
        .select({ name: themeSettings.name })
        .from(themeSettings)
        .where(eq(themeSettings.isActive, true))
    ).map((r) => r.name);

  it("creates themes inactive and activates one, deactivating the others, with an audit row", async () => {
    const first = await theme("First");
    const second = await theme("Second", "200 50% 50%");
    expect(first.isActive).toBe(false);
    await activateTheme(t.db, actor, first.id);
    expect(await activeNames()).toEqual(["First"]);
    await activateTheme(t.db, actor, second.id);
    expect(await activeNames()).toEqual(["Second"]);
    expect((await readActiveTheme(t.db))?.colors.primary).toBe("200 50% 50%");
    // Again: still exactly one.
    await activateTheme(t.db, actor, second.id);
    expect(await activeNames()).toEqual(["Second"]);
    const audit = await t.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
    expect(audit.filter((a) => a.action === "theme_settings.activate")).toHaveLength(3);
  });

  it("leaves exactly one theme active when two activations run at once", async () => {
    const themes = await Promise.all(["A", "B", "C", "D"].map((n) => theme(n)));
    await activateTheme(t.db, actor, themes[0]!.id);
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        activateTheme(t.db, actor, themes[1]!.id),
        activateTheme(t.db, actor, themes[2]!.id),
        activateTheme(t.db, actor, themes[3]!.id),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const active = await activeNames();
      expect(active).toHaveLength(1);
      expect(["B", "C", "D"]).toContain(active[0]);
    }
  });

  it("refuses to delete the active theme and deletes an inactive one", async () => {
    const active = await theme("Active");
    const spare = await theme("Spare");
    await activateTheme(t.db, actor, active.id);
    await expect(deleteTheme(t.db, actor, active.id)).rejects.toThrow(Conflict);
    await expect(deleteTheme(t.db, actor, active.id)).rejects.toThrow(THEME_DELETE_ACTIVE_MESSAGE);
    expect(await themeService.get(t.db, active.id)).not.toBeNull();
    await deleteTheme(t.db, actor, spare.id);
    expect(await themeService.get(t.db, spare.id)).toBeNull();
  });

  it("answers not found for an unknown theme", async () => {
    await expect(
      activateTheme(t.db, actor, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toThrow(/could not be found/);
    expect(await activeNames()).toEqual([]);
  });
});
