/**
 * The names files had on the artist's computer, by the address they were stored under
 * (docs/decisions/031). The upload server names every stored file itself
 * (docs/decisions/013), so without this the screens could only show
 * "e3a2….jpg"; with it they show "cover-photo.jpg".
 */
import { inArray } from "drizzle-orm";
import { cleanOriginalName } from "~/domain/media/uploads";
import type { Database } from "../db/database.server";
import { uploadNames } from "../db/schema/media.server";

/** Keeps the name a stored file was uploaded as (once more for the same address: the newer name). */
export async function recordUploadName(db: Database, url: string, originalName: string) {
  const name = cleanOriginalName(originalName);
  if (!url || !name) return;
  await db
    .insert(uploadNames)
    .values({ url, originalName: name })
    .onConflictDoUpdate({ target: uploadNames.url, set: { originalName: name } });
}

/** The kept names of these addresses; an address without one is not in the map. */
export async function readUploadNames(
  db: Database,
  urls: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(urls.filter((u): u is string => Boolean(u)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ url: uploadNames.url, originalName: uploadNames.originalName })
    .from(uploadNames)
    .where(inArray(uploadNames.url, wanted));
  return new Map(rows.map((r) => [r.url, r.originalName]));
}
