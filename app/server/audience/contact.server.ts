/**
 * The contact form's server side, shared by POST /api/send-contact-email and the
 * contact page's own action (the form without JavaScript). The message is stored in
 * contact_messages first, so nothing is lost; then it is mailed through the outbox to
 * the contact e-mail, with Reply-To set to the sender.
 */
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_TEXT,
  contactRateLimitedMessage,
  contactFieldErrors,
  contactSchema,
  type ContactFieldErrors,
  type ContactInput,
} from "~/domain/audience/contact/contact-form";
import { eq } from "drizzle-orm";
import { SITE_NAME } from "~/domain/core/site";
import type { Database } from "../db/database.server";
import { contactMessages } from "../db/schema/audience.server";
import { logger } from "../core/logger.server";
import { renderMail } from "../mail/mail-template.server";
import { sendMail, type MailMessage } from "../mail/mail.server";
import { hitRateLimit, rateLimitKey, type RateLimitRule } from "../db/rate-limit.server";

/** 5 messages per client address per 10 minutes (docs/decisions/009). */
export const CONTACT_RATE_LIMIT: RateLimitRule = { max: 5, windowMs: 10 * 60_000 };

export type ContactOutcome =
  | { status: "sent"; messageId: string }
  /** A bot filled the hidden field: it is told "sent" and nothing is stored. */
  | { status: "ignored" }
  | { status: "invalid"; fieldErrors: ContactFieldErrors }
  | { status: "rate-limited"; retryAfterMs: number };

export interface ContactOptions {
  /** Where the message goes: the page content "contact-email". */
  recipient: string;
  /** Who is asking, for the rate limit (the client address). */
  clientKey: string;
  rateLimit?: RateLimitRule;
  send?: (db: Database, message: MailMessage) => Promise<string>;
}

/** One line, so a name or subject can never start a new mail header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();

export function contactMail(input: ContactInput, recipient: string): MailMessage {
  return renderMail({
    to: recipient,
    subject: `Contact form: ${oneLine(input.subject)}`,
    heading: `New message from ${oneLine(input.name)}`,
    paragraphs: [
      `From: ${oneLine(input.name)} <${input.email}>`,
      `Subject: ${oneLine(input.subject)}`,
      ...input.message.split(/\r?\n/).filter((line) => line.trim() !== ""),
    ],
    footer: `Sent with the contact form of ${SITE_NAME}. Reply to this mail to answer ${input.email}.`,
    headers: { "Reply-To": input.email },
  });
}

export async function storeContactMessage(db: Database, input: ContactInput): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}

export async function submitContactMessage(
  db: Database,
  raw: unknown,
  options: ContactOptions,
): Promise<ContactOutcome> {
  const honeypot = (raw as Record<string, unknown> | null)?.[CONTACT_HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ clientKey: options.clientKey }, "Contact form honeypot filled; ignored");
    return { status: "ignored" };
  }

  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    return { status: "invalid", fieldErrors: contactFieldErrors(parsed.error) };
  }

  const now = new Date();
  const limit = await hitRateLimit(
    db,
    rateLimitKey("contact", options.clientKey),
    options.rateLimit ?? CONTACT_RATE_LIMIT,
    now,
  );
  if (!limit.allowed) {
    return { status: "rate-limited", retryAfterMs: limit.resetAt.getTime() - now.getTime() };
  }

  const messageId = await storeContactMessage(db, parsed.data);
  try {
    const mailId = await (options.send ?? sendMail)(
      db,
      contactMail(parsed.data, options.recipient),
    );
    // The link lets /admin/messages show whether the mail reached the artist.
    if (typeof mailId === "string") {
      await db
        .update(contactMessages)
        .set({ mailOutboxId: mailId })
        .where(eq(contactMessages.id, messageId));
    }
  } catch (error) {
    // The message is stored; the artist can still read it. The sender is not asked to
    // send it again, which would only make a duplicate.
    logger.error({ err: error, messageId }, "Contact message stored, but queueing its mail failed");
  }
  return { status: "sent", messageId };
}

/** The JSON answer of the endpoint and its status code for each outcome. */
export function contactResponse(outcome: ContactOutcome) {
  switch (outcome.status) {
    case "sent":
    case "ignored":
      return { body: { success: true as const }, status: 200 };
    case "invalid":
      return {
        body: {
          success: false as const,
          error: CONTACT_TEXT.errorDescription,
          fieldErrors: outcome.fieldErrors,
        },
        status: 400,
      };
    case "rate-limited": {
      const retryAfterSeconds = Math.ceil(outcome.retryAfterMs / 1000);
      return {
        body: { success: false as const, error: contactRateLimitedMessage(retryAfterSeconds) },
        status: 429,
        retryAfterSeconds,
      };
    }
  }
}
