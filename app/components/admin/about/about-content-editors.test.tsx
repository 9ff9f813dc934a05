/** The about texts' editors as the server renders them, and the preview's content. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ABOUT_PAGE_KEYS } from "~/domain/content/page-content/keys";
import {
  AboutContentEditors,
  contentWithEdits,
  type AboutContentEntry,
} from "./about-content-editors";

const entries: AboutContentEntry[] = ABOUT_PAGE_KEYS.map((pageName) => ({
  pageName,
  label: pageName,
  title: pageName === "about-hero" ? "About Silas" : null,
  description:
    pageName === "about-hero"
      ? "First paragraph.\nSecond paragraph."
      : pageName === "about-milestones"
        ? "2019: Founds LOE"
        : null,
  paragraphSpacing: null,
  hasSpacing: pageName === "about-hero",
  isImage: pageName === "about-hero-image",
}));

const lists = {
  influences: [{ id: "i1", name: "Brazilian choro" }],
  collaborations: [],
  stats: [],
};

function render(loadFailed: string | null = null) {
  const Stub = createRoutesStub([
    {
      path: "/admin/about",
      Component: () => (
        <AboutContentEditors entries={entries} lists={lists} loadFailed={loadFailed} />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/about"]} />);
}

describe("contentWithEdits", () => {
  it("puts the unsaved values in place of the stored ones, with the registry's defaults for blanks", () => {
    const content = contentWithEdits(entries, {
      "about-hero": { title: "A New Title", description: "Only one.", paragraphSpacing: "mb-8" },
      "about-journey": { title: "", description: null, paragraphSpacing: null },
    });
    expect(content["about-hero"]).toMatchObject({
      title: "A New Title",
      description: "Only one.",
      paragraphSpacing: "mb-8",
    });
    expect(content["about-journey"].title).toBe("The Journey");
    expect(content["about-milestones"].description).toBe("2019: Founds LOE");
  });
});

describe("AboutContentEditors", () => {
  it("edits every about key and previews the public sections", () => {
    const html = render();
    for (const key of ABOUT_PAGE_KEYS) expect(html).toContain(`>${key}</code>`);
    // The public hero, from the stored text, split into paragraphs.
    expect(html).toMatch(/<h1[^>]*>About Silas<\/h1>/);
    expect(html).toContain('<p class="mb-4">First paragraph.</p><p class="">Second paragraph.</p>');
    // Milestones as the public page shows them; the influences with the stored list.
    expect(html).toContain("Founds LOE");
    expect(html).toContain("Brazilian choro");
    // No collaborations yet: the preview says why the section is missing.
    expect(html).toContain("The section shows once there is at least one collaboration.");
  });

  it("says when the texts could not be read", () => {
    expect(render("Failed to fetch page contents")).toMatch(
      /role="alert"[^>]*>.*Failed to fetch page contents/,
    );
  });
});
