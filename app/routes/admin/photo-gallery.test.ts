/**
 * /admin/photo-gallery: its loader and actions for a signed-in admin (the home editor
 * posts here too), and the gallery's order rule: the list is the visitors' order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MESSAGES, PHOTO_TEXT } from "~/domain/content/photos/photo-form";
import { loadFeaturedPhotos } from "~/server/content/photo-gallery.server";
import { photoGallery } from "~/server/db/schema/content.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import * as screen from "./photo-gallery";

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

const PHOTO = {
  title: "Soundcheck",
  altText: "The band at soundcheck",
  imageUrl: "/uploads/photo-gallery/soundcheck.png",
  orderIndex: "",
  isActive: "true",
  isFeatured: "true",
  width: "1200",
  height: "800",
  dimensionsFor: "/uploads/photo-gallery/soundcheck.png",
};

describe.each(await testDatabaseKinds())("/admin/photo-gallery on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    ({ cookie } = await app.createUser("editor@example.com"));
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const send = async (form: URLSearchParams) =>
    answer(
      await screen.action({
        request: app.request("/admin/photo-gallery", {
          method: "POST",
          body: form,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          cookie,
        }),
        params: {},
        context: loadContext,
      } as never),
    );
  const post = async (fields: Record<string, string>) =>
    answer(
      await screen.action({
        request: formPost(app, "/admin/photo-gallery", fields, cookie),
        params: {},
        context: loadContext,
      } as never),
    );
  const reorder = (ids: string[]) => {
    const form = new URLSearchParams({ intent: "reorder" });
    for (const id of ids) form.append("ids", id);
    return send(form);
  };
  const load = () =>
    screen.loader({
      request: app.request("/admin/photo-gallery", { cookie }),
      params: {},
      context: loadContext,
    } as never);
  const listed = async () => (await load()).rows.map((p) => p.title);
  const onHome = async () => (await loadFeaturedPhotos()).map((p) => p.title);
  const stored = async (title: string) =>
    (await app.t.db.select().from(photoGallery)).find((p) => p.title === title)!;

  it("starts empty, without a failure", async () => {
    const loaded = (await load()) as { preview?: { items: unknown[] } };
    expect(loaded).toMatchObject({ rows: [], loadFailed: null, toast: null });
    // The live preview of the home page's section shows what is on it: nothing yet.
    expect(loaded.preview?.items).toEqual([]);
  });

  it("refuses a photo without title, alt text or image, with the schema's messages", async () => {
    const result = await post({
      intent: "create",
      ...PHOTO,
      title: " ",
      altText: "",
      imageUrl: "",
    });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({
      title: PHOTO_MESSAGES.titleRequired,
      altText: PHOTO_MESSAGES.altTextRequired,
      imageUrl: PHOTO_MESSAGES.imageUrlRequired,
    });
    expect(result.body.toast?.description).toContain(PHOTO_TEXT.saveFailed);
    expect(await listed()).toEqual([]);
  });

  it("adds a featured photo with its measured size (blank order as 0) and the home page shows it", async () => {
    const result = await post({ intent: "create", ...PHOTO });
    expect(result.body).toMatchObject({
      ok: true,
      toast: { title: PHOTO_TEXT.created, description: "Soundcheck" },
    });
    expect(await stored("Soundcheck")).toMatchObject({
      orderIndex: 0,
      isActive: true,
      isFeatured: true,
      width: 1200,
      height: 800,
    });
    expect(await onHome()).toEqual(["Soundcheck"]);
  });

  it("keeps only photos that are Featured and Active on the home page", async () => {
    await post({ intent: "create", ...PHOTO, title: "Not featured", isFeatured: "false" });
    expect(await onHome()).toEqual(["Soundcheck"]);
    const id = (await stored("Soundcheck")).id;
    const hidden = await post({ intent: "set-flag", id, flag: "isActive", value: "false" });
    expect(hidden.body).toMatchObject({ ok: true, toast: { title: PHOTO_TEXT.updated } });
    expect(await onHome()).toEqual([]);
    await post({ intent: "set-flag", id, flag: "isActive", value: "true" });
    expect(await onHome()).toEqual(["Soundcheck"]);
  });

  it("lists photos in the visitors' order: numbered first, order 0 after them", async () => {
    await post({ intent: "create", ...PHOTO, title: "Numbered", orderIndex: "3" });
    expect(await listed()).toEqual(["Numbered", "Soundcheck", "Not featured"]);
    expect(await onHome()).toEqual(["Numbered", "Soundcheck"]);
  });

  it("reorders from 1, so the order set is the order on the home page", async () => {
    const ids = (await load()).rows.map((p) => p.id);
    const [numbered, soundcheck, notFeatured] = ids;
    const result = await reorder([soundcheck!, notFeatured!, numbered!]);
    expect(result.body).toMatchObject({ ok: true, toast: { title: PHOTO_TEXT.reordered } });
    expect((await load()).rows.map((p) => [p.title, p.orderIndex])).toEqual([
      ["Soundcheck", 1],
      ["Not featured", 2],
      ["Numbered", 3],
    ]);
    expect(await onHome()).toEqual(["Soundcheck", "Numbered"]);

    const stale = await reorder([soundcheck!]);
    expect(stale.status).toBe(409);
    expect(stale.body.toast?.description).toContain(PHOTO_TEXT.reorderFailed);
  });

  it("keeps the stored size when an edit keeps the image, and forgets it for a pasted address", async () => {
    const { id } = await stored("Soundcheck");
    const same = { ...PHOTO, id, intent: "update", orderIndex: "1", width: "", height: "" };
    const kept = await post({ ...same, title: "Soundcheck, renamed", dimensionsFor: "" });
    expect(kept.body).toMatchObject({ ok: true, toast: { title: PHOTO_TEXT.updated } });
    expect(await stored("Soundcheck, renamed")).toMatchObject({ width: 1200, height: 800 });

    await post({ ...same, title: "Soundcheck", imageUrl: "https://images.example.org/new.jpg" });
    expect(await stored("Soundcheck")).toMatchObject({
      imageUrl: "https://images.example.org/new.jpg",
      width: null,
      height: null,
    });
  });

  it("deletes a photo; deleting it again fails with the spec's words", async () => {
    const { id } = await stored("Not featured");
    const deleted = await post({ intent: "delete", id });
    expect(deleted.body).toMatchObject({ ok: true, toast: { title: PHOTO_TEXT.deleted } });
    expect(await listed()).not.toContain("Not featured");
    const again = await post({ intent: "delete", id });
    expect(again.status).toBe(404);
    expect(again.body.toast?.description).toContain(PHOTO_TEXT.deleteFailed);
  });
});
