/**
 * Newsletter campaigns (issue 22): the shapes both the campaign screen and the sender
 * share. A campaign is written as a draft, sent once (or scheduled), and each
 * recipient is a row written before any mail leaves.
 */

export const CAMPAIGN_STATUSES = [
  "draft",
  "scheduled",
  "sending",
  "sent",
  "cancelled",
  "failed",
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A recipient row's life: queued (written when the send starts), sending (claimed and
 * marked just before the mail is handed to SMTP), then sent, failed (temporary failures
 * used up), bounced (a permanent 5xx: the address is suppressed), unknown (was in flight
 * when an instance died: never re-sent automatically) or skipped (unsubscribed or
 * bounced after the send started).
 */
export const RECIPIENT_STATUSES = [
  "queued",
  "sending",
  "sent",
  "failed",
  "bounced",
  "unknown",
  "skipped",
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Who a campaign goes to: always confirmed subscribers only. */
export type CampaignAudience =
  | { kind: "all" }
  /** Confirmed subscribers whose city lies within radiusKm of the event's city. */
  | { kind: "near-event"; eventId: string; radiusKm: number }
  /** Confirmed subscribers who bought the shop item (a completed order). */
  | { kind: "product-buyers"; itemId: string };

/** "Tell fans nearby" starts with this distance; the artist can change it. */
export const TOUR_MAIL_DEFAULT_RADIUS_KM = 150;
export const AUDIENCE_RADIUS_KM = { min: 1, max: 2_000 } as const;

/** The subject must be under 200 characters (issue 22). */
export const CAMPAIGN_SUBJECT_MAX = 199;
export const CAMPAIGN_PREHEADER_MAX = 250;
/** A letter's Markdown; several MB is refused with a clear message. */
export const CAMPAIGN_BODY_MAX = 100_000;

/** Mails per second for one campaign across all instances, unless NEWSLETTER_RATE says otherwise. */
export const DEFAULT_NEWSLETTER_RATE_PER_SECOND = 10;

/**
 * The per-recipient links of a letter. The renderer writes these markers into the HTML
 * and the text once, when sending starts; the sender replaces them for each recipient
 * (and puts the same unsubscribe address in the List-Unsubscribe header).
 */
export const LETTER_LINK_MARKERS = {
  unsubscribe: "{{unsubscribe_url}}",
  location: "{{location_url}}",
} as const;
