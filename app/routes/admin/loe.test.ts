/** /admin/loe: its loader and its one action (every tab's intents) for a signed-in admin. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { LOE_INTENTS } from "~/components/admin/loe/loe-admin";
import { AUDIO_TRACK_MESSAGES, AUDIO_TRACK_TEXT } from "~/domain/content/loe/loe-audio-track";
import { LOE_IMAGE_TEXT } from "~/domain/content/loe/loe-image";
import { LOE_VIDEO_MESSAGES, LOE_VIDEO_TEXT } from "~/domain/content/loe/loe-video";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import { readLoeAudioTracks } from "~/server/content/loe-audio-tracks.server";
import { readLoeImages } from "~/server/content/loe-images.server";
import { readLoeVideos } from "~/server/content/loe-videos.server";
import { readContent } from "~/server/content/page-content.server";
import {
  loeAudioTracks,
  loeImages,
  loeVideos,
  pageContent,
} from "~/server/db/schema/content.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import * as loe from "./loe";

type Body = {
  ok?: boolean;
  toast?: { title: string; description?: string };
  fieldErrors?: Record<string, string>;
};

function answer(result: unknown): { status: number; body: Body } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const d = result as { data: Body; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: result as Body };
}

const { video, image, audio } = LOE_INTENTS;

describe.each(await testDatabaseKinds())("/admin/loe on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    ({ cookie } = await app.createUser("editor@example.com"));
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const post = async (fields: Record<string, string>) =>
    answer(
      await loe.action({
        request: formPost(app, "/admin/loe", fields, cookie),
        params: {},
        context: loadContext,
      } as never),
    );
  const load = () =>
    loe.loader({
      request: app.request("/admin/loe", { cookie }),
      params: {},
      context: loadContext,
    } as never);

  it("loads every part, with the LOE header's defaults", async () => {
    const data = await load();
    expect(data.toast).toBeNull();
    expect(data.content).toMatchObject({
      loadFailed: null,
      data: {
        header: {
          pageName: "loe",
          title: "LOE",
          description: "Discover our featured content and gallery",
          paragraphSpacing: "mb-4",
          hasSpacing: true,
        },
      },
    });
    expect(data.content.data?.bannerTemplate).toContain("{email}");
    for (const part of [data.videos, data.tracks, data.images]) {
      expect(part).toEqual({ loadFailed: null, rows: [] });
    }
  });

  describe("Page Content", () => {
    it("updates the banner's template only, keeping its stored title", async () => {
      await app.t.db
        .insert(pageContent)
        .values({ pageName: "loe-banner-text", title: "Banner (kept)", description: "Old" });
      const result = await post({
        intent: LOE_INTENTS.banner,
        description: "  Write to {email} now  ",
      });
      expect(result.body).toMatchObject({
        ok: true,
        toast: { title: PAGE_CONTENT_TEXT.bannerUpdated },
      });
      const [row] = await app.t.db
        .select()
        .from(pageContent)
        .where(eq(pageContent.pageName, "loe-banner-text"));
      expect(row).toMatchObject({ title: "Banner (kept)", description: "Write to {email} now" });
      const content = await readContent(app.t.db, ["loe-banner-text"]);
      expect(content["loe-banner-text"].value).toBe("Write to {email} now");
    });

    it("refuses a banner over 1000 characters with the spec's failure", async () => {
      const result = await post({ intent: LOE_INTENTS.banner, description: "x".repeat(1001) });
      expect(result.status).toBe(400);
      expect(result.body.toast?.description).toContain(PAGE_CONTENT_TEXT.bannerUpdateFailed);
    });

    it("saves the header through the shared update-content intent", async () => {
      const result = await post({
        intent: LOE_INTENTS.content,
        pageName: "loe",
        title: " Letters ",
        description: "",
        paragraphSpacing: "mb-8",
      });
      expect(result.body).toMatchObject({ ok: true, toast: { title: PAGE_CONTENT_TEXT.updated } });
      const data = await load();
      expect(data.content.data?.header).toMatchObject({
        title: "Letters",
        paragraphSpacing: "mb-8",
      });
    });
  });

  describe("Videos", () => {
    it("needs the id in YouTube mode, and stores the id taken from a link", async () => {
      const refused = await post({ intent: video.create, title: "No id", sourceType: "youtube" });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ embedId: LOE_VIDEO_MESSAGES.embedIdRequired });

      const created = await post({
        intent: video.create,
        title: "Blue Room",
        sourceType: "youtube",
        embedId: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
        videoUrl: "/uploads/videos/old.mp4",
      });
      expect(created.body).toMatchObject({ ok: true, toast: { title: LOE_VIDEO_TEXT.created } });
      const [row] = await app.t.db.select().from(loeVideos);
      expect(row).toMatchObject({ embedId: "aqz-KE-bpKQ", videoUrl: null, isActive: true });
    });

    it("keeps a file video's stored file when an edit sends none, and asks a YouTube one for a file", async () => {
      const [fileVideo] = await app.t.db
        .insert(loeVideos)
        .values({ title: "Rehearsal", videoUrl: "/uploads/videos/r.mp4" })
        .returning();
      const kept = await post({
        intent: video.update,
        id: fileVideo!.id,
        title: "Rehearsal (cut)",
        sourceType: "file",
        videoUrl: "",
      });
      expect(kept.body).toMatchObject({ ok: true, toast: { title: LOE_VIDEO_TEXT.updated } });
      const [after] = await app.t.db
        .select()
        .from(loeVideos)
        .where(eq(loeVideos.id, fileVideo!.id));
      expect(after).toMatchObject({ title: "Rehearsal (cut)", videoUrl: "/uploads/videos/r.mp4" });

      const [youtube] = await app.t.db
        .select()
        .from(loeVideos)
        .where(eq(loeVideos.title, "Blue Room"));
      const refused = await post({
        intent: video.update,
        id: youtube!.id,
        title: "Blue Room",
        sourceType: "file",
        videoUrl: "",
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ videoUrl: LOE_VIDEO_MESSAGES.videoFileRequired });
      expect(refused.body.toast?.description).toBe(
        `${LOE_VIDEO_TEXT.updateFailed}: ${LOE_VIDEO_MESSAGES.videoFileRequired}`,
      );
    });

    it("hides and shows a video with the spec's toasts, and the public list follows", async () => {
      const [row] = await app.t.db.select().from(loeVideos).where(eq(loeVideos.title, "Blue Room"));
      const hidden = await post({
        intent: video.setFlag,
        id: row!.id,
        flag: "isActive",
        value: "false",
      });
      expect(hidden.body.toast?.title).toBe(LOE_VIDEO_TEXT.hidden);
      expect((await readLoeVideos(app.t.db)).map((v) => v.title)).toEqual(["Rehearsal (cut)"]);
      const shown = await post({
        intent: video.setFlag,
        id: row!.id,
        flag: "isActive",
        value: "true",
      });
      expect(shown.body.toast?.title).toBe(LOE_VIDEO_TEXT.shown);
      expect(await readLoeVideos(app.t.db)).toHaveLength(2);
    });

    it("reorders and deletes", async () => {
      const before = (await load()).videos;
      const ids = before.rows.map((v) => v.id).reverse();
      const params = new URLSearchParams({ intent: video.reorder });
      for (const id of ids) params.append("ids", id);
      const reordered = answer(
        await loe.action({
          request: app.request("/admin/loe", {
            method: "POST",
            body: params,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            cookie,
          }),
          params: {},
          context: loadContext,
        } as never),
      );
      expect(reordered.body.ok).toBe(true);
      const after = (await load()).videos;
      expect(after.rows.map((v) => v.id)).toEqual(ids);

      const deleted = await post({ intent: video.delete, id: ids[0]! });
      expect(deleted.body.toast?.title).toBe(LOE_VIDEO_TEXT.deleted);
      expect(await app.t.db.select().from(loeVideos)).toHaveLength(1);
    });
  });

  describe("Images", () => {
    const upload = "/uploads/images/letter.png";
    const IMAGE = { title: "Letter", altText: "A signed letter", imageUrl: upload };

    it("stores the size measured on the uploaded file, and refuses a missing image", async () => {
      const refused = await post({ intent: image.create, title: "x", altText: "y" });
      expect(refused.body.fieldErrors).toEqual({ imageUrl: "Image URL is required" });

      const created = await post({
        intent: image.create,
        ...IMAGE,
        orderIndex: "first",
        width: "1600",
        height: "900",
        dimensionsFor: upload,
      });
      expect(created.body.toast?.title).toBe(LOE_IMAGE_TEXT.created);
      const [row] = await app.t.db.select().from(loeImages);
      expect(row).toMatchObject({ width: 1600, height: 900, orderIndex: 0 });
    });

    it("keeps the size while the image stays, and forgets it for another address", async () => {
      const [row] = await app.t.db.select().from(loeImages);
      await post({ intent: image.update, id: row!.id, ...IMAGE, caption: "With thanks" });
      let [after] = await app.t.db.select().from(loeImages);
      expect(after).toMatchObject({ caption: "With thanks", width: 1600, height: 900 });

      await post({
        intent: image.update,
        id: row!.id,
        ...IMAGE,
        imageUrl: "https://images.example.org/other.jpg",
        width: "1600",
        height: "900",
        dimensionsFor: upload,
      });
      [after] = await app.t.db.select().from(loeImages);
      expect(after).toMatchObject({ width: null, height: null });
    });

    it("hides an image from the public gallery", async () => {
      const [row] = await app.t.db.select().from(loeImages);
      const hidden = await post({
        intent: image.setFlag,
        id: row!.id,
        flag: "isActive",
        value: "false",
      });
      expect(hidden.body.toast?.title).toBe(LOE_IMAGE_TEXT.hidden);
      expect(await readLoeImages(app.t.db)).toEqual([]);
    });
  });

  describe("Audio", () => {
    it("stores an uploaded file's duration, and none for a SoundCloud track", async () => {
      const file = await post({
        intent: audio.create,
        title: "Blue Hour",
        sourceType: "file",
        audioUrl: "/uploads/audio/blue.wav",
        duration: "185",
      });
      expect(file.body.toast?.title).toBe(AUDIO_TRACK_TEXT.created);
      const soundcloud = await post({
        intent: audio.create,
        title: "Night Tune",
        sourceType: "soundcloud",
        soundcloudEmbedUrl: "https://on.soundcloud.com/AbC123",
        audioUrl: "/uploads/audio/stale.wav",
        duration: "185",
      });
      expect(soundcloud.body.ok).toBe(true);
      const tracks = await readLoeAudioTracks(app.t.db);
      expect(tracks.map((t) => [t.title, t.sourceType, t.audioUrl, t.duration])).toEqual([
        ["Blue Hour", "file", "/uploads/audio/blue.wav", 185],
        ["Night Tune", "soundcloud", null, null],
      ]);
    });

    it("answers a refused save with 'Failed to create/update audio track: {message}'", async () => {
      const refused = await post({
        intent: audio.create,
        title: "Bad link",
        sourceType: "soundcloud",
        soundcloudEmbedUrl: "https://example.com/not-soundcloud",
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({
        soundcloudEmbedUrl: AUDIO_TRACK_MESSAGES.invalidSoundCloudUrl,
      });
      expect(refused.body.toast?.description).toBe(
        `Failed to create audio track: ${AUDIO_TRACK_MESSAGES.invalidSoundCloudUrl}`,
      );

      const missing = await post({
        intent: audio.update,
        id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
        title: "Gone",
        sourceType: "url",
        audioUrl: "https://audio.example.org/gone.mp3",
      });
      expect(missing.status).toBe(404);
      expect(missing.body.toast?.description).toMatch(/^Failed to update audio track: \S/);
    });

    it("switches a track off and on, and deletes it", async () => {
      const [track] = await app.t.db
        .select()
        .from(loeAudioTracks)
        .where(eq(loeAudioTracks.title, "Night Tune"));
      await post({ intent: audio.setFlag, id: track!.id, flag: "isActive", value: "false" });
      expect((await readLoeAudioTracks(app.t.db)).map((t) => t.title)).toEqual(["Blue Hour"]);

      const deleted = await post({ intent: audio.delete, id: track!.id });
      expect(deleted.body.toast?.title).toBe(AUDIO_TRACK_TEXT.deleted);
      expect(await app.t.db.select().from(loeAudioTracks)).toHaveLength(1);
    });

    it("looks a link up without asking SoundCloud when it is not a playlist", async () => {
      const result = await post({
        intent: audio.soundCloudInfo,
        url: "https://soundcloud.com/artist/night-tune",
      });
      expect(result.body).toMatchObject({
        ok: true,
        result: { url: "https://soundcloud.com/artist/night-tune", info: null },
      });
    });
  });
});
