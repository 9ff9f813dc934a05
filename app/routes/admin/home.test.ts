/** /admin/home: its loader and its action (the page texts) for a signed-in admin. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_EDITOR_KEYS } from "~/components/admin/home/home-sections";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import { HOME_PAGE_KEYS } from "~/domain/content/page-content/keys";
import { featuredVideoService } from "~/server/content/featured-videos.server";
import { loadPageContent } from "~/server/pages/public-pages.server";
import { photoGalleryService } from "~/server/content/photo-gallery.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import * as home from "./home";

describe.each(await testDatabaseKinds())("/admin/home on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  let actor: { id: string; email: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    const user = await app.createUser("editor@example.com");
    cookie = user.cookie;
    actor = { id: user.id, email: user.email };
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const load = () =>
    home.loader({
      request: app.request("/admin/home", { cookie }),
      params: {},
      context: loadContext,
    } as never);

  it("reads the four sections' texts with their defaults, and empty lists", async () => {
    const data = await load();
    expect(data.entries.map((e) => e.pageName)).toEqual([...HOME_EDITOR_KEYS]);
    expect(data.entries.find((e) => e.pageName === "home-hero-image")).toMatchObject({
      kind: "image",
      description: "/images/hero-default.jpg",
    });
    expect(data.videos).toEqual([]);
    expect(data.photos).toEqual([]);
    expect(data.preview).toEqual({ videos: [], photos: [] });
    expect(data.failures).toEqual({ content: null, videos: null, photos: null });
    expect(data.toasts).toEqual([]);
  });

  it("gives the previews what visitors see: active videos, active featured photos", async () => {
    await featuredVideoService.create(app.t.db, actor, {
      title: "Shown",
      embedId: "dQw4w9WgXcQ",
      orderIndex: 0,
    });
    await featuredVideoService.create(app.t.db, actor, {
      title: "Hidden",
      embedId: "aqz-KE-bpKQ",
      orderIndex: 1,
      isActive: false,
    });
    await photoGalleryService.create(app.t.db, actor, {
      title: "Featured",
      altText: "A",
      imageUrl: "/uploads/photo-gallery/a.png",
      isFeatured: true,
    });
    await photoGalleryService.create(app.t.db, actor, {
      title: "Not featured",
      altText: "B",
      imageUrl: "/uploads/photo-gallery/b.png",
    });
    const data = await load();
    expect(data.videos.map((v) => v.title)).toEqual(["Shown", "Hidden"]);
    expect(data.preview.videos?.map((v) => v.title)).toEqual(["Shown"]);
    expect(data.photos.map((p) => p.title)).toEqual(["Featured", "Not featured"]);
    expect(data.preview.photos?.map((p) => p.title)).toEqual(["Featured"]);
  });

  it("saves a section's text, and the home page reads it", async () => {
    const result = (await home.action({
      request: formPost(
        app,
        "/admin/home",
        {
          intent: "update-content",
          pageName: "home-hero-title",
          title: "  Silas Saved  ",
          description: "Bass Trombone",
          paragraphSpacing: "",
        },
        cookie,
      ),
      params: {},
      context: loadContext,
    } as never)) as { ok: boolean; toast: { title: string } };
    expect(result).toMatchObject({ ok: true, toast: { title: PAGE_CONTENT_TEXT.updated } });
    const content = await loadPageContent(HOME_PAGE_KEYS);
    expect(content["home-hero-title"]).toMatchObject({
      title: "Silas Saved",
      description: "Bass Trombone",
    });
  });

  it("answers only the page texts; the lists post to their own screens", async () => {
    const result = (await home.action({
      request: formPost(app, "/admin/home", { intent: "create", title: "x" }, cookie),
      params: {},
      context: loadContext,
    } as never)) as { init: { status: number } | null };
    expect(result.init?.status).toBe(400);
  });
});

describe("switching sections", () => {
  const args = (current: string, next: string, formMethod?: string) =>
    ({
      currentUrl: new URL(current, "http://x"),
      nextUrl: new URL(next, "http://x"),
      formMethod,
      defaultShouldRevalidate: true,
    }) as never;

  it("does not load the screen again; anything else does", () => {
    expect(home.shouldRevalidate(args("/admin/home", "/admin/home?section=cta"))).toBe(false);
    expect(
      home.shouldRevalidate(args("/admin/home?section=videos", "/admin/home?section=gallery")),
    ).toBe(false);
    expect(home.shouldRevalidate(args("/admin/home", "/admin/home", "POST"))).toBe(true);
    expect(home.shouldRevalidate(args("/admin/home", "/admin/about"))).toBe(true);
  });
});
