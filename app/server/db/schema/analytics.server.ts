/** Analytics (issue 25, docs/decisions/035): cookieless counts, no personal data. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns.server";

/**
 * The secret salt of each calendar day of the site's time zone. A visitor's hash mixes
 * it with the client address, user agent and site; with the salt deleted (after a day),
 * nobody can tell whether two days' hashes were the same person. In the database so
 * that every instance hashes a visitor alike.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date({ mode: "string" }).primaryKey(),
  salt: text().notNull(),
  createdAt: createdAt(),
});

/**
 * Raw events, kept a limited number of days (ANALYTICS_RETENTION_DAYS) then deleted;
 * the rollups below keep their totals for good. No address, no cookie, no user agent:
 * only the day's visitor hash and the coarse classes taken from the request.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    /** pageview, track_play, video_play, ticket_click, add_to_cart, checkout_started, purchase, newsletter_signup */
    kind: text().notNull(),
    visitor: text().notNull(),
    path: text().notNull().default(""),
    /** utm_source, else the referrer's host; "" for none (direct). */
    source: text().notNull().default(""),
    campaign: text().notNull().default(""),
    device: text().notNull().default(""),
    browser: text().notNull().default(""),
    /** What the event is about: a track, a video, a concert, a product, an order. */
    subject: text().notNull().default(""),
    /** complete / partial / skipped for plays; the player (file, soundcloud) in `variant`. */
    outcome: text().notNull().default(""),
    variant: text().notNull().default(""),
    value: money(),
    /** Summed into the totals already (the rollup adds each event once, in batches). */
    rolled: boolean().notNull().default(false),
  },
  (t) => [
    index("analytics_events_occurred_at").on(t.occurredAt),
    index("analytics_events_subject").on(t.kind, t.subject),
    index("analytics_events_visitor").on(t.visitor),
    index("analytics_events_unrolled")
      .on(t.id)
      .where(sql`not ${t.rolled}`),
  ],
);

/**
 * Daily totals per dimension (total, page, source, campaign, device, browser, subject…)
 * of each event kind, by calendar day of the site's time zone. Written by the rollup
 * as absolute values (upsert, never an increment), so running it twice or on two
 * instances at once leaves the same totals.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date({ mode: "string" }).notNull(),
    kind: text().notNull(),
    dimension: text().notNull(),
    key: text().notNull().default(""),
    detail: text().notNull().default(""),
    events: integer().notNull(),
    visitors: integer().notNull(),
    value: money().notNull().default(0),
  },
  (t) => [uniqueIndex("analytics_daily_key").on(t.day, t.kind, t.dimension, t.key, t.detail)],
);

/** Hourly totals of each event kind, for the "today" chart. */
export const analyticsHourly = pgTable(
  "analytics_hourly",
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    kind: text().notNull(),
    events: integer().notNull(),
    visitors: integer().notNull(),
  },
  (t) => [uniqueIndex("analytics_hourly_key").on(t.hour, t.kind)],
);
