/**
 * The audit log as the artist reads it (/admin/audit-log): each stored entity (a table
 * name) belongs to the back-office screen where it is edited, so the log can be
 * filtered by screen; an entry is shown as a sentence, with its stored details.
 */
import { choiceFilter, listFilters, type ListPage, type QueryOf } from "./list-screen";

export const AUDIT_TEXT = {
  fetchFailed: "Failed to fetch the audit log",
  empty: "Nothing has been changed in the back office yet.",
  emptyFiltered: "No changes on this screen yet.",
} as const;

export interface AuditScreen {
  key: string;
  title: string;
  entities: readonly string[];
}

export const AUDIT_SCREENS: readonly AuditScreen[] = [
  { key: "dashboard", title: "Dashboard", entities: ["page_settings"] },
  { key: "page-content", title: "Page Content", entities: ["page_content"] },
  {
    key: "about",
    title: "About Page",
    entities: ["musical_influences", "collaborations", "stats"],
  },
  { key: "featured-videos", title: "Featured Videos", entities: ["featured_videos"] },
  { key: "photo-gallery", title: "Photo Gallery", entities: ["photo_gallery"] },
  { key: "media", title: "Media Gallery", entities: ["media_items"] },
  { key: "loe", title: "LOE Page", entities: ["loe_videos", "loe_images", "loe_audio_tracks"] },
  { key: "events", title: "Events", entities: ["events"] },
  { key: "shop", title: "Shop", entities: ["shop_items"] },
  { key: "discounts", title: "Discount Codes", entities: ["discount_codes"] },
  { key: "download-codes", title: "Download Codes", entities: ["download_code_batches"] },
  { key: "orders", title: "Orders", entities: ["orders"] },
  { key: "messages", title: "Messages", entities: ["contact_messages"] },
  { key: "subscribers", title: "Subscribers", entities: ["newsletter_subscribers"] },
  { key: "theme", title: "Theme Settings", entities: ["theme_settings"] },
  { key: "user-management", title: "User Management", entities: ["allowed_emails", "users"] },
];

/** The screen an entity is edited on; "Other" for anything not listed. */
export function auditScreenTitle(entity: string): string {
  return AUDIT_SCREENS.find((s) => s.entities.includes(entity))?.title ?? "Other";
}

/** The entities of a screen key, or null for an unknown key (no filter). */
export function auditEntitiesFor(screenKey: string | null | undefined): readonly string[] | null {
  if (!screenKey) return null;
  return AUDIT_SCREENS.find((s) => s.key === screenKey)?.entities ?? null;
}

/** "shop_items.update" → "Update"; "orders.resend_links" → "Resend links". */
export function auditVerb(action: string): string {
  const verb = action.includes(".") ? action.slice(action.lastIndexOf(".") + 1) : action;
  const words = verb.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

/** The log's filter: ?screen=<key> of a known screen, or every change. */
export const AUDIT_FILTERS = listFilters({
  screen: choiceFilter(AUDIT_SCREENS.map((s) => s.key)),
});

export type AuditFilters = QueryOf<typeof AUDIT_FILTERS>;

export interface AuditRow {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  screen: string;
  /** The entry as a sentence: "Refunded order #00BBDB08 · $14.00" (audit-sentence.ts). */
  sentence: string;
  details: Record<string, unknown>;
}

export type AuditPage = ListPage<AuditRow>;
