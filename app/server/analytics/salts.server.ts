/**
 * The daily secret salt behind each visitor hash (docs/decisions/035). One random salt
 * per calendar day of the site's time zone, kept in the database so that every instance
 * hashes a visitor alike; the day before's is kept one more day (a late batch still
 * finds it), then deleted, after which no hash of that day can be linked to anybody.
 */
import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { addDays } from "~/domain/analytics/analytics";
import type { Database } from "../db/database.server";
import { analyticsSalts } from "../db/schema/analytics.server";

/** The visitor of a day: nothing in it can be turned back into an address. */
export function visitorHash(
  salt: string,
  address: string,
  userAgent: string,
  host: string,
): string {
  return crypto
    .createHash("sha256")
    .update(`${salt}\n${address}\n${userAgent}\n${host}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The day's salt, made by whichever instance asks first (the others read that one). */
export async function saltOfDay(db: Database, day: string): Promise<string> {
  await db
    .insert(analyticsSalts)
    .values({ day, salt: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`No analytics salt for ${day}`);
  return row.salt;
}

/** Deletes the salts of days before yesterday. Returns how many went. */
export async function deleteOldSalts(db: Database, today: string): Promise<number> {
  const gone = await db
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, addDays(today, -1)))
    .returning({ day: analyticsSalts.day });
  return gone.length;
}

/** The salt of each day, asked of the database once per day per instance. */
export function createSaltCache(db: Database) {
  let kept: { day: string; salt: Promise<string> } | null = null;
  return (day: string): Promise<string> => {
    if (kept?.day !== day) {
      const salt = saltOfDay(db, day);
      kept = { day, salt };
      // A failed read is asked again next time, not kept.
      salt.catch(() => {
        if (kept?.salt === salt) kept = null;
      });
    }
    return kept.salt;
  };
}
