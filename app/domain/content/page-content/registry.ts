/**
 * The one registry of page-content keys. Public pages, admin editors and the seed
 * all read it, so a key, its friendly name and its default live in one place.
 */
import { ARTIST_NAME } from "../../core/site";

export const CONTENT_GROUPS = [
  "home",
  "about",
  "media",
  "loe",
  "events",
  "shop",
  "contact",
  "footer",
] as const;
export type ContentGroup = (typeof CONTENT_GROUPS)[number];

export const PARAGRAPH_SPACINGS = [
  "mb-1",
  "mb-2",
  "mb-3",
  "mb-4",
  "mb-6",
  "mb-8",
  "mb-12",
] as const;
export type ParagraphSpacing = (typeof PARAGRAPH_SPACINGS)[number];
export const DEFAULT_PARAGRAPH_SPACING: ParagraphSpacing = "mb-4";

/** What the description field of an entry holds, so editors can offer the right input. */
export type ContentKind = "text" | "image" | "url" | "email";

export interface ContentDefinition {
  key: string;
  name: string;
  group: ContentGroup;
  defaultTitle: string;
  defaultDescription: string | null;
  kind: ContentKind;
  /** Only these keys offer the paragraph-spacing selector (admin spec §5). */
  hasParagraphSpacing?: boolean;
}

const def = (
  key: string,
  name: string,
  group: ContentGroup,
  defaultTitle: string,
  defaultDescription: string | null = null,
  extra: Partial<Pick<ContentDefinition, "kind" | "hasParagraphSpacing">> = {},
): ContentDefinition => ({
  key,
  name,
  group,
  defaultTitle,
  defaultDescription,
  kind: extra.kind ?? "text",
  hasParagraphSpacing: extra.hasParagraphSpacing ?? false,
});

export const PAGE_CONTENT_DEFINITIONS = [
  // Home. The hero title entry holds the artist name as its title and the subtitle as
  // its description; every other *-title key is a plain heading (no description).
  def(
    "home-hero-title",
    "Home hero title",
    "home",
    ARTIST_NAME,
    "Bass Trombone · Voice · Composer",
  ),
  def(
    "home-hero-description",
    "Home hero description",
    "home",
    "Hero description",
    "Low brass, warm voice and big-band colour from the heart of the city's jazz scene.",
  ),
  def("home-hero-image", "Home hero image", "home", "Hero image", "/images/hero-default.jpg", {
    kind: "image",
  }),
  def("home-featured-videos-title", "Featured videos title", "home", "Featured Videos"),
  def(
    "home-featured-videos-description",
    "Featured videos description",
    "home",
    "Featured videos description",
    "Live sets, studio sessions and late-night rehearsals.",
  ),
  def("home-photo-gallery-title", "Photo gallery title", "home", "Photo Gallery"),
  def(
    "home-photo-gallery-description",
    "Photo gallery description",
    "home",
    "Photo gallery description",
    "Moments from the bandstand and behind the scenes.",
  ),
  def(
    "home-testimonial-quote",
    "Testimonial quote",
    "home",
    "Testimonial",
    "A bass trombone that sings like a baritone and swings like a drummer.",
  ),
  def(
    "home-testimonial-author",
    "Testimonial author",
    "home",
    "Testimonial author",
    "The Riverside Review",
  ),
  def(
    "home-testimonial-title",
    "Testimonial source",
    "home",
    "Testimonial source",
    "Concert review",
  ),
  def("home-cta-title", "Call-to-action title", "home", "Stay in the Loop"),
  def(
    "home-cta-description",
    "Call-to-action description",
    "home",
    "Call-to-action description",
    "New releases, tour dates and sheet music, straight to your inbox.",
  ),

  // About
  def("about-hero", "About title and biography", "about", `About ${ARTIST_NAME}`, null, {
    hasParagraphSpacing: true,
  }),
  def("about-hero-secondary", "About secondary text", "about", "The Sound", null),
  def("about-hero-image", "About image", "about", "About image", "/images/about-default.jpg", {
    kind: "image",
  }),
  def("about-journey", "Musical journey", "about", "The Journey", null, {
    hasParagraphSpacing: true,
  }),
  def("about-influences", "Influences introduction", "about", "Musical Influences", null, {
    hasParagraphSpacing: true,
  }),
  def("about-collaborations", "Collaborations introduction", "about", "Collaborations", null, {
    hasParagraphSpacing: true,
  }),
  def("about-milestones", "Milestones", "about", "Milestones", null, { hasParagraphSpacing: true }),

  // Media
  def(
    "media",
    "Media page header",
    "media",
    "Media Gallery",
    "Explore videos, photos, and social content showcasing performances, studio sessions, and behind-the-scenes moments",
  ),

  // LOE
  def("loe", "LOE page header", "loe", "LOE", "Discover our featured content and gallery", {
    hasParagraphSpacing: true,
  }),
  def(
    "loe-banner-text",
    "LOE contact banner",
    "loe",
    "Contact banner",
    "Book the band for your stage, festival or wedding · {email}",
  ),

  // Events
  def("events-hero-title", "Events hero title", "events", "Live Events", null),
  def(
    "events-hero-description",
    "Events hero description",
    "events",
    "Events hero description",
    "Catch the trombone live: club nights, concert halls and festival stages.",
  ),
  def("events-upcoming-title", "Upcoming events heading", "events", "Upcoming Events", null),
  def("events-past-title", "Past events heading", "events", "Past Performances", null),

  // Shop
  def("shop-hero-title", "Shop hero title", "shop", "Official Store", null),
  def(
    "shop-hero-description",
    "Shop hero description",
    "shop",
    "Shop hero description",
    "Recordings, sheet music and merchandise, straight from the artist.",
  ),
  def(
    "shop-hero-shipping",
    "Shipping note",
    "shop",
    "Shipping note",
    "free shipping on orders over $50",
  ),
  def("shop-hero-delivery", "Delivery note", "shop", "Delivery note", "instant digital delivery"),
  def("shop-featured-title", "Featured items title", "shop", "Featured Items", null),
  def(
    "shop-featured-description",
    "Featured items description",
    "shop",
    "Featured items description",
    "Hand-picked favourites from the catalogue.",
  ),
  def("shop-catalog-title", "Catalogue title", "shop", "All Products", null),

  // Contact
  def("contact-hero-title", "Contact hero title", "contact", "Get in Touch", null),
  def(
    "contact-hero-description",
    "Contact hero description",
    "contact",
    "Contact hero description",
    "Bookings, commissions, lessons or just a hello. I read every message.",
  ),
  def("contact-email", "Contact e-mail", "contact", "Email", "hello@example.com", {
    kind: "email",
  }),
  def("contact-phone", "Contact phone", "contact", "Phone", null),
  def("contact-location", "Location", "contact", "Location", null),
  def("contact-instagram", "Instagram handle", "contact", "Instagram", null, { kind: "url" }),
  def("contact-youtube", "YouTube channel", "contact", "YouTube", null, { kind: "url" }),
  def("contact-booking-title", "Booking title", "contact", "Booking Inquiries", null),
  def(
    "contact-booking-email",
    "Booking e-mail",
    "contact",
    "Booking email",
    "booking@example.com",
    {
      kind: "email",
    },
  ),

  // Footer
  def("footer-instagram-url", "Instagram link", "footer", "Instagram", null, { kind: "url" }),
  def("footer-facebook-url", "Facebook link", "footer", "Facebook", null, { kind: "url" }),
  def("footer-twitter-url", "Twitter link", "footer", "Twitter", null, { kind: "url" }),
  def("footer-soundcloud-url", "SoundCloud link", "footer", "SoundCloud", null, { kind: "url" }),
  def("footer-bandcamp-url", "Bandcamp link", "footer", "Bandcamp", null, { kind: "url" }),
] as const satisfies readonly ContentDefinition[];

export type PageContentKey = (typeof PAGE_CONTENT_DEFINITIONS)[number]["key"];

const byKey = new Map<string, ContentDefinition>(PAGE_CONTENT_DEFINITIONS.map((d) => [d.key, d]));

export function isPageContentKey(key: string): key is PageContentKey {
  return byKey.has(key);
}

export function contentDefinition(key: PageContentKey): ContentDefinition {
  return byKey.get(key)!;
}

export function contentKeysOfGroup(group: ContentGroup): PageContentKey[] {
  return PAGE_CONTENT_DEFINITIONS.filter((d) => d.group === group).map((d) => d.key);
}

/** A stored row as the content service reads it. */
export interface PageContentRow {
  pageName: string;
  title: string | null;
  description: string | null;
  paragraphSpacing: string | null;
}

/** An entry with defaults applied field by field. */
export interface ContentEntry {
  key: PageContentKey;
  title: string;
  description: string | null;
  paragraphSpacing: ParagraphSpacing;
  /** The spec's reading: description first, then title, then the default. */
  value: string;
}

const present = (v: string | null | undefined): v is string =>
  typeof v === "string" && v.trim() !== "";

function isParagraphSpacing(v: string | null | undefined): v is ParagraphSpacing {
  return (PARAGRAPH_SPACINGS as readonly string[]).includes(v ?? "");
}

export function resolveContentEntry(key: PageContentKey, row?: PageContentRow): ContentEntry {
  const definition = contentDefinition(key);
  const title = present(row?.title) ? row.title : definition.defaultTitle;
  const description = present(row?.description) ? row.description : definition.defaultDescription;
  const value = present(row?.description)
    ? row.description
    : present(row?.title)
      ? row.title
      : (definition.defaultDescription ?? definition.defaultTitle);
  return {
    key,
    title,
    description,
    paragraphSpacing: isParagraphSpacing(row?.paragraphSpacing)
      ? row.paragraphSpacing
      : DEFAULT_PARAGRAPH_SPACING,
    value,
  };
}

export type ContentMap<K extends PageContentKey = PageContentKey> = Record<K, ContentEntry>;

/** Keys the rows by page_name and fills every requested key, stored or not. */
export function resolveContent<K extends PageContentKey>(
  keys: readonly K[],
  rows: readonly PageContentRow[],
): ContentMap<K> {
  const stored = new Map(rows.map((r) => [r.pageName, r]));
  return Object.fromEntries(
    keys.map((k) => [k, resolveContentEntry(k, stored.get(k))]),
  ) as ContentMap<K>;
}

/** Splits body text into paragraphs on line breaks, dropping blank lines. */
export function splitParagraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
