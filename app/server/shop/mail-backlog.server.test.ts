/**
 * Mail while no mail server is configured (issue 26, item 13): the messages wait and
 * say so; when a server appears, what still means something is sent and mails whose
 * links no longer work are dropped with a reason, which the messages screen shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MAIL_DROP_REASONS } from "~/domain/mail/mail-validity";
import { listUnsentMail } from "../audience/messages-admin.server";
import { mailOutbox } from "../db/schema/mail.server";
import { orders } from "../db/schema/shop.server";
import { readMailConditions } from "../ops/mail-conditions.server";
import {
  deliverDueMail,
  enqueueMail,
  setMailTransport,
  type MailTransport,
} from "../mail/mail.server";
import { renderMail } from "../mail/mail-template.server";
import { refundOrder, resendDownloadLinks } from "./order-admin.server";
import { completeOrder, createProviderOrder } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
  type CartLine,
} from "../testing/shop-fixtures.server";

const SITE = "https://shop.example";
const ACTOR = { id: "owner-1", email: "owner@example.com" };

describe.each(await testDatabaseKinds())("the mail backlog on %s", (kind) => {
  let t: TestDatabase;
  const demo = new DemoProvider();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setMailTransport(null);
  });
  afterAll(async () => {
    setMailTransport(null);
    await t?.destroy();
  });

  async function buy(lines: CartLine[], email: string) {
    const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines, email));
    await completeOrder(t.db, demo, orderBody(orderID, lines, email), { siteUrl: SITE });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    return order!;
  }

  it("waits without a mail server, then sends what still means something and drops the rest", async () => {
    const sheet = await insertShopItem(t.db, {
      title: "Backlog Lead Sheet",
      category: "sheet_music",
      price: 6,
      inventoryCount: null,
      pdfFileUrl: "sheet-music/backlog.pdf",
    });
    const contact = await enqueueMail(
      t.db,
      renderMail({ to: "artist@example.com", subject: "Booking", heading: "Hi", paragraphs: [] }),
    );
    // Links sent twice: the first confirmation's links were replaced.
    const resent = await buy([{ item: sheet, quantity: 1 }], "resent@example.com");
    await resendDownloadLinks(t.db, ACTOR, resent.id, { siteUrl: SITE });
    // Refunded before any mail could leave: its confirmation would mislead.
    const refunded = await buy([{ item: sheet, quantity: 1 }], "refunded@example.com");
    await refundOrder(t.db, ACTOR, refunded.id, {
      providerFor: () => demo,
      siteUrl: SITE,
    });

    // No mail server: every mail waits and reads "not sent", none "delivering".
    const waiting = await listUnsentMail(t.db);
    expect(waiting.length).toBeGreaterThanOrEqual(4);
    expect(new Set(waiting.map((m) => m.status))).toEqual(new Set(["unconfigured"]));

    // A mail server appears.
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(m) {
        sent.push(`${m.to} ${m.subject}`);
      },
    };
    setMailTransport(transport);
    const result = await deliverDueMail(t.db, transport, {
      from: "shop@example.com",
      readConditions: readMailConditions,
    });
    expect(result).toMatchObject({ sent: 3, dropped: 2, failed: 0 });

    expect(sent.sort()).toEqual(
      [
        "artist@example.com Booking",
        `refunded@example.com Your order ${refunded.id.slice(0, 8).toUpperCase()} has been refunded`,
        `resent@example.com Your download links – order ${resent.id.slice(0, 8).toUpperCase()}`,
      ].sort(),
    );
    const [contactRow] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, contact));
    expect(contactRow!.status).toBe("sent");

    const [firstConfirmation, secondConfirmation] = await mailsTo(t.db, "resent@example.com");
    expect(firstConfirmation!.status).toBe("dropped");
    expect(firstConfirmation!.dropReason).toBe(MAIL_DROP_REASONS.downloadsGone);
    expect(secondConfirmation!.status).toBe("sent");
    const [refundedConfirmation, refundNotice] = await mailsTo(t.db, "refunded@example.com");
    expect(refundedConfirmation!.status).toBe("dropped");
    expect(refundedConfirmation!.dropReason).toBe(MAIL_DROP_REASONS.orderRefunded);
    expect(refundNotice!.status).toBe("sent");

    // The messages screen names what was dropped and why.
    const unsent = await listUnsentMail(t.db);
    expect(unsent.map((m) => [m.to, m.status, m.reason]).sort()).toEqual(
      [
        ["refunded@example.com", "dropped", MAIL_DROP_REASONS.orderRefunded],
        ["resent@example.com", "dropped", MAIL_DROP_REASONS.downloadsGone],
      ].sort(),
    );
  });
});
