/**
 * Contact messages for /admin/messages: newest first, with the delivery state of the
 * mail that carried each one to the artist, marked handled or not, and a failed
 * delivery sent again; beside them, the other mails that did not go out.
 */
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  MESSAGE_FILTERS,
  MESSAGES_TEXT,
  deliveryStatus,
  messageHandledSchema,
  messageRetrySchema,
  type MessageFilters,
  type MessagePage,
  type UnsentMail,
} from "~/domain/audience/messages/message-admin";
import { intent, type IntentTable } from "../admin/admin-action.server";
import { defineListSource, readListPage } from "../admin/list-screen.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { Conflict, NotFound } from "../core/errors.server";
import type { Database } from "../db/database.server";
import { contactMessages } from "../db/schema/audience.server";
import { mailOutbox } from "../db/schema/mail.server";
import { flushOutbox, mailServerConfigured } from "../mail/mail.server";

export async function listMessages(db: Database, filters: MessageFilters): Promise<MessagePage> {
  const where = filters.filter === "unhandled" ? isNull(contactMessages.handledAt) : undefined;
  const [found, unhandled] = await Promise.all([
    readListPage(filters.page, {
      count: () =>
        db
          .select({ n: count() })
          .from(contactMessages)
          .where(where)
          .then(([row]) => row?.n ?? 0),
      rows: ({ limit, offset }) =>
        db
          .select({
            message: contactMessages,
            status: mailOutbox.status,
            attempts: mailOutbox.attempts,
            lastError: mailOutbox.lastError,
            sentAt: mailOutbox.sentAt,
            dropReason: mailOutbox.dropReason,
          })
          .from(contactMessages)
          .leftJoin(mailOutbox, eq(mailOutbox.id, contactMessages.mailOutboxId))
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset),
    }),
    countUnhandledMessages(db),
  ]);
  return {
    ...found,
    unhandled,
    rows: found.rows.map(({ message, status, attempts, lastError, sentAt, dropReason }) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      receivedAt: message.createdAt.toISOString(),
      handledAt: message.handledAt?.toISOString() ?? null,
      delivery: {
        status: deliveryStatus(status, mailServerConfigured()),
        attempts: attempts ?? 0,
        lastError: lastError ?? null,
        sentAt: sentAt?.toISOString() ?? null,
        dropReason: dropReason ?? null,
      },
    })),
  };
}

/**
 * The other mails (to buyers, to people signing in) that did not go out, newest
 * first: dropped as no longer meaningful (with the reason), failed, or waiting for a
 * mail server. Contact messages show their own state on their cards.
 */
export async function listUnsentMail(db: Database, limit = 20): Promise<UnsentMail[]> {
  const configured = mailServerConfigured();
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      dropReason: mailOutbox.dropReason,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .leftJoin(contactMessages, eq(contactMessages.mailOutboxId, mailOutbox.id))
    .where(
      and(
        isNull(contactMessages.id),
        configured
          ? inArray(mailOutbox.status, ["failed", "dropped"])
          : inArray(mailOutbox.status, ["failed", "dropped", "pending"]),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: deliveryStatus(row.status, configured),
    reason: row.dropReason ?? row.lastError ?? null,
    queuedAt: row.createdAt.toISOString(),
  }));
}

export async function countUnhandledMessages(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(isNull(contactMessages.handledAt));
  return row?.n ?? 0;
}

/** Marks a message handled (or not again); audited with the change. */
export async function setMessageHandled(
  db: Database,
  actor: Actor,
  id: string,
  handled: boolean,
): Promise<{ subject: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ handledAt: handled ? new Date() : null })
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id, subject: contactMessages.subject });
    if (!row) throw new NotFound("This message no longer exists.");
    await recordAudit(tx, {
      actor,
      action: handled ? "contact_messages.handle" : "contact_messages.reopen",
      entity: "contact_messages",
      entityId: id,
      details: { subject: row.subject },
    });
    return { subject: row.subject };
  });
}

/**
 * Sends a failed delivery again: the outbox row goes back to pending, due now, with a
 * fresh count of attempts, and a delivery pass starts. Only a failed mail can be retried
 * (a pending one is already being tried; a sent one arrived).
 */
export async function retryMessageDelivery(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ subject: string }> {
  const result = await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ subject: contactMessages.subject, outboxId: contactMessages.mailOutboxId })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    if (!message) throw new NotFound("This message no longer exists.");
    if (!message.outboxId) throw new Conflict("This message has no mail to send again.");
    const [retried] = await tx
      .update(mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
      .where(and(eq(mailOutbox.id, message.outboxId), eq(mailOutbox.status, "failed")))
      .returning({ id: mailOutbox.id });
    if (!retried) throw new Conflict("Only a failed delivery can be sent again.");
    await recordAudit(tx, {
      actor,
      action: "contact_messages.retry_delivery",
      entity: "contact_messages",
      entityId: id,
      details: { subject: message.subject },
    });
    return { subject: message.subject };
  });
  void flushOutbox(db);
  return result;
}

/** The screen's list: a page of messages, and the unsent mail below it. */
export const MESSAGES_LIST = defineListSource({
  filters: MESSAGE_FILTERS,
  read: (db, query) => listMessages(db, query),
  fetchFailed: MESSAGES_TEXT.fetchFailed,
  parts: { unsent: (db) => listUnsentMail(db) },
});

/** What a message's card does: mark it handled (or not again), send a failed mail again. */
export const MESSAGE_INTENTS: IntentTable = {
  handle: intent({
    schema: messageHandledSchema,
    run: async ({ db, actor, input }) => ({
      ...(await setMessageHandled(db, actor, input.id, input.handled)),
      handled: input.handled,
    }),
    success: ({ subject, handled }) => ({
      title: handled ? MESSAGES_TEXT.handled : MESSAGES_TEXT.reopened,
      description: subject,
    }),
    failure: MESSAGES_TEXT.handleFailed,
  }),
  retry: intent({
    schema: messageRetrySchema,
    run: ({ db, actor, input }) => retryMessageDelivery(db, actor, input.id),
    success: ({ subject }) => ({ title: MESSAGES_TEXT.retried, description: subject }),
    failure: MESSAGES_TEXT.retryFailed,
  }),
};
