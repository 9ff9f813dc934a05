/**
 * `npm run db:seed`: migrates the configured database, then fills it with the demo
 * site and generates the demo files under DATA_DIR. Safe to run again: it never
 * overwrites existing content, so on a seeded database it reports zero inserts.
 */
import { getEnv } from "../app/server/core/env.server";
import { getDatabaseHandle, migrateDatabase } from "../app/server/db/database.server";
import { seedDemoContent } from "../app/server/demo/seed.server";
import { storagePaths } from "../app/server/media/storage.server";
import { runCli } from "./cli";

runCli("Seeding", async () => {
  const env = getEnv();
  const handle = getDatabaseHandle();
  try {
    await migrateDatabase(handle);
    const paths = storagePaths(env);
    const started = Date.now();
    const counts = await seedDemoContent(handle.db, paths);
    console.log(`Seed finished on ${handle.kind} in ${Date.now() - started} ms.`);
    console.log(`Files: ${paths.publicDir} (public) and ${paths.privateDir} (private).`);
    for (const [name, n] of Object.entries(counts)) console.log(`  ${name.padEnd(18)} ${n}`);
    if (Object.values(counts).every((n) => n === 0)) {
      console.log("Nothing to do: every table already had content and every file existed.");
    }
  } finally {
    await handle.close();
  }
});
