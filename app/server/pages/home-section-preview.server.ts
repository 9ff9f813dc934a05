/**
 * What the live preview of a home-page list screen (/admin/featured-videos,
 * /admin/photo-gallery) needs: the section's stored heading texts and the list as
 * visitors see it now (fresh, not the cached public read). Either part that fails to
 * load is null; the preview then says so and the screen stands.
 */
import type { PageContentKey } from "~/domain/content/page-content/registry";
import { orNull } from "../core/settle.server";
import type { Database } from "../db/database.server";
import { listEditableContent } from "../content/page-content.server";

export interface SectionPreviewValues {
  title: string;
  description: string | null;
  paragraphSpacing: string | null;
}

export async function readHomeSectionPreview<T>(
  db: Database,
  keys: readonly PageContentKey[],
  readList: (db: Database) => Promise<T[]>,
  what: string,
): Promise<{ values: Record<string, SectionPreviewValues>; items: T[] | null }> {
  const [content, items] = await Promise.all([
    orNull(listEditableContent(db, keys), `${what} preview texts`),
    orNull(readList(db), `${what} preview`),
  ]);
  const values = Object.fromEntries(
    (content ?? []).map((entry) => [
      entry.pageName,
      {
        title: entry.title,
        description: entry.description,
        paragraphSpacing: entry.paragraphSpacing,
      },
    ]),
  );
  return { values, items };
}
