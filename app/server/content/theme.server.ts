/**
 * The colour theme (theme_settings): the active one, as the root layout applies it,
 * and the admin's writes (admin spec §4 "Theme": only one active at a time).
 *
 * Activation and delete take one transaction-scoped advisory lock, so two activations
 * at once run one after the other: each first deactivates every theme, then activates
 * its own, and the later one wins. The partial unique index theme_settings_one_active
 * stays the database's own guarantee of "at most one".
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { themeStyleSheet, type ThemeDefinition } from "~/domain/content/theme/theme";
import { THEME_DELETE_ACTIVE_MESSAGE } from "~/domain/content/theme/theme-form";
import { getDb, type Database, type Executor } from "../db/database.server";
import { themeSettings } from "../db/schema/content.server";
import { logger } from "../core/logger.server";
import { defineCollection } from "../admin/collection.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { cached, invalidateSiteCache, MINUTE } from "../core/cache.server";
import { Conflict, NotFound } from "../core/errors.server";

/** The active theme as a style sheet; a failed read is logged and the defaults apply. */
export async function loadThemeStyleSheet(): Promise<string> {
  try {
    // Every page asks for it; a theme write drops it with the rest (invalidateSiteCache).
    return await cached("theme-stylesheet", 5 * MINUTE, async () =>
      themeStyleSheet(await readActiveTheme(getDb())),
    );
  } catch (error) {
    logger.error({ err: error }, "Theme load failed; using the default theme");
    return themeStyleSheet(null);
  }
}

/** Themes newest first; the first active one wins. Null means: use the defaults. */
export async function readActiveTheme(db: Database): Promise<ThemeDefinition | null> {
  const rows = await db.select().from(themeSettings).orderBy(desc(themeSettings.createdAt));
  const active = rows.find((t) => t.isActive);
  if (!active) return null;
  return {
    name: active.name,
    colors: active.colors,
    typography: active.typography,
    animations: active.animations,
  };
}

export type ThemeRow = typeof themeSettings.$inferSelect;

/** List (oldest first), create and update; a new theme starts inactive. */
export const themeService = defineCollection({
  entity: "theme_settings",
  table: themeSettings,
  orderBy: [asc(themeSettings.createdAt), asc(themeSettings.id)],
});

/** One lock for every change of which theme is active (and for deleting one). */
async function lockThemeActivation(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('theme_settings.activation'))`);
}

/**
 * Deactivates every theme, then activates this one, in one transaction (spec §4,
 * §7). Activating the active theme again changes nothing but is not an error.
 */
export async function activateTheme(db: Database, actor: Actor, id: string): Promise<ThemeRow> {
  const activated = await db.transaction(async (tx) => {
    await lockThemeActivation(tx);
    const [target] = await tx.select().from(themeSettings).where(eq(themeSettings.id, id));
    if (!target) throw new NotFound("The theme could not be found. It may have been deleted.");
    const previous = await tx
      .update(themeSettings)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(themeSettings.isActive, true), sql`${themeSettings.id} <> ${id}`))
      .returning({ id: themeSettings.id, name: themeSettings.name });
    const [row] = await tx
      .update(themeSettings)
      .set({ isActive: true, updatedAt: new Date() })
      .where(eq(themeSettings.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: "theme_settings.activate",
      entity: "theme_settings",
      entityId: id,
      details: { name: target.name, deactivated: previous },
    });
    return row!;
  });
  invalidateSiteCache();
  return activated;
}

/** Deletes an inactive theme; the active one is refused (the site would lose its look). */
export async function deleteTheme(db: Database, actor: Actor, id: string): Promise<ThemeRow> {
  const removed = await db.transaction(async (tx) => {
    await lockThemeActivation(tx);
    const [before] = await tx.select().from(themeSettings).where(eq(themeSettings.id, id));
    if (!before) throw new NotFound("The theme could not be found. It may have been deleted.");
    if (before.isActive) throw new Conflict(THEME_DELETE_ACTIVE_MESSAGE);
    await tx.delete(themeSettings).where(eq(themeSettings.id, id));
    await recordAudit(tx, {
      actor,
      action: "theme_settings.delete",
      entity: "theme_settings",
      entityId: id,
      details: { before },
    });
    return before;
  });
  invalidateSiteCache();
  return removed;
}
