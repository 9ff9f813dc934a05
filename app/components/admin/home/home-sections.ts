/**
 * The home editor's configuration (admin spec §2 "Manage Home Page"): its four section
 * editors, the page-content keys each one edits (HOME_PAGE_KEYS split by section), the
 * query parameter that keeps the open section in the address, and how the unsaved
 * values become the public sections' props. Pure: the route (server) and the screen
 * (browser) both read it.
 */
import { defineUrlTabs } from "~/components/admin/kit/url-tabs";
import { isOwnUploadPath, isWebUrl } from "~/domain/core/file-reference";
import {
  resolveContentEntry,
  type ContentEntry,
  type PageContentKey,
} from "~/domain/content/page-content/registry";
import { HOME_PAGE_KEYS } from "~/domain/content/page-content/keys";

type HomeKey = (typeof HOME_PAGE_KEYS)[number];

export const HOME_SECTIONS = [
  {
    id: "hero",
    label: "Hero",
    keys: ["home-hero-title", "home-hero-description", "home-hero-image"],
  },
  {
    id: "videos",
    label: "Featured Videos",
    keys: ["home-featured-videos-title", "home-featured-videos-description"],
  },
  {
    id: "gallery",
    label: "Photo Gallery",
    keys: ["home-photo-gallery-title", "home-photo-gallery-description"],
  },
  {
    id: "cta",
    label: "Call-to-Action",
    keys: ["home-cta-title", "home-cta-description"],
  },
] as const satisfies readonly { id: string; label: string; keys: readonly HomeKey[] }[];

export type HomeSectionId = (typeof HOME_SECTIONS)[number]["id"];
export type HomeSectionKey = (typeof HOME_SECTIONS)[number]["keys"][number];

/** Every key the four section editors edit, in the order of the page. */
export const HOME_EDITOR_KEYS: readonly HomeSectionKey[] = HOME_SECTIONS.flatMap((s) => s.keys);

/**
 * Keys of the home page outside the spec's four sections (the testimonial, the events
 * heading): edited on the generic page-content screen, which lists every key.
 */
export const HOME_KEYS_ELSEWHERE: readonly HomeKey[] = HOME_PAGE_KEYS.filter(
  (key) => !(HOME_EDITOR_KEYS as readonly string[]).includes(key),
);

/** The open section lives in `?section=` (a reload or a shared link opens it again). */
export const HOME_TABS = defineUrlTabs({
  param: "section",
  tabs: HOME_SECTIONS.map((section) => ({ value: section.id, label: section.label })),
});

/** One key's values as the editor's preview slot hands them over (saved or not). */
export interface DraftValues {
  title: string;
  description: string | null;
  paragraphSpacing: string | null;
}

/**
 * The keys' entries as the public page reads them (description, then title, then the
 * registry's default), from the values being edited: so a cleared field previews as
 * the default the public page would then show.
 */
export function previewContent<K extends PageContentKey>(
  keys: readonly K[],
  values: Partial<Record<string, DraftValues>>,
): Record<K, ContentEntry> {
  return Object.fromEntries(
    keys.map((key) => {
      const draft = values[key];
      return [key, resolveContentEntry(key, draft ? { pageName: key, ...draft } : undefined)];
    }),
  ) as Record<K, ContentEntry>;
}

/**
 * The hero picture the preview shows for a typed address: the address once it is one
 * the page can show (https, one of our uploads or bundled images), else `fallback`, so
 * a half-typed address never asks the server for a file that is not there.
 */
export function previewImageUrl(typed: string, fallback: string): string {
  const value = typed.trim();
  const usable = isWebUrl(value) || isOwnUploadPath(value) || /^\/images\/[\w.-]+$/.test(value);
  return usable ? value : fallback;
}
