import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { NotFound } from "../core/errors.server";
import { auditLog } from "../db/schema/db.server";
import { pageContent, pageContentVersions } from "../db/schema/content.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  listContentVersions,
  readContent,
  restoreContentVersion,
  updatePageContent,
} from "./page-content.server";
import { CONTENT_VERSIONS_KEPT } from "./page-content-versions.server";

const artist = { id: "user-artist", email: "artist@example.com" };
const manager = { id: "user-manager", email: "manager@example.com" };

describe.each(await testDatabaseKinds())("page content version history on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const save = (actor: typeof artist, pageName: "shop-hero-title" | "loe", title: string) =>
    updatePageContent(t.db, actor, {
      pageName,
      title,
      description: pageName === "loe" ? `${title}, described` : null,
      paragraphSpacing: "mb-6",
    });

  const versionRows = (pageName: string) =>
    t.db.select().from(pageContentVersions).where(eq(pageContentVersions.pageName, pageName));

  it("lists every saved state newest first, with who saved it and when", async () => {
    await t.db
      .insert(pageContent)
      .values({ pageName: "loe", title: "Seeded", description: "From the seed" });
    const started = Date.now();
    await save(artist, "loe", "First");
    await save(manager, "loe", "Second");

    const versions = await listContentVersions(t.db, "loe", 10);
    expect(
      versions.map((v) => [v.title, v.description, v.paragraphSpacing, v.savedByEmail]),
    ).toEqual([
      ["Second", "Second, described", "mb-6", manager.email],
      ["First", "First, described", "mb-6", artist.email],
      // The seeded text the first save replaced is kept, by nobody known.
      ["Seeded", "From the seed", null, null],
    ]);
    expect(versions[0]).toMatchObject({ pageName: "loe", savedByUserId: manager.id });
    expect(versions[0]!.createdAt).toBeInstanceOf(Date);
    expect(versions[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 60_000);
    expect(versions[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(
      versions[1]!.createdAt.getTime(),
    );
    // The limit is honoured.
    expect(await listContentVersions(t.db, "loe", 2)).toHaveLength(2);
  });

  it("keeps the registry's default as the first version of a key that had no row", async () => {
    await save(artist, "shop-hero-title", "The Store");
    const versions = await listContentVersions(t.db, "shop-hero-title");
    expect(versions.map((v) => [v.title, v.paragraphSpacing, v.savedByEmail])).toEqual([
      // A key without spacing in the registry never stores one.
      ["The Store", null, artist.email],
      ["Official Store", null, null],
    ]);
  });

  it("does not repeat the stored state when the history already ends with it", async () => {
    const before = (await versionRows("shop-hero-title")).length;
    await save(artist, "shop-hero-title", "The Record Store");
    expect(await versionRows("shop-hero-title")).toHaveLength(before + 1);
  });

  it("restores a version: the content equals it again and the restore is a new version", async () => {
    const [, first] = await listContentVersions(t.db, "loe");
    expect(first?.title).toBe("First");

    const result = await restoreContentVersion(t.db, manager, {
      pageName: "loe",
      versionId: first!.id,
    });
    expect(result.pageName).toBe("loe");

    const content = await readContent(t.db, ["loe"]);
    expect(content.loe).toMatchObject({
      title: "First",
      description: "First, described",
      paragraphSpacing: "mb-6",
    });
    const versions = await listContentVersions(t.db, "loe");
    expect(versions.map((v) => [v.title, v.savedByEmail])).toEqual([
      ["First", manager.email],
      ["Second", manager.email],
      ["First", artist.email],
      ["Seeded", null],
    ]);
    expect(versions[0]!.id).toBe(result.version.id);
    expect(versions[0]!.id).not.toBe(first!.id);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "page_content.restore"));
    expect(audit).toMatchObject({ entityId: "loe", actorEmail: manager.email });
    expect(audit!.details).toMatchObject({
      restoredVersionId: first!.id,
      before: { title: "Second" },
      after: { title: "First" },
    });
  });

  it("restores the seeded text the first save replaced", async () => {
    const versions = await listContentVersions(t.db, "loe");
    const seeded = versions.find((v) => v.title === "Seeded")!;
    await restoreContentVersion(t.db, artist, { pageName: "loe", versionId: seeded.id });
    const [row] = await t.db.select().from(pageContent).where(eq(pageContent.pageName, "loe"));
    expect(row).toMatchObject({ title: "Seeded", description: "From the seed" });
  });

  it("refuses an unknown version with NotFound and changes nothing", async () => {
    const snapshot = async () =>
      JSON.stringify({
        content: await t.db.select().from(pageContent),
        versions: await t.db.select().from(pageContentVersions),
        audit: await t.db.select().from(auditLog),
      });
    const before = await snapshot();
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", ""]) {
      await expect(
        restoreContentVersion(t.db, artist, { pageName: "loe", versionId: id }),
      ).rejects.toBeInstanceOf(NotFound);
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuses a version of another key (it would overwrite this key with that key's text)", async () => {
    const snapshot = async () =>
      JSON.stringify({
        content: await t.db.select().from(pageContent),
        versions: await t.db.select().from(pageContentVersions),
        audit: await t.db.select().from(auditLog),
      });
    const [loeVersion] = await listContentVersions(t.db, "loe");
    const before = await snapshot();
    await expect(
      restoreContentVersion(t.db, artist, {
        pageName: "shop-hero-title",
        versionId: loeVersion!.id,
      }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(await snapshot()).toBe(before);
  });

  it(`keeps the last ${CONTENT_VERSIONS_KEPT} versions per key and leaves other keys alone`, async () => {
    const otherKeyBefore = (await versionRows("shop-hero-title")).length;
    for (let i = 1; i <= CONTENT_VERSIONS_KEPT + 5; i++) await save(artist, "loe", `Take ${i}`);

    const rows = await versionRows("loe");
    expect(rows).toHaveLength(CONTENT_VERSIONS_KEPT);
    const versions = await listContentVersions(t.db, "loe", 100);
    expect(versions).toHaveLength(CONTENT_VERSIONS_KEPT);
    expect(versions[0]!.title).toBe(`Take ${CONTENT_VERSIONS_KEPT + 5}`);
    expect(versions.at(-1)!.title).toBe("Take 6");
    expect(await versionRows("shop-hero-title")).toHaveLength(otherKeyBefore);
  });

  it("keeps a change made outside the editors before the next save replaces it", async () => {
    await t.db
      .update(pageContent)
      .set({ title: "Changed by a script", updatedAt: new Date() })
      .where(eq(pageContent.pageName, "shop-hero-title"));
    await save(manager, "shop-hero-title", "Back in the editor");
    const [newest, previous] = await listContentVersions(t.db, "shop-hero-title");
    expect(newest).toMatchObject({ title: "Back in the editor", savedByEmail: manager.email });
    expect(previous).toMatchObject({ title: "Changed by a script", savedByEmail: null });
  });
});
