/** The audience room's tables: newsletter subscribers, letters (campaigns), their recipients and clicks, and contact messages. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CAMPAIGN_SUBJECT_MAX, type CampaignAudience } from "~/domain/audience/letters/campaign";
import { id, createdAt, updatedAt } from "./columns.server";
import { events } from "./content.server";
import { mailOutbox } from "./mail.server";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text().notNull().unique(),
    /**
     * pending (signed up, not confirmed yet), subscribed (confirmed: the only status
     * that is ever mailed in bulk), unsubscribed or bounced (the suppression list: the
     * row stays so that nothing but the person's own confirmation brings it back).
     */
    status: text().notNull().default("pending"),
    /** The token of the subscriber's own links (unsubscribe, location) in every mail. */
    unsubscribeTokenHash: text().notNull().unique(),
    /** The single-use confirmation link's token, cleared once used or swept. */
    confirmationTokenHash: text().unique(),
    confirmationSentAt: timestamp({ withTimezone: true }),
    /** When consent was given (the confirmation click) and the page the sign-up came from. */
    confirmedAt: timestamp({ withTimezone: true }),
    consentPage: text(),
    createdAt: createdAt(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    bouncedAt: timestamp({ withTimezone: true }),
    /** "Where do you live?": a city of the offline list, with its country and coordinates. */
    city: text(),
    countryCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
  },
  (t) => [
    check("newsletter_subscribers_lowercase", sql`${t.email} = lower(${t.email})`),
    check(
      "newsletter_subscribers_status",
      sql`${t.status} in ('pending', 'subscribed', 'unsubscribed', 'bounced')`,
    ),
    check(
      "newsletter_subscribers_location",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or ${t.city} is not null)`,
    ),
    index("newsletter_subscribers_pending")
      .on(t.confirmationSentAt)
      .where(sql`${t.status} = 'pending'`),
    /** "Fans near a concert": the audience query narrows by this box before the exact distance. */
    index("newsletter_subscribers_position")
      .on(t.latitude, t.longitude)
      .where(sql`${t.status} = 'subscribed' and ${t.latitude} is not null`),
  ],
);

/**
 * A letter to the fans (issue 22). Written as a draft; "Send now" or a due schedule
 * turns it into one recipients row per address (newsletterCampaignRecipients) before
 * any mail leaves, and freezes what is sent (sentHtml / sentText, with per-recipient
 * links filled in per mail).
 */
export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: id(),
    subject: text().notNull(),
    preheader: text().notNull().default(""),
    /** The letter in Markdown, with the site's own cards (events, products, tracks, videos). */
    bodyMarkdown: text().notNull().default(""),
    audience: jsonb().$type<CampaignAudience>().notNull().default({ kind: "all" }),
    status: text().notNull().default("draft"),
    /** Count clicks per link and day through a redirect on the site (never per person). */
    clickTracking: boolean().notNull().default(false),
    /** Shown in the public archive at /newsletter/<slug> once sent. */
    publishOnWeb: boolean().notNull().default(true),
    slug: text().unique(),
    /** The concert a "Tell fans nearby" draft was made for. */
    eventId: uuid().references(() => events.id, { onDelete: "set null" }),
    scheduledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Why a letter is "failed", in the artist's words (the campaign list shows it). */
    failureReason: text(),
    /** The letter as it was sent, rendered once when sending starts. */
    sentSubject: text(),
    sentHtml: text(),
    sentText: text(),
    /**
     * The letter's own links in order, frozen with sentHtml: with click tracking on,
     * /newsletter/click/<id>/<n> redirects to entry n and to nothing else.
     */
    links: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "newsletter_campaigns_status",
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed')`,
    ),
    check(
      "newsletter_campaigns_subject",
      sql`char_length(${t.subject}) between 1 and ${sql.raw(String(CAMPAIGN_SUBJECT_MAX))}`,
    ),
    check(
      "newsletter_campaigns_scheduled",
      sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`,
    ),
    index("newsletter_campaigns_due")
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * One row per recipient of a campaign, written before the first mail leaves. Senders
 * claim queued rows with FOR UPDATE SKIP LOCKED, mark a row "sending" before handing it
 * to SMTP and "sent" once SMTP accepted it, so a crash leaves at most the rows in
 * flight as "unknown", and no row is ever mailed twice automatically.
 */
export const newsletterCampaignRecipients = pgTable(
  "newsletter_campaign_recipients",
  {
    id: id(),
    campaignId: uuid()
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid().references(() => newsletterSubscribers.id, { onDelete: "set null" }),
    email: text().notNull(),
    status: text().notNull().default("queued"),
    /** The per-recipient token of this mail's unsubscribe and location links (hashed). */
    linkTokenHash: text().unique(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Which instance claimed the row and when (a stale "sending" row becomes "unknown"). */
    claimedBy: text(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    /** The SMTP server's last answer for a failed, bounced or retried row. */
    error: text(),
    /** Set when the subscriber unsubscribed through this campaign's mail. */
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_campaign_recipients_once").on(t.campaignId, t.email),
    check(
      "newsletter_campaign_recipients_status",
      sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'bounced', 'unknown', 'skipped')`,
    ),
    index("newsletter_campaign_recipients_queue")
      .on(t.campaignId, t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("newsletter_campaign_recipients_status").on(t.campaignId, t.status),
  ],
);

/** Clicks per campaign, link and day, when the campaign has click tracking on: nothing per person. */
export const newsletterCampaignClicks = pgTable(
  "newsletter_campaign_clicks",
  {
    campaignId: uuid()
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    url: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    clicks: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.url, t.day] })],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    /** The mail that carried it to the artist, for its delivery state. */
    mailOutboxId: uuid().references(() => mailOutbox.id, { onDelete: "set null" }),
    /** Set when the artist marked it handled in /admin/messages. */
    handledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created").on(t.createdAt)],
);
