/**
 * Page content (page_content): the titles and texts of every page, read through the
 * registry in domain/content/page-content/registry.ts, which supplies the defaults. Every save and
 * restore keeps a version (page-content-versions.server.ts).
 */
import { eq, inArray } from "drizzle-orm";
import { versionStandings } from "~/domain/content/page-content/history";
import {
  DEFAULT_PARAGRAPH_SPACING,
  contentDefinition,
  isPageContentKey,
  resolveContent,
  resolveContentEntry,
  type ContentEntry,
  type ContentKind,
  type ContentMap,
  type PageContentKey,
  type PageContentRow,
} from "~/domain/content/page-content/registry";
import { recordAudit, type Actor } from "../db/audit.server";
import { invalidateSiteCache } from "../core/cache.server";
import { NotFound } from "../core/errors.server";
import { logger } from "../core/logger.server";
import type { Database, Transaction } from "../db/database.server";
import { pageContent } from "../db/schema/content.server";
import {
  findContentVersion,
  keepStateBeforeWrite,
  listContentVersions,
  sameContentState,
  lockContentKey,
  recordContentVersion,
  type ContentState,
  type ContentVersion,
} from "./page-content-versions.server";

export { listContentVersions, type ContentVersion } from "./page-content-versions.server";

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
  /** What the description holds (text, image, url, email): the editor's input and rules. */
  kind: ContentKind;
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
      kind: definition.kind,
    };
  });
}

/** One part of an editor screen: its keys and the spec's words should reading them fail. */
export interface EditableSectionRequest<Id extends string = string> {
  id: Id;
  keys: readonly PageContentKey[];
  /** e.g. "Failed to fetch footer link contents" (admin spec §8). */
  failure: string;
}

export interface EditableSection<Id extends string = string> {
  id: Id;
  entries: EditableContentEntry[];
  /** The failure's words when the read failed (the rest of the screen still stands). */
  error: string | null;
}

/** Reads each section of an editor screen on its own, so one failed read leaves the others. */
export async function listEditableSections<Id extends string>(
  db: Database,
  requests: readonly EditableSectionRequest<Id>[],
): Promise<EditableSection<Id>[]> {
  return Promise.all(
    requests.map(async ({ id, keys, failure }) => {
      try {
        return { id, entries: await listEditableContent(db, keys), error: null };
      } catch (error) {
        logger.error({ err: error, section: id }, failure);
        return { id, entries: [], error: failure };
      }
    }),
  );
}

export interface PageContentUpdate {
  pageName: PageContentKey;
  title: string;
  description: string | null;
  paragraphSpacing?: string | null;
}

/** The stored state of one key, or the registry's default when it has no row yet. */
function storedState(
  key: PageContentKey,
  row: typeof pageContent.$inferSelect | undefined,
): ContentState {
  if (row) {
    return {
      title: row.title,
      description: row.description,
      paragraphSpacing: row.paragraphSpacing,
    };
  }
  const definition = contentDefinition(key);
  return {
    title: definition.defaultTitle,
    description: definition.defaultDescription,
    paragraphSpacing: definition.hasParagraphSpacing ? DEFAULT_PARAGRAPH_SPACING : null,
  };
}

/**
 * Writes one key's state, with its version and its audit row, in the caller's
 * transaction: the stored state is kept in the history first (unless it already ends
 * with it), the new state becomes the newest version, and the history is pruned.
 */
async function writeContent(
  tx: Transaction,
  actor: Actor,
  key: PageContentKey,
  state: ContentState,
  audit: { action: string; details?: Record<string, unknown> },
): Promise<{ row: PageContentRow; version: ContentVersion }> {
  await lockContentKey(tx, key);
  const [before] = await tx.select().from(pageContent).where(eq(pageContent.pageName, key));
  await keepStateBeforeWrite(tx, key, storedState(key, before), before?.updatedAt ?? null);
  const [saved] = await tx
    .insert(pageContent)
    .values({ pageName: key, ...state })
    .onConflictDoUpdate({
      target: pageContent.pageName,
      set: { ...state, updatedAt: new Date() },
    })
    .returning();
  const version = await recordContentVersion(tx, actor, key, state);
  await recordAudit(tx, {
    actor,
    action: audit.action,
    entity: "page_content",
    entityId: key,
    details: {
      ...audit.details,
      before: before
        ? {
            title: before.title,
            description: before.description,
            paragraphSpacing: before.paragraphSpacing,
          }
        : null,
      after: state,
    },
  });
  return { row: saved!, version };
}

/** Only the keys the spec names carry a spacing; others keep none. */
function stateToStore(key: PageContentKey, input: ContentState): ContentState {
  return {
    title: input.title,
    description: input.description,
    paragraphSpacing: contentDefinition(key).hasParagraphSpacing
      ? (input.paragraphSpacing ?? null)
      : null,
  };
}

/**
 * Saves one entry (admin spec §7: title, description, paragraph_spacing, updated_at),
 * creating its row on the first save, with its version and audit row in the same
 * transaction. The public pages read through the cache, which is dropped once the
 * save commits.
 */
export async function updatePageContent(
  db: Database,
  actor: Actor,
  input: PageContentUpdate,
): Promise<PageContentRow> {
  const state = stateToStore(input.pageName, {
    title: input.title,
    description: input.description,
    paragraphSpacing: input.paragraphSpacing ?? null,
  });
  const { row } = await db.transaction((tx) =>
    writeContent(tx, actor, input.pageName, state, { action: "page_content.update" }),
  );
  invalidateSiteCache({ kind: "page-content", keys: [input.pageName] });
  return row;
}

/**
 * A key's last versions for the editor's history: the newest one equal to what is
 * stored now is current (exactly one), older equal ones are marked as the same text.
 */
export async function readContentHistory(
  db: Database,
  key: PageContentKey,
  limit?: number,
): Promise<(ContentVersion & { isCurrent: boolean; sameAsCurrent: boolean })[]> {
  const [row] = await db.select().from(pageContent).where(eq(pageContent.pageName, key));
  const stored = storedState(key, row);
  const versions = await listContentVersions(db, key, limit);
  const standings = versionStandings(versions, (version) => sameContentState(version, stored));
  return versions.map((version, i) => ({
    ...version,
    isCurrent: standings[i] === "current",
    sameAsCurrent: standings[i] === "same-as-current",
  }));
}

export class ContentVersionNotFound extends NotFound {
  constructor() {
    super("This version no longer exists. Reload the history and try again.");
  }
}

/**
 * Makes an earlier version of the key being edited the current content again. The
 * restore is itself a new version (by `actor`, now), so the text it replaces stays in the
 * history; audited as page_content.restore. An unknown version, or a version of another
 * key, changes nothing.
 */
export async function restoreContentVersion(
  db: Database,
  actor: Actor,
  { pageName, versionId }: { pageName: PageContentKey; versionId: string },
): Promise<{ pageName: PageContentKey; row: PageContentRow; version: ContentVersion }> {
  const result = await db.transaction(async (tx) => {
    const restored = await findContentVersion(tx, versionId);
    // Another key's version would overwrite this key with that key's text.
    if (!restored || restored.pageName !== pageName || !isPageContentKey(restored.pageName)) {
      throw new ContentVersionNotFound();
    }
    const key = restored.pageName;
    const { row, version } = await writeContent(tx, actor, key, stateToStore(key, restored), {
      action: "page_content.restore",
      details: { restoredVersionId: restored.id, restoredVersionAt: restored.createdAt },
    });
    return { pageName: key, row, version };
  });
  invalidateSiteCache({ kind: "page-content", keys: [result.pageName] });
  return result;
}

/** What the LOE screen's Page Content tab edits: the header, the banner's template, the address it shows. */
export async function readLoeEditorContent(db: Database) {
  const [[header, banner], contact] = await Promise.all([
    listEditableContent(db, ["loe", "loe-banner-text"]),
    readContent(db, ["contact-email"]),
  ]);
  return {
    header: header!,
    bannerTemplate: banner?.description ?? "",
    contactEmail: contact["contact-email"].value,
  };
}
