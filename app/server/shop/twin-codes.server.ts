/**
 * A record's digital twin (issue 23): buying a CD or vinyl whose item names a twin also
 * brings one download code per copy for that twin, in the order confirmation. The codes
 * are made in the order's own transaction (a "twin" batch linked to the order), so they
 * exist exactly when the paid order does, once. Their clear text lives only in the
 * mail: "Resend links" replaces the unused ones with new codes, a refund revokes them.
 */
import { and, eq, inArray } from "drizzle-orm";
import { carriesDigitalTwin } from "~/domain/shop/catalogue/shop-item-form";
import { shortOrderId } from "~/domain/shop/downloads/downloads";
import type { Executor } from "../db/database.server";
import { downloadCodeBatches, downloadCodes, shopItems } from "../db/schema/shop.server";
import { logger } from "../core/logger.server";
import {
  findCodeableItem,
  insertCodes,
  newDownloadCodes,
  storeDownloadCodes,
} from "./download-codes.server";

/** The codes that came with an order for one digital item, in clear (for its mail). */
export interface TwinCodes {
  title: string;
  codes: string[];
}

interface BoughtLine {
  shopItemId: string | null;
  category: string;
  quantity: number;
}

/** Makes the twin codes of a paid order's records; none when no record names a twin. */
export async function issueTwinCodes(
  tx: Executor,
  orderId: string,
  lines: readonly BoughtLine[],
  now: Date,
): Promise<TwinCodes[]> {
  const records = lines.filter(
    (l): l is BoughtLine & { shopItemId: string } =>
      l.shopItemId !== null && carriesDigitalTwin(l.category),
  );
  if (records.length === 0) return [];
  const items = await tx
    .select({ id: shopItems.id, twinId: shopItems.digitalTwinId })
    .from(shopItems)
    .where(
      inArray(
        shopItems.id,
        records.map((l) => l.shopItemId),
      ),
    );
  const copiesByTwin = new Map<string, number>();
  for (const line of records) {
    const twinId = items.find((item) => item.id === line.shopItemId)?.twinId;
    if (twinId) copiesByTwin.set(twinId, (copiesByTwin.get(twinId) ?? 0) + line.quantity);
  }
  const issued: TwinCodes[] = [];
  for (const [twinId, copies] of copiesByTwin) {
    // A twin whose file was removed since: the record is sold all the same, without codes.
    if (!(await findCodeableItem(tx, twinId))) {
      logger.warn({ orderId, twinId }, "A record's digital twin has no file; no code mailed");
      continue;
    }
    const batch = await storeDownloadCodes(
      tx,
      {
        shopItemId: twinId,
        label: `With order ${shortOrderId(orderId)}`,
        codes: newDownloadCodes(copies),
        source: "twin",
        orderId,
      },
      now,
    );
    issued.push({ title: batch.item.title, codes: batch.codes });
  }
  return issued;
}

function twinBatches(tx: Executor, orderId: string) {
  return tx
    .select({ id: downloadCodeBatches.id, title: shopItems.title })
    .from(downloadCodeBatches)
    .innerJoin(shopItems, eq(shopItems.id, downloadCodeBatches.shopItemId))
    .where(and(eq(downloadCodeBatches.orderId, orderId), eq(downloadCodeBatches.source, "twin")));
}

function revokeUnused(tx: Executor, batchId: string, now: Date) {
  return tx
    .update(downloadCodes)
    .set({ status: "revoked", revokedAt: now })
    .where(and(eq(downloadCodes.batchId, batchId), eq(downloadCodes.status, "unused")))
    .returning({ id: downloadCodes.id });
}

/**
 * For "Resend links": the order's unused twin codes are revoked and as many new ones
 * made, since the old ones cannot be read back. Redeemed codes stay redeemed.
 */
export async function reissueTwinCodes(
  tx: Executor,
  orderId: string,
  now: Date,
): Promise<TwinCodes[]> {
  const reissued: TwinCodes[] = [];
  for (const batch of await twinBatches(tx, orderId)) {
    const revoked = await revokeUnused(tx, batch.id, now);
    if (revoked.length === 0) continue;
    const codes = newDownloadCodes(revoked.length);
    await insertCodes(tx, batch.id, codes, now);
    reissued.push({ title: batch.title, codes });
  }
  return reissued;
}

/** A refunded order's twin codes stop working (redeemed ones keep their downloads). */
export async function revokeTwinCodes(tx: Executor, orderId: string, now: Date): Promise<number> {
  let count = 0;
  for (const batch of await twinBatches(tx, orderId)) {
    count += (await revokeUnused(tx, batch.id, now)).length;
  }
  return count;
}
