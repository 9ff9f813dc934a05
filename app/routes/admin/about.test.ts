/** /admin/about: its loader and the namespaced intents of its one action, for a signed-in admin. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { desc, eq } from "drizzle-orm";
import { ABOUT_INTENTS } from "~/components/admin/about/about-tabs";
import { COLLABORATION_MESSAGES, COLLABORATION_TEXT } from "~/domain/content/about/collaboration";
import { INFLUENCE_MESSAGES, INFLUENCE_TEXT } from "~/domain/content/about/influence";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import { STAT_TEXT } from "~/domain/content/about/stat";
import { loadAboutLists } from "~/server/content/about-lists.server";
import { influenceService } from "~/server/content/influences.server";
import { auditLog } from "~/server/db/schema/db.server";
import {
  collaborations,
  musicalInfluences,
  pageContent,
  stats,
} from "~/server/db/schema/content.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import * as about from "./about";

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

describe.each(await testDatabaseKinds())("/admin/about on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    ({ cookie } = await app.createUser("editor@example.com", { fullName: "Ed Itor" }));
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const post = async (fields: Record<string, string>) =>
    answer(
      await about.action({
        request: formPost(app, "/admin/about", fields, cookie),
        params: {},
        context: loadContext,
      } as never),
    );

  const load = () =>
    about.loader({
      request: app.request("/admin/about", { cookie }),
      params: {},
      context: loadContext,
    } as never);

  it("adds influences at the end (order index = current maximum + 1), audited, on the public page at once", async () => {
    await app.t.db.insert(musicalInfluences).values({ name: "Brazilian choro", orderIndex: 4 });
    expect((await loadAboutLists()).influences.map((i) => i.name)).toEqual(["Brazilian choro"]);

    const first = await post({
      intent: ABOUT_INTENTS.influenceCreate,
      name: "  Ida Marchetti-Vale ",
    });
    expect(first.body).toMatchObject({
      ok: true,
      toast: { title: INFLUENCE_TEXT.created, description: "Ida Marchetti-Vale" },
    });
    await post({ intent: ABOUT_INTENTS.influenceCreate, name: "Film-noir orchestration" });

    const rows = await app.t.db
      .select()
      .from(musicalInfluences)
      .orderBy(musicalInfluences.orderIndex);
    expect(rows.map((r) => [r.name, r.orderIndex])).toEqual([
      ["Brazilian choro", 4],
      ["Ida Marchetti-Vale", 5],
      ["Film-noir orchestration", 6],
    ]);
    expect((await loadAboutLists()).influences.map((i) => i.name)).toEqual([
      "Brazilian choro",
      "Ida Marchetti-Vale",
      "Film-noir orchestration",
    ]);
    const [audit] = await app.t.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({
      action: "musical_influences.create",
      actorEmail: "editor@example.com",
    });
  });

  it("refuses a blank influence with the schema's message and the spec's failure toast, adding nothing", async () => {
    const before = await app.t.db.select().from(musicalInfluences);
    const result = await post({ intent: ABOUT_INTENTS.influenceCreate, name: "   " });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({ name: INFLUENCE_MESSAGES.nameRequired });
    expect(result.body.toast?.description).toContain(INFLUENCE_TEXT.saveFailed);
    expect(await app.t.db.select().from(musicalInfluences)).toHaveLength(before.length);
  });

  it("deletes an influence; deleting it again fails with the spec's words", async () => {
    const [row] = await app.t.db
      .select()
      .from(musicalInfluences)
      .where(eq(musicalInfluences.name, "Film-noir orchestration"));
    const deleted = await post({ intent: ABOUT_INTENTS.influenceDelete, id: row!.id });
    expect(deleted.body).toMatchObject({ ok: true, toast: { title: INFLUENCE_TEXT.deleted } });
    expect(
      await app.t.db.select().from(musicalInfluences).where(eq(musicalInfluences.id, row!.id)),
    ).toEqual([]);

    const again = await post({ intent: ABOUT_INTENTS.influenceDelete, id: row!.id });
    expect(again.body.ok).toBe(false);
    expect(again.body.toast?.description).toContain(INFLUENCE_TEXT.deleteFailed);
  });

  it("collaborations need artist, project and year, and go last", async () => {
    const missing = await post({ intent: ABOUT_INTENTS.collaborationCreate, artist: "Orrin Vale" });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({
      project: COLLABORATION_MESSAGES.projectRequired,
      year: COLLABORATION_MESSAGES.yearRequired,
    });
    expect(await app.t.db.select().from(collaborations)).toEqual([]);

    for (const [artist, year] of [
      ["Marlowe Street Big Band", "2012–2019"],
      ["The Orrin Vale Soul Revue", "2020"],
    ]) {
      const added = await post({
        intent: ABOUT_INTENTS.collaborationCreate,
        artist: artist!,
        project: "Bass trombone chair",
        year: year!,
      });
      expect(added.body).toMatchObject({ ok: true, toast: { title: COLLABORATION_TEXT.created } });
    }
    const rows = await app.t.db.select().from(collaborations).orderBy(collaborations.orderIndex);
    expect(rows.map((r) => [r.artist, r.year, r.orderIndex])).toEqual([
      ["Marlowe Street Big Band", "2012–2019", 0],
      ["The Orrin Vale Soul Revue", "2020", 1],
    ]);

    const deleted = await post({ intent: ABOUT_INTENTS.collaborationDelete, id: rows[0]!.id });
    expect(deleted.body).toMatchObject({ ok: true, toast: { title: COLLABORATION_TEXT.deleted } });
  });

  it("statistics take an icon of the spec's three (Music by default) and go last", async () => {
    const refused = await post({
      intent: ABOUT_INTENTS.statCreate,
      iconName: "Trumpet",
      numberValue: "12",
      label: "Albums",
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors ?? {})).toEqual(["iconName"]);

    await post({
      intent: ABOUT_INTENTS.statCreate,
      iconName: "Users",
      numberValue: "500+",
      label: "Live performances",
    });
    const added = await post({
      intent: ABOUT_INTENTS.statCreate,
      numberValue: "12",
      label: "Countries",
    });
    expect(added.body).toMatchObject({ ok: true, toast: { title: STAT_TEXT.created } });
    const rows = await app.t.db.select().from(stats).orderBy(stats.orderIndex);
    expect(rows.map((r) => [r.iconName, r.numberValue, r.label, r.orderIndex])).toEqual([
      ["Users", "500+", "Live performances", 0],
      ["Music", "12", "Countries", 1],
    ]);
    const deleted = await post({ intent: ABOUT_INTENTS.statDelete, id: rows[1]!.id });
    expect(deleted.body).toMatchObject({ ok: true, toast: { title: STAT_TEXT.deleted } });
  });

  it("saves about texts through the shared update-content intent", async () => {
    const saved = await post({
      intent: ABOUT_INTENTS.updateContent,
      pageName: "about-journey",
      title: "  The Road So Far ",
      description: "",
      paragraphSpacing: "mb-8",
    });
    expect(saved.body).toMatchObject({ ok: true, toast: { title: PAGE_CONTENT_TEXT.updated } });
    const [row] = await app.t.db
      .select()
      .from(pageContent)
      .where(eq(pageContent.pageName, "about-journey"));
    expect(row).toMatchObject({
      title: "The Road So Far",
      description: null,
      paragraphSpacing: "mb-8",
    });
  });

  it("loads every about key (the portrait as an about-hero upload) and the three lists", async () => {
    const data = await load();
    expect(data.entries.map((e) => e.pageName)).toEqual([
      "about-hero",
      "about-hero-secondary",
      "about-hero-image",
      "about-journey",
      "about-influences",
      "about-collaborations",
      "about-milestones",
    ]);
    expect(data.entries.find((e) => e.pageName === "about-hero-image")).toMatchObject({
      isImage: true,
      uploadKind: "about-hero",
    });
    expect(data.lists.influences.map((i) => i.name)).toEqual([
      "Brazilian choro",
      "Ida Marchetti-Vale",
    ]);
    expect(data.lists.collaborations).toHaveLength(1);
    expect(data.lists.stats.map((s) => s.label)).toEqual(["Live performances"]);
    expect(data.failures).toEqual({
      content: null,
      influences: null,
      collaborations: null,
      stats: null,
    });
    expect(data.toasts).toEqual([]);
  });

  it("a list that cannot be read says so (with a toast) while the rest loads", async () => {
    const failing = vi
      .spyOn(influenceService, "listAll")
      .mockRejectedValueOnce(new Error("connection reset"));
    try {
      const data = await load();
      expect(data.failures).toEqual({
        content: null,
        influences: INFLUENCE_TEXT.fetchFailed,
        collaborations: null,
        stats: null,
      });
      expect(data.toasts).toMatchObject([
        { type: "error", title: "Error", description: "Failed to fetch influences" },
      ]);
      expect(data.lists.influences).toEqual([]);
      expect(data.lists.stats).toHaveLength(1);
      expect(data.entries).toHaveLength(7);
    } finally {
      failing.mockRestore();
    }
  });
});

describe("switching tabs", () => {
  const args = (current: string, next: string, formMethod?: string) =>
    ({
      currentUrl: new URL(current, "http://x"),
      nextUrl: new URL(next, "http://x"),
      formMethod,
      defaultShouldRevalidate: true,
    }) as never;

  it("does not load the screen again; anything else does", () => {
    expect(about.shouldRevalidate(args("/admin/about", "/admin/about?tab=statistics"))).toBe(false);
    expect(
      about.shouldRevalidate(
        args("/admin/about?tab=influences", "/admin/about?tab=collaborations"),
      ),
    ).toBe(false);
    expect(about.shouldRevalidate(args("/admin/about", "/admin/about", "POST"))).toBe(true);
    expect(about.shouldRevalidate(args("/admin/about", "/admin/media"))).toBe(true);
    expect(about.shouldRevalidate(args("/admin/about", "/admin/about?x=1"))).toBe(true);
  });
});
