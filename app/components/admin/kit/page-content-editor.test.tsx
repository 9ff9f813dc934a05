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
    expect(html).toMatch(/maxLength="200"/);
    expect(html).toMatch(/<textarea[^>]*maxLength="1000"[^>]*>First line<\/textarea>/);
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
