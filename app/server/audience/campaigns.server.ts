/**
 * Newsletter campaigns as the artist writes them (issue 22, docs/decisions/038): the
 * list with its figures, drafts, schedules, tests, the letter rendered for sending,
 * the click redirect and the public archive. The sending itself (recipient rows, SMTP)
 * is the sender's, reached through campaign-sending-contract.server.ts only.
 *
 * The audience room stands below content and shop, so the cards read the events,
 * products, tracks and videos tables directly (read-only).
 */
import { and, count, desc, eq, inArray, isNotNull, sql, sum } from "drizzle-orm";
import {
  CAMPAIGN_TEXT,
  NO_FIGURES,
  audienceOf,
  campaignSlug,
  isEditableStatus,
  type CampaignFields,
  type CampaignFigures,
} from "~/domain/audience/letters/campaign-form";
import { formatEventDate, parseEventTime } from "~/domain/content/events/events";
import {
  cardKey,
  cardLine,
  letterCardRefs,
  letterOwnHosts,
  renderLetter,
  tagLetterLink,
  type CardKind,
  type CardLookup,
  type LetterCard,
} from "~/domain/audience/letters/letter";
import { letterPalette, type LetterPalette } from "~/domain/audience/letters/palette";
import { formatPrice } from "~/domain/core/money";
import { productAnchor } from "~/domain/shop/catalogue/product-json-ld";
import { SITE_NAME } from "~/domain/core/site";
import { calendarDayIn } from "~/domain/core/time-zone";
import { extractVideoId, serviceThumbnailUrl } from "~/domain/media/video";
import {
  TOUR_MAIL_DEFAULT_RADIUS_KM,
  type CampaignAudience,
} from "~/domain/audience/letters/campaign";
import { CAMPAIGN_SENDING_TEXT } from "~/domain/audience/letters/sending";
import { Conflict, NotFound, ValidationError } from "../core/errors.server";
import { getEnv } from "../core/env.server";
import { invalidateSiteCache } from "../core/cache.server";
import { recordAudit, type Actor } from "../db/audit.server";
import type { Database, Executor } from "../db/database.server";
import { events, featuredVideos, loeAudioTracks, themeSettings } from "../db/schema/content.server";
import {
  newsletterCampaignClicks,
  newsletterCampaignRecipients,
  newsletterCampaigns,
} from "../db/schema/audience.server";
import { shopItems } from "../db/schema/shop.server";
import { mailServerConfigured, sendMail } from "../mail/mail.server";
import {
  countAudience,
  resendUnknown,
  startCampaignSend,
  type RenderCampaign,
} from "./campaign-sending-contract.server";

export type CampaignRow = typeof newsletterCampaigns.$inferSelect;

const ENTITY = "newsletter_campaigns";

// ---------------------------------------------------------------------------------
// Cards

const eventWhen = (date: string, time: string | null) => {
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    timeZone: "UTC",
  });
  const clock = time && parseEventTime(time) ? ` · ${time}` : "";
  return `${weekday}, ${formatEventDate(date, "MMMM dd, yyyy")}${clock}`;
};

const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

function eventCard(row: typeof events.$inferSelect): LetterCard {
  return {
    kind: "event",
    id: row.id,
    title: row.title,
    when: eventWhen(row.date, row.time),
    venue: row.venue,
    city: row.city,
    ticketUrl: row.ticketUrl && /^https?:\/\//i.test(row.ticketUrl) ? row.ticketUrl : null,
    url: "/events",
  };
}

function productCard(row: typeof shopItems.$inferSelect): LetterCard {
  const price =
    row.minimumPrice !== null && row.minimumPrice !== undefined
      ? Number(row.minimumPrice) === 0
        ? "Name your price"
        : `From ${formatPrice(Number(row.minimumPrice))}`
      : formatPrice(Number(row.price));
  return {
    kind: "product",
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl,
    price,
    url: `/shop#${productAnchor(row.id)}`,
  };
}

function trackCard(row: typeof loeAudioTracks.$inferSelect): LetterCard {
  return { kind: "track", id: row.id, title: row.title, artist: row.artist, url: "/loe" };
}

function videoCard(row: typeof featuredVideos.$inferSelect): LetterCard {
  const videoId = row.embedId || extractVideoId(row.videoUrl);
  const url =
    row.videoUrl && /^https?:\/\//i.test(row.videoUrl)
      ? row.videoUrl
      : videoId
        ? `https://www.youtube.com/watch?v=${videoId}`
        : "/";
  return {
    kind: "video",
    id: row.id,
    title: row.title,
    thumbnailUrl: videoId ? serviceThumbnailUrl(videoId) : null,
    url,
  };
}

/** The site's content a letter can show as a card, for the editor's pickers. */
export async function listCardChoices(db: Database): Promise<Record<CardKind, LetterCard[]>> {
  const [e, p, t, v] = await Promise.all([
    db
      .select()
      .from(events)
      .where(sql`${events.status} <> 'cancelled'`)
      .orderBy(desc(events.date)),
    db.select().from(shopItems).orderBy(shopItems.title),
    db.select().from(loeAudioTracks).orderBy(loeAudioTracks.orderIndex),
    db.select().from(featuredVideos).orderBy(featuredVideos.orderIndex),
  ]);
  return {
    event: e.map(eventCard),
    product: p.map(productCard),
    track: t.map(trackCard),
    video: v.map(videoCard),
  };
}

/** The cards a letter names, read from the site's content now; missing ones are absent. */
export async function resolveCards(db: Database, markdown: string): Promise<CardLookup> {
  const refs = letterCardRefs(markdown).filter((r) => isUuid(r.id));
  const ids = (kind: CardKind) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const found = new Map<string, LetterCard>();
  const [e, p, t, v] = await Promise.all([
    ids("event").length
      ? db
          .select()
          .from(events)
          .where(inArray(events.id, ids("event")))
      : [],
    ids("product").length
      ? db
          .select()
          .from(shopItems)
          .where(inArray(shopItems.id, ids("product")))
      : [],
    ids("track").length
      ? db
          .select()
          .from(loeAudioTracks)
          .where(inArray(loeAudioTracks.id, ids("track")))
      : [],
    ids("video").length
      ? db
          .select()
          .from(featuredVideos)
          .where(inArray(featuredVideos.id, ids("video")))
      : [],
  ]);
  for (const card of [
    ...e.map(eventCard),
    ...p.map(productCard),
    ...t.map(trackCard),
    ...v.map(videoCard),
  ])
    found.set(cardKey(card.kind, card.id), card);
  return found;
}

// ---------------------------------------------------------------------------------
// Reading

export interface CampaignSummary extends CampaignRow {
  figures: CampaignFigures;
}

/** Every campaign, newest first, with its recipients counted by status and its clicks. */
export async function listCampaigns(db: Database): Promise<CampaignSummary[]> {
  const [rows, byStatus, unsubscribed, clicks] = await Promise.all([
    db.select().from(newsletterCampaigns).orderBy(desc(newsletterCampaigns.createdAt)),
    db
      .select({
        campaignId: newsletterCampaignRecipients.campaignId,
        status: newsletterCampaignRecipients.status,
        n: count(),
      })
      .from(newsletterCampaignRecipients)
      .groupBy(newsletterCampaignRecipients.campaignId, newsletterCampaignRecipients.status),
    db
      .select({ campaignId: newsletterCampaignRecipients.campaignId, n: count() })
      .from(newsletterCampaignRecipients)
      .where(isNotNull(newsletterCampaignRecipients.unsubscribedAt))
      .groupBy(newsletterCampaignRecipients.campaignId),
    db
      .select({
        campaignId: newsletterCampaignClicks.campaignId,
        n: sum(newsletterCampaignClicks.clicks).mapWith(Number),
      })
      .from(newsletterCampaignClicks)
      .groupBy(newsletterCampaignClicks.campaignId),
  ]);
  const figures = new Map<string, CampaignFigures>();
  const of = (id: string) => {
    let f = figures.get(id);
    if (!f) figures.set(id, (f = { ...NO_FIGURES }));
    return f;
  };
  for (const r of byStatus) {
    const f = of(r.campaignId);
    f.recipients += r.n;
    if (r.status in f) (f as unknown as Record<string, number>)[r.status] = r.n;
  }
  for (const r of unsubscribed) of(r.campaignId).unsubscribed = r.n;
  for (const r of clicks) of(r.campaignId).clicks = r.n ?? 0;
  return rows.map((row) => ({ ...row, figures: figures.get(row.id) ?? { ...NO_FIGURES } }));
}

export async function getCampaign(db: Database, id: string): Promise<CampaignRow> {
  if (!isUuid(id)) throw new NotFound(CAMPAIGN_TEXT.notFound);
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  if (!row) throw new NotFound(CAMPAIGN_TEXT.notFound);
  return row;
}

/** Clicks per link of a campaign, most clicked first. */
export async function clicksByLink(db: Database, campaignId: string) {
  return db
    .select({
      url: newsletterCampaignClicks.url,
      clicks: sum(newsletterCampaignClicks.clicks).mapWith(Number),
    })
    .from(newsletterCampaignClicks)
    .where(eq(newsletterCampaignClicks.campaignId, campaignId))
    .groupBy(newsletterCampaignClicks.url)
    .orderBy(desc(sum(newsletterCampaignClicks.clicks)));
}

/** How many confirmed subscribers an audience reaches now. */
export function audienceSize(db: Database, audience: CampaignAudience): Promise<number> {
  return countAudience(db, audience);
}

export interface AudienceReach {
  count: number;
  /**
   * Why the audience cannot be counted (a concert whose city was typed, not picked, so
   * it has no map position; a concert that was deleted): the sentence "Send now" would
   * answer, shown in the editor at once instead of "0 subscribers".
   */
  problem: string | null;
}

export async function audienceReach(
  db: Database,
  audience: CampaignAudience,
): Promise<AudienceReach> {
  try {
    return { count: await countAudience(db, audience), problem: null };
  } catch (error) {
    if (error instanceof ValidationError || error instanceof NotFound)
      return { count: 0, problem: error.message };
    throw error;
  }
}

// ---------------------------------------------------------------------------------
// Writing

async function checkAudience(db: Database, audience: CampaignAudience) {
  if (audience.kind === "near-event") {
    const [row] = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.id, audience.eventId));
    if (!row)
      throw new ValidationError(CAMPAIGN_TEXT.unknownEvent, {
        eventId: [CAMPAIGN_TEXT.unknownEvent],
      });
  }
  if (audience.kind === "product-buyers") {
    const [row] = await db
      .select({ id: shopItems.id })
      .from(shopItems)
      .where(eq(shopItems.id, audience.itemId));
    if (!row)
      throw new ValidationError(CAMPAIGN_TEXT.unknownItem, { itemId: [CAMPAIGN_TEXT.unknownItem] });
  }
}

const valuesOf = (fields: CampaignFields) => ({
  subject: fields.subject,
  preheader: fields.preheader,
  bodyMarkdown: fields.bodyMarkdown,
  audience: audienceOf(fields),
  clickTracking: fields.clickTracking,
  publishOnWeb: fields.publishOnWeb,
});

interface WriteOptions {
  actor?: Actor | null;
}

export async function createDraft(
  db: Database,
  fields: CampaignFields,
  options: WriteOptions & { eventId?: string | null } = {},
): Promise<CampaignRow> {
  const values = valuesOf(fields);
  await checkAudience(db, values.audience);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterCampaigns)
      .values({ ...values, status: "draft", eventId: options.eventId ?? null })
      .returning();
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: `${ENTITY}.create`,
      entity: ENTITY,
      entityId: row!.id,
      details: { subject: row!.subject },
    });
    return row!;
  });
}

/** Changes a draft or a scheduled letter; anything that started sending stays as it was. */
export async function updateDraft(
  db: Database,
  id: string,
  fields: CampaignFields,
  options: WriteOptions = {},
): Promise<CampaignRow> {
  const values = valuesOf(fields);
  await checkAudience(db, values.audience);
  const current = await getCampaign(db, id);
  if (!isEditableStatus(current.status)) throw new Conflict(CAMPAIGN_TEXT.notEditable);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterCampaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(newsletterCampaigns.id, id),
          sql`${newsletterCampaigns.status} in ('draft', 'scheduled')`,
        ),
      )
      .returning();
    if (!row) throw new Conflict(CAMPAIGN_TEXT.notEditable);
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: `${ENTITY}.update`,
      entity: ENTITY,
      entityId: id,
      details: { subject: row.subject },
    });
    return row;
  });
}

/** Deletes a draft (or a cancelled letter); a letter that was sent keeps its figures. */
export async function deleteDraft(db: Database, id: string, options: WriteOptions = {}) {
  const current = await getCampaign(db, id);
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(newsletterCampaigns)
      .where(
        and(
          eq(newsletterCampaigns.id, id),
          sql`${newsletterCampaigns.status} in ('draft', 'cancelled')`,
        ),
      )
      .returning({ id: newsletterCampaigns.id });
    if (!gone.length) throw new Conflict(CAMPAIGN_TEXT.onlyDraftsDeleted);
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: `${ENTITY}.delete`,
      entity: ENTITY,
      entityId: id,
      details: { subject: current.subject },
    });
  });
  return current;
}

/** A new draft with the same letter and audience. */
export async function duplicateCampaign(db: Database, id: string, options: WriteOptions = {}) {
  const source = await getCampaign(db, id);
  const subject = source.subject.length > 190 ? source.subject.slice(0, 190) : source.subject;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterCampaigns)
      .values({
        subject,
        preheader: source.preheader,
        bodyMarkdown: source.bodyMarkdown,
        audience: source.audience,
        clickTracking: source.clickTracking,
        publishOnWeb: source.publishOnWeb,
        eventId: source.eventId,
        status: "draft",
      })
      .returning();
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: `${ENTITY}.duplicate`,
      entity: ENTITY,
      entityId: row!.id,
      details: { subject, from: id },
    });
    return row!;
  });
}

/**
 * "Tell fans nearby": a draft with the event's card for the confirmed subscribers within
 * TOUR_MAIL_DEFAULT_RADIUS_KM of its city (the artist can change the distance).
 */
export async function createTourMailDraft(
  db: Database,
  eventId: string,
  options: WriteOptions = {},
) {
  const [event] = isUuid(eventId)
    ? await db.select().from(events).where(eq(events.id, eventId))
    : [];
  if (!event) throw new NotFound(CAMPAIGN_TEXT.unknownEvent);
  const card = eventCard(event);
  return createDraft(
    db,
    {
      subject: `Live in ${event.city}: ${event.title}`.slice(0, 199),
      preheader: card.kind === "event" ? `${card.when} · ${event.venue}` : "",
      bodyMarkdown: [
        "Dear friends,",
        `I am playing near you soon, and I would love to see you there.`,
        cardLine("event", event.id),
        "See you at the front row,",
      ].join("\n\n"),
      audienceKind: "near-event",
      eventId: event.id,
      radiusKm: String(TOUR_MAIL_DEFAULT_RADIUS_KM),
      itemId: "",
      clickTracking: false,
      publishOnWeb: false,
    },
    { ...options, eventId: event.id },
  );
}

/** The public address is fixed before the letter leaves, so the mail can link to it. */
async function ensureSlug(db: Database, campaign: CampaignRow): Promise<string> {
  if (campaign.slug) return campaign.slug;
  const slug = campaignSlug(campaign.subject, campaign.id);
  await db
    .update(newsletterCampaigns)
    .set({ slug })
    .where(and(eq(newsletterCampaigns.id, campaign.id), sql`${newsletterCampaigns.slug} is null`));
  return slug;
}

/**
 * Sends at `at` (already checked to be in the future by scheduleInstant). Refused, as
 * "Send now" is, while no mail server is configured: the letter could not leave when due.
 */
export async function scheduleCampaign(
  db: Database,
  id: string,
  at: Date,
  options: WriteOptions & { now?: Date } = {},
) {
  if (!mailServerConfigured()) throw new ValidationError(CAMPAIGN_SENDING_TEXT.noMailServer);
  if (at.getTime() <= (options.now ?? new Date()).getTime())
    throw new ValidationError(CAMPAIGN_TEXT.scheduleInPast, {
      date: [CAMPAIGN_TEXT.scheduleInPast],
    });
  const current = await getCampaign(db, id);
  if (!isEditableStatus(current.status)) throw new Conflict(CAMPAIGN_TEXT.notEditable);
  await ensureSlug(db, current);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterCampaigns)
      .set({ status: "scheduled", scheduledAt: at, updatedAt: new Date() })
      .where(
        and(
          eq(newsletterCampaigns.id, id),
          sql`${newsletterCampaigns.status} in ('draft', 'scheduled')`,
        ),
      )
      .returning();
    if (!row) throw new Conflict(CAMPAIGN_TEXT.notEditable);
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: `${ENTITY}.schedule`,
      entity: ENTITY,
      entityId: id,
      details: { subject: row.subject, at: at.toISOString() },
    });
    return row;
  });
}

/** Takes a scheduled letter back to a draft, as long as sending has not started. */
export async function cancelSchedule(db: Database, id: string, options: WriteOptions = {}) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterCampaigns)
      .set({ status: "draft", scheduledAt: null, updatedAt: new Date() })
      .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, "scheduled")))
      .returning();
    if (!row) throw new Conflict(CAMPAIGN_TEXT.notScheduled);
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: `${ENTITY}.cancel_schedule`,
      entity: ENTITY,
      entityId: id,
      details: { subject: row.subject },
    });
    return row;
  });
}

// ---------------------------------------------------------------------------------
// The letter

const siteUrl = () => getEnv().SITE_URL;
/** Other names the site answers as: links to them are the site's own too. */
const otherHosts = () => {
  const production = getEnv().SITE_PRODUCTION_HOST;
  return production ? [production] : [];
};

export const webVersionPath = (slug: string) => `/newsletter/${slug}`;

/**
 * The letter as it leaves (RenderCampaign, called by the sender once when sending
 * starts): missing cards left out, links through the click redirect when the artist
 * turned tracking on, the markers for the per-recipient links. Freezes the link list
 * the redirect will accept.
 */
export const renderCampaignForSending: RenderCampaign = async (db, campaign) => {
  const cards = await resolveCards(db, campaign.bodyMarkdown);
  // Fixed before rendering: it is the web version's address and the links' utm_campaign.
  const slug = await ensureSlug(db, campaign);
  const rendered = renderLetter(campaign, {
    siteUrl: siteUrl(),
    siteName: SITE_NAME,
    cards,
    palette: await currentLetterPalette(db),
    mode: "send",
    trackClicksFor: campaign.clickTracking ? campaign.id : null,
    campaign: slug,
    ownHosts: otherHosts(),
    webUrl: campaign.publishOnWeb ? `${siteUrl()}${webVersionPath(slug)}` : null,
  });
  await db
    .update(newsletterCampaigns)
    .set({ links: rendered.links })
    .where(eq(newsletterCampaigns.id, campaign.id));
  return { subject: campaign.subject, html: rendered.html, text: rendered.text };
};

/**
 * The letter's colours, from the site's active theme (the newest active one, as the site
 * applies it; the default theme when none is active). The editor's preview, the test
 * and the sent letter all take them from here.
 */
export async function currentLetterPalette(db: Executor): Promise<LetterPalette> {
  const [active] = await db
    .select({ colors: themeSettings.colors })
    .from(themeSettings)
    .where(eq(themeSettings.isActive, true))
    .orderBy(desc(themeSettings.createdAt))
    .limit(1);
  return letterPalette(active ?? null);
}

/** Example addresses for a test mail's per-recipient links: pages that exist, harmless. */
const testFooterLinks = () => ({
  unsubscribe: `${siteUrl()}/newsletter/unsubscribe`,
  location: `${siteUrl()}/newsletter/location`,
});

/**
 * "Send test": the letter as it will look, to the signed-in admin's own address
 * through the outbox, subject prefixed "[Test] ". Without SMTP it says where it went.
 */
export async function sendTestLetter(
  db: Database,
  id: string,
  actor: Actor,
  options: { send?: typeof sendMail } = {},
): Promise<{ delivered: boolean; address: string }> {
  const campaign = await getCampaign(db, id);
  const cards = await resolveCards(db, campaign.bodyMarkdown);
  const rendered = renderLetter(campaign, {
    siteUrl: siteUrl(),
    siteName: SITE_NAME,
    cards,
    palette: await currentLetterPalette(db),
    mode: "send",
    // Tagged as the letter will be: the slug it gets when it is scheduled or sent.
    campaign: campaign.slug ?? campaignSlug(campaign.subject, campaign.id),
    ownHosts: otherHosts(),
    footerLinks: testFooterLinks(),
  });
  await (options.send ?? sendMail)(db, {
    to: actor.email,
    subject: `${CAMPAIGN_TEXT.testSubjectPrefix}${campaign.subject}`,
    html: rendered.html,
    text: rendered.text,
  });
  await recordAudit(db, {
    actor,
    action: `${ENTITY}.send_test`,
    entity: ENTITY,
    entityId: id,
    details: { subject: campaign.subject, to: actor.email },
  });
  return { delivered: mailServerConfigured(), address: actor.email };
}

/** "Send now": hands the letter to the sender, which writes a row per recipient first. */
export async function sendCampaignNow(db: Database, id: string, options: WriteOptions = {}) {
  const campaign = await getCampaign(db, id);
  if (!isEditableStatus(campaign.status)) throw new Conflict(CAMPAIGN_TEXT.notEditable);
  await ensureSlug(db, campaign);
  const result = await startCampaignSend(db, id, {
    render: renderCampaignForSending,
    actor: options.actor ?? null,
  });
  await recordAudit(db, {
    actor: options.actor ?? null,
    action: `${ENTITY}.send`,
    entity: ENTITY,
    entityId: id,
    details: { subject: campaign.subject, recipients: result.recipients },
  });
  if (campaign.publishOnWeb) invalidateSiteCache();
  return result;
}

/** "Send again to these N": the rows left unknown by a crash, on the artist's word. */
export async function resendUnknownRows(db: Database, id: string, options: WriteOptions = {}) {
  const campaign = await getCampaign(db, id);
  const n = await resendUnknown(db, id);
  await recordAudit(db, {
    actor: options.actor ?? null,
    action: `${ENTITY}.resend_unknown`,
    entity: ENTITY,
    entityId: id,
    details: { subject: campaign.subject, recipients: n },
  });
  return n;
}

// ---------------------------------------------------------------------------------
// Click redirect

/**
 * Counts a click on link n of a campaign (per campaign, link and day: nothing about
 * the person) and answers where to send the reader: that link, with the letter's
 * campaign added when it is a page of the site (tagLetterLink; also for letters sent
 * before links carried it). Null when n is not one of the letter's links, so the
 * redirect can never send anyone anywhere else.
 */
export async function recordClick(
  db: Database,
  campaignId: string,
  n: number,
  now = new Date(),
): Promise<string | null> {
  if (!isUuid(campaignId) || !Number.isInteger(n) || n < 0) return null;
  const [campaign] = await db
    .select({
      links: newsletterCampaigns.links,
      clickTracking: newsletterCampaigns.clickTracking,
      slug: newsletterCampaigns.slug,
    })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, campaignId));
  const url = campaign?.links[n];
  if (!campaign || typeof url !== "string" || !/^https?:\/\//i.test(url)) return null;
  if (campaign.clickTracking) {
    const day = calendarDayIn(now, getEnv().SITE_TIME_ZONE);
    await db
      .insert(newsletterCampaignClicks)
      .values({ campaignId, url, day, clicks: 1 })
      .onConflictDoUpdate({
        target: [
          newsletterCampaignClicks.campaignId,
          newsletterCampaignClicks.url,
          newsletterCampaignClicks.day,
        ],
        set: { clicks: sql`${newsletterCampaignClicks.clicks} + 1` },
      });
  }
  return tagLetterLink(url, campaign.slug, letterOwnHosts(siteUrl(), otherHosts()));
}

// ---------------------------------------------------------------------------------
// The public archive

/** Published once sending starts: the first fans already have it. */
const published = and(
  eq(newsletterCampaigns.publishOnWeb, true),
  sql`${newsletterCampaigns.status} in ('sending', 'sent')`,
  isNotNull(newsletterCampaigns.slug),
);

export async function listPublishedLetters(db: Database) {
  return db
    .select({
      slug: newsletterCampaigns.slug,
      subject: newsletterCampaigns.subject,
      preheader: newsletterCampaigns.preheader,
      sentAt:
        sql<Date>`coalesce(${newsletterCampaigns.finishedAt}, ${newsletterCampaigns.startedAt}, ${newsletterCampaigns.createdAt})`.mapWith(
          (v: string | Date) => new Date(v),
        ),
    })
    .from(newsletterCampaigns)
    .where(published)
    .orderBy(
      desc(
        sql`coalesce(${newsletterCampaigns.finishedAt}, ${newsletterCampaigns.startedAt}, ${newsletterCampaigns.createdAt})`,
      ),
    );
}

export async function getPublishedLetter(db: Database, slug: string) {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const [row] = await db
    .select()
    .from(newsletterCampaigns)
    .where(and(published, eq(newsletterCampaigns.slug, slug)));
  if (!row) return null;
  const cards = await resolveCards(db, row.bodyMarkdown);
  return { campaign: row, cards: [...cards.values()] };
}
