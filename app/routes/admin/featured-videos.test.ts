/** /admin/featured-videos: its loader and actions for a signed-in admin (the home editor posts here too). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import {
  FEATURED_VIDEO_MESSAGES,
  FEATURED_VIDEO_TEXT,
} from "~/domain/content/videos/featured-video";
import { loadFeaturedVideos } from "~/server/content/featured-videos.server";
import { auditLog } from "~/server/db/schema/db.server";
import { featuredVideos } from "~/server/db/schema/content.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import * as screen from "./featured-videos";

type Body = {
  ok?: boolean;
  toast?: { title: string; description?: string };
  fieldErrors?: Record<string, string>;
};

/** A failure comes wrapped with its status (data()); a success is the plain answer. */
const answer = (result: unknown) => {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const d = result as { data: Body; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: result as Body };
};

const VIDEO = {
  title: "Copper Street (Live)",
  description: "",
  embedId: "https://youtu.be/dQw4w9WgXcQ?t=12",
  orderIndex: "0",
  isActive: "true",
};

describe.each(await testDatabaseKinds())("/admin/featured-videos on %s", (kind) => {
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
      await screen.action({
        request: formPost(app, "/admin/featured-videos", fields, cookie),
        params: {},
        context: loadContext,
      } as never),
    );
  const load = () =>
    screen.loader({
      request: app.request("/admin/featured-videos", { cookie }),
      params: {},
      context: loadContext,
    } as never);
  const rows = () =>
    app.t.db
      .select()
      .from(featuredVideos)
      .orderBy(asc(featuredVideos.orderIndex), asc(featuredVideos.createdAt));
  const publicTitles = async () => (await loadFeaturedVideos()).map((v) => v.title);

  it("starts empty, without a failure", async () => {
    const loaded = (await load()) as { preview?: { items: unknown[] } };
    expect(loaded).toMatchObject({ rows: [], loadFailed: null, toast: null });
    // The live preview of the home page's section shows what is on it: nothing yet.
    expect(loaded.preview?.items).toEqual([]);
  });

  it("refuses a link that is not a YouTube video with the schema's message, storing nothing", async () => {
    const result = await post({ intent: "create", ...VIDEO, embedId: "https://vimeo.com/123" });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({ embedId: FEATURED_VIDEO_MESSAGES.invalidVideoId });
    expect(result.body.toast?.description).toContain(FEATURED_VIDEO_TEXT.saveFailed);
    expect(await rows()).toEqual([]);
  });

  it("adds a video from a youtu.be link: the id is stored and the home page shows it", async () => {
    const result = await post({ intent: "create", ...VIDEO });
    expect(result.body).toMatchObject({
      ok: true,
      toast: { title: FEATURED_VIDEO_TEXT.created, description: VIDEO.title },
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      title: VIDEO.title,
      description: null,
      embedId: "dQw4w9WgXcQ",
      videoUrl: null,
      orderIndex: 0,
      isActive: true,
    });
    expect(await publicTitles()).toEqual([VIDEO.title]);
    expect((await load()).rows).toEqual([
      {
        id: row!.id,
        title: VIDEO.title,
        description: null,
        embedId: "dQw4w9WgXcQ",
        videoUrl: null,
        orderIndex: 0,
        isActive: true,
      },
    ]);
  });

  it("updates a video, hides it with the Active switch and shows it again", async () => {
    const [row] = await rows();
    const updated = await post({
      intent: "update",
      id: row!.id,
      ...VIDEO,
      title: "Copper Street",
      embedId: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    });
    expect(updated.body).toMatchObject({ ok: true, toast: { title: FEATURED_VIDEO_TEXT.updated } });
    expect((await rows())[0]).toMatchObject({ title: "Copper Street", embedId: "aqz-KE-bpKQ" });

    const hidden = await post({
      intent: "set-flag",
      id: row!.id,
      flag: "isActive",
      value: "false",
    });
    expect(hidden.body.ok).toBe(true);
    expect(await publicTitles()).toEqual([]);
    await post({ intent: "set-flag", id: row!.id, flag: "isActive", value: "true" });
    expect(await publicTitles()).toEqual(["Copper Street"]);

    const unknown = await post({ intent: "set-flag", id: row!.id, flag: "title", value: "x" });
    expect(unknown.status).toBe(400);
  });

  it("reorders as 0..n-1, the first becoming the hero, and refuses a stale order", async () => {
    await post({ intent: "create", ...VIDEO, title: "Second", orderIndex: "1" });
    await post({ intent: "create", ...VIDEO, title: "Third", orderIndex: "2" });
    const [first, second, third] = await rows();
    const result = await post({ intent: "reorder", ids: "" } as never);
    expect(result.status).toBe(400);

    const form = new URLSearchParams({ intent: "reorder" });
    for (const id of [third!.id, first!.id, second!.id]) form.append("ids", id);
    const reordered = answer(
      await screen.action({
        request: app.request("/admin/featured-videos", {
          method: "POST",
          body: form,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          cookie,
        }),
        params: {},
        context: loadContext,
      } as never),
    );
    expect(reordered.body).toMatchObject({
      ok: true,
      toast: { title: FEATURED_VIDEO_TEXT.reordered },
    });
    expect((await rows()).map((r) => [r.title, r.orderIndex])).toEqual([
      ["Third", 0],
      ["Copper Street", 1],
      ["Second", 2],
    ]);
    expect(await publicTitles()).toEqual(["Third", "Copper Street", "Second"]);

    const stale = await post({ intent: "reorder", ids: first!.id });
    expect(stale.status).toBe(409);
    expect(stale.body.toast?.description).toContain(FEATURED_VIDEO_TEXT.reorderFailed);
  });

  it("deletes a video (audited); deleting it again fails with the spec's words", async () => {
    const [row] = await rows();
    const deleted = await post({ intent: "delete", id: row!.id });
    expect(deleted.body).toMatchObject({ ok: true, toast: { title: FEATURED_VIDEO_TEXT.deleted } });
    expect((await rows()).map((r) => r.id)).not.toContain(row!.id);
    const audit = await app.t.db.select().from(auditLog);
    expect(audit.map((a) => a.action)).toContain("featured_videos.delete");

    const again = await post({ intent: "delete", id: row!.id });
    expect(again.status).toBe(404);
    expect(again.body.toast?.description).toContain(FEATURED_VIDEO_TEXT.deleteFailed);
  });
});
