import { PGlite } from "@electric-sql/pglite";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { databaseTargetFromEnv, migrateDatabase, openDatabase } from "./database.server";
import { saveEmbeddedTemplate } from "./embedded-template.server";
import { pageContent } from "./schema/content.server";
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

describe("a new embedded database folder", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };

  /** The marker the template carries and PGlite's own initdb never makes. */
  const markers = async (dataDir: string, templateFile: string) => {
    const handle = openDatabase({ kind: "pglite", dataDir, templateFile });
    try {
      const result = await handle.db.execute(
        sql`select to_regclass('public.template_marker')::text as marker`,
      );
      return (result as unknown as { rows: { marker: string | null }[] }).rows[0]?.marker;
    } finally {
      await handle.close();
    }
  };

  it("starts from the build's template when it was made by this PGlite, and only once", async () => {
    const templateDir = await tempDir("pglite-template-");
    const templateFile = path.join(templateDir, "pglite.tar.gz");
    const maker = new PGlite();
    await maker.exec("create table template_marker (id int)");
    await saveEmbeddedTemplate(maker, templateFile);
    await maker.close();

    const dataDir = await tempDir("pglite-from-template-");
    expect(await markers(dataDir, templateFile)).toBe("template_marker");

    // A folder that already holds a database opens as it is: the template is not loaded again.
    const handle = openDatabase({ kind: "pglite", dataDir, templateFile });
    await handle.db.execute(sql`drop table template_marker`);
    await handle.close();
    expect(await markers(dataDir, templateFile)).toBeNull();

    // A template another PGlite version made is not used: PGlite makes the database itself.
    await writeFile(templateFile.replace(/\.tar\.gz$/, ".version"), "0.0.1");
    expect(await markers(await tempDir("pglite-stale-template-"), templateFile)).toBeNull();
  });
});
