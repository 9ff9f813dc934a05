/**
 * `npm run db:migrate`: applies the committed migrations to the configured database
 * (PGlite under DATA_DIR, or PostgreSQL at DATABASE_URL) and exits.
 */
import { getEnv } from "../app/server/core/env.server";
import { getDatabaseHandle, migrateDatabase } from "../app/server/db/database.server";
import { runCli } from "./cli";

runCli("Migration", async () => {
  getEnv(); // a bad setting fails here, one line per problem
  const handle = getDatabaseHandle();
  try {
    const started = Date.now();
    await migrateDatabase(handle);
    console.log(`Migrations applied to ${handle.kind} in ${Date.now() - started} ms.`);
  } finally {
    await handle.close();
  }
});
