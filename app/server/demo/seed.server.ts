/**
 * Fills an empty database with the demo site, generating its files first. It never
 * overwrites an artist's work: keyed rows (page content, page settings) are added
 * only when their key is missing, and list tables are seeded only while empty, so
 * running it again on a seeded or edited database changes nothing.
 */
import { count, sql } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "../db/database.server";
import {
  collaborations,
  events,
  featuredVideos,
  loeAudioTracks,
  loeImages,
  loeVideos,
  mediaItems,
  musicalInfluences,
  pageContent,
  photoGallery,
  stats,
  themeSettings,
} from "../db/schema/content.server";
import { newsletterSubscribers } from "../db/schema/audience.server";
import { pageSettings, shippingZones, shopItems } from "../db/schema/shop.server";
import type { ObjectStorage } from "../media/object-storage.server";
import { generateDemoAssets, type StoragePaths } from "./demo-assets.server";
import { buildDemoContent } from "./demo-content.server";
import { seedDemoLetters } from "./demo-letters.server";
import { demoShippingZones } from "./demo-shipping.server";
import { seedDemoVariants } from "./demo-variants.server";

/** An arbitrary constant: the advisory lock that serialises concurrent seeds. */
const SEED_LOCK_ID = 727_001;

/** Inserts the rows only into an empty table, so deleted or edited rows never come back. */
async function seedEmptyTable<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(table as PgTable);
  if ((existing?.n ?? 0) > 0 || rows.length === 0) return 0;
  await tx.insert(table).values(rows);
  return rows.length;
}

/** Fills an empty database; the files go to `storage` (or the two folders of a DATA_DIR). */
export async function seedDemoContent(
  db: Database,
  storage: ObjectStorage | StoragePaths,
): Promise<Record<string, number>> {
  const assets = await generateDemoAssets(storage);
  const content = buildDemoContent(assets, new Date());

  return db.transaction(async (tx) => {
    // Several app instances may start at once on one PostgreSQL: the first seeds,
    // the others wait here and then find nothing left to do.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);

    const pageContentRows = await tx
      .insert(pageContent)
      .values(content.pageContent)
      .onConflictDoNothing({ target: pageContent.pageName })
      .returning({ id: pageContent.id });
    const pageSettingsRows = await tx
      .insert(pageSettings)
      .values(content.pageSettings)
      .onConflictDoNothing({ target: pageSettings.pageName })
      .returning({ id: pageSettings.id });

    const counts = {
      pageContent: pageContentRows.length,
      pageSettings: pageSettingsRows.length,
      themeSettings: await seedEmptyTable(tx, themeSettings, content.themeSettings),
      events: await seedEmptyTable(tx, events, content.events),
      featuredVideos: await seedEmptyTable(tx, featuredVideos, content.featuredVideos),
      photoGallery: await seedEmptyTable(tx, photoGallery, content.photoGallery),
      mediaItems: await seedEmptyTable(tx, mediaItems, content.mediaItems),
      musicalInfluences: await seedEmptyTable(tx, musicalInfluences, content.musicalInfluences),
      collaborations: await seedEmptyTable(tx, collaborations, content.collaborations),
      stats: await seedEmptyTable(tx, stats, content.stats),
      loeVideos: await seedEmptyTable(tx, loeVideos, content.loeVideos),
      loeImages: await seedEmptyTable(tx, loeImages, content.loeImages),
      loeAudioTracks: await seedEmptyTable(tx, loeAudioTracks, content.loeAudioTracks),
      shopItems: await seedEmptyTable(tx, shopItems, content.shopItems),
      shopItemVariants: await seedDemoVariants(tx),
      newsletterSubscribers: await seedEmptyTable(
        tx,
        newsletterSubscribers,
        content.newsletterSubscribers,
      ),
      shippingZones: await seedEmptyTable(tx, shippingZones, demoShippingZones()),
      filesWritten: assets.filesWritten,
    };
    // After the events and products: the letters show their cards.
    return { ...counts, newsletterCampaigns: await seedDemoLetters(tx, new Date()) };
  });
}
