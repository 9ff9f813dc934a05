/** The media screen's table as the server renders it: its rows, its empty state and its load failure. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CollectionSection } from "~/components/admin/kit/collection-screen";
import {
  MEDIA_ITEM_TEXT,
  mediaItemCreateSchema,
  mediaItemUpdateSchema,
} from "~/domain/content/media-page/media-item";
import { MEDIA_SCREEN, type MediaItemRow } from "./media-screen";

const row: MediaItemRow = {
  id: "7b6f0a4e-8c1d-4c55-9a53-1f0f4a1c2d3e",
  title: "Solo Under the Spot",
  description: "Opening cadenza.",
  type: "photo",
  url: "/uploads/images/solo.jpg",
  thumbnailUrl: null,
  platform: null,
  isFeatured: true,
  isVisible: false,
};

function render(rows: MediaItemRow[], loadFailed: string | null = null) {
  const Stub = createRoutesStub([
    {
      path: "/admin/media",
      Component: () => (
        <CollectionSection
          screen={MEDIA_SCREEN}
          list={{ rows, loadFailed }}
          schemas={{ create: mediaItemCreateSchema, update: mediaItemUpdateSchema }}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/media"]} />);
}

describe("the media screen's table", () => {
  it("has the spec's columns and, with no items, its empty message", () => {
    const html = render([]);
    const headers = [...html.matchAll(/<th data-slot="table-head"[^>]*>(.*?)<\/th>/g)].map(
      (m) => m[1],
    );
    expect(headers).toEqual(["Title", "Type", "Platform", "Featured", "Visible", "Actions"]);
    expect(html).toContain(MEDIA_ITEM_TEXT.empty);
    expect(html).toContain("No media items found. Create your first one!");
  });

  it("shows a failed load instead of the rows, announced", () => {
    const html = render([row], "Failed to fetch media items");
    expect(html).toMatch(/role="alert"[^>]*>Failed to fetch media items</);
    expect(html).not.toContain("Solo Under the Spot");
  });

  it("shows a row with its type, its switches in their state, edit and delete", () => {
    const html = render([row]);
    expect(html).toContain("Solo Under the Spot");
    expect(html).toContain(">Photo<");
    const switchOf = (name: string) =>
      new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(switchOf("Featured: Solo Under the Spot")).toContain('aria-pressed="true"');
    expect(switchOf("Visible: Solo Under the Spot")).toContain('aria-pressed="false"');
    expect(html).toContain('aria-label="Edit &quot;Solo Under the Spot&quot;"');
    expect(html).toContain('aria-label="Delete &quot;Solo Under the Spot&quot;"');
    // The photo's small variant, not the full-size file.
    expect(html).toContain('src="/img/480/uploads/images/solo.jpg.webp"');
  });
});
