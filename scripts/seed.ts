/**
 * `npm run db:seed`: migrates the configured database, then fills it with the demo
 * site and generates the demo files in the configured storage (DATA_DIR or the bucket). Safe to run again: it never
 * overwrites existing content, so on a seeded database it reports zero inserts.
 */
import { getEnv } from "../app/server/core/env.server";
import { getDatabaseHandle, migrateDatabase } from "../app/server/db/database.server";
import { seedDemoContent } from "../app/server/demo/seed.server";
import { createObjectStorage } from "../app/server/media/object-storage.server";
import { runCli } from "./cli";

runCli("Seeding", async () => {
  const env = getEnv();
  const handle = getDatabaseHandle();
  try {
    await migrateDatabase(handle);
    const storage = createObjectStorage(env);
    await storage.prepare();
    const started = Date.now();
    const counts = await seedDemoContent(handle.db, storage);
    console.log(`Seed finished on ${handle.kind} in ${Date.now() - started} ms.`);
    console.log(`Files: uploads/ (public) and private/ in ${storage.location}.`);
    for (const [name, n] of Object.entries(counts)) console.log(`  ${name.padEnd(18)} ${n}`);
    if (Object.values(counts).every((n) => n === 0)) {
      console.log("Nothing to do: every table already had content and every file existed.");
    }
  } finally {
    await handle.close();
  }
});
