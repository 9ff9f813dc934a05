/**
 * The artist's business view: messages with their delivery state, marked handled and
 * sent again; subscribers listed, removed and exported; the audit log by screen; and
 * the dashboard's figures over their 30-day window.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  listMessages,
  retryMessageDelivery,
  setMessageHandled,
} from "../audience/messages-admin.server";
import {
  exportSubscribersCsv,
  listSubscribers,
  removeSubscriber,
} from "../audience/subscribers-admin.server";
import { submitContactMessage } from "../audience/contact.server";
import { AppError } from "../core/errors.server";
import { auditLog } from "../db/schema/db.server";
import { contactMessages, newsletterSubscribers } from "../db/schema/audience.server";
import { mailOutbox } from "../db/schema/mail.server";
import { orders, shopItems } from "../db/schema/shop.server";
import { sendMail } from "../mail/mail.server";
import { insertShopItem } from "../testing/shop-fixtures.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { listAudit } from "./audit-log.server";
import { readDashboardFigures } from "./dashboard-figures.server";

const actor = { id: "u1", email: "owner@example.com" };
const DAY = 24 * 60 * 60_000;

describe.each(await testDatabaseKinds())("the business view on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  async function contact(subject: string) {
    const outcome = await submitContactMessage(
      t.db,
      { name: "Ada Quill", email: "ada@example.org", subject, message: "Hello there." },
      { recipient: "artist@example.com", clientKey: `k-${subject}`, send: sendMail },
    );
    if (outcome.status !== "sent") throw new Error(outcome.status);
    return outcome.messageId;
  }

  describe("messages", () => {
    beforeEach(async () => {
      await t.db.delete(contactMessages);
      await t.db.delete(mailOutbox);
    });

    it("lists newest first with the delivery state of their mail", async () => {
      await contact("First");
      await contact("Second");
      const page = await listMessages(t.db, { filter: "all", page: 1 });
      expect(page.rows.map((m) => m.subject)).toEqual(["Second", "First"]);
      // No SMTP in tests: the mail waits in the outbox, shown as not sent for want of a server.
      expect(page.rows[0]!.delivery.status).toBe("unconfigured");
      expect(page.unhandled).toBe(2);
    });

    it("marks handled (audited) and filters the unhandled ones", async () => {
      const first = await contact("Booking");
      await contact("Lesson");
      await setMessageHandled(t.db, actor, first, true);
      const open = await listMessages(t.db, { filter: "unhandled", page: 1 });
      expect(open.rows.map((m) => m.subject)).toEqual(["Lesson"]);
      expect(open.unhandled).toBe(1);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "contact_messages.handle"));
      expect(audit).toMatchObject({ entity: "contact_messages", entityId: first });
      await setMessageHandled(t.db, actor, first, false);
      expect((await listMessages(t.db, { filter: "unhandled", page: 1 })).total).toBe(2);
    });

    it("sends a failed delivery again, and only a failed one", async () => {
      const id = await contact("Failed once");
      const [message] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      const refused = await retryMessageDelivery(t.db, actor, id).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).message).toBe("Only a failed delivery can be sent again.");

      await t.db
        .update(mailOutbox)
        .set({ status: "failed", attempts: 12, lastError: "550 mailbox full" })
        .where(eq(mailOutbox.id, message!.mailOutboxId!));
      expect(
        (await listMessages(t.db, { filter: "all", page: 1 })).rows[0]!.delivery,
      ).toMatchObject({ status: "failed", lastError: "550 mailbox full" });
      await retryMessageDelivery(t.db, actor, id);
      const [mail] = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, message!.mailOutboxId!));
      expect(mail).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    });
  });

  describe("subscribers", () => {
    beforeEach(async () => {
      await t.db.delete(newsletterSubscribers);
      await t.db.insert(newsletterSubscribers).values([
        { email: "a.fan@example.com", unsubscribeTokenHash: "h1", status: "subscribed" },
        { email: "b.fan@example.com", unsubscribeTokenHash: "h2", status: "subscribed" },
        { email: "waiting@example.com", unsubscribeTokenHash: "h4", status: "pending" },
        {
          email: "gone@example.com",
          unsubscribeTokenHash: "h3",
          status: "unsubscribed",
          unsubscribedAt: new Date(),
        },
      ]);
    });

    it("lists, searches and counts the current subscribers", async () => {
      const all = await listSubscribers(t.db, { q: "", status: "all", page: 1 });
      expect(all.total).toBe(4);
      expect(all.subscribedCount).toBe(2);
      expect(all.pendingCount).toBe(1);
      const pending = await listSubscribers(t.db, { q: "", status: "pending", page: 1 });
      expect(pending.rows.map((s) => [s.email, s.status])).toEqual([
        ["waiting@example.com", "pending"],
      ]);
      const found = await listSubscribers(t.db, { q: "B.FAN", status: "all", page: 1 });
      expect(found.rows.map((s) => s.email)).toEqual(["b.fan@example.com"]);
      // A search with LIKE's wildcards finds them literally, not everything.
      expect((await listSubscribers(t.db, { q: "%", status: "all", page: 1 })).total).toBe(0);
    });

    it("exports only the current subscribers, at the site's times (issue 42 item 22)", async () => {
      await t.db
        .update(newsletterSubscribers)
        .set({ createdAt: new Date("2025-12-02T23:48:41.195Z") })
        .where(eq(newsletterSubscribers.email, "a.fan@example.com"));
      const { csv, filename } = await exportSubscribersCsv(t.db, new URLSearchParams(), {
        now: new Date("2026-11-24T02:00:00Z"),
        timeZone: "America/New_York",
      });
      // 02:00 UTC is still the evening before in New York: the site's day names the file.
      expect(filename).toBe("subscribers-2026-11-23.csv");
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toBe("Email,Subscribed at (America/New_York)");
      // The site's wall clock with its offset, as the orders CSV writes its times.
      expect(lines).toContain("a.fan@example.com,2025-12-02T18:48:41-05:00");
      expect(csv).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}Z/);
      expect(csv).toContain("a.fan@example.com");
      expect(csv).toContain("b.fan@example.com");
      expect(csv).not.toContain("gone@example.com");
      // Not confirmed yet: not on the list that is mailed.
      expect(csv).not.toContain("waiting@example.com");
    });

    it("removes a subscriber, audited", async () => {
      const [row] = await t.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "a.fan@example.com"));
      await removeSubscriber(t.db, actor, row!.id);
      const left = await listSubscribers(t.db, { q: "", status: "subscribed", page: 1 });
      expect(left.rows.map((s) => s.email)).toEqual(["b.fan@example.com"]);
      const page = await listAudit(t.db, { screen: "subscribers", page: 1 });
      expect(page.rows[0]).toMatchObject({
        action: "newsletter_subscribers.remove",
        screen: "Subscribers",
        actorEmail: "owner@example.com",
        sentence: "Removed a.fan@example.com from the newsletter",
      });
      // The shop's screen filter does not show it.
      const shop = await listAudit(t.db, { screen: "shop", page: 1 });
      expect(shop.rows.some((e) => e.entity === "newsletter_subscribers")).toBe(false);
    });
  });

  describe("dashboard figures", () => {
    it("counts paid orders and revenue of the last 30 days, low stock and waiting messages", async () => {
      await t.db.delete(orders);
      await t.db.delete(shopItems);
      await t.db.delete(contactMessages);
      const now = new Date("2026-11-23T12:00:00Z");
      const order = (id: string, total: number, status: string, ageDays: number) => ({
        provider: "demo",
        providerOrderId: id,
        customerEmail: "fan@example.com",
        paymentStatus: status,
        totalAmount: total,
        createdAt: new Date(now.getTime() - ageDays * DAY),
      });
      await t.db
        .insert(orders)
        .values([
          order("A", 20, "completed", 1),
          order("B", 15.5, "completed", 29),
          order("C", 99, "refunded", 3),
          order("D", 50, "completed", 31),
          order("E", 10, "pending", 1),
        ]);
      await insertShopItem(t.db, { category: "cd", inventoryCount: 3 });
      await insertShopItem(t.db, { category: "merchandise", inventoryCount: 0 });
      await insertShopItem(t.db, { category: "cd", inventoryCount: 4 });
      await insertShopItem(t.db, { category: "merchandise", inventoryCount: null });
      await insertShopItem(t.db, { category: "cd", inventoryCount: 1, isVisible: false });
      await insertShopItem(t.db, { category: "digital_music", inventoryCount: 1 });
      await insertShopItem(t.db, { category: "cd", inventoryCount: 6 });
      await contact("Waiting");

      const figures = await readDashboardFigures(t.db, { hasAdminPrivileges: true, now });
      expect(figures).toEqual({
        sales: { orders: 2, revenue: 35.5 },
        unhandledMessages: 1,
        // 3 and 4 left are low; 0 is out of stock, counted apart; hidden and untracked are not.
        stock: { low: 2, out: 1 },
        subscribers: expect.any(Number),
        // No name-your-price copy sold in this database.
        paidMore: { sales: 0, paidMore: 0, paidMorePercent: null, averageExtra: null },
        // No visit counted in this database (analytics, issue 25).
        visitors: 0,
      });
      // Money and personal data only for Admin privileges (docs/decisions/014).
      expect(await readDashboardFigures(t.db, { hasAdminPrivileges: false, now })).toEqual({
        stock: { low: 2, out: 1 },
      });
    });
  });
});
