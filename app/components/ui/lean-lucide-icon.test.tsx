import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import LeanLucideIcon from "./lean-lucide-icon";

const node: [string, Record<string, string>][] = [
  ["circle", { cx: "12", cy: "12", r: "10", key: "a" }],
];

describe("the lean lucide Icon the build uses", () => {
  it("leaves lucide's default attributes to the .lucide rule", () => {
    const html = renderToStaticMarkup(
      <LeanLucideIcon iconNode={node} className="lucide-clock size-4" />,
    );
    expect(html).toBe(
      '<svg viewBox="0 0 24 24" class="lucide lucide-clock size-4" aria-hidden="true"><circle cx="12" cy="12" r="10"></circle></svg>',
    );
  });

  it("puts what a caller changes in style, where it outranks the rule's defaults", () => {
    const html = renderToStaticMarkup(
      <LeanLucideIcon iconNode={node} size={16} strokeWidth={3} color="red" fill="currentColor" />,
    );
    expect(html).toContain(
      'style="height:16px;width:16px;stroke:red;fill:currentColor;stroke-width:3"',
    );
    expect(html).not.toMatch(/ (width|height|stroke|fill)=/);
  });

  it("keeps the defaults out of style when a caller passes them", () => {
    const html = renderToStaticMarkup(
      <LeanLucideIcon iconNode={node} size={24} strokeWidth={2} color="currentColor" />,
    );
    expect(html).not.toContain("style=");
  });

  it("is not hidden from assistive technology when it has a label", () => {
    const html = renderToStaticMarkup(<LeanLucideIcon iconNode={node} aria-label="Time" />);
    expect(html).not.toContain("aria-hidden");
    expect(html).toContain('aria-label="Time"');
  });
});
