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
  type PageContentRow,
} from "~/domain/page-content";
import { recordAudit, type Actor } from "../admin/audit.server";
import { invalidateSiteCache } from "../core/cache.server";
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

/** One entry as the page-content editor shows it: the registry's facts and what is stored. */
export interface EditableContentEntry {
  pageName: PageContentKey;
  label: string;
  title: string;
  description: string | null;
  paragraphSpacing: string | null;
  hasSpacing: boolean;
  isImage: boolean;
}

/** The given keys for an editor, in the order given, with the defaults for missing rows. */
export async function listEditableContent(
  db: Database,
  keys: readonly PageContentKey[],
): Promise<EditableContentEntry[]> {
  const resolved = await readContent(db, keys);
  return keys.map((key) => {
    const definition = contentDefinition(key);
    const entry = resolved[key] ?? resolveContentEntry(key);
    return {
      pageName: key,
      label: definition.name,
      title: entry.title,
      description: entry.description,
      paragraphSpacing: definition.hasParagraphSpacing ? entry.paragraphSpacing : null,
      hasSpacing: definition.hasParagraphSpacing ?? false,
      isImage: definition.kind === "image",
    };
  });
}

export interface PageContentUpdate {
  pageName: PageContentKey;
  title: string;
  description: string | null;
  paragraphSpacing?: string | null;
}

/**
 * Saves one entry (admin spec §7: title, description, paragraph_spacing, updated_at),
 * creating its row on the first save, with its audit row in the same transaction.
 * The public pages read through the cache, which is dropped once the save commits.
 */
export async function updatePageContent(
  db: Database,
  actor: Actor,
  input: PageContentUpdate,
): Promise<PageContentRow> {
  const definition = contentDefinition(input.pageName);
  const values = {
    title: input.title,
    description: input.description,
    // Only the keys the spec names carry a spacing; others keep none.
    paragraphSpacing: definition.hasParagraphSpacing ? (input.paragraphSpacing ?? null) : null,
  };
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pageContent)
      .where(eq(pageContent.pageName, input.pageName));
    const [saved] = await tx
      .insert(pageContent)
      .values({ pageName: input.pageName, ...values })
      .onConflictDoUpdate({
        target: pageContent.pageName,
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: "page_content.update",
      entity: "page_content",
      entityId: input.pageName,
      details: {
        before: before
          ? {
              title: before.title,
              description: before.description,
              paragraphSpacing: before.paragraphSpacing,
            }
          : null,
        after: values,
      },
    });
    return saved!;
  });
  invalidateSiteCache();
  return row;
}
