/**
 * The four page-content list screens (admin spec §2 "Content list screens"): which keys
 * each shows, in which sections, and the spec's words when a section cannot be read
 * (§8). Configuration only: the loaders read it, PageContentScreen renders it.
 */
import { adminScreen } from "~/domain/admin/admin-screens";
import {
  CONTENT_GROUPS,
  contentKeysOfGroup,
  type ContentGroup,
} from "~/domain/content/page-content/registry";
import { FOOTER_LINK_KEYS } from "~/domain/content/page-content/keys";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import type {
  ContentScreenConfig,
  ContentSectionConfig,
} from "~/domain/content/page-content/screens";

const titleOf = (path: ContentScreenConfig["path"]) => adminScreen(path)?.title ?? path;

export const GROUP_TITLES: Record<ContentGroup, string> = {
  home: "Home page",
  about: "About page",
  media: "Media page",
  loe: "LOE page",
  events: "Events page",
  shop: "Shop page",
  contact: "Contact page",
  footer: "Footer links",
};

const FOOTER_SECTION: ContentSectionConfig = {
  id: "footer",
  title: "Footer links",
  description: "The social links at the bottom of every page. A link left empty is not shown.",
  keys: FOOTER_LINK_KEYS,
  failure: PAGE_CONTENT_TEXT.footerFetchFailed,
};

export const PAGE_CONTENT_SCREEN: ContentScreenConfig = {
  path: "page-content",
  title: titleOf("page-content"),
  description:
    "Every editable title and text of the site, grouped by page. A saved change shows on the public page at its next load.",
  searchable: true,
  sections: CONTENT_GROUPS.map((group) => ({
    id: group,
    title: GROUP_TITLES[group],
    keys: contentKeysOfGroup(group),
    failure: PAGE_CONTENT_TEXT.allFetchFailed,
  })),
};

export const SHOP_CONTENT_SCREEN: ContentScreenConfig = {
  path: "shop-content",
  title: titleOf("shop-content"),
  description:
    "The shop page's hero, its shipping and delivery notes, and the titles of its sections.",
  sections: [
    {
      id: "shop",
      title: "Shop page",
      keys: contentKeysOfGroup("shop"),
      failure: PAGE_CONTENT_TEXT.shopFetchFailed,
    },
  ],
};

export const CONTACT_SCREEN: ContentScreenConfig = {
  path: "contact",
  title: titleOf("contact"),
  description:
    "The contact page's texts, addresses and booking details, and the social links in the site footer.",
  sections: [
    {
      id: "contact",
      title: "Contact page",
      description: "What visitors read on /contact, and where their messages and bookings go.",
      keys: contentKeysOfGroup("contact"),
      failure: PAGE_CONTENT_TEXT.contactFetchFailed,
    },
    FOOTER_SECTION,
  ],
};

export const FOOTER_SCREEN: ContentScreenConfig = {
  path: "footer",
  title: titleOf("footer"),
  description:
    "The social link addresses in the site footer: each is a full https:// address, and a link left empty is not shown.",
  sections: [{ ...FOOTER_SECTION, title: "Social links", description: undefined }],
};

/** Whether an entry matches the search: its friendly name or its key, any case. */
export function matchesContentSearch(
  entry: { label: string; pageName: string },
  query: string,
): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${entry.label} ${entry.pageName}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}
