import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { auditLog } from "../db/schema/db.server";
import { events, themeSettings } from "../db/schema/content.server";
import {
  newsletterCampaignClicks,
  newsletterCampaigns,
  newsletterSubscribers,
} from "../db/schema/audience.server";
import {
  campaignFieldsSchema,
  type CampaignFieldsInput,
} from "~/domain/audience/letters/campaign-form";
import { clickPath } from "~/domain/audience/letters/letter";
import { letterPalette } from "~/domain/audience/letters/palette";
import { LETTER_LINK_MARKERS } from "~/domain/audience/letters/campaign";
import { CAMPAIGN_SENDING_TEXT } from "~/domain/audience/letters/sending";
import {
  audienceReach,
  cancelSchedule,
  clicksByLink,
  createDraft,
  createTourMailDraft,
  currentLetterPalette,
  deleteDraft,
  duplicateCampaign,
  getCampaign,
  getPublishedLetter,
  listCampaigns,
  listPublishedLetters,
  recordClick,
  scheduleCampaign,
  sendCampaignNow,
  sendTestLetter,
  updateDraft,
} from "./campaigns.server";
import { countAudience } from "./campaign-sending-contract.server";
import { setMailTransport, type MailMessage } from "../mail/mail.server";

const actor = { id: "u1", email: "artist@example.com" };
const fields = (over: Partial<CampaignFieldsInput> = {}) =>
  campaignFieldsSchema.parse({ subject: "Spring letter", bodyMarkdown: "Hello **fans**", ...over });
const HOUR = 3_600_000;

describe.each(await testDatabaseKinds())("campaigns on %s", (kind) => {
  let t: TestDatabase;
  let eventId: string;

  beforeAll(async () => {
    // "Send now" needs a mail server; no sender loop runs here, so nothing is sent.
    setMailTransport({ send: async () => {} });
    t = await createTestDatabase(kind);
    const [e] = await t.db
      .insert(events)
      .values({
        title: "Blue Note Night",
        date: "2030-03-14",
        time: "8:00 PM",
        venue: "Blue Note",
        city: "New York",
        ticketUrl: "https://tickets.example/bn",
      })
      .returning();
    eventId = e!.id;
  });
  afterAll(async () => {
    setMailTransport(null);
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(newsletterCampaigns);
    await t.db.delete(newsletterSubscribers);
  });

  it("creates, lists, changes, duplicates and deletes a draft, with an audit sentence each", async () => {
    const draft = await createDraft(t.db, fields(), { actor });
    expect(draft.status).toBe("draft");
    await updateDraft(t.db, draft.id, fields({ subject: "Spring letter, new dates" }), { actor });
    const copy = await duplicateCampaign(t.db, draft.id, { actor });
    const list = await listCampaigns(t.db);
    expect(list.map((c) => c.subject).sort()).toEqual([
      "Spring letter, new dates",
      "Spring letter, new dates",
    ]);
    expect(list[0]!.figures.recipients).toBe(0);
    await deleteDraft(t.db, copy.id, { actor });
    expect((await listCampaigns(t.db)).map((c) => c.id)).toEqual([draft.id]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "newsletter_campaigns"));
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        "newsletter_campaigns.create",
        "newsletter_campaigns.delete",
        "newsletter_campaigns.duplicate",
        "newsletter_campaigns.update",
      ].sort(),
    );
  });

  it("refuses an unknown event for a near-concert audience", async () => {
    await expect(
      createDraft(
        t.db,
        fields({
          audienceKind: "near-event",
          eventId: "00000000-0000-4000-8000-000000000000",
          radiusKm: "150",
        }),
      ),
    ).rejects.toThrow(/no longer exists/);
    const ok = await createDraft(
      t.db,
      fields({ audienceKind: "near-event", eventId, radiusKm: "150" }),
    );
    expect(ok.audience).toEqual({ kind: "near-event", eventId, radiusKm: 150 });
  });

  it("makes a tour-mail draft with the event's card for the fans within 150 km", async () => {
    const draft = await createTourMailDraft(t.db, eventId, { actor });
    expect(draft.status).toBe("draft");
    expect(draft.eventId).toBe(eventId);
    expect(draft.audience).toEqual({ kind: "near-event", eventId, radiusKm: 150 });
    expect(draft.bodyMarkdown).toContain(`[[event:${eventId}]]`);
    expect(draft.subject).toBe("Live in New York: Blue Note Night");
    await expect(createTourMailDraft(t.db, "00000000-0000-4000-8000-000000000000")).rejects.toThrow(
      /no longer exists/,
    );
  });

  it("says at once why a tour-mail draft for a concert whose city was typed reaches nobody", async () => {
    // The concert of these tests is in "New York", typed: no map position.
    const typed = await createTourMailDraft(t.db, eventId, { actor });
    expect(await audienceReach(t.db, typed.audience)).toEqual({
      count: 0,
      problem: CAMPAIGN_SENDING_TEXT.eventWithoutPosition,
    });
    const [picked] = await t.db
      .insert(events)
      .values({
        title: "Harbour Jazz",
        date: "2030-04-01",
        venue: "Pier 9",
        city: "Paris",
        countryCode: "FR",
        latitude: 48.85341,
        longitude: 2.3488,
      })
      .returning();
    try {
      await t.db.insert(newsletterSubscribers).values({
        email: "near@example.com",
        status: "subscribed",
        unsubscribeTokenHash: "h-near",
        city: "Paris, France",
        latitude: 48.86,
        longitude: 2.35,
      });
      const located = await createTourMailDraft(t.db, picked!.id, { actor });
      expect(await audienceReach(t.db, located.audience)).toEqual({ count: 1, problem: null });
    } finally {
      await t.db.delete(newsletterCampaigns);
      await t.db.delete(events).where(eq(events.id, picked!.id));
    }
  });

  it("schedules in the future only, and cancels a schedule back to a draft until it starts", async () => {
    const draft = await createDraft(t.db, fields());
    const now = new Date();
    await expect(
      scheduleCampaign(t.db, draft.id, new Date(now.getTime() - HOUR), { now }),
    ).rejects.toThrow(/already passed/);
    const scheduled = await scheduleCampaign(t.db, draft.id, new Date(now.getTime() + HOUR), {
      actor,
      now,
    });
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.scheduledAt?.getTime()).toBe(now.getTime() + HOUR);
    const back = await cancelSchedule(t.db, draft.id, { actor });
    expect(back.status).toBe("draft");
    await expect(cancelSchedule(t.db, draft.id)).rejects.toThrow(/not scheduled/);
  });

  it("refuses to schedule without a mail server, saying so as Send now does", async () => {
    const draft = await createDraft(t.db, fields());
    const now = new Date();
    setMailTransport(null);
    try {
      await expect(
        scheduleCampaign(t.db, draft.id, new Date(now.getTime() + HOUR), { actor, now }),
      ).rejects.toThrow(CAMPAIGN_SENDING_TEXT.noMailServer);
      await expect(sendCampaignNow(t.db, draft.id, { actor })).rejects.toThrow(
        CAMPAIGN_SENDING_TEXT.noMailServer,
      );
    } finally {
      setMailTransport({ send: async () => {} });
    }
    expect(await getCampaign(t.db, draft.id)).toMatchObject({ status: "draft", scheduledAt: null });
  });

  it("sends once: a second start and any later edit or delete are refused", async () => {
    await t.db.insert(newsletterSubscribers).values([
      { email: "a@example.com", status: "subscribed", unsubscribeTokenHash: "h1" },
      { email: "b@example.com", status: "subscribed", unsubscribeTokenHash: "h2" },
      { email: "c@example.com", status: "pending", unsubscribeTokenHash: "h3" },
    ]);
    expect(await countAudience(t.db, { kind: "all" })).toBe(2);
    const draft = await createDraft(
      t.db,
      fields({
        bodyMarkdown: `See [the shop](https://shop.example/x)\n\n[[event:${eventId}]]`,
        clickTracking: "on",
        publishOnWeb: "on",
      }),
    );
    const result = await sendCampaignNow(t.db, draft.id, { actor });
    expect(result.recipients).toBe(2);
    const sending = await getCampaign(t.db, draft.id);
    expect(sending.status).toBe("sending");
    expect(sending.slug).toMatch(/^spring-letter-[0-9a-f]{6}$/);
    expect(sending.sentHtml).toContain("Blue Note Night");
    expect(sending.sentHtml).toContain(LETTER_LINK_MARKERS.unsubscribe);
    expect(sending.sentHtml).toContain(clickPath(draft.id, 0));
    expect(sending.links).toEqual([
      "https://shop.example/x",
      "https://tickets.example/bn",
      expect.stringMatching(/\/events$/),
    ]);
    await expect(sendCampaignNow(t.db, draft.id)).rejects.toThrow(/already been sent|Only drafts/);
    await expect(updateDraft(t.db, draft.id, fields())).rejects.toThrow(/Only drafts/);
    await expect(deleteDraft(t.db, draft.id)).rejects.toThrow(/Only drafts/);
  });

  it("counts clicks per link and day and redirects only to the letter's own links", async () => {
    const draft = await createDraft(
      t.db,
      fields({
        bodyMarkdown: "[a](https://a.example) [b](https://b.example)",
        clickTracking: "on",
      }),
    );
    await t.db
      .insert(newsletterSubscribers)
      .values({ email: "a@example.com", status: "subscribed", unsubscribeTokenHash: "h1" });
    await sendCampaignNow(t.db, draft.id);
    expect(await recordClick(t.db, draft.id, 1)).toBe("https://b.example");
    expect(await recordClick(t.db, draft.id, 1)).toBe("https://b.example");
    expect(await recordClick(t.db, draft.id, 0)).toBe("https://a.example");
    expect(await recordClick(t.db, draft.id, 2)).toBeNull();
    expect(await recordClick(t.db, draft.id, -1)).toBeNull();
    expect(await recordClick(t.db, "not-a-uuid", 0)).toBeNull();
    expect(await clicksByLink(t.db, draft.id)).toEqual([
      { url: "https://b.example", clicks: 2 },
      { url: "https://a.example", clicks: 1 },
    ]);
    const rows = await t.db.select().from(newsletterCampaignClicks);
    expect(Object.keys(rows[0]!).sort()).toEqual(["campaignId", "clicks", "day", "url"]);
    expect((await listCampaigns(t.db))[0]!.figures.clicks).toBe(3);
  });

  it("sends readers to the site's pages with the letter's campaign, through the click redirect too", async () => {
    await t.db
      .insert(newsletterSubscribers)
      .values({ email: "a@example.com", status: "subscribed", unsubscribeTokenHash: "h1" });
    const body = "See the [dates](/events) and [the label](https://label.example/new).";
    const tracked = await createDraft(t.db, fields({ bodyMarkdown: body, clickTracking: "on" }));
    await sendCampaignNow(t.db, tracked.id);
    const { slug } = await getCampaign(t.db, tracked.id);
    const tags = `utm_source=letters&utm_medium=email&utm_campaign=${slug}`;
    // The redirect's final target carries the campaign; the figures keep the link as written.
    expect(await recordClick(t.db, tracked.id, 0)).toMatch(new RegExp(`/events\\?${tags}$`));
    expect(await recordClick(t.db, tracked.id, 1)).toBe("https://label.example/new");
    expect((await clicksByLink(t.db, tracked.id)).map((c) => c.url).sort()).toEqual([
      expect.stringMatching(/\/events$/),
      "https://label.example/new",
    ]);

    const direct = await createDraft(
      t.db,
      fields({ subject: "Untracked", bodyMarkdown: body, publishOnWeb: "on" }),
    );
    await sendCampaignNow(t.db, direct.id);
    const sent = await getCampaign(t.db, direct.id);
    const sentTags = `utm_source=letters&utm_medium=email&utm_campaign=${sent.slug}`;
    expect(sent.sentHtml).toContain(`/events?${sentTags.replace(/&/g, "&amp;")}"`);
    expect(sent.sentHtml).toContain('href="https://label.example/new"');
    expect(sent.sentText).toContain(`/events?${sentTags})`);
    expect(sent.sentText).toContain(`/newsletter/${sent.slug}?${sentTags}`);
    expect(sent.sentText).toContain("the label (https://label.example/new)");
  });

  it("paints the sent letter and the test in the active theme's colours, as the editor's preview", async () => {
    const velvet = {
      primary: "212 85% 62%",
      background: "222 42% 7%",
      foreground: "210 30% 94%",
      border: "220 22% 24%",
    };
    await t.db.insert(themeSettings).values([
      { name: "Midnight Gold", colors: {}, isActive: false },
      { name: "Blue Note Velvet", colors: velvet, isActive: true },
    ]);
    try {
      const palette = letterPalette({ colors: velvet });
      expect(palette.page).not.toBe(letterPalette(null).page);
      // What the editor's preview is given (routes/admin/newsletter.tsx).
      expect(await currentLetterPalette(t.db)).toEqual(palette);
      await t.db
        .insert(newsletterSubscribers)
        .values({ email: "a@example.com", status: "subscribed", unsubscribeTokenHash: "h1" });
      const draft = await createDraft(t.db, fields());
      const tests: MailMessage[] = [];
      await sendTestLetter(t.db, draft.id, actor, {
        send: async (_db, message) => {
          tests.push(message);
          return "id";
        },
      });
      await sendCampaignNow(t.db, draft.id);
      const { sentHtml } = await getCampaign(t.db, draft.id);
      for (const html of [sentHtml!, tests[0]!.html!]) {
        expect(html).toContain(`background:${palette.page}`);
        expect(html).toContain(`background:${palette.panel}`);
        expect(html).toContain(`color:${palette.accent}`);
      }
    } finally {
      await t.db.delete(themeSettings);
    }
    expect(await currentLetterPalette(t.db)).toEqual(letterPalette(null));
  });

  it("mails a test to the admin with [Test] and harmless links instead of the markers", async () => {
    const sent: MailMessage[] = [];
    const draft = await createDraft(t.db, fields());
    const answer = await sendTestLetter(t.db, draft.id, actor, {
      send: async (_db, message) => {
        sent.push(message);
        return "id";
      },
    });
    expect(answer.address).toBe(actor.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("[Test] Spring letter");
    expect(sent[0]!.to).toBe(actor.email);
    expect(sent[0]!.html).not.toContain("{{");
    expect(sent[0]!.text).toContain("/newsletter/unsubscribe");
  });

  it("lists only sent, published letters in the archive", async () => {
    const a = await createDraft(t.db, fields({ subject: "Published", publishOnWeb: "on" }));
    const b = await createDraft(t.db, fields({ subject: "Private" }));
    await t.db
      .update(newsletterCampaigns)
      .set({ status: "sent", slug: "published-abc123", startedAt: new Date() })
      .where(eq(newsletterCampaigns.id, a.id));
    await t.db
      .update(newsletterCampaigns)
      .set({ status: "sent", slug: "private-abc123", startedAt: new Date() })
      .where(eq(newsletterCampaigns.id, b.id));
    expect((await listPublishedLetters(t.db)).map((l) => l.slug)).toEqual(["published-abc123"]);
    expect((await getPublishedLetter(t.db, "published-abc123"))?.campaign.subject).toBe(
      "Published",
    );
    expect(await getPublishedLetter(t.db, "private-abc123")).toBeNull();
    expect(await getPublishedLetter(t.db, "../etc")).toBeNull();
  });
});
