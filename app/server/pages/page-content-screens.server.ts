/**
 * The loaders of the page-content list screens (/admin/page-content, /shop-content,
 * /contact, /footer): each section's entries, or the spec's failure words for a
 * section whose read failed, plus that failure as a toast. The screen still stands.
 */
import type { ContentScreenConfig } from "~/domain/content/page-content/screens";
import type { ToastMessage } from "~/domain/core/toast";
import { getDb } from "../db/database.server";
import { newToast } from "../http/flash.server";
import { listEditableSections, type EditableSection } from "../content/page-content.server";

export interface ContentScreenData {
  sections: EditableSection[];
  toasts: ToastMessage[];
}

function withToasts(sections: EditableSection[]): ContentScreenData {
  const failures = [...new Set(sections.flatMap((s) => (s.error ? [s.error] : [])))];
  return { sections, toasts: failures.map((message) => newToast("error", "Error", message)) };
}

/**
 * Reads a screen's sections. `oneRead`: all keys in one query with the first section's
 * failure words (the all-keys screen, whose sections are the registry's groups).
 */
export async function loadContentScreen(
  config: ContentScreenConfig,
  { oneRead = false }: { oneRead?: boolean } = {},
): Promise<ContentScreenData> {
  const db = getDb();
  if (!oneRead) return withToasts(await listEditableSections(db, config.sections));
  const [all] = await listEditableSections(db, [
    {
      id: "all",
      keys: config.sections.flatMap((s) => s.keys),
      failure: config.sections[0]?.failure ?? "",
    },
  ]);
  const sections = config.sections.map((section) => ({
    id: section.id,
    entries: all!.entries.filter((entry) => section.keys.includes(entry.pageName)),
    error: all!.error,
  }));
  return withToasts(sections);
}
