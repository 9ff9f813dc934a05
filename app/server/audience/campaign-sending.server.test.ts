/**
 * The campaign sending engine (issue 22) on PGlite and on PostgreSQL when it answers,
 * through a real SMTP server in the test process: every recipient exactly once, the
 * per-recipient links and RFC 8058 headers, double starts, no mail server, an empty
 * audience, unsubscribes mid-send, 4xx retries, 5xx bounces, dead instances' rows,
 * scheduled starts, and (PostgreSQL) two instances sending one campaign at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { CAMPAIGN_SENDING_TEXT, scheduleFailureReason } from "~/domain/audience/letters/sending";
import { auditLog } from "../db/schema/db.server";
import { events } from "../db/schema/content.server";
import {
  newsletterCampaignRecipients as recipients,
  newsletterCampaigns as campaigns,
  newsletterSubscribers,
} from "../db/schema/audience.server";
import { orderLines, orders } from "../db/schema/shop.server";
import { openDatabase } from "../db/database.server";
import { Conflict, NotFound, ValidationError } from "../core/errors.server";
import {
  setMailTransport,
  smtpBulkTransport,
  smtpTransport,
  type BulkMailTransport,
} from "../mail/mail.server";
import { startSmtpCatcher, type SmtpCatcher } from "../testing/smtp-catcher.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  fanAddresses,
  insertCampaign,
  insertSubscribers,
  standInRender,
} from "../testing/newsletter-fixtures.server";
import { insertShopItem } from "../testing/shop-fixtures.server";
import { countAudience, listAudience } from "./campaign-audience.server";
import {
  campaignProgress,
  resendUnknown,
  senderPass,
  startCampaignSend,
  startCampaignSender,
  startDueCampaigns,
  type SenderOptions,
} from "./campaign-sending.server";
import { findSubscription, setSubscriberLocation, unsubscribe } from "./newsletter.server";
import type { Database } from "../db/database.server";

const SITE = "https://silas.example";
const FROM = "Silas Lowenthorne <letters@silas.example>";
const PARIS = { latitude: 48.85341, longitude: 2.3488 };
const LONDON = { latitude: 51.50853, longitude: -0.12574 };
const LYON = { latitude: 45.74846, longitude: 4.84671 };

/** Headers of a caught message, folded lines joined. */
const headersOf = (body: string) =>
  body.slice(0, body.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");

describe.each(await testDatabaseKinds())("campaign sending on %s", (kind) => {
  let t: TestDatabase & { url?: string };
  let catcher: SmtpCatcher;
  let transport: BulkMailTransport;
  /** Addresses the catcher refuses: code per address, or a function of the attempt. */
  const answers = new Map<string, (attempt: number) => number | null>();
  const attempts = new Map<string, number>();

  const sender = (extra: Partial<SenderOptions> = {}): SenderOptions => ({
    render: standInRender,
    transport,
    siteUrl: SITE,
    from: FROM,
    ratePerSecond: 0,
    ...extra,
  });

  /** Runs sender passes until nothing is left to do now. */
  async function sendAll(db: Database = t.db, extra: Partial<SenderOptions> = {}) {
    for (let i = 0; i < 1000; i++) {
      const r = await senderPass(db, sender(extra));
      if (r.sent + r.retrying + r.failed + r.bounced + r.unknown + r.skipped === 0) {
        if (!r.rateLimited) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error("the sender never ran out of work");
  }

  const mailsTo = (email: string) => catcher.messages.filter((m) => m.to.includes(email));
  const statusOf = async (id: string) =>
    (await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    catcher = await startSmtpCatcher({
      answer: (to) => {
        const rule = answers.get(to);
        if (!rule) return null;
        const attempt = (attempts.get(to) ?? 0) + 1;
        attempts.set(to, attempt);
        const code = rule(attempt);
        return code ? { code, message: `${code} test answer for ${to}` } : null;
      },
    });
    transport = smtpBulkTransport(catcher.url);
  });
  afterAll(async () => {
    setMailTransport(null);
    transport?.close();
    await catcher?.close();
    await t?.destroy();
  });
  beforeEach(async () => {
    setMailTransport(smtpTransport(catcher.url));
    catcher.messages.length = 0;
    answers.clear();
    attempts.clear();
    await t.db.delete(campaigns);
    await t.db.delete(orders);
    await t.db.delete(newsletterSubscribers);
    await t.db.delete(events);
  });

  describe("audience", () => {
    it("counts confirmed subscribers only, never pending, unsubscribed or bounced", async () => {
      await insertSubscribers(t.db, [
        { email: "yes1@fans.example" },
        { email: "yes2@fans.example" },
        { email: "pending@fans.example", status: "pending" },
        { email: "left@fans.example", status: "unsubscribed" },
        { email: "bounced@fans.example", status: "bounced" },
      ]);
      expect(await countAudience(t.db, { kind: "all" })).toBe(2);
      expect((await listAudience(t.db, { kind: "all" })).map((m) => m.email)).toEqual([
        "yes1@fans.example",
        "yes2@fans.example",
      ]);
      // A stored shape the code does not know is refused, never read as "everyone".
      const unknown = { kind: "everyone-ever" } as unknown as Parameters<typeof countAudience>[1];
      await expect(countAudience(t.db, unknown)).rejects.toThrow(
        CAMPAIGN_SENDING_TEXT.unknownAudience,
      );
    });

    it("finds the fans within a distance of a concert's city, and refuses a city with no map position", async () => {
      const [paris, typed] = await t.db
        .insert(events)
        .values([
          { title: "Paris", date: "2027-03-01", venue: "New Morning", city: "Paris", ...PARIS },
          { title: "Typed", date: "2027-03-02", venue: "Club", city: "Somewhere" },
        ])
        .returning();
      const place = (city: string, p: typeof PARIS) => ({ city, countryCode: "XX", ...p });
      await insertSubscribers(t.db, [
        { email: "paris@fans.example", ...place("Paris", PARIS) },
        { email: "london@fans.example", ...place("London", LONDON) },
        { email: "lyon@fans.example", ...place("Lyon", LYON) },
        { email: "nowhere@fans.example" },
        { email: "pending-paris@fans.example", status: "pending", ...place("Paris", PARIS) },
      ]);
      const near = (radiusKm: number) =>
        ({ kind: "near-event", eventId: paris!.id, radiusKm }) as const;
      expect((await listAudience(t.db, near(150))).map((m) => m.email)).toEqual([
        "paris@fans.example",
      ]);
      expect(await countAudience(t.db, near(360))).toBe(2); // London is 344 km away
      expect(await countAudience(t.db, near(400))).toBe(3); // Lyon 392 km
      const refusal = countAudience(t.db, {
        kind: "near-event",
        eventId: typed!.id,
        radiusKm: 150,
      });
      await expect(refusal).rejects.toBeInstanceOf(ValidationError);
      await expect(refusal).rejects.toThrow(CAMPAIGN_SENDING_TEXT.eventWithoutPosition);
      await expect(
        countAudience(t.db, {
          kind: "near-event",
          eventId: "00000000-0000-4000-8000-000000000000",
          radiusKm: 150,
        }),
      ).rejects.toBeInstanceOf(NotFound);
    });

    it("finds the subscribers who bought an item in a completed order", async () => {
      const item = await insertShopItem(t.db);
      const other = await insertShopItem(t.db);
      await insertSubscribers(t.db, [
        { email: "buyer@fans.example" },
        { email: "pending-order@fans.example" },
        { email: "other-item@fans.example" },
        { email: "left-buyer@fans.example", status: "unsubscribed" },
      ]);
      const order = async (email: string, itemId: string, paymentStatus = "completed") => {
        const [o] = await t.db
          .insert(orders)
          .values({
            provider: "paypal",
            providerOrderId: `${email}-${itemId}`,
            customerEmail: email,
            paymentStatus,
            totalAmount: 10,
          })
          .returning();
        await t.db.insert(orderLines).values({
          orderId: o!.id,
          shopItemId: itemId,
          title: "Album",
          category: "cd",
          quantity: 1,
          unitPrice: 10,
          lineTotal: 10,
        });
      };
      await order("Buyer@Fans.example", item.id); // as typed at checkout
      await order("pending-order@fans.example", item.id, "pending");
      await order("other-item@fans.example", other.id);
      await order("left-buyer@fans.example", item.id);
      await order("not-subscribed@fans.example", item.id);
      const audience = { kind: "product-buyers", itemId: item.id } as const;
      expect((await listAudience(t.db, audience)).map((m) => m.email)).toEqual([
        "buyer@fans.example",
      ]);
      expect(await countAudience(t.db, audience)).toBe(1);
    });
  });

  it("mails every recipient exactly once, with their own links, the RFC 8058 headers and a Message-ID on the site's domain", async () => {
    const fans = await insertSubscribers(t.db, fanAddresses(120));
    const campaign = await insertCampaign(t.db, { subject: "Spring tour: 12 dates!" });
    const started = await startCampaignSend(t.db, campaign.id, {
      render: standInRender,
      actor: { id: "u1", email: "owner@silas.example" },
    });
    expect(started).toEqual({ recipients: 120, slug: "spring-tour-12-dates" });
    const before = await campaignProgress(t.db, campaign.id);
    expect(before).toMatchObject({ recipients: 120, queued: 120, sent: 0, done: 0 });
    expect(catcher.messages).toHaveLength(0); // the rows are written before any mail leaves

    await sendAll();

    expect(catcher.messages).toHaveLength(120);
    for (const fan of fans) expect(mailsTo(fan.email)).toHaveLength(1);
    const after = await statusOf(campaign.id);
    expect(after).toMatchObject({ status: "sent", sentSubject: "Spring tour: 12 dates!" });
    expect(after.finishedAt).toBeInstanceOf(Date);
    expect(await campaignProgress(t.db, campaign.id)).toMatchObject({
      recipients: 120,
      sent: 120,
      done: 120,
      queued: 0,
      unknown: 0,
    });

    const mail = mailsTo(fans[7]!.email)[0]!;
    const headers = headersOf(mail.body);
    const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>, <([^>]+)>$/m.exec(headers);
    expect(listUnsubscribe, headers).not.toBeNull();
    const link = listUnsubscribe![1]!;
    expect(link.startsWith(`${SITE}/newsletter/unsubscribe?token=`)).toBe(true);
    expect(listUnsubscribe![2]).toBe("mailto:letters@silas.example?subject=unsubscribe");
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toMatch(/^Message-ID: <[^@>]+@silas\.example>$/m);
    expect(mail.body).toContain(link);
    const token = new URL(link).searchParams.get("token")!;
    expect(mail.body).toContain(`${SITE}/newsletter/location?token=${token}`);
    expect(mail.body).not.toContain("{{");
    // Each mail its own token; the table keeps only hashes.
    const otherLink = /List-Unsubscribe: <([^>]+)>/.exec(
      headersOf(mailsTo(fans[8]!.email)[0]!.body),
    )![1];
    expect(otherLink).not.toBe(link);
    const [stored] = await t.db
      .select({ hash: recipients.linkTokenHash })
      .from(recipients)
      .where(eq(recipients.email, fans[7]!.email));
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.hash).not.toContain(token);

    // The campaign's link finds the subscriber; unsubscribing through it is counted.
    expect(await findSubscription(t.db, token)).toMatchObject({
      email: fans[7]!.email,
      status: "subscribed",
    });
    expect(await setSubscriberLocation(t.db, token, null)).toMatchObject({ email: fans[7]!.email });
    expect(await unsubscribe(t.db, token)).toMatchObject({ status: "unsubscribed" });
    expect(await unsubscribe(t.db, token)).toMatchObject({ status: "unsubscribed" });
    expect((await campaignProgress(t.db, campaign.id)).unsubscribed).toBe(1);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, campaign.id));
    expect(audit).toMatchObject({
      action: "newsletter_campaigns.send",
      actorEmail: "owner@silas.example",
      details: { recipients: 120, subject: "Spring tour: 12 dates!" },
    });
  });

  it("starts a campaign once: a double click is a Conflict, and a sent campaign is never started again", async () => {
    await insertSubscribers(t.db, fanAddresses(30));
    const campaign = await insertCampaign(t.db);
    const both = await Promise.allSettled([
      startCampaignSend(t.db, campaign.id, { render: standInRender }),
      startCampaignSend(t.db, campaign.id, { render: standInRender }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(Conflict);
    expect(refused.reason.message).toBe(CAMPAIGN_SENDING_TEXT.alreadyStarted);
    expect((await campaignProgress(t.db, campaign.id)).recipients).toBe(30);
    await sendAll();
    await expect(
      startCampaignSend(t.db, campaign.id, { render: standInRender }),
    ).rejects.toBeInstanceOf(Conflict);
    expect(catcher.messages).toHaveLength(30);
    // A second campaign with the same subject gets its own address on the web.
    const again = await insertCampaign(t.db);
    expect((await startCampaignSend(t.db, again.id, { render: standInRender })).slug).toBe(
      "news-from-the-road-2",
    );
  });

  it("refuses clearly without a mail server or with nobody in the audience, and changes nothing", async () => {
    const campaign = await insertCampaign(t.db);
    await expect(startCampaignSend(t.db, campaign.id, { render: standInRender })).rejects.toThrow(
      CAMPAIGN_SENDING_TEXT.emptyAudience,
    );
    await insertSubscribers(t.db, fanAddresses(3));
    setMailTransport(null);
    await expect(startCampaignSend(t.db, campaign.id, { render: standInRender })).rejects.toThrow(
      CAMPAIGN_SENDING_TEXT.noMailServer,
    );
    expect(await statusOf(campaign.id)).toMatchObject({ status: "draft", startedAt: null });
    expect((await campaignProgress(t.db, campaign.id)).recipients).toBe(0);
  });

  it("skips a subscriber who unsubscribed (or was removed) after the send started", async () => {
    const fans = await insertSubscribers(t.db, fanAddresses(10));
    const campaign = await insertCampaign(t.db);
    await startCampaignSend(t.db, campaign.id, { render: standInRender });
    await t.db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed" })
      .where(eq(newsletterSubscribers.id, fans[3]!.id));
    await t.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, fans[4]!.id));
    await sendAll();
    expect(mailsTo(fans[3]!.email)).toHaveLength(0);
    expect(mailsTo(fans[4]!.email)).toHaveLength(0);
    expect(catcher.messages).toHaveLength(8);
    expect(await campaignProgress(t.db, campaign.id)).toMatchObject({ sent: 8, skipped: 2 });
    expect((await statusOf(campaign.id)).status).toBe("sent");
  });

  it("bounces and suppresses an address on a 5xx answer, and retries a 4xx answer with backoff until it is accepted", async () => {
    await insertSubscribers(t.db, fanAddresses(5));
    answers.set("fan00001@fans.example", () => 550);
    answers.set("fan00002@fans.example", (attempt) => (attempt === 1 ? 451 : null));
    const campaign = await insertCampaign(t.db);
    await startCampaignSend(t.db, campaign.id, { render: standInRender });
    await sendAll();

    expect(mailsTo("fan00001@fans.example")).toHaveLength(0);
    const [bouncedFan] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "fan00001@fans.example"));
    expect(bouncedFan).toMatchObject({ status: "bounced" });
    expect(bouncedFan!.bouncedAt).toBeInstanceOf(Date);
    // The 4xx row waits for its next attempt: the campaign is not finished.
    const [deferred] = await t.db
      .select()
      .from(recipients)
      .where(eq(recipients.email, "fan00002@fans.example"));
    expect(deferred).toMatchObject({ status: "queued", attempts: 1 });
    expect(deferred!.error).toContain("451");
    expect(deferred!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await statusOf(campaign.id)).status).toBe("sending");

    // Time passes: the retry is due.
    await t.db
      .update(recipients)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(recipients.id, deferred!.id));
    await sendAll();
    expect(mailsTo("fan00002@fans.example")).toHaveLength(1);
    expect(catcher.messages).toHaveLength(4);
    expect(await campaignProgress(t.db, campaign.id)).toMatchObject({
      sent: 4,
      bounced: 1,
      queued: 0,
    });
    expect((await statusOf(campaign.id)).status).toBe("sent");

    // Suppressed: the next campaign does not include it.
    const next = await insertCampaign(t.db);
    expect((await startCampaignSend(t.db, next.id, { render: standInRender })).recipients).toBe(4);
  });

  it("reports rows left in flight by a dead instance as unknown, never re-sends them on its own, and sends them again on request", async () => {
    await insertSubscribers(t.db, fanAddresses(6));
    const campaign = await insertCampaign(t.db);
    await startCampaignSend(t.db, campaign.id, { render: standInRender });
    // An instance claimed two rows and died before SMTP answered.
    await t.db.execute(sql`
      update newsletter_campaign_recipients set status = 'sending', claimed_by = 'dead-instance',
             claimed_at = now() - interval '1 hour', attempts = 1
       where id in (select id from newsletter_campaign_recipients where campaign_id = ${campaign.id}
                    order by email limit 2)`);
    await sendAll();
    expect(catcher.messages).toHaveLength(4);
    expect(await campaignProgress(t.db, campaign.id)).toMatchObject({ sent: 4, unknown: 2 });
    expect((await statusOf(campaign.id)).status).toBe("sent");
    await sendAll();
    expect(catcher.messages).toHaveLength(4);

    expect(await resendUnknown(t.db, campaign.id)).toBe(2);
    expect((await statusOf(campaign.id)).status).toBe("sending");
    await sendAll();
    expect(mailsTo("fan00000@fans.example")).toHaveLength(1);
    expect(catcher.messages).toHaveLength(6);
    expect(await campaignProgress(t.db, campaign.id)).toMatchObject({ sent: 6, unknown: 0 });
    expect((await statusOf(campaign.id)).status).toBe("sent");
    expect(await resendUnknown(t.db, campaign.id)).toBe(0);
  });

  it("starts a due scheduled campaign once, even when two loops look at the same moment", async () => {
    await insertSubscribers(t.db, fanAddresses(4));
    const due = await insertCampaign(t.db, {
      status: "scheduled",
      scheduledAt: new Date(Date.now() - 60_000),
    });
    const later = await insertCampaign(t.db, {
      subject: "Later",
      status: "scheduled",
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    const second = t.url ? openDatabase({ kind: "postgres", url: t.url }) : null;
    try {
      const started = await Promise.all([
        startDueCampaigns(t.db, standInRender),
        startDueCampaigns(second?.db ?? t.db, standInRender),
      ]);
      expect(started[0]! + started[1]!).toBe(1);
    } finally {
      await second?.close();
    }
    expect((await statusOf(due.id)).status).toBe("sending");
    expect((await statusOf(later.id)).status).toBe("scheduled");
    expect((await campaignProgress(t.db, due.id)).recipients).toBe(4);
  });

  it("fails a due schedule that cannot start, with the reason the campaign list shows", async () => {
    const due = { status: "scheduled" as const, scheduledAt: new Date(Date.now() - 60_000) };
    const nobody = await insertCampaign(t.db, { ...due, subject: "Nobody" });
    await startDueCampaigns(t.db, standInRender);
    expect(await statusOf(nobody.id)).toMatchObject({
      status: "failed",
      failureReason: scheduleFailureReason(CAMPAIGN_SENDING_TEXT.emptyAudience),
    });
    expect((await statusOf(nobody.id)).failureReason).toContain("Nobody would receive this letter");

    await insertSubscribers(t.db, fanAddresses(3));
    const unsendable = await insertCampaign(t.db, { ...due, subject: "No server" });
    setMailTransport(null);
    await startDueCampaigns(t.db, standInRender);
    expect(await statusOf(unsendable.id)).toMatchObject({
      status: "failed",
      failureReason: CAMPAIGN_SENDING_TEXT.scheduledWithoutMailServer,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, unsendable.id));
    expect(audit.map((a) => a.action)).toContain("newsletter_campaigns.schedule_failed");
  });

  it("without a mail server, fails the schedules that are due at start-up (and later ones when due), so none goes out late", async () => {
    await insertSubscribers(t.db, fanAddresses(3));
    const overdue = await insertCampaign(t.db, {
      status: "scheduled",
      scheduledAt: new Date(Date.now() - 3_600_000),
    });
    const soon = await insertCampaign(t.db, {
      subject: "Soon",
      status: "scheduled",
      scheduledAt: new Date(Date.now() + 1_500),
    });
    const later = await insertCampaign(t.db, {
      subject: "Later",
      status: "scheduled",
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    setMailTransport(null);
    const stop = startCampaignSender(t.db, sender({ transport: null, idleMs: 500 }));
    try {
      await expect
        .poll(async () => (await statusOf(overdue.id)).status, { timeout: 10_000 })
        .toBe("failed");
      expect((await statusOf(overdue.id)).failureReason).toBe(
        CAMPAIGN_SENDING_TEXT.scheduledWithoutMailServer,
      );
      await expect
        .poll(async () => (await statusOf(soon.id)).status, { timeout: 10_000 })
        .toBe("failed");
      expect((await statusOf(later.id)).status).toBe("scheduled");
    } finally {
      await stop();
    }
    // A mail server configured again: the failed letter stays failed, nothing is mailed.
    setMailTransport(smtpTransport(catcher.url));
    await startDueCampaigns(t.db, standInRender);
    await sendAll();
    expect(catcher.messages).toHaveLength(0);
    expect((await statusOf(overdue.id)).status).toBe("failed");
    expect((await campaignProgress(t.db, overdue.id)).recipients).toBe(0);
  });

  it("keeps to the rate per second across the campaign", async () => {
    await insertSubscribers(t.db, fanAddresses(12));
    const campaign = await insertCampaign(t.db);
    await startCampaignSend(t.db, campaign.id, { render: standInRender });
    const first = await senderPass(t.db, sender({ ratePerSecond: 5 }));
    expect(first.sent).toBe(5);
    const second = await senderPass(t.db, sender({ ratePerSecond: 5 }));
    expect(second).toMatchObject({ sent: 0, rateLimited: true });
    await sendAll(t.db, { ratePerSecond: 5 });
    expect(catcher.messages).toHaveLength(12);
  });

  it("runs as a loop that is woken by a new send and stops cleanly", async () => {
    await insertSubscribers(t.db, fanAddresses(20));
    const stop = startCampaignSender(t.db, sender({ idleMs: 60_000 }));
    try {
      const campaign = await insertCampaign(t.db);
      await startCampaignSend(t.db, campaign.id, { render: standInRender });
      await expect
        .poll(async () => (await statusOf(campaign.id)).status, { timeout: 15_000 })
        .toBe("sent");
      expect(catcher.messages).toHaveLength(20);
    } finally {
      await stop();
    }
  });

  it.runIf(kind === "postgres")(
    "lets two instances (two pools) send one campaign at once with zero duplicates",
    async () => {
      await insertSubscribers(t.db, fanAddresses(400));
      const campaign = await insertCampaign(t.db);
      await startCampaignSend(t.db, campaign.id, { render: standInRender });
      const second = openDatabase({ kind: "postgres", url: t.url! });
      const transport2 = smtpBulkTransport(catcher.url);
      try {
        await Promise.all([
          sendAll(t.db, { instanceId: "one", batchSize: 20 }),
          sendAll(second.db, { instanceId: "two", batchSize: 20, transport: transport2 }),
        ]);
      } finally {
        transport2.close();
        await second.close();
      }
      expect(catcher.messages).toHaveLength(400);
      expect(new Set(catcher.messages.map((m) => m.to[0])).size).toBe(400);
      const byInstance = await t.db
        .select({ by: recipients.claimedBy })
        .from(recipients)
        .where(eq(recipients.campaignId, campaign.id));
      const counts = new Map<string, number>();
      for (const row of byInstance) counts.set(row.by!, (counts.get(row.by!) ?? 0) + 1);
      expect([...counts.keys()].sort()).toEqual(["one", "two"]);
      expect((await statusOf(campaign.id)).status).toBe("sent");
    },
  );
});
