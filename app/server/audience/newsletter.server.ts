/**
 * Newsletter subscriptions with double opt-in (issue 22). Addresses are stored
 * lower-cased and unique. A sign-up is pending until its single-use confirmation link
 * is used (7 days); the tokens exist only in the subscriber's mail, the table keeps
 * their SHA-256. Unsubscribed and bounced rows stay as the suppression list: only the
 * person's own confirmation of a new sign-up makes them subscribed again.
 * The confirmation mail carries a one-click unsubscribe link and the RFC 8058 headers.
 */
import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import {
  CONFIRMATION_RESEND_MS,
  confirmationCutoff,
  newsletterSchema,
} from "~/domain/audience/newsletter/signup";
import { SITE_NAME } from "~/domain/core/site";
import type { Database } from "../db/database.server";
import { newsletterCampaignRecipients, newsletterSubscribers } from "../db/schema/audience.server";
import { ValidationError } from "../core/errors.server";
import { logger } from "../core/logger.server";
import { renderMail } from "../mail/mail-template.server";
import { sendMail, type MailMessage } from "../mail/mail.server";
import type { RateLimitRule } from "../db/rate-limit.server";
import { runExclusively } from "../db/job-lock.server";
import { parseCityId } from "~/domain/geo/geo";
import { cityById } from "../geo/cities.server";

export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";
export const CONFIRM_PATH = "/newsletter/confirm";
export const LOCATION_PATH = "/newsletter/location";

/** Where a subscriber lives, as stored: a city of the offline list with its coordinates. */
export interface SubscriberLocation {
  city: string;
  countryCode: string;
  latitude: number;
  longitude: number;
}

const NO_LOCATION = { city: null, countryCode: null, latitude: null, longitude: null };

/** The city a form posted by id (`cityId`); null when none, or one not on the list. */
export function postedLocation(raw: unknown): SubscriberLocation | null {
  const id = parseCityId((raw as { cityId?: unknown } | null)?.cityId);
  const found = id === null ? null : cityById(id);
  return found
    ? {
        city: found.label,
        countryCode: found.countryCode,
        latitude: found.latitude,
        longitude: found.longitude,
      }
    : null;
}

export function locationUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${LOCATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** 10 sign-ups per client address per 10 minutes (docs/decisions/009). */
export const NEWSLETTER_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 10 * 60_000 };

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const newToken = () => crypto.randomBytes(32).toString("base64url");

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

export function confirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

export interface ConfirmationTokens {
  confirm: string;
  unsubscribe: string;
}

export function confirmationMail(
  email: string,
  tokens: ConfirmationTokens,
  siteUrl: string,
): MailMessage {
  const unsubscribe = unsubscribeUrl(siteUrl, tokens.unsubscribe);
  return renderMail({
    to: email,
    subject: `Confirm your subscription to the ${SITE_NAME} newsletter`,
    heading: "One click to confirm",
    paragraphs: [
      "Thank you for signing up. Please confirm that you want the newsletter: once a month you will hear about tour dates, new recordings, free practice material and first access to LOE concert tickets.",
      "The link works once, for 7 days. If you did not sign up, ignore this mail: without your confirmation you will not hear from us.",
    ],
    action: { label: "Confirm subscription", url: confirmUrl(siteUrl, tokens.confirm) },
    links: [
      {
        label: "Where do you live? Tell us your city for concerts near you",
        url: locationUrl(siteUrl, tokens.unsubscribe),
      },
      { label: "Unsubscribe", url: unsubscribe },
    ],
    footer: `You receive this because ${email} was entered in the newsletter form at ${siteUrl}.`,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

/**
 * "subscribed": a confirmation mail is on its way (or one went out moments ago);
 * "already-subscribed": the address is confirmed, nothing is sent.
 */
export type SubscribeOutcome = { status: "subscribed" } | { status: "already-subscribed" };

export interface SubscribeOptions {
  siteUrl: string;
  /** The site page the form was on, kept with the consent. */
  page?: string | null;
  now?: Date;
  send?: (db: Database, message: MailMessage) => Promise<string>;
}

export async function subscribeToNewsletter(
  db: Database,
  raw: unknown,
  options: SubscribeOptions,
): Promise<SubscribeOutcome> {
  const parsed = newsletterSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ValidationError(parsed.error.issues[0]?.message ?? "Invalid email", {
      email: parsed.error.issues.map((i) => i.message),
    });
  }
  const { email } = parsed.data;
  const location = postedLocation(raw);
  const now = options.now ?? new Date();
  const tokens: ConfirmationTokens = { confirm: newToken(), unsubscribe: newToken() };
  const fresh = {
    unsubscribeTokenHash: hashToken(tokens.unsubscribe),
    confirmationTokenHash: hashToken(tokens.confirm),
    confirmationSentAt: now,
    consentPage: options.page || null,
    ...location,
  };

  // The unique index decides, so two sign-ups at once still make one subscriber.
  const [inserted] = await db
    .insert(newsletterSubscribers)
    .values({ email, status: "pending", ...fresh })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (!inserted) {
    // Pending, unsubscribed or bounced: a new link, unless one went out moments ago.
    // The status stays: an unsubscribed address is suppressed until this link is used.
    const [renewed] = await db
      .update(newsletterSubscribers)
      .set(fresh)
      .where(
        and(
          eq(newsletterSubscribers.email, email),
          ne(newsletterSubscribers.status, "subscribed"),
          or(
            isNull(newsletterSubscribers.confirmationSentAt),
            lt(
              newsletterSubscribers.confirmationSentAt,
              new Date(now.getTime() - CONFIRMATION_RESEND_MS),
            ),
          ),
        ),
      )
      .returning({ id: newsletterSubscribers.id });
    if (!renewed) {
      const [row] = await db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email));
      return row?.status === "subscribed"
        ? { status: "already-subscribed" }
        : { status: "subscribed" };
    }
  }

  try {
    await (options.send ?? sendMail)(db, confirmationMail(email, tokens, options.siteUrl));
  } catch (error) {
    logger.error({ err: error }, "Sign-up stored, but queueing the confirmation mail failed");
  }
  return { status: "subscribed" };
}

export type ConfirmationState =
  | { state: "valid"; email: string; city: string | null }
  | { state: "confirmed"; email: string }
  | { state: "invalid" };

const validConfirmation = (token: string, now: Date) =>
  and(
    eq(newsletterSubscribers.confirmationTokenHash, hashToken(token)),
    gt(newsletterSubscribers.confirmationSentAt, confirmationCutoff(now)),
  );

/** What a confirmation link would do now; nothing changes (mail scanners open links). */
export async function findConfirmation(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ConfirmationState> {
  if (!token) return { state: "invalid" };
  const [row] = await db
    .select({ email: newsletterSubscribers.email, city: newsletterSubscribers.city })
    .from(newsletterSubscribers)
    .where(validConfirmation(token, now));
  return row ? { state: "valid", email: row.email, city: row.city } : { state: "invalid" };
}

/**
 * Uses a confirmation link: the address is subscribed from now on, and the link is
 * spent. A link used before, expired or unknown changes nothing. A city picked on the
 * confirmation page is stored with it.
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  now = new Date(),
  location: SubscriberLocation | null = null,
): Promise<ConfirmationState> {
  if (!token) return { state: "invalid" };
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      ...location,
      status: "subscribed",
      confirmedAt: now,
      confirmationTokenHash: null,
      confirmationSentAt: null,
      unsubscribedAt: null,
      bouncedAt: null,
    })
    .where(validConfirmation(token, now))
    .returning({ email: newsletterSubscribers.email });
  return row ? { state: "confirmed", email: row.email } : { state: "invalid" };
}

/**
 * Removes sign-ups never confirmed within the link's 7 days and spends the expired
 * links of suppressed addresses (which stay suppressed).
 */
export async function sweepUnconfirmedSignUps(
  db: Database,
  now = new Date(),
): Promise<{ removed: number }> {
  const cutoff = confirmationCutoff(now);
  const removed = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        lte(newsletterSubscribers.confirmationSentAt, cutoff),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  await db
    .update(newsletterSubscribers)
    .set({ confirmationTokenHash: null, confirmationSentAt: null })
    .where(
      and(
        inArray(newsletterSubscribers.status, ["unsubscribed", "bounced"]),
        lte(newsletterSubscribers.confirmationSentAt, cutoff),
      ),
    );
  return { removed: removed.length };
}

/** Runs the sweep every interval, on one instance at a time; returns a stop function. */
export function startUnconfirmedSignUpSweeper(db: Database, intervalMs = 60 * 60_000): () => void {
  const sweep = () =>
    runExclusively(db, "newsletter-unconfirmed-sweeper", async () => {
      const { removed } = await sweepUnconfirmedSignUps(db);
      if (removed > 0) logger.info({ removed }, "Removed newsletter sign-ups never confirmed");
    }).catch((error) => logger.error({ err: error }, "Sweeping unconfirmed sign-ups failed"));
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export type SubscriptionStatus = "pending" | "subscribed" | "unsubscribed" | "bounced";

export interface Subscription {
  email: string;
  status: SubscriptionStatus;
  city: string | null;
}

/**
 * The subscriber a link token belongs to: their own (from the confirmation mail), or a
 * campaign mail's per-recipient token (newsletter_campaign_recipients.link_token_hash).
 */
function holderOf(tokenHash: string) {
  return or(
    eq(newsletterSubscribers.unsubscribeTokenHash, tokenHash),
    inArray(
      newsletterSubscribers.id,
      sql`(select ${newsletterCampaignRecipients.subscriberId} from ${newsletterCampaignRecipients} where ${newsletterCampaignRecipients.linkTokenHash} = ${tokenHash})`,
    ),
  )!;
}

export async function findSubscription(db: Database, token: string): Promise<Subscription | null> {
  if (!token) return null;
  const [row] = await db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      city: newsletterSubscribers.city,
    })
    .from(newsletterSubscribers)
    .where(holderOf(hashToken(token)));
  return row ? { ...row, status: row.status as SubscriptionStatus } : null;
}

/**
 * Sets (or, with null, removes) the city of the holder of the token, from the link
 * in their mail. Null: unknown token.
 */
export async function setSubscriberLocation(
  db: Database,
  token: string,
  location: SubscriberLocation | null,
): Promise<Subscription | null> {
  if (!token) return null;
  await db
    .update(newsletterSubscribers)
    .set(location ?? NO_LOCATION)
    .where(holderOf(hashToken(token)));
  return findSubscription(db, token);
}

/**
 * Unsubscribes the holder of the token; doing it twice is fine. A pending sign-up's
 * confirmation link stops working. Through a campaign mail's link, the campaign counts
 * it ("unsubscribed through it"). Null: unknown token.
 */
export async function unsubscribe(
  db: Database,
  token: string,
  now = new Date(),
): Promise<Subscription | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const left = await db
    .update(newsletterSubscribers)
    .set({
      status: "unsubscribed",
      unsubscribedAt: now,
      confirmationTokenHash: null,
      confirmationSentAt: null,
    })
    .where(
      and(holderOf(tokenHash), inArray(newsletterSubscribers.status, ["pending", "subscribed"])),
    )
    .returning({ id: newsletterSubscribers.id });
  if (left.length > 0) {
    await db
      .update(newsletterCampaignRecipients)
      .set({ unsubscribedAt: now })
      .where(
        and(
          eq(newsletterCampaignRecipients.linkTokenHash, tokenHash),
          isNull(newsletterCampaignRecipients.unsubscribedAt),
        ),
      );
  }
  return findSubscription(db, token);
}
