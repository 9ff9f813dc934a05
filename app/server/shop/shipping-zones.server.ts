/**
 * Shipping zones (issue 24): the artist's zones as a collection for /admin/shipping
 * (create, edit, switch, delete, each with its audit entry), the list of real country
 * codes (ISO 3166-1 alpha-2, from the maintained i18n-iso-countries package: server
 * only, the browser gets the codes as data and names them with Intl.DisplayNames), and
 * the zones as checkout prices them (domain/shop/shipping/shipping-rates.ts).
 *
 * A country is in at most one enabled zone. Every write that could break that (create,
 * update, switching a zone on) checks it in the write's own transaction, under an
 * advisory lock, so two admins saving at once cannot both add the same country.
 */
import countries from "i18n-iso-countries";
import { asc, sql } from "drizzle-orm";
import {
  SHIPPING_ZONE_MESSAGES,
  type ShippingZoneInput,
} from "~/domain/shop/shipping/shipping-zone-form";
import {
  countryName,
  normaliseCountryCode,
  type ShippingZoneRule,
} from "~/domain/shop/shipping/shipping-rates";
import { defineCollection } from "../admin/collection.server";
import { AppError, Conflict } from "../core/errors.server";
import { invalidateSiteCache } from "../core/cache.server";
import { recordAudit, type Actor } from "../db/audit.server";
import type { Database, Executor } from "../db/database.server";
import { advisoryLockKey } from "../db/job-lock.server";
import { shippingZones } from "../db/schema/shop.server";
import { eq } from "drizzle-orm";

export type ShippingZone = typeof shippingZones.$inferSelect;

/** Every ISO 3166-1 alpha-2 code the package knows, sorted. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();
const KNOWN = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return KNOWN.has(normaliseCountryCode(code));
}

const collection = defineCollection({
  entity: "shipping_zones",
  table: shippingZones,
  orderBy: [asc(shippingZones.createdAt), asc(shippingZones.id)],
});

/** The zones in the order the screen shows them (oldest first). */
export function readShippingZones(db: Executor): Promise<ShippingZone[]> {
  return collection.listAll(db);
}

/** The zones as the pricing rule reads them. */
export async function readShippingRules(db: Executor): Promise<ShippingZoneRule[]> {
  return (await readShippingZones(db)).map((zone) => ({
    id: zone.id,
    name: zone.name,
    countries: zone.countries,
    firstItemRate: zone.firstItemRate,
    additionalItemRate: zone.additionalItemRate,
    freeAbove: zone.freeAbove,
    enabled: zone.enabled,
  }));
}

/** Real country codes that no enabled zone names: buyers there cannot order physical items. */
export function uncoveredCountries(zones: readonly Pick<ShippingZone, "countries" | "enabled">[]) {
  const covered = new Set(zones.filter((z) => z.enabled).flatMap((z) => z.countries));
  return COUNTRY_CODES.filter((code) => !covered.has(code));
}

const LOCK = advisoryLockKey("shipping-zones");

/**
 * Refuses codes that are no country, and countries another enabled zone already has
 * (beside the countries field, naming the country and the zone).
 */
async function checkZone(
  tx: Executor,
  zone: { id?: string; countries: readonly string[]; enabled: boolean },
): Promise<void> {
  const unknown = zone.countries.find((code) => !isCountryCode(code));
  if (unknown !== undefined) {
    throw new AppError(SHIPPING_ZONE_MESSAGES.unknownCountry(unknown), 400, "Error", "countries");
  }
  if (!zone.enabled) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK}::bigint)`);
  const others = (await tx.select().from(shippingZones)).filter(
    (other) => other.enabled && other.id !== zone.id,
  );
  for (const code of zone.countries) {
    const clash = others.find((other) => other.countries.includes(code));
    if (clash) {
      throw new Conflict(
        SHIPPING_ZONE_MESSAGES.inOtherZone(countryName(code), clash.name),
        "countries",
      );
    }
  }
}

async function write<R>(db: Database, run: (tx: Executor) => Promise<R>): Promise<R> {
  const result = await db.transaction(run);
  invalidateSiteCache({ kind: "shop" });
  return result;
}

async function getOrThrow(tx: Executor, id: string): Promise<ShippingZone> {
  const row = await collection.get(tx, id);
  if (!row) throw new AppError("The item could not be found. It may have been deleted.", 404);
  return row;
}

type ZoneValues = ShippingZoneInput;

/** The collection service /admin/shipping's intents call (collectionIntents). */
export const shippingZoneService = {
  entity: collection.entity,
  get: collection.get,
  listAll: collection.listAll,
  remove: collection.remove,
  reorder: collection.reorder,

  create(db: Database, actor: Actor, values: ZoneValues): Promise<ShippingZone> {
    return write(db, async (tx) => {
      await checkZone(tx, values);
      const [row] = await tx.insert(shippingZones).values(values).returning();
      await recordAudit(tx, {
        actor,
        action: "shipping_zones.create",
        entity: "shipping_zones",
        entityId: row!.id,
        details: { after: row },
      });
      return row!;
    });
  },

  update(
    db: Database,
    actor: Actor,
    id: string,
    values: Partial<ZoneValues>,
  ): Promise<ShippingZone> {
    return write(db, async (tx) => {
      const before = await getOrThrow(tx, id);
      await checkZone(tx, { ...before, ...values, id });
      const [after] = await tx
        .update(shippingZones)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(shippingZones.id, id))
        .returning();
      await recordAudit(tx, {
        actor,
        action: "shipping_zones.update",
        entity: "shipping_zones",
        entityId: id,
        details: { before, after },
      });
      return after!;
    });
  },

  /** The table's switch: "enabled" only. Switching on checks the countries again. */
  setFlag(
    db: Database,
    actor: Actor,
    id: string,
    flag: "enabled",
    value: boolean,
  ): Promise<ShippingZone> {
    if (flag !== "enabled") throw new AppError(`Unknown flag: ${String(flag)}`, 400);
    return write(db, async (tx) => {
      const before = await getOrThrow(tx, id);
      if (value) await checkZone(tx, { ...before, enabled: true });
      const [after] = await tx
        .update(shippingZones)
        .set({ enabled: value, updatedAt: new Date() })
        .where(eq(shippingZones.id, id))
        .returning();
      await recordAudit(tx, {
        actor,
        action: "shipping_zones.set_flag",
        entity: "shipping_zones",
        entityId: id,
        details: { flag, from: before.enabled, to: value, name: before.name },
      });
      return after!;
    });
  },
};

export interface ShippingDestinations {
  countries: readonly string[];
  /** Listed first; null when the artist set none (or an unknown code). */
  home: string | null;
  /** False until the artist saves a zone: then no country is asked. */
  setUp: boolean;
}

/** What the cart's "Ship to" select needs. */
export async function shippingDestinations(
  db: Executor,
  homeCountry: string | null,
): Promise<ShippingDestinations> {
  const [row] = await db.select({ id: shippingZones.id }).from(shippingZones).limit(1);
  return {
    countries: COUNTRY_CODES,
    home: homeCountry && isCountryCode(homeCountry) ? normaliseCountryCode(homeCountry) : null,
    setUp: Boolean(row),
  };
}
