/**
 * Mail written in the same transaction as the change it reports (an order, a refund,
 * fresh links), so the two can never disagree, then handed to the mail worker once
 * the transaction has committed. Without SMTP the text goes to the log, as `sendMail`
 * does, so a developer can follow the links.
 */
import type { MailCondition } from "~/domain/mail/mail-validity";
import type { Database, Executor } from "../db/database.server";
import { getEnv } from "../core/env.server";
import { logger } from "../core/logger.server";
import { enqueueMail, flushOutbox, type MailMessage } from "./mail.server";

export interface QueuedMail {
  id: string;
  message: MailMessage;
}

/**
 * Writes the message to the outbox inside the caller's transaction, with the
 * conditions under which it is still worth sending (none: always).
 */
export async function queueMail(
  tx: Executor,
  message: MailMessage,
  conditions: readonly MailCondition[] = [],
): Promise<QueuedMail> {
  return { id: await enqueueMail(tx as Database, message, conditions), message };
}

/** After commit: deliver now (or, without SMTP, show the text in the log). */
export function deliverQueuedMail(db: Database, queued: readonly QueuedMail[]): void {
  if (!queued.length) return;
  if (!getEnv().SMTP_URL) {
    for (const { id, message } of queued) {
      logger.info(
        { mailId: id, to: message.to, subject: message.subject, text: message.text },
        "Mail kept in the outbox (no SMTP_URL); its text follows",
      );
    }
  }
  void flushOutbox(db);
}
