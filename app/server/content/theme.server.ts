/** The colour theme (theme_settings): the active one, as the root layout applies it. */
import { desc } from "drizzle-orm";
import { themeStyleSheet, type ThemeDefinition } from "~/domain/theme";
import { getDb, type Database } from "../db/database.server";
import { themeSettings } from "../db/schema.server";
import { logger } from "../core/logger.server";

/** The active theme as a style sheet; a failed read is logged and the defaults apply. */
export async function loadThemeStyleSheet(): Promise<string> {
  try {
    return themeStyleSheet(await readActiveTheme(getDb()));
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
