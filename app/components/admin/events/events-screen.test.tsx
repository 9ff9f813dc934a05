/** The events screen's table as the server renders it: the spec's columns, rows, empty state and load failure. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CollectionSection } from "~/components/admin/kit/collection-screen";
import { EVENT_TEXT, eventSchema } from "~/domain/content/events/event-form";
import { EVENTS_SCREEN, type EventRow } from "./events-screen";

const row: EventRow = {
  id: "7b6f0a4e-8c1d-4c55-9a53-1f0f4a1c2d3e",
  title: "Big Band Night",
  description: null,
  date: "2026-04-01",
  time: "8:00 PM",
  venue: "Blue Room",
  city: "Austin",
  located: true,
  ticketUrl: null,
  imageUrl: "/uploads/images/poster.jpg",
  status: "cancelled",
  isFeatured: true,
};

const schema = eventSchema({ mode: "create", today: "2026-01-01" });

function render(rows: EventRow[], loadFailed: string | null = null) {
  const Stub = createRoutesStub([
    {
      path: "/admin/events",
      Component: () => (
        <CollectionSection
          screen={EVENTS_SCREEN}
          list={{ rows, loadFailed }}
          schemas={{ create: schema, update: schema }}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/events"]} />);
}

describe("the events screen's table", () => {
  it("has the spec's columns and, with no events, its empty message", () => {
    const html = render([]);
    const headers = [...html.matchAll(/<th data-slot="table-head"[^>]*>(.*?)<\/th>/g)].map(
      (m) => m[1],
    );
    expect(headers).toEqual(["Title", "Date", "Venue/City", "Status", "Featured", "Actions"]);
    expect(html).toContain(EVENT_TEXT.empty);
  });

  it("shows a failed load instead of the rows, announced", () => {
    const html = render([row], "Failed to fetch events");
    expect(html).toMatch(/role="alert"[^>]*>Failed to fetch events</);
    expect(html).not.toContain("Big Band Night");
  });

  it("shows the date from the calendar day, the place, the status, the star and the actions", () => {
    const html = render([
      row,
      {
        ...row,
        id: "8b6f0a4e-8c1d-4c55-9a53-1f0f4a1c2d3e",
        title: "Duo",
        isFeatured: false,
        status: "upcoming",
      },
    ]);
    expect(html).toContain("Apr 01, 2026");
    expect(html).toContain("Blue Room");
    expect(html).toContain(">Cancelled<");
    expect(html).toContain(">Upcoming<");
    expect(html).toContain(">Featured<");
    expect(html).toContain(">Not featured<");
    expect(html).toContain('aria-label="Edit &quot;Big Band Night&quot;"');
    expect(html).toContain('aria-label="Delete &quot;Big Band Night&quot;"');
  });
});
