import { desc, eq, inArray } from "drizzle-orm";
import {
  contentDefinition,
  resolveContent,
  resolveContentEntry,
  type ContentEntry,
  type ContentMap,
  type PageContentKey,
} from "~/domain/page-content";
import type { Database } from "../db/database.server";
import { pageContent, pageSettings, themeSettings } from "../db/schema.server";
import type { ThemeDefinition } from "~/domain/theme";

/** Reads the given keys, keyed by page_name, with the registry's defaults for anything missing. */
export async function readContent<K extends PageContentKey>(
  db: Database,
  keys: readonly K[],
): Promise<ContentMap<K>> {
  const rows = keys.length
    ? await db
        .select({
          pageName: pageContent.pageName,
          title: pageContent.title,
          description: pageContent.description,
          paragraphSpacing: pageContent.paragraphSpacing,
        })
        .from(pageContent)
        .where(inArray(pageContent.pageName, [...keys]))
    : [];
  return resolveContent(keys, rows);
}

/**
 * Reads one entry and creates its row with the defaults when it is missing, as the
 * media page does on first read (public-site spec §4).
 */
export async function readOrCreateContent(
  db: Database,
  key: PageContentKey,
): Promise<ContentEntry> {
  const definition = contentDefinition(key);
  await db
    .insert(pageContent)
    .values({
      pageName: key,
      title: definition.defaultTitle,
      description: definition.defaultDescription,
    })
    .onConflictDoNothing({ target: pageContent.pageName });
  const [row] = await db.select().from(pageContent).where(eq(pageContent.pageName, key));
  return resolveContentEntry(key, row);
}

export const DEFAULT_MAINTENANCE_MESSAGE =
  "We anticipate being back online within the next few hours.";

export interface ShopSettings {
  isWorkInProgress: boolean;
  wipMessage: string;
}

export async function readShopSettings(db: Database): Promise<ShopSettings> {
  const [row] = await db.select().from(pageSettings).where(eq(pageSettings.pageName, "shop"));
  return {
    isWorkInProgress: row?.isWorkInProgress ?? false,
    wipMessage: row?.wipMessage?.trim() || DEFAULT_MAINTENANCE_MESSAGE,
  };
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
