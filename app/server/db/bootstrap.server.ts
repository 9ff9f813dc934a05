import { count } from "drizzle-orm";
import { ensurePrimaryAdmin } from "../auth/allow-list.server";
import type { DatabaseHandle } from "./database.server";
import { migrateDatabase } from "./database.server";
import { pageContent } from "./schema.server";
import type { Env } from "../core/env.server";
import { logger } from "../core/logger.server";
import { seedDemoContent } from "../demo/seed.server";
import { storagePaths } from "../media/storage.server";

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
