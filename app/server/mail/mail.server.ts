/**
 * Mail goes through the outbox: a message is a row first, then a worker delivers it.
 * A dead SMTP server therefore loses nothing; the row waits and is retried with
 * backoff. With no SMTP_URL the message stays in the outbox and is printed to the log.
 * Just before a message leaves, the conditions it was queued with are checked
 * (domain/mail/mail-validity.ts): one whose links no longer work is dropped, with a reason,
 * rather than sent late.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import {
  mailDropReason,
  parseMailConditions,
  type MailCondition,
  type MailConditionFact,
} from "~/domain/mail/mail-validity";
import net from "node:net";
import nodemailer from "nodemailer";
// The file itself: Node's ESM loader (the built server) does not resolve a directory.
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Database } from "../db/database.server";
import { mailOutbox } from "../db/schema/mail.server";
import { getEnv } from "../core/env.server";
import { logger } from "../core/logger.server";
import { singleton } from "../core/singleton.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    },
  };
}

/** A bulk message: its Message-ID is chosen by the sender (on the site's domain). */
export type BulkMailMessage = MailMessage & { from: string; messageId?: string };

export interface BulkMailTransport {
  send(message: BulkMailMessage): Promise<void>;
  /** Closes the pooled connections (the process keeps none open after this). */
  close(): void;
}

interface SocketTarget {
  host?: string;
  port?: number | string;
  secure?: boolean;
}

/**
 * Opens the TCP connection with Nagle's algorithm off: nodemailer writes the end of
 * the message (".") as a small segment of its own, which Nagle holds back until the
 * server acknowledges the previous one, and servers delay that acknowledgement (40 ms
 * on Linux). Measured on loopback: 20 mails/s per connection with it, hundreds
 * without. nodemailer still upgrades the socket to TLS for smtps:// (or STARTTLS).
 */
function noDelaySocket(
  options: SocketTarget,
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
): void {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = net.connect({ host: options.host ?? "localhost", port });
  socket.setNoDelay(true);
  const failed = (error: Error) => callback(error);
  socket.once("error", failed);
  socket.once("connect", () => {
    socket.off("error", failed);
    callback(null, { connection: socket });
  });
}

/** Connections one instance keeps open to the SMTP server while a campaign sends. */
export const BULK_SMTP_CONNECTIONS = 5;

/**
 * Newsletter campaigns (issue 22): pooled connections, so thousands of mails do not
 * open thousands of connections. Any SMTP relay works. The server's answer stays on a
 * failure (`responseCode`), which the sender reads to tell 4xx from 5xx.
 */
export function smtpBulkTransport(
  url: string,
  options: { maxConnections?: number } = {},
): BulkMailTransport {
  // SMTPPool itself, not createTransport({ url, pool }): createTransport reads only the
  // URL when one is given and drops every other option (the pool among them).
  const transporter = nodemailer.createTransport(
    new SMTPPool({
      url,
      pool: true,
      maxConnections: options.maxConnections ?? BULK_SMTP_CONNECTIONS,
      maxMessages: Infinity,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
      getSocket: noDelaySocket,
    } as SMTPPool.Options),
  );
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
      });
    },
    close: () => transporter.close(),
  };
}

/** After this many failed attempts a message is marked failed (it stays in the table). */
export const MAX_MAIL_ATTEMPTS = 12;
const LEASE_MS = 60_000;

/** 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export async function enqueueMail(
  db: Database,
  message: MailMessage,
  conditions: readonly MailCondition[] = [],
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      // The worker compares with this process's clock in milliseconds; PostgreSQL's own
      // now() has microseconds and could make a message queued this very millisecond
      // look not yet due to a delivery pass started right after it.
      nextAttemptAt: new Date(),
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      headers: message.headers ?? {},
      conditions: [...conditions],
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
  /** No longer meaningful: not sent (status dropped, with the reason). */
  dropped: number;
}

/**
 * Answers a mail's conditions, one fact per condition, in the same order. The facts live
 * in the rooms that own them (download links and orders in the shop, links and accounts
 * in auth), above this one, so the process sets the reader at start
 * (`setMailConditionReader`, ops/mail-conditions.server.ts); without one no fact is
 * known and no mail is dropped.
 */
export type MailConditionReader = (
  db: Database,
  conditions: readonly MailCondition[],
  now: Date,
) => Promise<(MailConditionFact | undefined)[]>;

/**
 * Delivers due messages. Each row is claimed with a conditional update first, so two
 * workers (or two processes) never send the same message twice.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  options: {
    from: string;
    now?: Date;
    batchSize?: number;
    /** Default: the process's reader (setMailConditionReader). */
    readConditions?: MailConditionReader | null;
  },
): Promise<DeliveryResult> {
  const readConditions = options.readConditions ?? mailer().readConditions;
  const now = options.now ?? new Date();
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0, dropped: 0 };
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(options.batchSize ?? 20);

  for (const { id } of due) {
    const [claimed] = await db
      .update(mailOutbox)
      .set({
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        and(
          eq(mailOutbox.id, id),
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, now),
        ),
      )
      .returning();
    if (!claimed) continue;
    const conditions = parseMailConditions(claimed.conditions);
    const dropReason =
      conditions.length && readConditions
        ? mailDropReason(conditions, await readConditions(db, conditions, now), now)
        : null;
    if (dropReason) {
      await db
        .update(mailOutbox)
        .set({ status: "dropped", dropReason })
        .where(eq(mailOutbox.id, id));
      result.dropped++;
      logger.info({ mailId: id, reason: dropReason }, "Mail dropped: no longer meaningful");
      continue;
    }
    try {
      await transport.send({
        from: options.from,
        to: claimed.toAddress,
        subject: claimed.subject,
        text: claimed.textBody,
        html: claimed.htmlBody,
        headers: claimed.headers,
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, id));
      result.sent++;
    } catch (error) {
      const giveUp = claimed.attempts >= MAX_MAIL_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(claimed.attempts)),
        })
        .where(eq(mailOutbox.id, id));
      if (giveUp) result.failed++;
      else result.retrying++;
      logger.warn({ mailId: id, attempts: claimed.attempts, err: error }, "Mail delivery failed");
    }
  }
  return result;
}

// ---------------------------------------------------------------------------
// The process's mailer: queue, then deliver in the background.
// ---------------------------------------------------------------------------

interface Mailer {
  transport: MailTransport | null;
  /** Created on the first campaign send (or set by a test); undefined: not yet. */
  bulk: BulkMailTransport | null | undefined;
  running: Promise<void> | null;
  /** Set when a flush is asked for during a pass: its message may not be in that pass. */
  again: boolean;
  timer: NodeJS.Timeout | null;
  readConditions: MailConditionReader | null;
}

const mailer = () =>
  singleton<Mailer>("mailer", () => {
    const env = getEnv();
    return {
      transport: env.SMTP_URL ? smtpTransport(env.SMTP_URL) : null,
      bulk: undefined,
      running: null,
      again: false,
      timer: null,
      readConditions: null,
    };
  });

/**
 * Replaces the process's transport: tests point it at an in-process SMTP server;
 * null keeps every message in the outbox (as with no SMTP_URL).
 */
export function setMailTransport(transport: MailTransport | null): void {
  mailer().transport = transport;
}

/** Sets how the process answers a queued mail's conditions (once, at start). */
export function setMailConditionReader(reader: MailConditionReader | null): void {
  mailer().readConditions = reader;
}

/** The process's pooled transport for campaigns; null without SMTP_URL. */
export function bulkMailTransport(): BulkMailTransport | null {
  const m = mailer();
  if (m.bulk === undefined) {
    const url = getEnv().SMTP_URL;
    m.bulk = url ? smtpBulkTransport(url) : null;
  }
  return m.bulk;
}

/** Replaces the process's campaign transport (tests: an in-process SMTP server). */
export function setBulkMailTransport(transport: BulkMailTransport | null): void {
  mailer().bulk = transport;
}

/** Whether a mail server is configured: without one every message waits in the outbox. */
export function mailServerConfigured(): boolean {
  return mailer().transport !== null;
}

/** Writes the message to the outbox and asks the worker to deliver it now. */
export async function sendMail(
  db: Database,
  message: MailMessage,
  conditions: readonly MailCondition[] = [],
): Promise<string> {
  const id = await enqueueMail(db, message, conditions);
  if (!mailer().transport) {
    // No SMTP: the outbox keeps it, and the log shows it so a developer can follow links.
    logger.info(
      { mailId: id, to: message.to, subject: message.subject, text: message.text },
      "Mail kept in the outbox (no SMTP_URL); its text follows",
    );
  } else {
    void flushOutbox(db);
  }
  return id;
}

/** Runs one delivery pass unless one is already running. */
export function flushOutbox(db: Database): Promise<void> {
  const m = mailer();
  if (!m.transport) return Promise.resolve();
  if (m.running) {
    m.again = true;
    return m.running;
  }
  const transport = m.transport;
  const pass = async () => {
    do {
      m.again = false;
      try {
        const r = await deliverDueMail(db, transport, { from: getEnv().MAIL_FROM });
        if (r.sent || r.retrying || r.failed || r.dropped) logger.info(r, "Mail delivery pass");
      } catch (error) {
        logger.error({ err: error }, "Mail delivery pass failed");
      }
    } while (m.again);
  };
  m.running = pass().finally(() => {
    m.running = null;
  });
  return m.running;
}

/** Retries due messages every interval; returns a stop function for shutdown. */
export function startMailWorker(db: Database, intervalMs = 15_000): () => void {
  const m = mailer();
  if (!m.transport) return () => {};
  void flushOutbox(db);
  m.timer = setInterval(() => void flushOutbox(db), intervalMs);
  m.timer.unref();
  return () => {
    if (m.timer) clearInterval(m.timer);
    m.timer = null;
  };
}
