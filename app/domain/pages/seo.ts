/**
 * What search engines and link previews read: one builder for the meta tags of every
 * public page (title, description, canonical URL, Open Graph, Twitter) and the
 * schema.org JSON-LD for events and the artist.
 */
import type { MetaDescriptor } from "react-router";
import { ARTIST_NAME, SITE_NAME, SITE_TAGLINE } from "../core/site";
import { parseEventTime, type PublicEvent } from "../content/events/events";
import { isoWithOffset } from "../core/time-zone";

/** The root loader's data, as meta functions find it in `matches`. */
export interface SiteMetaData {
  siteUrl: string;
  timeZone: string;
}

/** "About" → "About | Silas Lowenthorne"; no page name → the site name alone. */
export function pageTitle(page?: string | null): string {
  const name = page?.trim();
  return name && name !== SITE_NAME ? `${name} | ${SITE_NAME}` : SITE_NAME;
}

/** A back-office screen's tags: its title, and never in a search engine's index. */
export function adminMeta(screen: string): MetaDescriptor[] {
  return [{ title: pageTitle(screen) }, { name: "robots", content: "noindex, nofollow" }];
}

/** An absolute URL on the site; absolute inputs (e.g. an image on a CDN) stay as they are. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = siteUrl.replace(/\/+$/, "");
  return `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Descriptions are cut at a word boundary to the length search results show. */
export function metaDescription(text: string | null | undefined, max = 160): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 80 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

export interface SeoInput {
  siteUrl: string;
  /** The full document title, e.g. from pageTitle(). */
  title: string;
  description: string | null | undefined;
  /** The canonical path of the page, e.g. "/about". */
  path: string;
  /** Preview image, a path or an absolute URL. */
  image?: string | null;
  imageAlt?: string | null;
  type?: "website" | "profile" | "music.playlist";
  noIndex?: boolean;
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.siteUrl, input.path);
  const description = metaDescription(input.description);
  const image = input.image ? absoluteUrl(input.siteUrl, input.image) : null;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    if (input.imageAlt) {
      tags.push(
        { property: "og:image:alt", content: input.imageAlt },
        { name: "twitter:image:alt", content: input.imageAlt },
      );
    }
  }
  if (input.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** Finds the root loader's site data among a meta function's matches. */
export function siteMetaData(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): SiteMetaData {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    Partial<SiteMetaData> | undefined;
  return {
    siteUrl: root?.siteUrl ?? "",
    timeZone: root?.timeZone ?? "UTC",
  };
}

// ---------------------------------------------------------------------------
// JSON-LD (schema.org)
// ---------------------------------------------------------------------------

type JsonLd = { [key: string]: unknown };

export interface ArtistProfile {
  siteUrl: string;
  description?: string | null;
  image?: string | null;
  /** Social profiles (footer links), as sameAs. */
  sameAs?: readonly string[];
}

/** The artist as a schema.org Person, member of his ensemble LOE. */
export function artistJsonLd(profile: ArtistProfile): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    "@id": `${profile.siteUrl}/#artist`,
    name: ARTIST_NAME,
    url: `${profile.siteUrl}/`,
    description: profile.description ?? SITE_TAGLINE,
    jobTitle: "Bass trombonist, vocalist and composer",
    ...(profile.image ? { image: absoluteUrl(profile.siteUrl, profile.image) } : {}),
    ...(profile.sameAs?.length ? { sameAs: [...profile.sameAs] } : {}),
    memberOf: {
      "@type": "MusicGroup",
      name: "LOE",
      alternateName: "Lowenthorne Orchestral Ensemble",
      url: `${profile.siteUrl}/loe`,
    },
  };
}

/**
 * An event's start in ISO 8601, with the site's offset when a clock time is known.
 * Loaders work it out: time-zone arithmetic makes the browser load its zone data,
 * which cost a phone ~60 ms of hydration on the pages that list events (issue 28).
 */
export function eventStartDate(event: Pick<PublicEvent, "date" | "time">, timeZone: string) {
  const time = parseEventTime(event.time);
  return time ? isoWithOffset({ date: event.date, ...time }, timeZone) : event.date;
}

/** The start dates of these events by id, for musicEventJsonLd (see eventStartDate). */
export function eventStartDates(
  events: readonly Pick<PublicEvent, "id" | "date" | "time">[],
  timeZone: string,
): Record<string, string> {
  return Object.fromEntries(events.map((event) => [event.id, eventStartDate(event, timeZone)]));
}

/**
 * One event as a schema.org MusicEvent: startDate from eventStartDate, the venue as a Place with a PostalAddress, the artist as
 * performer, an Offer when tickets are sold, and the event status.
 */
export function musicEventJsonLd(
  event: PublicEvent,
  options: { siteUrl: string; startDate: string },
): JsonLd {
  const { startDate } = options;
  const url = `${options.siteUrl}/events#event-${event.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "MusicEvent",
    "@id": url,
    name: event.title,
    startDate,
    url,
    eventStatus:
      event.status === "cancelled"
        ? "https://schema.org/EventCancelled"
        : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: event.venue,
      address: { "@type": "PostalAddress", addressLocality: event.city },
    },
    image: [absoluteUrl(options.siteUrl, event.imageUrl)],
    ...(event.description ? { description: event.description } : {}),
    performer: { "@type": "Person", "@id": `${options.siteUrl}/#artist`, name: ARTIST_NAME },
    organizer: { "@type": "Person", name: ARTIST_NAME, url: `${options.siteUrl}/` },
    ...(event.ticketUrl
      ? {
          offers: {
            "@type": "Offer",
            url: event.ticketUrl,
            availability: "https://schema.org/InStock",
          },
        }
      : {}),
  };
}

/** JSON-LD blocks as meta descriptors (React Router renders them as ld+json scripts). */
export function jsonLdMeta(blocks: readonly JsonLd[]): MetaDescriptor[] {
  return blocks.map((block) => ({ "script:ld+json": block }) as MetaDescriptor);
}
