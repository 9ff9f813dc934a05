/**
 * Page content (page_content): the titles and texts of every page, read through the
 * registry in domain/page-content.ts, which supplies the defaults.
 */
import { eq, inArray } from "drizzle-orm";
import {
  contentDefinition,
  resolveContent,
  resolveContentEntry,
  type ContentEntry,
  type ContentMap,
  type PageContentKey,
} from "~/domain/page-content";
import type { Database } from "../db/database.server";
import { pageContent } from "../db/schema.server";

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
