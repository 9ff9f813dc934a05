/**
 * Newsletter subscriptions. Addresses are stored lower-cased and unique; the
 * unsubscribe token exists only in the subscriber's mail, the table keeps its SHA-256.
 * The confirmation mail carries a one-click unsubscribe link and the RFC 8058 headers.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { newsletterSchema } from "~/domain/newsletter";
import { SITE_NAME } from "~/domain/site";
import type { Database } from "../db/database.server";
import { newsletterSubscribers } from "../db/schema.server";
import { ValidationError } from "../core/errors.server";
import { logger } from "../core/logger.server";
import { renderMail } from "../mail/mail-template.server";
import { sendMail, type MailMessage } from "../mail/mail.server";
import type { RateLimitRule } from "../db/rate-limit.server";

export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** 10 sign-ups per client address per 10 minutes (docs/decisions/009). */
export const NEWSLETTER_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 10 * 60_000 };

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const newToken = () => crypto.randomBytes(32).toString("base64url");

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

export function confirmationMail(email: string, token: string, siteUrl: string): MailMessage {
  const unsubscribe = unsubscribeUrl(siteUrl, token);
  return renderMail({
    to: email,
    subject: `Welcome to the ${SITE_NAME} newsletter`,
    heading: "You're on the list",
    paragraphs: [
      "Thank you for subscribing. Once a month you will hear about tour dates, new recordings, free practice material and first access to LOE concert tickets.",
      "If you did not sign up, ignore this mail or unsubscribe with the link below: you will not hear from us again.",
    ],
    action: { label: "Visit the site", url: `${siteUrl}/` },
    links: [{ label: "Unsubscribe", url: unsubscribe }],
    footer: `You receive this because ${email} subscribed at ${siteUrl}.`,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

export type SubscribeOutcome = { status: "subscribed" } | { status: "already-subscribed" };

export async function subscribeToNewsletter(
  db: Database,
  raw: unknown,
  options: { siteUrl: string; send?: (db: Database, message: MailMessage) => Promise<string> },
): Promise<SubscribeOutcome> {
  const parsed = newsletterSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ValidationError(parsed.error.issues[0]?.message ?? "Invalid email", {
      email: parsed.error.issues.map((i) => i.message),
    });
  }
  const { email } = parsed.data;
  const token = newToken();
  const tokenHash = hashToken(token);

  // The unique index decides, so two sign-ups at once still make one subscriber.
  const [inserted] = await db
    .insert(newsletterSubscribers)
    .values({ email, unsubscribeTokenHash: tokenHash })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (!inserted) {
    // Someone who left may come back; a current subscriber is told so.
    const [returned] = await db
      .update(newsletterSubscribers)
      .set({ status: "subscribed", unsubscribeTokenHash: tokenHash, unsubscribedAt: null })
      .where(
        and(
          eq(newsletterSubscribers.email, email),
          eq(newsletterSubscribers.status, "unsubscribed"),
        ),
      )
      .returning({ id: newsletterSubscribers.id });
    if (!returned) return { status: "already-subscribed" };
  }

  try {
    await (options.send ?? sendMail)(db, confirmationMail(email, token, options.siteUrl));
  } catch (error) {
    logger.error({ err: error }, "Subscriber stored, but queueing the confirmation mail failed");
  }
  return { status: "subscribed" };
}

export interface Subscription {
  email: string;
  status: "subscribed" | "unsubscribed";
}

export async function findSubscription(db: Database, token: string): Promise<Subscription | null> {
  if (!token) return null;
  const [row] = await db
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, hashToken(token)));
  return row ? { email: row.email, status: row.status as Subscription["status"] } : null;
}

/** Unsubscribes the holder of the token; doing it twice is fine. Null: unknown token. */
export async function unsubscribe(db: Database, token: string): Promise<Subscription | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date() })
    .where(
      and(
        eq(newsletterSubscribers.unsubscribeTokenHash, tokenHash),
        eq(newsletterSubscribers.status, "subscribed"),
      ),
    );
  return findSubscription(db, token);
}
