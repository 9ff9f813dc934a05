/**
 * Download codes (issue 23) on PGlite and on PostgreSQL when it answers: a batch of
 * 5,000 is stored as hashes only, a redemption mails working links with the item's
 * limit and expiry, two redemptions of one code at once give exactly one mail, and
 * revoked, used and wrong codes each get their own answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { REDEEM_MESSAGES, REDEEM_PATH } from "~/domain/shop/downloads/download-code";
import { downloadCodes, orders, shopItems } from "../db/schema/shop.server";
import {
  batchRedemptions,
  DownloadCodeError,
  generateDownloadCodes,
  hashDownloadCode,
  listDownloadCodeBatches,
  REDEEM_LIMIT,
  redeemDownloadCode,
  revokeUnusedCodes,
} from "./download-codes.server";
import { findDownload } from "./downloads.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { downloadTokensIn, insertShopItem, mailsTo } from "../testing/shop-fixtures.server";

const SITE = "https://shop.example";
let clients = 0;
/** Each redemption from its own client address, unless a test is about the limit. */
const client = () => `203.0.113.${++clients % 250}:${clients}`;

describe.each(await testDatabaseKinds())("download codes on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const album = () =>
    insertShopItem(t.db, {
      category: "digital_music",
      price: 9,
      inventoryCount: null,
      pdfFileUrl: "digital-music/album.zip",
      downloadLimit: 3,
      downloadExpiryDays: 14,
    });

  it("generates 5,000 distinct codes in reading groups and stores only their hashes", async () => {
    const item = await album();
    const batch = await generateDownloadCodes(t.db, {
      shopItemId: item.id,
      label: "Spring tour CDs",
      count: 5000,
    });
    expect(batch.codes).toHaveLength(5000);
    expect(new Set(batch.codes).size).toBe(5000);
    for (const code of batch.codes)
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){2}$/);

    const rows = await t.db
      .select()
      .from(downloadCodes)
      .where(eq(downloadCodes.batchId, batch.batchId));
    expect(rows).toHaveLength(5000);
    const stored = JSON.stringify(rows);
    for (const code of batch.codes.slice(0, 50)) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ""));
    }
    expect(new Set(rows.map((r) => r.codeHash))).toEqual(
      new Set(batch.codes.map((c) => hashDownloadCode(c.replace(/-/g, "")))),
    );

    const [summary] = (await listDownloadCodeBatches(t.db)).filter((b) => b.id === batch.batchId);
    expect(summary).toMatchObject({
      label: "Spring tour CDs",
      itemTitle: item.title,
      total: 5000,
      unused: 5000,
      redeemed: 0,
      revoked: 0,
    });
  });

  it("makes codes only for an item with a file", async () => {
    const cd = await insertShopItem(t.db, { category: "cd" });
    await expect(
      generateDownloadCodes(t.db, { shopItemId: cd.id, label: "CDs", count: 5 }),
    ).rejects.toBeInstanceOf(DownloadCodeError);
  });

  it("mails the item's links with its limit and expiry, once, and records a free order", async () => {
    const item = await album();
    const { codes, batchId } = await generateDownloadCodes(t.db, {
      shopItemId: item.id,
      label: "Press",
      count: 2,
    });
    const now = new Date("2026-12-01T12:00:00Z");
    const typed = codes[0]!.toLowerCase().replace(/-/g, " ");
    const result = await redeemDownloadCode(
      t.db,
      { code: typed, email: " Ella@Example.com ", clientAddress: client() },
      { siteUrl: SITE, now },
    );
    expect(result).toEqual({ status: "sent", email: "ella@example.com" });

    const [mail] = await mailsTo(t.db, "ella@example.com");
    expect(mail!.subject).toBe(`Your download: ${item.title}`);
    expect(mail!.textBody).toContain("Each link works 3 times until December 15, 2026.");
    const [token] = downloadTokensIn(mail!.textBody);
    const lookup = await findDownload(t.db, token!, now);
    expect(lookup).toMatchObject({
      state: "valid",
      downloadLimit: 3,
      customerEmail: "ella@example.com",
      storageKey: "digital-music/album.zip",
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, lookup!.orderId));
    expect(order).toMatchObject({ provider: "download-code", paymentStatus: "completed" });
    expect(Number(order!.totalAmount)).toBe(0);

    const again = await redeemDownloadCode(
      t.db,
      { code: codes[0]!, email: "other@example.com", clientAddress: client() },
      { siteUrl: SITE, now },
    );
    expect(again).toEqual({ status: "refused", message: REDEEM_MESSAGES.used, field: "code" });
    expect(await mailsTo(t.db, "other@example.com")).toHaveLength(0);

    expect(await batchRedemptions(t.db, batchId)).toEqual([
      { email: "ella@example.com", redeemedAt: now },
    ]);
    const [summary] = (await listDownloadCodeBatches(t.db)).filter((b) => b.id === batchId);
    expect(summary).toMatchObject({ total: 2, redeemed: 1, unused: 1 });
    expect(REDEEM_PATH).toBe("/redeem");
  });

  it("lets exactly one of two redemptions at the same moment win", async () => {
    const item = await album();
    const { codes } = await generateDownloadCodes(t.db, {
      shopItemId: item.id,
      label: "Race",
      count: 1,
    });
    const emails = Array.from({ length: 8 }, (_, i) => `racer${i}@example.com`);
    const results = await Promise.all(
      emails.map((email) =>
        redeemDownloadCode(
          t.db,
          { code: codes[0]!, email, clientAddress: client() },
          { siteUrl: SITE },
        ),
      ),
    );
    expect(results.filter((r) => r.status === "sent")).toHaveLength(1);
    expect(results.filter((r) => r.status === "refused")).toHaveLength(7);
    for (const r of results) {
      if (r.status === "refused") expect(r.message).toBe(REDEEM_MESSAGES.used);
    }
    const mails = (await Promise.all(emails.map((e) => mailsTo(t.db, e)))).flat();
    expect(mails).toHaveLength(1);
    const redemptionOrders = await t.db
      .select()
      .from(orders)
      .where(
        eq(
          orders.customerEmail,
          (results.find((r) => r.status === "sent") as { email: string }).email,
        ),
      );
    expect(redemptionOrders).toHaveLength(1);
  });

  it("revokes the unused codes of a batch and keeps the redeemed ones", async () => {
    const item = await album();
    const { codes, batchId } = await generateDownloadCodes(t.db, {
      shopItemId: item.id,
      label: "Revoke me",
      count: 3,
    });
    await redeemDownloadCode(
      t.db,
      { code: codes[0]!, email: "kept@example.com", clientAddress: client() },
      { siteUrl: SITE },
    );
    expect(await revokeUnusedCodes(t.db, batchId)).toBe(2);
    expect(await revokeUnusedCodes(t.db, batchId)).toBe(0);
    const revoked = await redeemDownloadCode(
      t.db,
      { code: codes[1]!, email: "late@example.com", clientAddress: client() },
      { siteUrl: SITE },
    );
    expect(revoked).toEqual({ status: "refused", message: REDEEM_MESSAGES.revoked, field: "code" });
    const [summary] = (await listDownloadCodeBatches(t.db)).filter((b) => b.id === batchId);
    expect(summary).toMatchObject({ redeemed: 1, revoked: 2, unused: 0 });
  });

  it("answers a wrong code, a code of 10,000 characters and a code for an item whose file is gone", async () => {
    for (const code of ["2345-6789-ABCD", "x".repeat(10_000)]) {
      expect(
        await redeemDownloadCode(
          t.db,
          { code, email: "fan@example.com", clientAddress: client() },
          { siteUrl: SITE },
        ),
      ).toEqual({ status: "refused", message: REDEEM_MESSAGES.wrong, field: "code" });
    }

    const item = await album();
    const { codes } = await generateDownloadCodes(t.db, {
      shopItemId: item.id,
      label: "Gone",
      count: 1,
    });
    await t.db.update(shopItems).set({ pdfFileUrl: null }).where(eq(shopItems.id, item.id));
    expect(
      await redeemDownloadCode(
        t.db,
        { code: codes[0]!, email: "fan@example.com", clientAddress: client() },
        { siteUrl: SITE },
      ),
    ).toEqual({ status: "refused", message: REDEEM_MESSAGES.itemGone, field: "form" });
    const [row] = await t.db
      .select()
      .from(downloadCodes)
      .where(eq(downloadCodes.codeHash, hashDownloadCode(codes[0]!.replace(/-/g, ""))));
    expect(row!.status).toBe("unused");
  });

  it("limits one client however the form is posted", async () => {
    const address = "198.51.100.7";
    const results = [];
    for (let i = 0; i < REDEEM_LIMIT.max + 3; i++) {
      results.push(
        await redeemDownloadCode(
          t.db,
          { code: "2345-6789-ABCD", email: "guesser@example.com", clientAddress: address },
          { siteUrl: SITE },
        ),
      );
    }
    expect(results.slice(0, REDEEM_LIMIT.max).every((r) => r.status === "refused")).toBe(true);
    expect(results.slice(REDEEM_LIMIT.max)).toEqual(
      Array(3).fill({ status: "limited", message: REDEEM_MESSAGES.tooMany }),
    );
  });
});
