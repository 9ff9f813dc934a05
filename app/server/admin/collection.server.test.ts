import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { cached, invalidateSiteCache } from "../core/cache.server";
import { NotFound } from "../core/errors.server";
import { auditLog } from "../db/schema/db.server";
import { featuredVideos, musicalInfluences, photoGallery } from "../db/schema/content.server";
import { featuredVideoService } from "../content/featured-videos.server";
import { influenceService } from "../content/influences.server";
import { photoGalleryService } from "../content/photo-gallery.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { StaleOrder } from "./collection.server";

const actor = { id: "user-1", email: "artist@example.com" };

describe.each(await testDatabaseKinds())("collection service on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(featuredVideos);
    await t.db.delete(photoGallery);
    await t.db.delete(musicalInfluences);
    await t.db.delete(auditLog);
    invalidateSiteCache();
  });

  const audit = () => t.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
  const video = (title: string, orderIndex: number, isActive = true) =>
    featuredVideoService.create(t.db, actor, {
      title,
      embedId: "dQw4w9WgXcQ",
      orderIndex,
      isActive,
    });

  it("creates, reads and lists: the public list keeps the visibility rule, the admin list has everything", async () => {
    const shown = await video("Shown", 1);
    const hidden = await video("Hidden", 0, false);
    expect(await featuredVideoService.get(t.db, shown.id)).toMatchObject({ title: "Shown" });
    expect((await featuredVideoService.listPublic(t.db)).map((v) => v.title)).toEqual(["Shown"]);
    expect((await featuredVideoService.listAll(t.db)).map((v) => v.id)).toEqual([
      hidden.id,
      shown.id,
    ]);
    const rows = await audit();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: "featured_videos.create",
      entity: "featured_videos",
      entityId: shown.id,
      actorUserId: actor.id,
      actorEmail: actor.email,
    });
    expect(rows[0]!.details).toMatchObject({ after: { title: "Shown" } });
  });

  it("updates with before and after in the audit row, and refuses an unknown id", async () => {
    const created = await video("Old title", 0);
    const updated = await featuredVideoService.update(t.db, actor, created.id, {
      title: "New title",
    });
    expect(updated.title).toBe("New title");
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    const last = (await audit()).at(-1)!;
    expect(last).toMatchObject({ action: "featured_videos.update", entityId: created.id });
    expect(last.details).toMatchObject({
      before: { title: "Old title" },
      after: { title: "New title" },
    });
    await expect(
      featuredVideoService.update(t.db, actor, crypto.randomUUID(), { title: "x" }),
    ).rejects.toBeInstanceOf(NotFound);
  });

  it("deletes and records what was deleted", async () => {
    const created = await video("Goodbye", 0);
    await featuredVideoService.remove(t.db, actor, created.id);
    expect(await featuredVideoService.get(t.db, created.id)).toBeNull();
    const last = (await audit()).at(-1)!;
    expect(last).toMatchObject({ action: "featured_videos.delete", entityId: created.id });
    expect(last.details).toMatchObject({ before: { title: "Goodbye" } });
    await expect(featuredVideoService.remove(t.db, actor, created.id)).rejects.toBeInstanceOf(
      NotFound,
    );
  });

  it("switches only the configured flags", async () => {
    const photo = await photoGalleryService.create(t.db, actor, {
      title: "Stage",
      altText: "The band on stage",
      imageUrl: "/uploads/photo-gallery/stage.jpg",
    });
    expect(photo).toMatchObject({ isActive: true, isFeatured: false });
    const featured = await photoGalleryService.setFlag(t.db, actor, photo.id, "isFeatured", true);
    expect(featured.isFeatured).toBe(true);
    expect((await audit()).at(-1)).toMatchObject({
      action: "photo_gallery.set_flag",
      // The row's name is stored, so the audit log can say which photo was featured.
      details: { flag: "isFeatured", from: false, to: true, name: "Stage" },
    });
    expect(() =>
      photoGalleryService.setFlag(t.db, actor, photo.id, "title" as "isActive", true),
    ).toThrow(/Unknown flag/);
  });

  it("reorders as 0..n-1 in the given order, in one audited write", async () => {
    const a = await video("A", 0);
    const b = await video("B", 1);
    const c = await video("C", 2);
    await featuredVideoService.reorder(t.db, actor, [c.id, a.id, b.id]);
    const rows = await t.db
      .select({ id: featuredVideos.id, orderIndex: featuredVideos.orderIndex })
      .from(featuredVideos)
      .orderBy(asc(featuredVideos.orderIndex));
    expect(rows).toEqual([
      { id: c.id, orderIndex: 0 },
      { id: a.id, orderIndex: 1 },
      { id: b.id, orderIndex: 2 },
    ]);
    expect((await audit()).at(-1)).toMatchObject({
      action: "featured_videos.reorder",
      details: { ids: [c.id, a.id, b.id] },
    });
  });

  it("refuses a reorder of a list that has changed, and changes nothing", async () => {
    const a = await video("A", 0);
    const b = await video("B", 1);
    const auditBefore = (await audit()).length;
    await expect(featuredVideoService.reorder(t.db, actor, [b.id])).rejects.toBeInstanceOf(
      StaleOrder,
    );
    await expect(featuredVideoService.reorder(t.db, actor, [b.id, b.id])).rejects.toBeInstanceOf(
      StaleOrder,
    );
    await expect(
      featuredVideoService.reorder(t.db, actor, [b.id, a.id, crypto.randomUUID()]),
    ).rejects.toBeInstanceOf(StaleOrder);
    expect((await featuredVideoService.listAll(t.db)).map((v) => v.id)).toEqual([a.id, b.id]);
    expect(await audit()).toHaveLength(auditBefore);
  });

  it("adds influences at the end (maximum plus 1)", async () => {
    const first = await influenceService.create(t.db, actor, { name: "Bill Watrous" });
    const second = await influenceService.create(t.db, actor, { name: "Slide Hampton" });
    expect([first.orderIndex, second.orderIndex]).toEqual([0, 1]);
    await influenceService.reorder(t.db, actor, [second.id, first.id]);
    const third = await influenceService.create(t.db, actor, { name: "J. J. Johnson" });
    expect(third.orderIndex).toBe(2);
  });

  it("a failing write changes nothing: no row, no audit entry", async () => {
    const kept = await video("Kept", 0);
    const auditBefore = await audit();
    // order_index must be >= 0 (a CHECK constraint): the insert fails inside the transaction.
    await expect(video("Broken", -1)).rejects.toThrow();
    await expect(
      featuredVideoService.update(t.db, actor, kept.id, { orderIndex: -5 }),
    ).rejects.toThrow();
    expect((await featuredVideoService.listAll(t.db)).map((v) => [v.title, v.orderIndex])).toEqual([
      ["Kept", 0],
    ]);
    expect(await audit()).toEqual(auditBefore);
  });

  it("drops the cached public reads after a write, not before it commits", async () => {
    let loads = 0;
    const load = () =>
      cached("collection-test", 60_000, async () => {
        loads++;
        return featuredVideoService.listPublic(t.db);
      });
    expect(await load()).toEqual([]);
    await load();
    expect(loads).toBe(1);
    await video("Fresh", 0);
    expect((await load()).map((v) => v.title)).toEqual(["Fresh"]);
    expect(loads).toBe(2);
    // A failed write leaves the cache as it was.
    await expect(video("Broken", -1)).rejects.toThrow();
    await load();
    expect(loads).toBe(2);
    const [row] = await t.db.select().from(featuredVideos).where(eq(featuredVideos.title, "Fresh"));
    expect(row).toBeDefined();
  });
});
