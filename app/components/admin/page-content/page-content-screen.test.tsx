import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PageContentScreen, type LoadedSection } from "./page-content-screen";
import type { ContentScreenConfig } from "~/domain/content/page-content/screens";
import { CONTACT_SCREEN, PAGE_CONTENT_SCREEN } from "./screens";

function render(config: ContentScreenConfig, sections: LoadedSection[]) {
  const Stub = createRoutesStub([
    {
      path: "/admin/x",
      Component: () => <PageContentScreen config={config} sections={sections} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/x"]} />);
}

const bookingTitle = {
  pageName: "contact-booking-title",
  label: "Booking title",
  title: "Booking Inquiries",
  description: null,
  paragraphSpacing: null,
  hasSpacing: false,
};

describe("a page-content list screen", () => {
  it("shows each section under its heading with its records by friendly name", () => {
    const html = render(CONTACT_SCREEN, [
      { id: "contact", entries: [bookingTitle], error: null },
      { id: "footer", entries: [], error: null },
    ]);
    expect(html).toContain("<h1");
    expect(html).toContain("Contact &amp; Footer");
    expect(html).toMatch(/<h2[^>]*>Contact page<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Footer links<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Booking title<\/h3>/);
    expect(html).not.toContain('role="search"');
  });

  it("shows a section's failure inline while the rest of the screen stands", () => {
    const html = render(CONTACT_SCREEN, [
      { id: "contact", entries: [bookingTitle], error: null },
      { id: "footer", entries: [], error: "Failed to fetch footer link contents" },
    ]);
    expect(html).toMatch(/role="alert"[^>]*>.*Failed to fetch footer link contents/);
    expect(html).toMatch(/<h3[^>]*>Booking title<\/h3>/);
  });

  it("shows one message when every section failed at once", () => {
    const html = render(
      PAGE_CONTENT_SCREEN,
      PAGE_CONTENT_SCREEN.sections.map((s) => ({
        id: s.id,
        entries: [],
        error: "Failed to fetch page contents",
      })),
    );
    expect(html.match(/Failed to fetch page contents/g)).toHaveLength(1);
    expect(html).not.toContain("<h2");
    expect(html).toContain("Back to Dashboard");
  });

  it("offers the search on the all-keys screen", () => {
    const html = render(
      PAGE_CONTENT_SCREEN,
      PAGE_CONTENT_SCREEN.sections.map((s) => ({ id: s.id, entries: [], error: null })),
    );
    expect(html).toContain('role="search"');
    expect(html).toMatch(/<label[^>]*>Find a text by name<\/label>/);
    expect(html).toContain('type="search"');
  });
});
