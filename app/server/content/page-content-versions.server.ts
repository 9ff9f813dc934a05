/**
 * The version history of page content (page_content_versions): every saved state of an
 * entry with who saved it and when, newest first, the last 20 per key.
 *
 * The model: a version is a state the entry had, not a diff. Each save and each restore
 * adds the new state, so "the last versions with who saved them" is one ordered read,
 * and restoring is writing an old state again (which is itself a new version). Before
 * a write, the stored state is kept as a version too when the history does not already
 * end with it (the seed's text, the registry's default before the first save, or a
 * change made outside the editors), so a save never loses the text it replaces.
 *
 * These helpers run inside the writing transaction of page-content.server.ts.
 */
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Actor } from "../db/audit.server";
import type { Executor } from "../db/database.server";
import { pageContentVersions } from "../db/schema/content.server";

/** Versions kept per key; older ones are pruned in the transaction that adds one. */
export const CONTENT_VERSIONS_KEPT = 20;

/** The values a version holds (and a page_content row stores). */
export interface ContentState {
  title: string | null;
  description: string | null;
  paragraphSpacing: string | null;
}

export interface ContentVersion extends ContentState {
  id: string;
  pageName: string;
  /** Null for a state kept from before the history (seed, default, outside change). */
  savedByUserId: string | null;
  savedByEmail: string | null;
  createdAt: Date;
}

export function sameContentState(a: ContentState, b: ContentState): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.paragraphSpacing === b.paragraphSpacing
  );
}

const newestFirst = [desc(pageContentVersions.createdAt), desc(pageContentVersions.seq)];

const versionColumns = {
  id: pageContentVersions.id,
  pageName: pageContentVersions.pageName,
  title: pageContentVersions.title,
  description: pageContentVersions.description,
  paragraphSpacing: pageContentVersions.paragraphSpacing,
  savedByUserId: pageContentVersions.savedByUserId,
  savedByEmail: pageContentVersions.savedByEmail,
  createdAt: pageContentVersions.createdAt,
};

/** The last `limit` versions of one key, newest first. */
export async function listContentVersions(
  db: Executor,
  pageName: string,
  limit = CONTENT_VERSIONS_KEPT,
): Promise<ContentVersion[]> {
  return db
    .select(versionColumns)
    .from(pageContentVersions)
    .where(eq(pageContentVersions.pageName, pageName))
    .orderBy(...newestFirst)
    .limit(Math.max(0, Math.min(limit, CONTENT_VERSIONS_KEPT)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One version by id, or undefined (an id that is not a uuid is simply not found). */
export async function findContentVersion(
  db: Executor,
  versionId: string,
): Promise<ContentVersion | undefined> {
  if (!UUID.test(versionId)) return undefined;
  const [version] = await db
    .select(versionColumns)
    .from(pageContentVersions)
    .where(eq(pageContentVersions.id, versionId));
  return version;
}

/**
 * Serialises writes to one key (PostgreSQL with several connections or instances), so
 * versions and pruning of a key never interleave. Released at commit.
 */
export async function lockContentKey(tx: Executor, pageName: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`page_content:${pageName}`}))`);
}

/**
 * Keeps the state an entry has before a write, unless the history already ends with
 * it. `storedAt` is when that state was written (the row's updated_at), when known.
 */
export async function keepStateBeforeWrite(
  tx: Executor,
  pageName: string,
  state: ContentState,
  storedAt: Date | null,
): Promise<void> {
  const [newest] = await tx
    .select(versionColumns)
    .from(pageContentVersions)
    .where(eq(pageContentVersions.pageName, pageName))
    .orderBy(...newestFirst)
    .limit(1);
  if (newest && sameContentState(newest, state)) return;
  await tx.insert(pageContentVersions).values({
    pageName,
    ...state,
    // No later than now; the seq column orders it before the version written next.
    ...(storedAt && (!newest || storedAt > newest.createdAt) ? { createdAt: storedAt } : {}),
  });
}

/** Adds the state just written, by `actor`, and prunes the key's history to the last 20. */
export async function recordContentVersion(
  tx: Executor,
  actor: Actor,
  pageName: string,
  state: ContentState,
): Promise<ContentVersion> {
  const [version] = await tx
    .insert(pageContentVersions)
    .values({ pageName, ...state, savedByUserId: actor.id, savedByEmail: actor.email })
    .returning(versionColumns);
  await pruneContentVersions(tx, pageName);
  return version!;
}

export async function pruneContentVersions(tx: Executor, pageName: string): Promise<void> {
  const kept = tx
    .select({ id: pageContentVersions.id })
    .from(pageContentVersions)
    .where(eq(pageContentVersions.pageName, pageName))
    .orderBy(...newestFirst)
    .limit(CONTENT_VERSIONS_KEPT);
  await tx
    .delete(pageContentVersions)
    .where(
      and(eq(pageContentVersions.pageName, pageName), notInArray(pageContentVersions.id, kept)),
    );
}
