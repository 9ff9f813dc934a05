/**
 * The page-content editor's drafts: what an entry's form starts from, and whether the
 * artist has changed it (Save stays off until something differs from what is stored).
 */
import { DEFAULT_PARAGRAPH_SPACING } from "~/domain/page-content";

/** One page-content key as the loader hands it to the editor. */
export interface PageContentEntry {
  pageName: string;
  /** The key's friendly name, e.g. "Hero Title". */
  label: string;
  title: string | null;
  description: string | null;
  paragraphSpacing: string | null;
  /** Offer the paragraph-spacing choice (only a few about-page keys do). */
  hasSpacing: boolean;
  /** The description holds an image URL: edit it with an upload field. */
  isImage?: boolean;
}

/** The values as the editor's inputs hold them. */
export interface ContentDraft {
  title: string;
  description: string;
  paragraphSpacing: string | null;
}

/** What the preview slot receives per key: the unsaved values, as they would be saved. */
export interface ContentValues {
  title: string;
  description: string | null;
  paragraphSpacing: string | null;
}

export function draftOf(entry: PageContentEntry): ContentDraft {
  return {
    title: entry.title ?? "",
    description: entry.description ?? "",
    paragraphSpacing: entry.hasSpacing
      ? (entry.paragraphSpacing ?? DEFAULT_PARAGRAPH_SPACING)
      : entry.paragraphSpacing,
  };
}

export function sameDraft(a: ContentDraft, b: ContentDraft): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.paragraphSpacing === b.paragraphSpacing
  );
}

/** True when the draft differs from the stored entry (a missing description equals ""). */
export function isDraftDirty(entry: PageContentEntry, draft: ContentDraft): boolean {
  return !sameDraft(draftOf(entry), draft);
}

/** A draft as the preview shows it: an empty description is saved as null. */
export function previewValues(draft: ContentDraft): ContentValues {
  return {
    title: draft.title,
    description: draft.description === "" ? null : draft.description,
    paragraphSpacing: draft.paragraphSpacing,
  };
}
