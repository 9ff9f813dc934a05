import { count } from "drizzle-orm";
import { ensurePrimaryAdmin } from "../auth/allow-list.server";
import type { DatabaseHandle } from "../db/database.server";
import { migrateDatabase } from "../db/database.server";
import { withAdvisoryLock } from "../db/job-lock.server";
import { pageContent } from "../db/schema/content.server";
import type { Env } from "../core/env.server";
import { logger } from "../core/logger.server";
import { createObjectStorage, type ObjectStorage } from "../media/object-storage.server";

/**
 * Runs at every start: migrations and the primary admin's allow-list entry always,
 * demo content only into an empty database; under an advisory lock on PostgreSQL, so
 * instances started at once do not migrate or seed over each other (issue 13).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  env: Env,
  storage: ObjectStorage = createObjectStorage(env),
): Promise<void> {
  // Instances started together take turns: the second finds the work done.
  await withAdvisoryLock(handle.db, "start-up", () => migrateAndSeed(handle, env, storage), {
    onWait: () => logger.info("Another instance is migrating the database; waiting for it"),
  });
}

async function migrateAndSeed(
  handle: DatabaseHandle,
  env: Env,
  storage: ObjectStorage,
): Promise<void> {
  const started = Date.now();
  await migrateDatabase(handle);
  logger.info({ database: handle.kind, ms: Date.now() - started }, "Migrations applied");
  await ensurePrimaryAdmin(handle.db, env.ADMIN_EMAIL);

  if (!env.SEED_DEMO_CONTENT) return;
  const [row] = await handle.db.select({ n: count() }).from(pageContent);
  if ((row?.n ?? 0) > 0) return;
  // The demo generators (and their image, audio and PDF libraries) are loaded only
  // here, for a seed: a normal start never holds them in memory (issue 29).
  const { seedDemoContent } = await import("../demo/seed.server");
  // The files go to the configured storage: the bucket too, so every instance has them.
  const result = await seedDemoContent(handle.db, storage);
  logger.info(result, "Demo content seeded into the empty database");
}
