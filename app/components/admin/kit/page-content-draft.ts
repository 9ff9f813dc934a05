/**
 * The page-content editor's drafts: what an entry's form starts from, whether the
 * artist has changed it (Save stays off until something differs from what is stored),
 * what the browser check says about it; and the version history's shapes and wording.
 */
import type { FieldErrors } from "~/domain/admin/admin-action";
import { fieldErrorsFrom } from "~/domain/core/form-errors";
import {
  DEFAULT_PARAGRAPH_SPACING,
  type ContentKind,
} from "~/domain/content/page-content/registry";
import { pageContentEntrySchema } from "~/domain/content/page-content/entry-form";
import type { UploadKind } from "~/domain/media/uploads";

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
  /** The upload kind of an image entry ("image" unless told, e.g. "about-hero"). */
  uploadKind?: UploadKind;
  /** What the description holds (registry `kind`): picks its input and its rule. Text when absent. */
  kind?: ContentKind;
}

/** The description's kind, from `kind` or the older `isImage` flag. */
export function entryKind(entry: PageContentEntry): ContentKind {
  return entry.kind ?? (entry.isImage ? "image" : "text");
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

/**
 * The browser's check of a draft: the same schema the server runs (admin spec §5 "Page
 * content" and the per-kind rules), as field errors; none when the draft can be saved.
 */
export function draftErrors(pageName: string, draft: ContentDraft): FieldErrors {
  const result = pageContentEntrySchema.safeParse({
    pageName,
    title: draft.title,
    description: draft.description,
    paragraphSpacing: draft.paragraphSpacing ?? "",
  });
  return result.success ? {} : fieldErrorsFrom(result.error);
}

// ---------------------------------------------------------------------------
// Version history
// ---------------------------------------------------------------------------

/** One saved state as the history route answers it. */
export interface ContentVersionView {
  id: string;
  title: string | null;
  description: string | null;
  paragraphSpacing: string | null;
  /** Who saved it; null for a state kept from before the history (seed, default). */
  savedBy: string | null;
  /** ISO 8601. */
  savedAt: string;
  /** The one current version: the newest equal to what is stored now. */
  isCurrent: boolean;
  /** An older version with the text stored now: nothing to restore either. */
  sameAsCurrent: boolean;
  /** The uploaded file's own name, when the description is a stored file's address. */
  fileName?: string;
}

/** GET /admin/page-content-history?pageName=… */
export interface ContentHistoryData {
  pageName: string;
  versions: ContentVersionView[];
  /** Set when the history could not be read. */
  error?: string;
}

/** A long text cut at a word boundary near `max` characters, with an ellipsis. */
export function shortenText(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Infinity],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" … */
export function relativeTime(date: Date, now: Date = new Date()): string {
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), "year");
}

/** The exact time, in the artist's own time zone (the history is only shown in the browser). */
export function exactTime(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(date);
}
