/**
 * Fresh, migrated databases for integration tests: PGlite in memory always, and a
 * throw-away PostgreSQL database when a server answers at TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test, as on CI machines).
 */
import crypto from "node:crypto";
import pg from "pg";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../db/database.server";

export type TestDatabaseKind = "pglite" | "postgres";

const explicitUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const postgresUrl = explicitUrl ?? "postgres://postgres@127.0.0.1:5432/test";

let postgresAnswers: Promise<boolean> | undefined;

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch (error) {
    // A URL someone set on purpose must work; the default is only tried.
    if (explicitUrl) throw new Error(`TEST_DATABASE_URL does not answer: ${String(error)}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The kinds to run integration tests on: PGlite always, PostgreSQL when it answers. */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  if (process.env.TEST_SKIP_POSTGRES === "1") return ["pglite"];
  postgresAnswers ??= probePostgres();
  return (await postgresAnswers) ? ["pglite", "postgres"] : ["pglite"];
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the throw-away database. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase & { url?: string }> {
  const migrate = options.migrate ?? true;
  if (kind === "pglite") {
    const handle = openDatabase({ kind: "pglite" });
    if (migrate) await migrateDatabase(handle);
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(postgresUrl, name);
  const handle = openDatabase({ kind: "postgres", url });
  if (migrate) await migrateDatabase(handle);
  return {
    ...handle,
    /** For a second connection of its own (a second instance, a LISTEN). */
    url,
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
