/** The version-history route every page-content editor uses, for a signed-in admin. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ContentHistoryData } from "~/components/admin/kit/page-content-draft";
import { auditLog } from "~/server/db/schema/db.server";
import { pageContent } from "~/server/db/schema/content.server";
import { updatePageContent } from "~/server/content/page-content.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import * as history from "./page-content-history";
import * as footer from "./footer";

type Answer<T> = { status: number; body: T };

async function run<T>(fn: (args: never) => Promise<unknown>, request: Request): Promise<Answer<T>> {
  const result = (await fn({ request, params: {}, context: loadContext } as never)) as object;
  // data(body, init) from the shared action and the history loader; a plain object otherwise.
  if ("init" in result && "data" in result) {
    const d = result as { data: T; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: result as T };
}

describe.each(await testDatabaseKinds())("page-content history route on %s", (kind) => {
  let app: TestApp;
  let admin: { id: string; email: string; cookie: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    admin = await app.createUser("editor@example.com", { fullName: "Ed Itor" });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const list = (pageName: string) =>
    run<ContentHistoryData>(
      history.loader as never,
      app.request(`/admin/page-content-history?pageName=${pageName}`, { cookie: admin.cookie }),
    );

  it("lists a key's versions newest first, who saved them, and which one is current", async () => {
    const actor = { id: admin.id, email: admin.email };
    for (const url of ["https://bandcamp.com/one", "https://bandcamp.com/two"]) {
      await updatePageContent(app.t.db, actor, {
        pageName: "footer-bandcamp-url",
        title: "Bandcamp",
        description: url,
      });
    }
    const { status, body } = await list("footer-bandcamp-url");
    expect(status).toBe(200);
    expect(body.versions.map((v) => [v.description, v.savedBy, v.isCurrent])).toEqual([
      ["https://bandcamp.com/two", admin.email, true],
      ["https://bandcamp.com/one", admin.email, false],
      // The registry's default (no link) before the first save.
      [null, null, false],
    ]);
    expect(new Date(body.versions[0]!.savedAt).toISOString()).toBe(body.versions[0]!.savedAt);
  });

  it("answers 404 for a key that is not in the registry", async () => {
    const { status, body } = await list("no-such-key");
    expect(status).toBe(404);
    expect(body.versions).toEqual([]);
  });

  it("restores a version through the shared action: 'Version restored', audited", async () => {
    const { body } = await list("footer-bandcamp-url");
    const older = body.versions[1]!;
    const result = await run<{ ok: boolean; toast: { title: string } }>(
      history.action as never,
      formPost(
        app,
        "/admin/page-content-history",
        { intent: "restore-version", pageName: "footer-bandcamp-url", versionId: older.id },
        admin.cookie,
      ),
    );
    expect(result.body).toMatchObject({ ok: true, toast: { title: "Version restored" } });
    const [row] = await app.t.db
      .select()
      .from(pageContent)
      .where(eq(pageContent.pageName, "footer-bandcamp-url"));
    expect(row?.description).toBe("https://bandcamp.com/one");
    const audits = await app.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "page_content.restore"));
    expect(audits).toHaveLength(1);

    const after = await list("footer-bandcamp-url");
    expect(after.body.versions).toHaveLength(4);
    expect(after.body.versions[0]).toMatchObject({
      description: "https://bandcamp.com/one",
      isCurrent: true,
    });
    // The restored version is the same text, but only the newest one is current.
    expect(after.body.versions.map((v) => [v.description, v.isCurrent, v.sameAsCurrent])).toEqual([
      ["https://bandcamp.com/one", true, false],
      ["https://bandcamp.com/two", false, false],
      ["https://bandcamp.com/one", false, true],
      [null, false, false],
    ]);
  });

  it("refuses an unknown version with the failure toast and changes nothing", async () => {
    const before = await list("footer-bandcamp-url");
    for (const versionId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const result = await run<{ ok: boolean; toast: { description: string } }>(
        history.action as never,
        formPost(
          app,
          "/admin/page-content-history",
          { intent: "restore-version", pageName: "footer-bandcamp-url", versionId },
          admin.cookie,
        ),
      );
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.body.ok).toBe(false);
      expect(result.body.toast.description).toMatch(/^Failed to restore version/);
    }
    expect((await list("footer-bandcamp-url")).body).toEqual(before.body);
  });

  it("refuses to restore another key's version onto the key being edited", async () => {
    const bandcamp = await list("footer-bandcamp-url");
    await app.t.db.delete(auditLog);
    const result = await run<{ ok: boolean; toast: { description: string } }>(
      history.action as never,
      formPost(
        app,
        "/admin/page-content-history",
        {
          intent: "restore-version",
          pageName: "footer-soundcloud-url",
          versionId: bandcamp.body.versions[1]!.id,
        },
        admin.cookie,
      ),
    );
    expect(result.status).toBe(404);
    expect(result.body.toast.description).toMatch(/^Failed to restore version/);
    expect((await list("footer-bandcamp-url")).body).toEqual(bandcamp.body);
    const [soundcloud] = await app.t.db
      .select()
      .from(pageContent)
      .where(eq(pageContent.pageName, "footer-soundcloud-url"));
    expect(soundcloud?.description ?? null).not.toBe("https://bandcamp.com/one");
    expect(await app.t.db.select().from(auditLog)).toEqual([]);
  });

  it("a screen's save refuses a link that is not http(s), with the rule's message", async () => {
    const result = await run<{ ok: boolean; fieldErrors: Record<string, string> }>(
      footer.action as never,
      formPost(
        app,
        "/admin/footer",
        {
          intent: "update-content",
          pageName: "footer-twitter-url",
          title: "Twitter",
          description: "javascript:alert(1)",
        },
        admin.cookie,
      ),
    );
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({
      description: "Please enter a valid URL starting with https:// or http://",
    });
    const rows = await app.t.db
      .select()
      .from(pageContent)
      .where(eq(pageContent.pageName, "footer-twitter-url"));
    expect(rows).toEqual([]);
  });

  it("a screen's loader hands every key with its friendly name and kind", async () => {
    const { body } = await run<{
      sections: { id: string; entries: { pageName: string; label: string; kind: string }[] }[];
      toasts: unknown[];
    }>(footer.loader as never, app.request("/admin/footer", { cookie: admin.cookie }));
    expect(body.toasts).toEqual([]);
    expect(body.sections[0]!.entries.map((e) => [e.pageName, e.label, e.kind])).toContainEqual([
      "footer-bandcamp-url",
      "Bandcamp link",
      "url",
    ]);
  });
});
