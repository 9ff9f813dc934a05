import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  PageContentEditor,
  type ContentValues,
  type PageContentEntry,
} from "./page-content-editor";

const entries: PageContentEntry[] = [
  {
    pageName: "about-hero",
    label: "About Hero",
    title: "About",
    description: "First line",
    paragraphSpacing: null,
    hasSpacing: true,
  },
  {
    pageName: "about-hero-image",
    label: "About Hero Image",
    title: "Portrait",
    description: "/uploads/images/portrait.jpg",
    paragraphSpacing: null,
    hasSpacing: false,
    isImage: true,
  },
];

function render(preview?: (values: Record<string, ContentValues>) => React.ReactNode) {
  const Stub = createRoutesStub([
    {
      path: "/admin/about",
      Component: () => <PageContentEditor entries={entries} preview={preview} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/about"]} />);
}

describe("PageContentEditor", () => {
  it("gives each key a form that posts update-content with its page name", () => {
    const html = render();
    expect(
      html.match(/<input type="hidden" name="intent" value="update-content"\/>/g),
    ).toHaveLength(2);
    expect(html).toContain('<input type="hidden" name="pageName" value="about-hero"/>');
    expect(html).toContain('<input type="hidden" name="pageName" value="about-hero-image"/>');
    expect(html).toMatch(/name="title"[^>]*value="About"|value="About"[^>]*name="title"/);
    // No hard limits: a pasted text longer than allowed stays, and the spec's message says why.
    expect(html).not.toMatch(/maxLength/i);
    expect(html).toContain("5/200 characters");
    expect(html).toMatch(/<textarea[^>]*>First line<\/textarea>/);
    expect(html).toContain("10/1000 characters");
    // The browser check (the server's schema) decides, not the browser's own bubbles.
    expect(html.match(/<form noValidate=""/g)).toHaveLength(2);
  });

  it("offers the spacing choice only where the key has it, defaulting to mb-4", () => {
    const html = render();
    expect(html.match(/name="paragraphSpacing"/g)).toHaveLength(2);
    expect(html).toMatch(/<option value="mb-4" selected="">mb-4<\/option>/);
    const options = html.match(/<option value="(mb-\d+)"/g)?.map((o) => o.slice(15, -1));
    expect(options).toEqual(["mb-1", "mb-2", "mb-3", "mb-4", "mb-6", "mb-8", "mb-12"]);
    // The image key keeps its stored spacing as a hidden field.
    expect(html).toContain('<input type="hidden" name="paragraphSpacing" value=""/>');
  });

  it("edits an image key's description with the upload field", () => {
    const html = render();
    expect(html).toMatch(/name="description"[^>]*value="\/uploads\/images\/portrait.jpg"/);
  });

  it("keeps Save unavailable while nothing has changed", () => {
    const html = render();
    const saves = html.match(/<button type="submit"[^>]*>/g) ?? [];
    expect(saves).toHaveLength(2);
    for (const save of saves) expect(save).toContain('aria-disabled="true"');
  });

  it("renders the preview from the current values, inert", () => {
    const html = render((values) => (
      <p data-testid="preview">
        {values["about-hero"]?.title} / {values["about-hero"]?.paragraphSpacing} /{" "}
        {values["about-hero-image"]?.description}
      </p>
    ));
    expect(html).toContain("Live preview");
    expect(html).toMatch(
      /<div inert=""[^>]*><p data-testid="preview">About \/ mb-4 \/ \/uploads\/images\/portrait.jpg<\/p>/,
    );
  });
});

describe("PageContentEditor: inputs by kind, history", () => {
  function renderEntries(list: PageContentEntry[], props: { history?: boolean } = {}) {
    const Stub = createRoutesStub([
      {
        path: "/admin/footer",
        Component: () => <PageContentEditor entries={list} {...props} />,
      },
    ]);
    return renderToStaticMarkup(<Stub initialEntries={["/admin/footer"]} />);
  }

  const footerLink: PageContentEntry = {
    pageName: "footer-bandcamp-url",
    label: "Bandcamp link",
    title: "Bandcamp",
    description: "https://band.bandcamp.com",
    paragraphSpacing: null,
    hasSpacing: false,
    kind: "url",
  };
  const email: PageContentEntry = {
    pageName: "contact-email",
    label: "Contact e-mail",
    title: "Email",
    description: "hello@example.com",
    paragraphSpacing: null,
    hasSpacing: false,
    kind: "email",
  };

  it("edits a link with a one-line URL input and an e-mail with an e-mail input", () => {
    const html = renderEntries([footerLink, email]);
    expect(html).toMatch(
      /<input[^>]*type="url"[^>]*name="description"[^>]*value="https:\/\/band.bandcamp.com"/,
    );
    expect(html).toMatch(
      /<input[^>]*type="email"[^>]*name="description"[^>]*value="hello@example.com"/,
    );
    expect(html).toContain("Link (URL)");
    expect(html).toContain("E-mail address");
    expect(html).not.toContain("<textarea");
  });

  it("gives every card a closed History disclosure that controls its panel", () => {
    const html = renderEntries([footerLink, email]);
    const buttons =
      html.match(/<button[^>]*aria-expanded="false"[^>]*aria-controls="([^"]+)"[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      const id = /aria-controls="([^"]+)"/.exec(button)![1];
      expect(html).toContain(`<div id="${id}" hidden=""`);
    }
    expect(html.match(/>History</g)).toHaveLength(2);
  });

  it("leaves the history out when told", () => {
    expect(renderEntries([footerLink], { history: false })).not.toContain("History");
  });

  it("hides, but keeps, the cards a search leaves out", () => {
    const Stub = createRoutesStub([
      {
        path: "/admin/page-content",
        Component: () => (
          <PageContentEditor
            entries={[footerLink, email]}
            isVisible={(entry) => entry.pageName === "contact-email"}
          />
        ),
      },
    ]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/admin/page-content"]} />);
    const sections = html.match(/<section[^>]*>/g) ?? [];
    expect(sections).toHaveLength(2);
    expect(sections[0]).toContain('hidden=""');
    expect(sections[1]).not.toContain("hidden");
  });
});
