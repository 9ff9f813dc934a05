/**
 * The shop's maintenance switch and message (page_settings row 'shop'). Each write
 * records an audit entry and drops the site cache, so the public shop and the cart
 * button change on the next request.
 */
import { eq } from "drizzle-orm";
import { getDb, type Database } from "../db/database.server";
import { pageSettings } from "../db/schema/shop.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { MINUTE, cached, invalidateSiteCache } from "../core/cache.server";

export const DEFAULT_MAINTENANCE_MESSAGE =
  "We anticipate being back online within the next few hours.";

export interface ShopSettings {
  isWorkInProgress: boolean;
  wipMessage: string;
}

export async function readShopSettings(db: Database): Promise<ShopSettings> {
  const [row] = await db.select().from(pageSettings).where(eq(pageSettings.pageName, "shop"));
  return {
    isWorkInProgress: row?.isWorkInProgress ?? false,
    wipMessage: row?.wipMessage?.trim() || DEFAULT_MAINTENANCE_MESSAGE,
  };
}

/** The switch as the public pages read it: cached for a minute, dropped by every write. */
export function loadShopSettings() {
  return cached("shop-settings", 1 * MINUTE, () => readShopSettings(getDb()));
}

const SHOP = "shop";

export async function setShopMaintenance(
  db: Database,
  actor: Actor,
  isWorkInProgress: boolean,
): Promise<ShopSettings> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isWorkInProgress: pageSettings.isWorkInProgress })
      .from(pageSettings)
      .where(eq(pageSettings.pageName, SHOP));
    await tx
      .insert(pageSettings)
      .values({ pageName: SHOP, isWorkInProgress })
      .onConflictDoUpdate({
        target: pageSettings.pageName,
        set: { isWorkInProgress, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actor,
      action: "shop.maintenance.set",
      entity: "page_settings",
      entityId: SHOP,
      details: { from: before?.isWorkInProgress ?? false, to: isWorkInProgress },
    });
  });
  invalidateSiteCache();
  return readShopSettings(db);
}

/** An empty message clears the stored one, so the default message shows again. */
export async function setMaintenanceMessage(
  db: Database,
  actor: Actor,
  message: string,
): Promise<ShopSettings> {
  const wipMessage = message.trim() === "" ? null : message.trim();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ wipMessage: pageSettings.wipMessage })
      .from(pageSettings)
      .where(eq(pageSettings.pageName, SHOP));
    await tx
      .insert(pageSettings)
      .values({ pageName: SHOP, wipMessage })
      .onConflictDoUpdate({
        target: pageSettings.pageName,
        set: { wipMessage, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actor,
      action: "shop.maintenance_message.set",
      entity: "page_settings",
      entityId: SHOP,
      details: { from: before?.wipMessage ?? null, to: wipMessage },
    });
  });
  invalidateSiteCache();
  return readShopSettings(db);
}
