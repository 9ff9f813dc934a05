/**
 * `npm run db:seed-subscribers [-- <count>]`: gives the configured database <count>
 * confirmed demo subscribers (default 320, the demo's own list): invented people at
 * example.org, most with a city near the demo's concerts, exactly as the demo seed makes
 * them. Only the missing ones are added, so it is safe to run again; a larger count adds
 * the difference (e.g. `-- 2000` to send a letter to 2,000 people, issue 22's check).
 *
 * On the embedded database run it while the site is stopped (one process per data
 * folder); with DATABASE_URL it may run beside the site.
 */
import { getDatabaseHandle, migrateDatabase } from "../app/server/db/database.server";
import {
  demoSubscriberCount,
  seedDemoSubscribers,
} from "../app/server/demo/demo-subscribers.server";
import { runCli } from "./cli";

runCli("Seeding demo subscribers", async () => {
  const count = demoSubscriberCount(process.argv[2]);
  if (typeof count !== "number") throw new Error(count.error);
  const handle = getDatabaseHandle();
  try {
    await migrateDatabase(handle);
    const added = await seedDemoSubscribers(handle.db, count);
    console.log(
      `Added ${added.toLocaleString("en-US")} confirmed demo subscribers on ${handle.kind}; ` +
        `the first ${count.toLocaleString("en-US")} demo addresses are now on the list.`,
    );
  } finally {
    await handle.close();
  }
});
