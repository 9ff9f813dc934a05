import { count } from "drizzle-orm";
import { ensurePrimaryAdmin } from "./allow-list.server";
import type { DatabaseHandle } from "./db.server";
import { migrateDatabase } from "./db.server";
import { pageContent } from "./db/schema.server";
import type { Env } from "./env.server";
import { logger } from "./logger.server";
import { seedDemoContent } from "./seed.server";
import { storagePaths } from "./storage.server";

/**
 * Runs at every start: migrations and the primary admin's allow-list entry always,
 * demo content only into an empty database.
 */
export async function prepareDatabase(handle: DatabaseHandle, env: Env): Promise<void> {
  const started = Date.now();
  await migrateDatabase(handle);
  logger.info({ database: handle.kind, ms: Date.now() - started }, "Migrations applied");
  await ensurePrimaryAdmin(handle.db, env.ADMIN_EMAIL);

  if (!env.SEED_DEMO_CONTENT) return;
  const [row] = await handle.db.select({ n: count() }).from(pageContent);
  if ((row?.n ?? 0) > 0) return;
  const result = await seedDemoContent(handle.db, storagePaths(env));
  logger.info(result, "Demo content seeded into the empty database");
}
