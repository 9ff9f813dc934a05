/**
 * Which page-content keys each public page reads. They sit beside the registry
 * (page-content.ts) so a public page and the admin editor of that page read the very
 * same list: a key added here shows up in both.
 */
import type { PageContentKey } from "./registry";

export const HOME_PAGE_KEYS = [
  "home-hero-title",
  "home-hero-description",
  "home-hero-image",
  "home-featured-videos-title",
  "home-featured-videos-description",
  "home-photo-gallery-title",
  "home-photo-gallery-description",
  "home-testimonial-quote",
  "home-testimonial-author",
  "home-testimonial-title",
  "home-cta-title",
  "home-cta-description",
  "events-upcoming-title",
] as const satisfies readonly PageContentKey[];

export const ABOUT_PAGE_KEYS = [
  "about-hero",
  "about-hero-secondary",
  "about-hero-image",
  "about-journey",
  "about-influences",
  "about-collaborations",
  "about-milestones",
] as const satisfies readonly PageContentKey[];

export const CONTACT_PAGE_KEYS = [
  "contact-hero-title",
  "contact-hero-description",
  "contact-email",
  "contact-phone",
  "contact-location",
  "contact-instagram",
  "contact-youtube",
  "contact-booking-title",
  "contact-booking-email",
  // The newsletter block says what the home page's call to action says.
  "home-cta-title",
  "home-cta-description",
] as const satisfies readonly PageContentKey[];

export const EVENTS_PAGE_KEYS = [
  "events-hero-title",
  "events-hero-description",
  "events-upcoming-title",
  "events-past-title",
] as const satisfies readonly PageContentKey[];

export const LOE_PAGE_KEYS = [
  "loe",
  "loe-banner-text",
  "contact-email",
] as const satisfies readonly PageContentKey[];

export const MEDIA_PAGE_KEY = "media" as const satisfies PageContentKey;

/** The small line above the hero titles of /media and /events (not editable). */
export const MEDIA_PAGE_EYEBROW = "Watch · Look · Follow";
export const EVENTS_PAGE_EYEBROW = "Live";

/** The shop's hero (fresh for 5 minutes) and its section titles (15 minutes). */
export const SHOP_HERO_KEYS = [
  "shop-hero-title",
  "shop-hero-description",
  "shop-hero-shipping",
  "shop-hero-delivery",
] as const satisfies readonly PageContentKey[];

export const SHOP_SECTION_KEYS = [
  "shop-featured-title",
  "shop-featured-description",
  "shop-catalog-title",
] as const satisfies readonly PageContentKey[];

export { FOOTER_LINK_KEYS } from "./social-links";
