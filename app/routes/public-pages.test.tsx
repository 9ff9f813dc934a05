/**
 * The empty and failing states of the public pages that the seeded browser suite cannot
 * reach (a database that fails, a site with no events), rendered on the server exactly
 * as a visitor would get them.
 */
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { resolveContent, resolveContentEntry } from "~/domain/content/page-content/registry";
import { toPublicEvent } from "~/domain/content/events/events";
import EventsPage from "./events";
import MediaPage from "./media";
import ContactPage from "./contact";
import PrivacyPage from "./privacy";
import { EVENTS_PAGE_KEYS } from "~/domain/content/page-content/keys";

type AnyProps = Record<string, unknown>;

function render(Page: React.ComponentType<AnyProps>, props: AnyProps): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <Page params={{}} matches={[]} {...props} />,
    },
  ]);
  return renderToString(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
}

const event = toPublicEvent({
  id: "e1",
  title: "Trio Night",
  date: "2026-07-15",
  time: null,
  venue: "Velvet Hour",
  city: "Larkspur Bay",
  description: null,
  imageUrl: null,
  ticketUrl: "https://tickets.example.com/trio",
  type: "live",
  videoUrl: null,
  status: "upcoming",
});

describe("events page states", () => {
  const base = {
    content: resolveContent(EVENTS_PAGE_KEYS, []),
    contentFailed: false,
    past: [],
    today: "2026-07-01",
  };

  it("says so when the events could not be loaded", () => {
    const html = render(EventsPage as never, {
      loaderData: { ...base, upcoming: null, past: null },
    });
    expect(html).toContain("Unable to load upcoming events");
    expect(html).toContain("Live Events");
  });

  it("says so when nothing is scheduled", () => {
    const html = render(EventsPage as never, { loaderData: { ...base, upcoming: [] } });
    expect(html).toContain("No upcoming events scheduled at the moment.");
  });

  it("shows a card with time TBD and Get Tickets for an upcoming event", () => {
    const html = render(EventsPage as never, { loaderData: { ...base, upcoming: [event] } });
    expect(html).toContain("Trio Night");
    expect(html).toContain("TBD");
    expect(html).toContain("Jul 15, 2026");
    expect(html).toMatch(
      /href="https:\/\/tickets\.example\.com\/trio" target="_blank" rel="noopener noreferrer"/,
    );
  });
});

describe("media page states", () => {
  const header = resolveContentEntry("media");

  it("shows the spec's empty state", () => {
    const html = render(MediaPage as never, {
      loaderData: { header, headerFailed: false, items: [] },
    });
    expect(html).toContain("Media Gallery");
    expect(html).toContain("No media items found. Check back soon for new content!");
  });

  it("explains a failed load instead of claiming there is nothing", () => {
    const html = render(MediaPage as never, {
      loaderData: { header, headerFailed: true, items: null },
    });
    expect(html).toContain("Failed to fetch media items");
  });
});

describe("contact page states", () => {
  it("shows the spec's text when the contact information cannot be loaded, and still the form", () => {
    const html = render(ContactPage as never, {
      loaderData: {
        content: resolveContent(
          [
            "contact-hero-title",
            "contact-hero-description",
            "contact-email",
            "contact-phone",
            "contact-location",
            "contact-instagram",
            "contact-youtube",
            "contact-booking-title",
            "contact-booking-email",
            "home-cta-title",
            "home-cta-description",
          ],
          [],
        ),
        contentFailed: true,
      },
      actionData: undefined,
    });
    expect(html).toContain(
      "Sorry, we&#x27;re having trouble loading the contact information. Please try again later.",
    );
    expect(html).toContain('data-testid="contact-form"');
  });
});

describe("navigation skeletons", async () => {
  const { skeletonKindFor } = await import("~/components/page-skeletons");

  it("picks the skeleton of the page being opened", () => {
    expect(skeletonKindFor("/")).toBe("home");
    expect(skeletonKindFor("/home")).toBe("home");
    expect(skeletonKindFor("/events/")).toBe("events");
    expect(skeletonKindFor("/media")).toBe("media");
    expect(skeletonKindFor("/about")).toBe("about");
    expect(skeletonKindFor("/contact")).toBe("contact");
    expect(skeletonKindFor("/auth")).toBe("page");
  });
});

describe("privacy note", () => {
  it("says how long single visits are kept, as the site is set", () => {
    const html = render(PrivacyPage as never, { loaderData: { retentionDays: 45 } });
    expect(html).toContain("Single visits are kept for 45 days");
    expect(html).toContain("No cookies");
  });
});
