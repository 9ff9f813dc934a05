import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  artistJsonLd,
  metaDescription,
  eventStartDate,
  musicEventJsonLd,
  pageTitle,
  seoMeta,
  siteMetaData,
} from "./seo";
import { toPublicEvent } from "../content/events/events";

const find = (tags: ReturnType<typeof seoMeta>, key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as
    Record<string, string> | undefined;

describe("page meta", () => {
  const tags = seoMeta({
    siteUrl: "https://silas.example",
    title: pageTitle("About"),
    description: "Bass trombonist and composer.",
    path: "/about",
    image: "/uploads/images/about/portrait.jpg",
    imageAlt: "Portrait",
  });

  it("sets title, description and a canonical URL from SITE_URL", () => {
    expect(tags[0]).toEqual({ title: "About | Silas Lowenthorne" });
    expect(find(tags, "name", "description")?.content).toBe("Bass trombonist and composer.");
    expect(find(tags, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://silas.example/about",
    });
  });

  it("sets Open Graph and Twitter tags with an absolute image", () => {
    expect(find(tags, "property", "og:title")?.content).toBe("About | Silas Lowenthorne");
    expect(find(tags, "property", "og:url")?.content).toBe("https://silas.example/about");
    expect(find(tags, "property", "og:image")?.content).toBe(
      "https://silas.example/uploads/images/about/portrait.jpg",
    );
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "twitter:description")?.content).toBe(
      "Bass trombonist and composer.",
    );
  });

  it("uses a plain summary card without an image", () => {
    const plain = seoMeta({ siteUrl: "https://x.example", title: "X", description: "", path: "/" });
    expect(find(plain, "name", "twitter:card")?.content).toBe("summary");
    expect(find(plain, "property", "og:image")).toBeUndefined();
  });

  it("names pages after the site and keeps absolute URLs", () => {
    expect(pageTitle()).toBe("Silas Lowenthorne");
    expect(pageTitle("Silas Lowenthorne")).toBe("Silas Lowenthorne");
    expect(absoluteUrl("https://a.example/", "events")).toBe("https://a.example/events");
    expect(absoluteUrl("https://a.example", "https://cdn.example/x.jpg")).toBe(
      "https://cdn.example/x.jpg",
    );
  });

  it("shortens long descriptions at a word boundary", () => {
    const long = "word ".repeat(60);
    const short = metaDescription(long);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith("word…")).toBe(true);
  });

  it("finds SITE_URL in the root loader data", () => {
    expect(
      siteMetaData([
        { id: "root", loaderData: { siteUrl: "https://s.example", timeZone: "UTC" } },
        { id: "routes/about", loaderData: {} },
      ]),
    ).toEqual({ siteUrl: "https://s.example", timeZone: "UTC" });
  });
});

describe("JSON-LD", () => {
  const event = toPublicEvent({
    id: "e1",
    title: "LOE Live",
    date: "2026-07-15",
    time: "8:00 PM",
    venue: "The Copper Room",
    city: "Port Alder",
    description: "Album night.",
    imageUrl: "/uploads/images/photos/club-night.jpg",
    ticketUrl: "https://tickets.example.com/loe",
    type: "live",
    videoUrl: null,
    status: "upcoming",
  });
  const timeZone = "America/New_York";
  const options = { siteUrl: "https://silas.example", startDate: eventStartDate(event, timeZone) };

  it("describes an event as a schema.org MusicEvent", () => {
    const ld = musicEventJsonLd(event, options);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: "LOE Live",
      startDate: "2026-07-15T20:00:00-04:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "The Copper Room",
        address: { "@type": "PostalAddress", addressLocality: "Port Alder" },
      },
      image: ["https://silas.example/uploads/images/photos/club-night.jpg"],
      performer: { "@type": "Person", name: "Silas Lowenthorne" },
      offers: { "@type": "Offer", url: "https://tickets.example.com/loe" },
    });
    expect(new Date(ld.startDate as string).toISOString()).toBe("2026-07-16T00:00:00.000Z");
  });

  it("uses a plain date without a clock time, leaves out offers without tickets, marks cancellations", () => {
    const tbd = { ...event, time: "TBD", ticketUrl: null, status: "cancelled" as const };
    const ld = musicEventJsonLd(tbd, {
      siteUrl: options.siteUrl,
      startDate: eventStartDate(tbd, timeZone),
    });
    expect(ld.startDate).toBe("2026-07-15");
    expect(ld).not.toHaveProperty("offers");
    expect(ld.eventStatus).toBe("https://schema.org/EventCancelled");
  });

  it("describes the artist as a Person, member of LOE, with social profiles", () => {
    const ld = artistJsonLd({
      siteUrl: "https://silas.example",
      image: "/images/about.jpg",
      sameAs: ["https://www.instagram.com/silas"],
    });
    expect(ld).toMatchObject({
      "@type": "Person",
      name: "Silas Lowenthorne",
      url: "https://silas.example/",
      image: "https://silas.example/images/about.jpg",
      sameAs: ["https://www.instagram.com/silas"],
      memberOf: { "@type": "MusicGroup", name: "LOE" },
    });
  });
});
