import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { RECOVERY_MESSAGES, recoverLinksSchema } from "~/domain/shop/downloads/download-recovery";
import { orders } from "../db/schema/shop.server";
import { requestDownloadRecovery } from "./download-recovery.server";
import { findDownload } from "./downloads.server";
import { completeOrder, createProviderOrder } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { hitRateLimit } from "../db/rate-limit.server";
import {
  downloadTokensIn,
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
} from "../testing/shop-fixtures.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";

const SITE = "https://shop.example";

describe("recovery form", () => {
  it("needs a valid address and compares it in lower case", () => {
    expect(recoverLinksSchema.safeParse({ email: "  " }).error?.issues[0]?.message).toBe(
      RECOVERY_MESSAGES.emailRequired,
    );
    expect(recoverLinksSchema.safeParse({ email: "fan@" }).error?.issues[0]?.message).toBe(
      RECOVERY_MESSAGES.emailInvalid,
    );
    expect(recoverLinksSchema.parse({ email: " Fan@Example.COM " })).toEqual({
      email: "fan@example.com",
    });
  });
});

describe.each(await testDatabaseKinds())("download recovery on %s", (kind) => {
  let t: TestDatabase;
  const demo = new DemoProvider();
  let client = 0;
  /** A fresh client address per call, unless a test is about the per-client limit. */
  const nextClient = () => `192.0.2.${++client}`;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  async function buySheet(email: string, complete = true) {
    const sheet = await insertShopItem(t.db, {
      title: "Recovered Lead Sheet",
      category: "sheet_music",
      price: 5.99,
      inventoryCount: null,
      pdfFileUrl: "sheet-music/recovered.pdf",
      downloadLimit: 3,
    });
    const lines = [{ item: sheet, quantity: 1 }];
    const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines, email));
    if (complete)
      await completeOrder(t.db, demo, orderBody(orderID, lines, email), { siteUrl: SITE });
    return orderID;
  }

  it("answers the same with or without orders; the mail has fresh links or says there are none", async () => {
    await buySheet("Owner@Example.com");
    const orderMail = (await mailsTo(t.db, "Owner@Example.com"))[0]!;
    const [oldToken] = downloadTokensIn(orderMail.textBody);

    const withOrders = await requestDownloadRecovery(
      t.db,
      { email: "owner@example.com", clientAddress: nextClient() },
      { siteUrl: SITE },
    );
    const withoutOrders = await requestDownloadRecovery(
      t.db,
      { email: "nobody@example.com", clientAddress: nextClient() },
      { siteUrl: SITE },
    );
    expect(withOrders).toBe("sent");
    expect(withoutOrders).toBe("sent");

    const [fresh] = await mailsTo(t.db, "owner@example.com");
    const [newToken] = downloadTokensIn(fresh!.textBody);
    expect(fresh!.subject).toMatch(/fresh download links/);
    expect(newToken).not.toBe(oldToken);
    expect((await findDownload(t.db, newToken!))?.state).toBe("valid");
    // One live link per purchase: the old one stops working.
    expect(await findDownload(t.db, oldToken!)).toBeNull();

    const [none] = await mailsTo(t.db, "nobody@example.com");
    expect(none!.subject).toMatch(/Your download links/);
    expect(downloadTokensIn(none!.textBody)).toEqual([]);
    expect(none!.textBody).toContain("We have no completed orders with downloads");
  });

  it("sends links only for completed orders", async () => {
    const orderID = await buySheet("mixed@example.com");
    await buySheet("mixed@example.com", false);
    const refundedOrder = await buySheet("mixed@example.com");
    await t.db
      .update(orders)
      .set({ paymentStatus: "refunded" })
      .where(eq(orders.providerOrderId, refundedOrder));
    await requestDownloadRecovery(
      t.db,
      { email: "mixed@example.com", clientAddress: nextClient() },
      { siteUrl: SITE },
    );
    const mails = await mailsTo(t.db, "mixed@example.com");
    const recovered = mails.find((m) => m.subject.includes("fresh"))!;
    expect(downloadTokensIn(recovered.textBody)).toHaveLength(1);
    const [kept] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    expect(recovered.textBody).toContain(kept!.id.replace(/-/g, "").slice(0, 8).toUpperCase());
  });

  it("limits requests per e-mail: beyond 3 an hour no more mail goes out, but the page says the same", async () => {
    const start = new Date("2026-05-01T10:00:00Z");
    const ask = (minutes: number) =>
      requestDownloadRecovery(
        t.db,
        { email: "flood@example.com", clientAddress: nextClient() },
        { siteUrl: SITE, now: new Date(start.getTime() + minutes * 60_000) },
      );
    expect([await ask(0), await ask(1), await ask(2), await ask(3)]).toEqual([
      "sent",
      "sent",
      "sent",
      "email-limited",
    ]);
    expect(await mailsTo(t.db, "flood@example.com")).toHaveLength(3);
    expect(await ask(61)).toBe("sent");
  });

  it("limits requests per client address", async () => {
    const results = [];
    for (let i = 0; i < 6; i++) {
      results.push(
        await requestDownloadRecovery(
          t.db,
          { email: `probe${i}@example.com`, clientAddress: "198.51.100.7" },
          { siteUrl: SITE },
        ),
      );
    }
    expect(results).toEqual(["sent", "sent", "sent", "sent", "sent", "client-limited"]);
    expect(await mailsTo(t.db, "probe5@example.com")).toEqual([]);
  });

  it("counts hits atomically in a fixed window", async () => {
    const now = new Date("2026-05-02T10:00:00Z");
    const rule = { max: 5, windowMs: 60_000 };
    const hits = await Promise.all(
      Array.from({ length: 8 }, () => hitRateLimit(t.db, "test:parallel", rule, now)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(hits.filter((h) => h.allowed)).toHaveLength(5);
    const later = await hitRateLimit(t.db, "test:parallel", rule, new Date(now.getTime() + 60_000));
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });
});
