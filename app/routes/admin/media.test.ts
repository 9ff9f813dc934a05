/** /admin/media: its loader and actions for a signed-in admin. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MEDIA_ITEM_MESSAGES, MEDIA_ITEM_TEXT } from "~/domain/content/media-page/media-item";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import { loadVisibleMediaItems } from "~/server/content/media-items.server";
import { mediaItems, pageContent } from "~/server/db/schema/content.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import * as media from "./media";

type Body = {
  ok?: boolean;
  toast?: { title: string; description?: string };
  fieldErrors?: Record<string, string>;
};

/** The action's answer: a plain result, or one wrapped in data() with a status. */
function answer(result: unknown): { status: number; body: Body } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const d = result as { data: Body; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: result as Body };
}

const ITEM = {
  title: "Night Walk",
  description: "Between the sound check and the show.",
  type: "photo",
  url: "https://images.example.org/night-walk.jpg",
  thumbnailUrl: "",
  platform: "",
  isFeatured: "false",
  isVisible: "true",
};

describe.each(await testDatabaseKinds())("/admin/media on %s", (kind) => {
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
      await media.action({
        request: formPost(app, "/admin/media", fields, cookie),
        params: {},
        context: loadContext,
      } as never),
    );
  const load = () =>
    media.loader({
      request: app.request("/admin/media", { cookie }),
      params: {},
      context: loadContext,
    } as never);
  const rows = () => app.t.db.select().from(mediaItems);

  it("starts with no items and the media page header's defaults", async () => {
    const data = await load();
    expect(data.items).toEqual({ rows: [], loadFailed: null });
    expect(data.header.loadFailed).toBeNull();
    expect(data.toast).toBeNull();
    expect(data.header.rows).toMatchObject([{ pageName: "media", title: "Media Gallery" }]);
  });

  it("refuses an item whose URL is not one, with the spec's message, and stores nothing", async () => {
    const result = await post({ intent: "create", ...ITEM, url: "not a url", title: "N" });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({
      title: MEDIA_ITEM_MESSAGES.titleTooShort,
      url: MEDIA_ITEM_MESSAGES.invalidUrl,
    });
    expect(result.body.toast?.description).toContain(MEDIA_ITEM_TEXT.saveFailed);
    expect(await rows()).toEqual([]);
  });

  it("creates an item (blank optional fields stored as null) and shows it on the media page", async () => {
    const result = await post({ intent: "create", ...ITEM });
    expect(result.body).toMatchObject({
      ok: true,
      toast: { title: MEDIA_ITEM_TEXT.created, description: "Night Walk" },
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      title: "Night Walk",
      type: "photo",
      thumbnailUrl: null,
      platform: null,
      isFeatured: false,
      isVisible: true,
    });
    expect((await loadVisibleMediaItems()).map((i) => i.title)).toEqual(["Night Walk"]);
    expect((await load()).items.rows.map((i) => i.title)).toEqual(["Night Walk"]);
  });

  it("hides and shows an item with the Visible switch, and features it", async () => {
    const [row] = await rows();
    const hidden = await post({
      intent: "set-flag",
      id: row!.id,
      flag: "isVisible",
      value: "false",
    });
    expect(hidden.body).toMatchObject({ ok: true, toast: { title: MEDIA_ITEM_TEXT.updated } });
    expect(await loadVisibleMediaItems()).toEqual([]);

    await post({ intent: "set-flag", id: row!.id, flag: "isVisible", value: "true" });
    await post({ intent: "set-flag", id: row!.id, flag: "isFeatured", value: "true" });
    const [after] = await rows();
    expect(after).toMatchObject({ isVisible: true, isFeatured: true });

    const unknown = await post({ intent: "set-flag", id: row!.id, flag: "title", value: "true" });
    expect(unknown.status).toBe(400);
  });

  it("keeps the stored size while the URL stays, and drops it for a new URL", async () => {
    const [row] = await rows();
    await app.t.db
      .update(mediaItems)
      .set({ width: 1200, height: 800 })
      .where(eq(mediaItems.id, row!.id));

    const kept = await post({
      intent: "update",
      id: row!.id,
      ...ITEM,
      title: "Night Walk (B&W)",
      isFeatured: "true",
    });
    expect(kept.body).toMatchObject({ ok: true, toast: { title: MEDIA_ITEM_TEXT.updated } });
    expect((await rows())[0]).toMatchObject({
      title: "Night Walk (B&W)",
      width: 1200,
      height: 800,
    });

    await post({
      intent: "update",
      id: row!.id,
      ...ITEM,
      url: "/uploads/images/other.jpg",
    });
    expect((await rows())[0]).toMatchObject({
      url: "/uploads/images/other.jpg",
      width: null,
      height: null,
    });
  });

  it("deletes an item; the list is then empty", async () => {
    const [row] = await rows();
    const deleted = await post({ intent: "delete", id: row!.id });
    expect(deleted.body).toMatchObject({ ok: true, toast: { title: MEDIA_ITEM_TEXT.deleted } });
    expect((await load()).items.rows).toEqual([]);
    const again = await post({ intent: "delete", id: row!.id });
    expect(again.body.toast?.description).toContain(MEDIA_ITEM_TEXT.deleteFailed);
  });

  it("saves the media page header through the shared update-content intent", async () => {
    const saved = await post({
      intent: "update-content",
      pageName: "media",
      title: "Watch and Listen",
      description: "Concert films and photos.",
      paragraphSpacing: "",
    });
    expect(saved.body).toMatchObject({ ok: true, toast: { title: PAGE_CONTENT_TEXT.updated } });
    const [row] = await app.t.db
      .select()
      .from(pageContent)
      .where(eq(pageContent.pageName, "media"));
    expect(row).toMatchObject({
      title: "Watch and Listen",
      description: "Concert films and photos.",
    });
  });
});
