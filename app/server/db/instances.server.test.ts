/**
 * Several instances on one PostgreSQL (issue 13): start-up that is safe to run twice
 * at once, periodic jobs on one instance at a time, and cache invalidation that
 * reaches every instance. On a real PostgreSQL when one answers (TEST_DATABASE_URL);
 * PGlite serves one process, where the locks simply let the work run.
 */
import { count } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SiteChange } from "~/domain/pages/page-cache";
import { parseEnv } from "../core/env.server";
import { prepareDatabase } from "../ops/bootstrap.server";
import { openDatabase } from "./database.server";
import { runExclusively, withAdvisoryLock } from "./job-lock.server";
import { allowedEmails } from "./schema/auth.server";
import { pageContent } from "./schema/content.server";
import { startSiteChangeBus, type SiteChangeBus } from "./site-change-bus.server";
import { createTestDatabase, testDatabaseKinds } from "../testing/test-database.server";

const onPostgres = (await testDatabaseKinds()).includes("postgres");

describe("periodic jobs and start-up work on PGlite", () => {
  it("simply run: one process holds the database", async () => {
    const t = await createTestDatabase("pglite");
    try {
      const job = vi.fn(async () => {});
      expect(await runExclusively(t.db, "job", job)).toBe(true);
      expect(await withAdvisoryLock(t.db, "job", async () => "done")).toBe("done");
      expect(job).toHaveBeenCalledOnce();
    } finally {
      await t.destroy();
    }
  });
});

describe.skipIf(!onPostgres)("instances sharing one PostgreSQL", () => {
  it("start together on an empty database: one migrates and seeds, the other waits, both start", async () => {
    const t = await createTestDatabase("postgres", { migrate: false });
    // A second instance: its own pool on the same database.
    const other = openDatabase({ kind: "postgres", url: t.url! });
    try {
      const env = parseEnv({ ADMIN_EMAIL: "owner@example.com", SEED_DEMO_CONTENT: "false" });
      await Promise.all([prepareDatabase(t, env), prepareDatabase(other, env)]);
      const [admins] = await t.db.select({ n: count() }).from(allowedEmails);
      expect(admins!.n).toBe(1);
      const [content] = await t.db.select({ n: count() }).from(pageContent);
      expect(content!.n).toBe(0);
    } finally {
      await other.close();
      await t.destroy();
    }
  }, 60_000);

  it("run a periodic job on one instance at a time", async () => {
    const t = await createTestDatabase("postgres");
    const other = openDatabase({ kind: "postgres", url: t.url! });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let running = 0;
      const first = runExclusively(t.db, "sweeper", async () => {
        running += 1;
        await held;
      });
      await vi.waitFor(() => expect(running).toBe(1));
      // The other instance's tick finds the lock taken and skips.
      const skipped = vi.fn(async () => {});
      expect(await runExclusively(other.db, "sweeper", skipped)).toBe(false);
      expect(skipped).not.toHaveBeenCalled();
      // Another job is not held up by it.
      expect(await runExclusively(other.db, "pruner", async () => {})).toBe(true);
      release();
      expect(await first).toBe(true);
      // Released: the next tick runs wherever it happens.
      expect(await runExclusively(other.db, "sweeper", skipped)).toBe(true);
      expect(skipped).toHaveBeenCalledOnce();
    } finally {
      await other.close();
      await t.destroy();
    }
  });

  describe("cache invalidation", () => {
    let url: string;
    let destroy: () => Promise<void>;
    const buses: SiteChangeBus[] = [];
    const heard = { a: [] as SiteChange[], b: [] as SiteChange[] };

    beforeAll(async () => {
      const t = await createTestDatabase("postgres");
      url = t.url!;
      destroy = () => t.destroy();
      buses.push(
        startSiteChangeBus({ connectionString: url, apply: (c) => heard.a.push(c) }),
        startSiteChangeBus({ connectionString: url, apply: (c) => heard.b.push(c) }),
      );
      await Promise.all(buses.map((bus) => bus.ready));
    });
    afterAll(async () => {
      await Promise.all(buses.map((bus) => bus.stop()));
      await destroy?.();
    });

    it("reaches the other instance within a second, not the one that saved", async () => {
      const [a] = buses;
      const change: SiteChange = { kind: "page-content", keys: ["about-hero"] };
      a!.publish(change);
      await vi.waitFor(() => expect(heard.b).toEqual([change]), { timeout: 1_000 });
      expect(heard.a).toEqual([]);
    });

    it("drops everything once after its connection came back, having maybe missed a save", async () => {
      heard.b.length = 0;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()",
        );
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(heard.b).toContainEqual({ kind: "everything" }), {
        timeout: 5_000,
      });
      // And it listens again.
      heard.b.length = 0;
      buses[0]!.publish({ kind: "shop" });
      await vi.waitFor(() => expect(heard.b).toEqual([{ kind: "shop" }]), { timeout: 2_000 });
    });
  });
});
