/** The featured-video and photo managers as the server renders them; the journeys run in tests/e2e/admin-home.e2e.ts. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PhotoManager, type PhotoRow } from "~/components/admin/photo-gallery/photo-gallery-screen";
import { FeaturedVideoManager, type FeaturedVideoRow } from "./featured-videos-screen";

const render = (element: React.ReactNode) => {
  const Stub = createRoutesStub([{ path: "/admin/home", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/home"]} />);
};

const video = (over: Partial<FeaturedVideoRow>): FeaturedVideoRow => ({
  id: "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f",
  title: "Copper Street",
  description: null,
  embedId: "dQw4w9WgXcQ",
  videoUrl: null,
  orderIndex: 0,
  isActive: true,
  ...over,
});

const photo = (over: Partial<PhotoRow>): PhotoRow => ({
  id: "7a1d4c7e-3f2b-4c7e-8f3a-2b6d9e1c5a7f",
  title: "Soundcheck",
  altText: "The band at soundcheck",
  imageUrl: "/uploads/photo-gallery/a.png",
  width: 640,
  height: 400,
  orderIndex: 1,
  isActive: true,
  isFeatured: true,
  ...over,
});

const tag = (html: string, pattern: string) =>
  html.match(new RegExp(`<[^>]*${pattern}[^>]*>`))?.[0] ?? "";

describe("featured-video manager", () => {
  it("shows the stored id, the order, the Active switch and the hero badge on the first active video", () => {
    const html = render(
      <FeaturedVideoManager
        videos={[
          video({ id: "a", title: "Hidden first", isActive: false }),
          video({ id: "b", title: "Shown", embedId: "aqz-KE-bpKQ", orderIndex: 1 }),
          video({
            id: "c",
            title: "From a file",
            embedId: null,
            videoUrl: "/uploads/videos/x.mp4",
          }),
        ]}
      />,
    );
    expect(html).toContain("YouTube ID <code");
    expect(html).toContain(">aqz-KE-bpKQ</code>");
    expect(html).toContain(">x.mp4</code>");
    expect(html.match(/>Hero</g)).toHaveLength(1);
    expect(html.indexOf(">Hero<")).toBeGreaterThan(html.indexOf("Shown"));
    expect(html.indexOf(">Hero<")).toBeLessThan(html.indexOf("From a file"));
    expect(tag(html, 'aria-label="Active: Hidden first"')).toContain('aria-pressed="false"');
    expect(tag(html, 'aria-label="Active: Shown"')).toContain('aria-pressed="true"');
    expect(html).toContain('aria-label="Move Shown up"');
    expect(html).toContain('aria-label="Edit &quot;Shown&quot;"');
    expect(html).toContain('aria-label="Delete &quot;Shown&quot;"');
    // The still of the video service for a video with an id; none for a file.
    expect(html).toContain('src="https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg"');
  });

  it("posts the table and the form to another screen's action when told", () => {
    const html = render(
      <FeaturedVideoManager videos={[video({})]} action="/admin/featured-videos" />,
    );
    expect(html).toMatch(
      /<form class="inline-flex"[^>]* action="\/admin\/featured-videos" method="post"><input type="hidden" name="intent" value="set-flag"\/>/,
    );
    expect(html).toContain('aria-label="Add a featured video"');
    expect(html).toContain('<input type="hidden" name="intent" value="create"/>');
  });

  it("offers the form with the hero hint, a new video Active at order 0", () => {
    const html = render(<FeaturedVideoManager videos={[]} />);
    expect(html).toContain("0 is the hero video");
    expect(tag(html, 'name="orderIndex"')).toContain('value="0"');
    expect(tag(html, 'name="isActive"')).toContain('value="true"');
    expect(html).toContain("Add Video");
  });

  it("says when there are no videos, and when they could not be read", () => {
    expect(render(<FeaturedVideoManager videos={[]} />)).toContain(
      "No featured videos yet. Add the first one with the form below.",
    );
    const failed = render(
      <FeaturedVideoManager videos={[]} loadFailed="Failed to fetch featured videos" />,
    );
    expect(failed).toContain(
      'role="alert" class="text-sm text-destructive">Failed to fetch featured videos',
    );
    expect(failed).not.toContain("No featured videos yet");
  });
});

describe("photo manager", () => {
  it("shows each photo with its alt text and its Active and Featured switches", () => {
    const html = render(
      <PhotoManager
        photos={[photo({}), photo({ id: "b", title: "Backstage", isFeatured: false })]}
      />,
    );
    expect(html).toContain("The band at soundcheck");
    expect(tag(html, 'aria-label="Featured: Soundcheck"')).toContain('aria-pressed="true"');
    expect(tag(html, 'aria-label="Featured: Backstage"')).toContain('aria-pressed="false"');
    expect(tag(html, 'aria-label="Active: Backstage"')).toContain('aria-pressed="true"');
    expect(html).toContain('aria-label="On the home page"');
    expect(html.match(/aria-label="On the home page"/g)).toHaveLength(1);
    // The thumbnail is the small variant of our own upload.
    expect(html).toContain('src="/img/480/uploads/photo-gallery/a.png.webp"');
  });

  it("starts a new photo Active, not Featured, with the Featured hint and the size fields", () => {
    const html = render(<PhotoManager photos={[]} />);
    expect(tag(html, 'name="isActive"')).toContain('value="true"');
    expect(tag(html, 'name="isFeatured"')).toContain('value="false"');
    expect(html).toContain("Only photos that are Featured (and Active) appear on the home page");
    for (const name of ["width", "height", "dimensionsFor"]) {
      expect(html).toContain(`<input type="hidden" name="${name}" value=""/>`);
    }
  });

  it("says when there are no photos, and when they could not be read", () => {
    expect(render(<PhotoManager photos={[]} />)).toContain(
      "No photos yet. Add the first one with the form above.",
    );
    expect(
      render(<PhotoManager photos={[]} loadFailed="Failed to fetch photo gallery" />),
    ).toContain('role="alert" class="text-sm text-destructive">Failed to fetch photo gallery');
  });
});
