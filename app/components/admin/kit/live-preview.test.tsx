import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LivePreview } from "./live-preview";

describe("LivePreview", () => {
  it("shows the public section inert, under a Live preview heading", () => {
    const html = renderToStaticMarkup(
      <LivePreview note="Follows every save.">
        <p>Section</p>
      </LivePreview>,
    );
    expect(html).toContain(">Live preview</h2>");
    expect(html).toContain("Follows every save.");
    expect(html).toMatch(/<div inert=""[^>]*><p>Section<\/p>/);
    expect(html).not.toContain("max-sm:hidden");
    expect(html).not.toContain("Show preview");
  });

  it("folded on a phone only when asked, with a button that says what it opens", () => {
    const html = renderToStaticMarkup(
      <LivePreview collapsibleOnPhone>
        <p>Section</p>
      </LivePreview>,
    );
    const box = /<div inert="" id="([^"]+)" class="([^"]*)"/.exec(html);
    expect(box?.[2]).toContain("max-sm:hidden");
    expect(html).toMatch(
      new RegExp(`<button[^>]*aria-expanded="false" aria-controls="${box?.[1]}"[^>]*>Show preview`),
    );
    // The button itself is only there below the sm breakpoint.
    expect(html).toMatch(/<button[^>]*class="[^"]*sm:hidden[^"]*"[^>]*>Show preview/);
  });
});
