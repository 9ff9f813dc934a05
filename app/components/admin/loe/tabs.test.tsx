/** The LOE tabs as the server renders them: the tables' cells, empty and failed states, the track dialog. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AudioTrackDialog, LoeAudioTab } from "./audio-tab";
import { LoeImagesTab } from "./images-tab";
import type { LoeAudioRow, LoeImageRow, LoeVideoRow } from "./types";
import { LoeVideosTab } from "./videos-tab";

function render(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/loe", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/loe"]} />);
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const track = (values: Partial<LoeAudioRow>): LoeAudioRow => ({
  id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  title: "Night Tune",
  artist: null,
  album: null,
  sourceType: "soundcloud",
  soundcloudEmbedUrl: "https://soundcloud.com/artist/night-tune",
  audioUrl: null,
  artworkUrl: null,
  duration: null,
  orderIndex: 0,
  isActive: true,
  ...values,
});

describe("Audio tab", () => {
  it("shows each track's status, source, duration and artwork", () => {
    const html = render(
      <LoeAudioTab
        tracks={{
          loadFailed: null,
          rows: [
            track({ artist: "Silas", album: "Low Brass" }),
            track({
              id: "a2",
              title: "Blue Hour",
              sourceType: "file",
              audioUrl: "/uploads/audio/a.wav",
              duration: 205,
              artworkUrl: "/uploads/artwork/a.png",
            }),
            track({ id: "a3", title: "Lost Link", sourceType: "url", audioUrl: null }),
            track({ id: "a4", title: "No Embed", soundcloudEmbedUrl: " " }),
          ],
        }}
      />,
    );
    const body = text(html);
    expect(body).toMatch(/Ready .*Night Tune --:-- SoundCloud Silas Low Brass/);
    expect(body).toMatch(/Ready .*Blue Hour 3:25 File/);
    expect(body).toMatch(/Error Missing audio file .*Lost Link --:-- External URL/);
    expect(body).toMatch(/Error Missing SoundCloud URL .*No Embed/);
    expect(html).toContain('src="/uploads/artwork/a.png"');
    expect(html).toContain('aria-label="Delete &quot;Blue Hour&quot;"');
    expect(html).toContain('value="audio:set-flag"');
  });

  it("says so when there are no tracks, or when they could not be read", () => {
    expect(render(<LoeAudioTab tracks={{ loadFailed: null, rows: [] }} />)).toContain(
      "No audio tracks found",
    );
    const failed = render(
      <LoeAudioTab tracks={{ loadFailed: "Failed to fetch audio tracks", rows: [] }} />,
    );
    expect(failed).toMatch(/role="alert"[^>]*>Failed to fetch audio tracks/);
  });
});

function dialogFor(row: LoeAudioRow | null) {
  return {
    open: true,
    editing: row,
    openAdd: () => {},
    openEdit: () => {},
    dialogProps: {
      open: true,
      onOpenChange: () => {},
      intent: row ? ("update" as const) : ("create" as const),
      defaultValues: row ?? undefined,
    },
  };
}

describe("Audio track dialog", () => {
  it("starts with the SoundCloud source and only its field", () => {
    const html = render(<AudioTrackDialog dialog={dialogFor(null)} />);
    expect(html).toContain('value="audio:create"');
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="soundcloud"/);
    expect(text(html)).toContain("SoundCloud Upload File External URL");
    expect(html).toContain('name="soundcloudEmbedUrl"');
    expect(html).not.toContain('name="audioUrl"');
    expect(html).not.toContain('role="progressbar"');
  });

  it("edits a file track with its file and stored duration", () => {
    const row = track({
      sourceType: "file",
      soundcloudEmbedUrl: null,
      audioUrl: "/uploads/audio/a.wav",
      duration: 65,
    });
    const html = render(<AudioTrackDialog dialog={dialogFor(row)} />);
    expect(html).toContain('value="audio:update"');
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="file"/);
    expect(html).toContain('<input type="hidden" name="audioUrl" value="/uploads/audio/a.wav"/>');
    expect(html).not.toContain('name="soundcloudEmbedUrl"');
    expect(html).toContain('name="duration" value="65"');
    expect(text(html)).toContain("Duration: 1:05");
  });

  it("flags a private playlist link as typed", () => {
    const row = track({
      soundcloudEmbedUrl: "https://soundcloud.com/artist/sets/tour/s-Xy12z",
    });
    const body = text(render(<AudioTrackDialog dialog={dialogFor(row)} />));
    expect(body).toContain("Private link Playlist");
  });
});

const video = (values: Partial<LoeVideoRow>): LoeVideoRow => ({
  id: "v1",
  title: "Blue Room",
  description: null,
  embedId: null,
  videoUrl: null,
  thumbnailUrl: null,
  orderIndex: 0,
  isActive: true,
  ...values,
});

describe("Videos tab", () => {
  it("shows Type, Source, Order and Status, with the description cut at 80", () => {
    const html = render(
      <LoeVideosTab
        videos={{
          loadFailed: null,
          rows: [
            video({ embedId: "aqz-KE-bpKQ", description: "d".repeat(90), orderIndex: 3 }),
            video({
              id: "v2",
              title: "Rehearsal",
              videoUrl: "/uploads/videos/r.mp4",
              isActive: false,
            }),
            video({ id: "v3", title: "Nothing" }),
          ],
        }}
      />,
    );
    const body = text(html);
    expect(body).toContain(`${"d".repeat(80)}…`);
    expect(body).not.toContain("d".repeat(81));
    expect(body).toMatch(/Blue Room .*YouTube aqz-KE-bpKQ 3 Active/);
    expect(body).toMatch(/Rehearsal File r\.mp4 0 Hidden/);
    expect(body).toMatch(/Nothing Unknown — None 0 Active/);
    expect(html).toContain('href="https://www.youtube.com/watch?v=aqz-KE-bpKQ"');
    expect(html).toContain('value="video:set-flag"');
  });

  it("shows the empty message", () => {
    expect(render(<LoeVideosTab videos={{ loadFailed: null, rows: [] }} />)).toContain(
      "No videos added yet...",
    );
  });
});

describe("Images tab", () => {
  const image: LoeImageRow = {
    id: "i1",
    title: "Signed letter",
    altText: "A letter signed by the band",
    caption: "c".repeat(60),
    imageUrl: "/uploads/images/l.png",
    width: 800,
    height: 600,
    orderIndex: 2,
    isActive: false,
  };

  it("shows Preview, Title with the caption cut at 50, Alt Text, Order and Status", () => {
    const html = render(<LoeImagesTab images={{ loadFailed: null, rows: [image] }} />);
    const body = text(html);
    expect(html).toContain('src="/uploads/images/l.png"');
    expect(body).toContain(`Signed letter ${"c".repeat(50)}… A letter signed by the band 2 Hidden`);
    expect(html).toContain('value="image:set-flag"');
  });

  it("shows the empty message", () => {
    expect(render(<LoeImagesTab images={{ loadFailed: null, rows: [] }} />)).toContain(
      "No images added yet...",
    );
  });
});
