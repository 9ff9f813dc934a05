/**
 * Backups restore to identical data (issue 13): the embedded database backed up by the
 * backup itself and through a running holder's snapshot handler (in this process, while
 * writes go on), and PostgreSQL with pg_dump / pg_restore; files from DATA_DIR and from
 * an S3 bucket (a real Swift server), each restorable into the other; every table row by
 * row, every sequence and every file byte for byte.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../demo/seed.server";
import { createS3Storage, type S3Config } from "../media/object-storage.server";
import { storagePaths } from "../media/storage.server";
import {
  startSwiftS3,
  SWIFT_SKIP_REASON,
  swiftInstalled,
  type SwiftS3,
} from "../testing/swift-s3.server";
import { createTestDatabase, testDatabaseKinds } from "../testing/test-database.server";
import {
  type BackupManifest,
  type BackupSettings,
  createBackup,
  installSnapshotHandler,
  listTables,
  pgliteClientOf,
  qualifiedTable,
  restoreBackup,
} from "./backup.server";
import { migrateDatabase, openDatabase, type Database } from "../db/database.server";
import { allowedEmails } from "../db/schema/auth.server";
import { contactMessages } from "../db/schema/audience.server";
import { pageContentVersions } from "../db/schema/content.server";

const SEED_TIMEOUT_MS = 300_000;
const ROUND_TRIP_TIMEOUT_MS = 180_000;

interface SqlClient {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/** Every table's rows (ordered by primary key) and every sequence's position. */
async function contentsOf(client: SqlClient, skip: (table: string) => boolean = () => false) {
  const tables: Record<string, string[]> = {};
  for (const table of await listTables(client)) {
    if (skip(table)) continue;
    const { rows: keys } = await client.query(
      `select a.attname as name from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = '${qualifiedTable(table)}'::regclass and i.indisprimary
       order by array_position(i.indkey::int2[], a.attnum)`,
    );
    const order = keys.length
      ? (keys as { name: string }[]).map((k) => `t."${k.name}"`).join(", ")
      : "1";
    const { rows } = await client.query(
      `select row_to_json(t)::text as r from ${qualifiedTable(table)} t order by ${order}`,
    );
    tables[table] = (rows as { r: string }[]).map((row) => row.r);
  }
  const { rows } = await client.query(
    "select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences order by 1",
  );
  const sequences = (rows as { name: string; value: string }[]).filter((s) => !skip(s.name));
  return { tables, sequences };
}

async function filesUnder(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const folder of ["uploads", "private"]) {
    const dir = path.join(root, folder);
    const names = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const full = path.join(dir, name);
      if ((await fs.stat(full)).isFile()) files.set(`${folder}/${name}`, await fs.readFile(full));
    }
  }
  return files;
}

function expectSameFiles(actual: Map<string, Buffer>, expected: Map<string, Buffer>) {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [name, bytes] of expected) {
    expect(actual.get(name)?.equals(bytes), `${name} byte for byte`).toBe(true);
  }
}

/** Rows beyond the demo: an identity column, text outside ASCII, nulls. */
async function addExtraRows(db: Database) {
  await db.insert(pageContentVersions).values([
    { pageName: "home", title: "Erste Fassung", description: "Ä ö ü — “quotes” 🎷" },
    { pageName: "home", title: "Zweite Fassung", description: null },
  ]);
  await db.insert(allowedEmails).values({ email: "editor@example.com", isAdmin: false });
  await db.insert(contactMessages).values({
    name: "Zoë O'Brien",
    email: "zoe@example.com",
    subject: "Booking\nfor 2027",
    message: "Line one\r\nLine two\ttabbed \\ backslash",
  });
}

/** Files the demo does not make: binary, nested, a name outside ASCII. */
async function addExtraFiles(dataDir: string) {
  const { publicDir, privateDir } = storagePaths({ DATA_DIR: dataDir });
  await fs.mkdir(path.join(publicDir, "extra", "déjà vu"), { recursive: true });
  await fs.writeFile(
    path.join(publicDir, "extra", "déjà vu", "noise.bin"),
    Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256)),
  );
  await fs.mkdir(path.join(privateDir, "downloads"), { recursive: true });
  await fs.writeFile(path.join(privateDir, "downloads", "empty.pdf"), Buffer.alloc(0));
}

const silentLog = { info: () => {}, error: () => {} };

const root = await fs.mkdtemp(path.join(tmpdir(), "jazz-backup-"));
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe("embedded database (PGlite)", () => {
  const source = path.join(root, "pglite-source");
  const sourceDatabase = path.join(source, "pglite");

  beforeAll(async () => {
    const handle = openDatabase({ kind: "pglite", dataDir: sourceDatabase });
    try {
      await migrateDatabase(handle);
      await seedDemoContent(handle.db, storagePaths({ DATA_DIR: source }));
      await addExtraRows(handle.db);
    } finally {
      await handle.close();
    }
    await addExtraFiles(source);
  }, SEED_TIMEOUT_MS);

  it(
    "backs up a stopped site and restores it into an empty DATA_DIR with every row and file",
    async () => {
      const backup = path.join(root, "backup-stopped");
      const target = path.join(root, "pglite-restored");
      const manifest = await createBackup({ DATA_DIR: source }, backup);
      expect(manifest.mode).toBe("pglite");
      expect(manifest.database.source).toBe("opened by the backup");
      expect(manifest.database.tables["public.page_content"]).toBeGreaterThan(0);
      expect(manifest.database.tables["public.page_content_versions"]).toBe(2);

      const report = await restoreBackup({ DATA_DIR: target }, backup);
      expect(report.differences).toEqual([]);
      expect(report.files).toEqual({
        count: manifest.files.count,
        bytes: manifest.files.bytes,
        differences: [],
      });

      const original = new PGlite(sourceDatabase);
      const restored = new PGlite(path.join(target, "pglite"));
      try {
        const expected = await contentsOf(original);
        expect(Object.keys(expected.tables).length).toBeGreaterThan(25);
        expect(await contentsOf(restored)).toEqual(expected);
        // The identity sequence went on from where it was: a new version gets seq 3.
        const { rows } = await restored.query<{ seq: number }>(
          "insert into page_content_versions (page_name) values ('home') returning seq",
        );
        expect(Number(rows[0]!.seq)).toBe(3);
      } finally {
        await Promise.all([original.close(), restored.close()]);
      }
      const originalFiles = await filesUnder(source);
      expect(originalFiles.size).toBe(manifest.files.count);
      expectSameFiles(await filesUnder(target), originalFiles);

      // A restore never writes over a database, nor over files unless told to.
      await expect(restoreBackup({ DATA_DIR: target }, backup, { force: true })).rejects.toThrow(
        /already holds a database/,
      );
      const filesOnly = path.join(root, "files-only");
      await fs.mkdir(path.join(filesOnly, "private"), { recursive: true });
      await fs.writeFile(path.join(filesOnly, "private", "keep.pdf"), "mine");
      await expect(restoreBackup({ DATA_DIR: filesOnly }, backup)).rejects.toThrow(
        /already holds files/,
      );
      expect(await fs.readdir(filesOnly)).toEqual(["private"]);
    },
    ROUND_TRIP_TIMEOUT_MS,
  );

  it(
    "asks a running holder for a consistent snapshot while it writes, and only a holder that answers",
    async () => {
      // This process plays the server: it holds the folder's lock.
      const handle = openDatabase({ kind: "pglite", dataDir: sourceDatabase });
      let stopHandler = () => {};
      let writing = true;
      let writer: Promise<void> = Promise.resolve();
      try {
        await handle.db.execute(
          sql`create table backup_probe_rows (id serial primary key, at timestamptz not null default now())`,
        );
        await handle.db.execute(
          sql`create table backup_probe_total (id int primary key, n int not null)`,
        );
        await handle.db.execute(sql`insert into backup_probe_total values (1, 0)`);

        // Without the handler the backup neither signals (that would end this process) nor waits.
        await expect(
          createBackup({ DATA_DIR: source }, path.join(root, "refused")),
        ).rejects.toThrow(/does not take snapshot requests/);

        stopHandler = installSnapshotHandler({ db: handle.db, dataDir: source, log: silentLog });
        let committed = 0;
        // Each transaction adds a row and counts it: a torn copy would disagree. Between
        // two, the loop lets timers and signals in, as a server's requests do.
        writer = (async () => {
          while (writing) {
            await new Promise((resolve) => setImmediate(resolve));
            await handle.db.transaction(async (tx) => {
              await tx.execute(sql`insert into backup_probe_rows default values`);
              await tx.execute(sql`update backup_probe_total set n = n + 1 where id = 1`);
            });
            committed += 1;
          }
        })();
        while (committed < 20) await new Promise((resolve) => setTimeout(resolve, 10));
        const committedBefore = committed;

        const backup = path.join(root, "backup-running");
        const manifest = await createBackup({ DATA_DIR: source }, backup);
        const committedAfter = committed;
        writing = false;
        await writer;

        expect(manifest.database.source).toBe("running server");
        const rowsInCopy = manifest.database.tables["public.backup_probe_rows"]!;
        expect(rowsInCopy).toBeGreaterThanOrEqual(committedBefore);
        expect(rowsInCopy).toBeLessThanOrEqual(committedAfter);

        const target = path.join(root, "pglite-restored-from-running");
        const report = await restoreBackup({ DATA_DIR: target }, backup);
        expect(report.differences).toEqual([]);

        const restored = new PGlite(path.join(target, "pglite"));
        try {
          const { rows } = await restored.query<{ rows: number; total: number }>(
            `select (select count(*)::int from backup_probe_rows) as rows,
                    (select n from backup_probe_total) as total`,
          );
          expect(rows[0]).toEqual({ rows: rowsInCopy, total: rowsInCopy });
          // Everything else is the site as it was.
          const isProbe = (table: string) => table.startsWith("public.backup_probe");
          const live = pgliteClientOf(handle.db);
          expect(await contentsOf(restored, isProbe)).toEqual(await contentsOf(live, isProbe));
        } finally {
          await restored.close();
        }
        expectSameFiles(await filesUnder(target), await filesUnder(source));
        // The request and the snapshot do not pile up in the live DATA_DIR.
        expect(
          (await fs.readdir(path.join(source, "backups"))).filter(
            (f) => f !== "snapshot-handler.json",
          ),
        ).toEqual([]);
      } finally {
        writing = false;
        await writer;
        stopHandler();
        await handle.close();
      }
    },
    ROUND_TRIP_TIMEOUT_MS,
  );
});

async function postgresSkipReason(): Promise<string | null> {
  if (!(await testDatabaseKinds()).includes("postgres")) {
    return "no PostgreSQL answers at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)";
  }
  for (const tool of ["pg_dump", "pg_restore"]) {
    if (spawnSync(tool, ["--version"]).error) return `${tool} is not on PATH`;
  }
  return null;
}

const skipPostgres = await postgresSkipReason();
if (skipPostgres) console.warn(`Skipped the PostgreSQL backup round trip: ${skipPostgres}.`);

describe.skipIf(skipPostgres !== null)(
  `PostgreSQL${skipPostgres ? ` (skipped: ${skipPostgres})` : ""}`,
  () => {
    it(
      "dumps with pg_dump and restores with pg_restore into a fresh empty database",
      async () => {
        const source = path.join(root, "postgres-source");
        const target = path.join(root, "postgres-restored");
        const backup = path.join(root, "backup-postgres");
        const original = await createTestDatabase("postgres");
        const empty = await createTestDatabase("postgres", { migrate: false });
        const clients: pg.Client[] = [];
        try {
          await seedDemoContent(original.db, storagePaths({ DATA_DIR: source }));
          await addExtraRows(original.db);
          await addExtraFiles(source);

          const manifest = await createBackup(
            { DATA_DIR: source, DATABASE_URL: original.url },
            backup,
          );
          expect(manifest.mode).toBe("postgres");
          expect(manifest.database.file).toBe("database.dump");
          expect(manifest.database.tables["public.contact_messages"]).toBe(1);

          const settings = { DATA_DIR: target, DATABASE_URL: empty.url };
          const report = await restoreBackup(settings, backup);
          expect(report.differences).toEqual([]);

          const [from, to] = [new pg.Client(original.url), new pg.Client(empty.url)];
          clients.push(from, to);
          await Promise.all([from.connect(), to.connect()]);
          const expected = await contentsOf(from);
          expect(Object.keys(expected.tables).length).toBeGreaterThan(25);
          expect(await contentsOf(to)).toEqual(expected);
          expectSameFiles(await filesUnder(target), await filesUnder(source));

          // Into a database with tables only on purpose, and then it is the backup again.
          await expect(restoreBackup(settings, backup)).rejects.toThrow(/already has \d+ tables/);
          await to.query("delete from contact_messages");
          await to.query("insert into allowed_emails (email) values ('late@example.com')");
          const forced = await restoreBackup(settings, backup, { force: true });
          expect(forced.differences).toEqual([]);
          expect(await contentsOf(to)).toEqual(expected);
        } finally {
          await Promise.all(clients.map((client) => client.end().catch(() => {})));
          await original.destroy();
          await empty.destroy();
        }
      },
      SEED_TIMEOUT_MS,
    );
  },
);

// ---------------------------------------------------------------------------------
// Files in an S3 bucket (Swift), on PostgreSQL when it answers, else PGlite.

const skipS3 = swiftInstalled() ? null : SWIFT_SKIP_REASON;
if (skipS3) console.warn(`Skipped the S3 backup round trips: ${skipS3}.`);

/** Objects the site keeps: binary, empty, names with spaces and outside ASCII. */
const BUCKET_OBJECTS: Record<string, { body: Buffer; contentType?: string }> = {
  "uploads/images/a photo.jpg": {
    body: Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919 + (i >> 8)) % 256)),
    contentType: "image/jpeg",
  },
  "uploads/extra/déjà vu/noise.bin": { body: crypto.randomBytes(5_000) },
  "private/downloads/score sheet.pdf": {
    body: Buffer.from("%PDF-1.4\n% a score\n"),
    contentType: "application/pdf",
  },
  "private/downloads/empty.pdf": { body: Buffer.alloc(0) },
};
/** Objects the site does not need back: the variants cache, an unfinished upload's parts. */
const NOT_BACKED_UP = ["variants/640/uploads/images/a photo.jpg.webp", "0f1e2d3c", "0f1e2d3c.info"];
const BACKED_UP_KEYS = Object.keys(BUCKET_OBJECTS).sort();

/** Every object in the bucket, top level included, by key. */
async function bucketContents(config: S3Config): Promise<Map<string, Buffer>> {
  const bucket = createS3Storage(config);
  try {
    const keys: string[] = [];
    for await (const { key } of bucket.list("")) keys.push(key);
    const objects = new Map<string, Buffer>();
    for (const key of keys.sort()) objects.set(key, (await bucket.read(key))!);
    return objects;
  } finally {
    bucket.client.destroy();
  }
}

interface TestSite {
  settings: BackupSettings;
  contents(): Promise<Awaited<ReturnType<typeof contentsOf>>>;
  isEmpty(): Promise<boolean>;
  destroy(): Promise<void>;
}

/** A database for a site in `dataDir`: migrated with rows beyond the demo, or empty. */
async function testSite(
  dataDir: string,
  s3: S3Config | null,
  options: { empty: boolean },
): Promise<TestSite> {
  const usePostgres = skipPostgres === null;
  if (usePostgres) {
    const database = await createTestDatabase("postgres", { migrate: !options.empty });
    if (!options.empty) await addExtraRows(database.db);
    const withClient = async <T>(run: (client: pg.Client) => Promise<T>) => {
      const client = new pg.Client(database.url);
      await client.connect();
      try {
        return await run(client);
      } finally {
        await client.end();
      }
    };
    return {
      settings: { DATA_DIR: dataDir, DATABASE_URL: database.url, s3 },
      contents: () => withClient((client) => contentsOf(client)),
      isEmpty: () => withClient(async (client) => (await listTables(client)).length === 0),
      destroy: () => database.destroy(),
    };
  }
  const folder = path.join(dataDir, "pglite");
  if (!options.empty) {
    const handle = openDatabase({ kind: "pglite", dataDir: folder });
    try {
      await migrateDatabase(handle);
      await addExtraRows(handle.db);
    } finally {
      await handle.close();
    }
  }
  return {
    settings: { DATA_DIR: dataDir, s3 },
    async contents() {
      const client = new PGlite(folder);
      try {
        return await contentsOf(client);
      } finally {
        await client.close();
      }
    },
    isEmpty: async () => (await fs.readdir(folder).catch(() => [])).length === 0,
    destroy: async () => {},
  };
}

describe.skipIf(skipS3 !== null)(
  `S3 bucket on Swift, ${skipPostgres === null ? "PostgreSQL" : "PGlite"}${skipS3 ? ` (skipped: ${skipS3})` : ""}`,
  () => {
    let swift: SwiftS3;
    let source: TestSite;
    let manifest: BackupManifest;
    const sites: TestSite[] = [];
    const backup = path.join(root, "backup-s3");
    const site = async (name: string, s3: S3Config | null, options = { empty: true }) => {
      const made = await testSite(path.join(root, name), s3, options);
      sites.push(made);
      return made;
    };

    beforeAll(async () => {
      swift = await startSwiftS3();
      const config = swift.config();
      const bucket = createS3Storage(config);
      try {
        await bucket.prepare();
        for (const [key, { body, contentType }] of Object.entries(BUCKET_OBJECTS)) {
          await bucket.put(key, body, { contentType });
        }
        for (const key of NOT_BACKED_UP) await bucket.put(key, "not backed up");
      } finally {
        bucket.client.destroy();
      }
      source = await site("s3-source", config, { empty: false });
      manifest = await createBackup(source.settings, backup);
    }, SEED_TIMEOUT_MS);
    afterAll(async () => {
      await Promise.all(sites.map((s) => s.destroy()));
      swift?.stop();
    });

    it(
      "backs up uploads/ and private/ of the bucket and restores them into a new bucket, byte for byte",
      async () => {
        expect(manifest.files.storage).toBe("s3");
        expect(manifest.files.objects.map((o) => o.key)).toEqual(BACKED_UP_KEYS);
        for (const object of manifest.files.objects) {
          const { body, contentType } = BUCKET_OBJECTS[object.key]!;
          expect(object.bytes).toBe(body.length);
          expect(object.sha256).toBe(crypto.createHash("sha256").update(body).digest("hex"));
          if (contentType) expect(object.contentType).toBe(contentType);
        }
        // Same layout as a backup of DATA_DIR: files/<key>.
        expect((await fs.readdir(path.join(backup, "files"))).sort()).toEqual([
          "private",
          "uploads",
        ]);
        const copy = await fs.readFile(
          path.join(backup, "files", "uploads", "images", "a photo.jpg"),
        );
        expect(copy.equals(BUCKET_OBJECTS["uploads/images/a photo.jpg"]!.body)).toBe(true);

        // A bucket that does not exist yet, and an empty database.
        const targetConfig = swift.config();
        const target = await site("s3-target", targetConfig);
        const report = await restoreBackup(target.settings, backup);
        expect(report.differences).toEqual([]);
        expect(report.files.differences).toEqual([]);
        expect(report.files.count).toBe(BACKED_UP_KEYS.length);

        const restored = await bucketContents(targetConfig);
        expect([...restored.keys()]).toEqual(BACKED_UP_KEYS);
        for (const key of BACKED_UP_KEYS) {
          expect(restored.get(key)!.equals(BUCKET_OBJECTS[key]!.body), key).toBe(true);
        }
        const targetBucket = createS3Storage(targetConfig);
        try {
          const info = await targetBucket.stat("private/downloads/score sheet.pdf");
          expect(info?.contentType).toBe("application/pdf");
        } finally {
          targetBucket.client.destroy();
        }
        expect(await target.contents()).toEqual(await source.contents());
      },
      ROUND_TRIP_TIMEOUT_MS,
    );

    it(
      "refuses a bucket that already holds files, before writing anything",
      async () => {
        const config = swift.config();
        const bucket = createS3Storage(config);
        try {
          await bucket.prepare();
          await bucket.put("private/downloads/mine.pdf", "mine");
        } finally {
          bucket.client.destroy();
        }
        const target = await site("s3-refused", config);
        await expect(restoreBackup(target.settings, backup)).rejects.toThrow(
          /already holds files \(private\/downloads\/mine\.pdf\)/,
        );
        expect([...(await bucketContents(config)).keys()]).toEqual(["private/downloads/mine.pdf"]);
        expect(await target.isEmpty()).toBe(true);
      },
      ROUND_TRIP_TIMEOUT_MS,
    );

    it(
      "restores a bucket's backup into DATA_DIR, and a DATA_DIR backup into a bucket",
      async () => {
        const onDisk = await site("s3-to-disk", null);
        const toDisk = await restoreBackup(onDisk.settings, backup);
        expect(toDisk.files.differences).toEqual([]);
        const files = await filesUnder(onDisk.settings.DATA_DIR);
        expect([...files.keys()].sort()).toEqual(BACKED_UP_KEYS);
        for (const key of BACKED_UP_KEYS) {
          expect(files.get(key)!.equals(BUCKET_OBJECTS[key]!.body), key).toBe(true);
        }

        const diskBackup = path.join(root, "backup-disk-of-s3");
        const diskManifest = await createBackup(onDisk.settings, diskBackup);
        expect(diskManifest.files.storage).toBe("disk");
        expect(diskManifest.files.objects).toEqual(
          manifest.files.objects.map(({ contentType: _, ...rest }) => rest),
        );
        const config = swift.config();
        const inBucket = await site("disk-to-s3", config);
        const toBucket = await restoreBackup(inBucket.settings, diskBackup);
        expect(toBucket.differences).toEqual([]);
        expect(toBucket.files.differences).toEqual([]);
        const objects = await bucketContents(config);
        expect([...objects.keys()]).toEqual(BACKED_UP_KEYS);
        for (const key of BACKED_UP_KEYS) {
          expect(objects.get(key)!.equals(BUCKET_OBJECTS[key]!.body), key).toBe(true);
        }
        expect(await inBucket.contents()).toEqual(await source.contents());
      },
      ROUND_TRIP_TIMEOUT_MS,
    );
  },
);
