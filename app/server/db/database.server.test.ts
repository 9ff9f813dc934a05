import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { databaseTargetFromEnv, migrateDatabase, openDatabase } from "./database.server";
import { pageContent } from "./schema.server";
import { parseEnv } from "../core/env.server";

describe("the embedded database", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it("is chosen when no DATABASE_URL is set, in DATA_DIR", () => {
    expect(databaseTargetFromEnv(parseEnv({ DATA_DIR: "/srv/site" }))).toEqual({
      kind: "pglite",
      dataDir: "/srv/site/pglite",
    });
    expect(databaseTargetFromEnv(parseEnv({ DATABASE_URL: "postgres://db/site" }))).toEqual({
      kind: "postgres",
      url: "postgres://db/site",
    });
  });

  it("keeps its data across a restart", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "pglite-restart-"));
    dirs.push(dir);
    const first = openDatabase({ kind: "pglite", dataDir: dir });
    await migrateDatabase(first);
    await first.db.insert(pageContent).values({ pageName: "loe", title: "Kept" });
    await first.close();

    const second = openDatabase({ kind: "pglite", dataDir: dir });
    await migrateDatabase(second); // already applied: must be a no-op
    const rows = await second.db.select().from(pageContent).where(eq(pageContent.pageName, "loe"));
    await second.close();
    expect(rows.map((r) => r.title)).toEqual(["Kept"]);
  });
});
