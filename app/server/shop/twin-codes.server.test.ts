/**
 * A record's digital twin (issue 23) on PGlite and on PostgreSQL when it answers:
 * buying records whose item names a twin mails one working download code per copy with
 * the confirmation; "Resend links" replaces the unused codes and leaves a redeemed one
 * redeemed; a refund revokes them; the dialog's twin is checked on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { REDEEM_MESSAGES } from "~/domain/shop/downloads/download-code";
import { SHOP_ITEM_MESSAGES, shopItemCreateSchema } from "~/domain/shop/catalogue/shop-item-form";
import { ValidationError } from "../core/errors.server";
import { downloadCodeBatches, orders, shopItems } from "../db/schema/shop.server";
import { redeemDownloadCode } from "./download-codes.server";
import { refundOrder, resendDownloadLinks } from "./order-admin.server";
import { completeOrder, createProviderOrder } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { checkDigitalTwin, createShopItem } from "./shop-items.server";
import {
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
  type CartLine,
} from "../testing/shop-fixtures.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";

const SITE = "https://shop.example";
const ACTOR = { id: "owner-1", email: "owner@example.com" };
const CODE = /\b[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}\b/g;
const codesIn = (text: string) => [...text.matchAll(CODE)].map((m) => m[0]);

describe.each(await testDatabaseKinds())("a record's digital twin on %s", (kind) => {
  let t: TestDatabase;
  const demo = new DemoProvider();
  let clients = 0;
  const client = () => `198.51.100.${++clients % 250}`;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  async function recordWithTwin() {
    const album = await insertShopItem(t.db, {
      title: "Lowlight Walk (download)",
      category: "digital_music",
      price: 9,
      inventoryCount: null,
      pdfFileUrl: "digital-music/lowlight.zip",
    });
    const cd = await insertShopItem(t.db, {
      title: "Lowlight Walk (CD)",
      category: "cd",
      price: 15,
      inventoryCount: 10,
      digitalTwinId: album.id,
    });
    return { album, cd };
  }

  async function buy(lines: CartLine[], email: string) {
    const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines, email));
    await completeOrder(t.db, demo, orderBody(orderID, lines, email), { siteUrl: SITE });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    return order!;
  }

  it("mails one code per copy with the confirmation; each code redeems the twin once", async () => {
    const { cd } = await recordWithTwin();
    const order = await buy([{ item: cd, quantity: 2 }], "record.buyer@example.com");
    const [mail] = await mailsTo(t.db, "record.buyer@example.com");
    expect(mail!.textBody).toContain(
      "Your record comes with its download: Lowlight Walk (download)",
    );
    expect(mail!.textBody).toContain(`${SITE}/redeem`);
    const codes = codesIn(mail!.textBody);
    expect(new Set(codes).size).toBe(2);
    expect(mail!.htmlBody).toContain(codes[0]);

    const [batch] = await t.db
      .select()
      .from(downloadCodeBatches)
      .where(eq(downloadCodeBatches.orderId, order.id));
    expect(batch).toMatchObject({ source: "twin", label: expect.stringContaining("With order") });

    const redeem = (code: string, email: string) =>
      redeemDownloadCode(t.db, { code, email, clientAddress: client() }, { siteUrl: SITE });
    expect(await redeem(codes[0]!, "a.friend@example.com")).toEqual({
      status: "sent",
      email: "a.friend@example.com",
    });
    const [gift] = await mailsTo(t.db, "a.friend@example.com");
    expect(gift!.textBody).toContain("Lowlight Walk (download)");
    expect(await redeem(codes[0]!, "someone.else@example.com")).toMatchObject({
      status: "refused",
      message: REDEEM_MESSAGES.used,
    });
  });

  it("sends nothing extra for a record without a twin, or when the twin lost its file", async () => {
    const plain = await insertShopItem(t.db, {
      title: "Plain CD",
      category: "cd",
      price: 12,
      inventoryCount: 5,
    });
    await buy([{ item: plain, quantity: 1 }], "plain.cd@example.com");
    const [mail] = await mailsTo(t.db, "plain.cd@example.com");
    expect(codesIn(mail!.textBody)).toEqual([]);

    const { album, cd } = await recordWithTwin();
    await t.db.update(shopItems).set({ pdfFileUrl: null }).where(eq(shopItems.id, album.id));
    await buy([{ item: cd, quantity: 1 }], "lost.file@example.com");
    const [lost] = await mailsTo(t.db, "lost.file@example.com");
    expect(lost!.subject).toMatch(/Your order/);
    expect(codesIn(lost!.textBody)).toEqual([]);
  });

  it("replaces unused codes on resend, keeps a redeemed one, and revokes them on refund", async () => {
    const { cd } = await recordWithTwin();
    const order = await buy([{ item: cd, quantity: 2 }], "resend.twin@example.com");
    const [first] = await mailsTo(t.db, "resend.twin@example.com");
    const [used, unused] = codesIn(first!.textBody);
    await redeemDownloadCode(
      t.db,
      { code: used!, email: "resend.twin@example.com", clientAddress: client() },
      { siteUrl: SITE },
    );

    // A CD-only order has no file of its own, but its codes can be sent again.
    await resendDownloadLinks(t.db, ACTOR, order.id, { siteUrl: SITE });
    const mails = await mailsTo(t.db, "resend.twin@example.com");
    const resent = mails.at(-1)!;
    const fresh = codesIn(resent.textBody);
    expect(fresh).toHaveLength(1);
    expect(fresh).not.toContain(unused);
    expect(fresh).not.toContain(used);
    const redeem = (code: string) =>
      redeemDownloadCode(
        t.db,
        { code, email: "x@example.com", clientAddress: client() },
        { siteUrl: SITE },
      );
    expect(await redeem(unused!)).toMatchObject({ status: "refused" });

    await refundOrder(t.db, ACTOR, order.id, { providerFor: () => demo, siteUrl: SITE });
    expect(await redeem(fresh[0]!)).toMatchObject({
      status: "refused",
      message: REDEEM_MESSAGES.revoked,
    });
  });

  it("accepts only an item with a file, not a record, and not the item itself, as a twin", async () => {
    const { album, cd } = await recordWithTwin();
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof ValidationError ? error.fieldErrors : error),
      );
    await expect(checkDigitalTwin(t.db, cd.id, album.id)).resolves.toBeUndefined();
    expect(await refusal(checkDigitalTwin(t.db, cd.id, cd.id))).toEqual({
      digitalTwinId: [SHOP_ITEM_MESSAGES.twinItself],
    });
    const otherCd = await insertShopItem(t.db, { category: "cd", price: 3, inventoryCount: 1 });
    expect(await refusal(checkDigitalTwin(t.db, cd.id, otherCd.id))).toEqual({
      digitalTwinId: [SHOP_ITEM_MESSAGES.twinUnknown],
    });
    expect(
      await refusal(checkDigitalTwin(t.db, cd.id, "00000000-0000-4000-8000-000000000000")),
    ).toEqual({ digitalTwinId: [SHOP_ITEM_MESSAGES.twinUnknown] });

    const vinyl = await createShopItem(
      t.db,
      ACTOR,
      shopItemCreateSchema.parse({
        title: "Lowlight Walk (vinyl)",
        category: "physical_music",
        price: "25",
        inventoryCount: "3",
        digitalTwinId: album.id,
      }),
    );
    expect(vinyl.digitalTwinId).toBe(album.id);
    // Another category clears it.
    expect(
      shopItemCreateSchema.parse({
        title: "Shirt",
        category: "merchandise",
        price: "20",
        digitalTwinId: album.id,
      }).digitalTwinId,
    ).toBeNull();
  });
});
