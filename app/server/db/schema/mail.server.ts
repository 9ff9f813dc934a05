/** The mail room's table: the outbox every mail goes through. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { MailCondition } from "~/domain/mail/mail-validity";
import { id, createdAt } from "./columns.server";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** When the mail still means something (domain/mail/mail-validity.ts); [] for always. */
    conditions: jsonb().$type<MailCondition[]>().notNull().default([]),
    /** Why a mail was not sent after all (status dropped), shown on /admin/messages. */
    dropReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check("mail_outbox_status", sql`${t.status} in ('pending', 'sent', 'failed', 'dropped')`),
    index("mail_outbox_due").on(t.status, t.nextAttemptAt),
  ],
);
