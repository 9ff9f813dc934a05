/**
 * The sending engine of newsletter campaigns (issue 22, docs/decisions/037).
 *
 * Starting a send writes one recipients row per address, in the same transaction that
 * moves the campaign from draft (or scheduled) to sending, before any mail leaves. Any
 * number of instances then run the sender loop: each claims due queued rows in batches
 * (FOR UPDATE SKIP LOCKED), marks them "sending" with its instance id, hands each mail
 * to SMTP and marks the row "sent" once SMTP accepted it. A crash can only leave the
 * rows in flight at that moment as "sending"; after a lease they become "unknown" and
 * are never sent again unless the artist asks (`resendUnknown`).
 */
import crypto from "node:crypto";
import os from "node:os";
import { and, count, eq, inArray, isNotNull, like, lte, or, sql } from "drizzle-orm";
import {
  CAMPAIGN_SENDING_TEXT,
  MAX_SEND_ATTEMPTS,
  campaignMessageId,
  campaignSlugBase,
  classifySmtpFailure,
  emptyProgress,
  fillRecipientLinks,
  listUnsubscribeHeaders,
  rateBudget,
  ratePauseMs,
  scheduleFailureReason,
  sendRetryDelayMs,
  smtpFailureText,
  uniqueSlug,
  type CampaignProgress,
} from "~/domain/audience/letters/sending";
import type { RecipientStatus } from "~/domain/audience/letters/campaign";
import type { Database, Executor } from "../db/database.server";
import {
  newsletterCampaignRecipients as recipients,
  newsletterCampaigns as campaigns,
  newsletterSubscribers,
} from "../db/schema/audience.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { poolOf, runExclusively } from "../db/job-lock.server";
import { Conflict, NotFound, ValidationError } from "../core/errors.server";
import { getEnv } from "../core/env.server";
import { logger } from "../core/logger.server";
import { singleton } from "../core/singleton.server";
import {
  bulkMailTransport,
  mailServerConfigured,
  type BulkMailTransport,
} from "../mail/mail.server";
import { listAudience } from "./campaign-audience.server";
import { hashToken, locationUrl, unsubscribeUrl } from "./newsletter.server";

export type CampaignRow = typeof campaigns.$inferSelect;

export interface RenderedLetter {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders a campaign once, when its send starts. The html and text contain
 * LETTER_LINK_MARKERS, which the sender replaces for each recipient.
 */
export type RenderCampaign = (db: Database, campaign: CampaignRow) => Promise<RenderedLetter>;

// ---------------------------------------------------------------------------
// Starting a send
// ---------------------------------------------------------------------------

export interface StartSendOptions {
  render: RenderCampaign;
  actor?: Actor | null;
  now?: Date;
}

const INSERT_CHUNK = 1_000;

async function freeSlug(db: Executor, subject: string): Promise<string> {
  const base = campaignSlugBase(subject);
  const taken = await db
    .select({ slug: campaigns.slug })
    .from(campaigns)
    .where(or(eq(campaigns.slug, base), like(campaigns.slug, `${base}-%`)));
  return uniqueSlug(base, new Set(taken.map((row) => row.slug ?? "")));
}

function refusalFor(status: string): Conflict {
  return new Conflict(
    status === "cancelled" ? CAMPAIGN_SENDING_TEXT.cancelled : CAMPAIGN_SENDING_TEXT.alreadyStarted,
  );
}

/**
 * Starts sending a draft or a due scheduled campaign: renders it once, writes one
 * queued row per recipient and moves it to "sending", all or nothing. A second start
 * (a double click, two instances) is a Conflict; no mail server, or nobody in the
 * audience, is a clear refusal and changes nothing.
 */
export async function startCampaignSend(
  db: Database,
  campaignId: string,
  options: StartSendOptions,
): Promise<{ recipients: number; slug: string }> {
  const now = options.now ?? new Date();
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign) throw new NotFound(CAMPAIGN_SENDING_TEXT.notFound);
  if (campaign.status !== "draft" && campaign.status !== "scheduled") {
    throw refusalFor(campaign.status);
  }
  if (!mailServerConfigured()) {
    throw new ValidationError(CAMPAIGN_SENDING_TEXT.noMailServer);
  }
  const letter = await options.render(db, campaign);

  const result = await db.transaction(async (tx) => {
    // The one conditional UPDATE that decides who starts it.
    const [started] = await tx
      .update(campaigns)
      .set({ status: "sending", startedAt: now, finishedAt: null, failureReason: null })
      .where(and(eq(campaigns.id, campaignId), inArray(campaigns.status, ["draft", "scheduled"])))
      // The slug as it is now: the renderer may have just given the letter its web address.
      .returning({ id: campaigns.id, slug: campaigns.slug });
    if (!started) {
      const [current] = await tx
        .select({ status: campaigns.status })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId));
      throw current ? refusalFor(current.status) : new NotFound(CAMPAIGN_SENDING_TEXT.notFound);
    }
    const members = await listAudience(tx, campaign.audience);
    if (members.length === 0) {
      throw new ValidationError(CAMPAIGN_SENDING_TEXT.emptyAudience, {
        audience: [CAMPAIGN_SENDING_TEXT.emptyAudience],
      });
    }
    for (let i = 0; i < members.length; i += INSERT_CHUNK) {
      await tx
        .insert(recipients)
        .values(
          members.slice(i, i + INSERT_CHUNK).map((m) => ({
            campaignId,
            subscriberId: m.id,
            email: m.email,
            nextAttemptAt: now,
          })),
        )
        .onConflictDoNothing();
    }
    const slug = started.slug ?? (await freeSlug(tx, letter.subject));
    await tx
      .update(campaigns)
      .set({ slug, sentSubject: letter.subject, sentHtml: letter.html, sentText: letter.text })
      .where(eq(campaigns.id, campaignId));
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: "newsletter_campaigns.send",
      entity: "newsletter_campaigns",
      entityId: campaignId,
      details: {
        subject: letter.subject,
        recipients: members.length,
        scheduled: campaign.status === "scheduled",
      },
    });
    return { recipients: members.length, slug };
  });
  nudgeCampaignSenders();
  return result;
}

/**
 * Puts the rows in doubt ("unknown": in flight when an instance died) back in the
 * queue: the screen's "send again to these". Returns how many were queued.
 */
export async function resendUnknown(
  db: Database,
  campaignId: string,
  options: { actor?: Actor | null; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const queued = await db.transaction(async (tx) => {
    const rows = await tx
      .update(recipients)
      .set({
        status: "queued",
        nextAttemptAt: now,
        claimedBy: null,
        claimedAt: null,
        error: null,
      })
      .where(and(eq(recipients.campaignId, campaignId), eq(recipients.status, "unknown")))
      .returning({ id: recipients.id });
    if (rows.length === 0) return 0;
    await tx
      .update(campaigns)
      .set({ status: "sending", finishedAt: null, failureReason: null })
      .where(eq(campaigns.id, campaignId));
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: "newsletter_campaigns.resend_unknown",
      entity: "newsletter_campaigns",
      entityId: campaignId,
      details: { recipients: rows.length },
    });
    return rows.length;
  });
  if (queued > 0) nudgeCampaignSenders();
  return queued;
}

/** The figures of a campaign: one grouped query on the status index, cheap to poll. */
export async function campaignProgress(
  db: Executor,
  campaignId: string,
): Promise<CampaignProgress> {
  const rows = await db
    .select({
      status: recipients.status,
      n: count(),
      unsubscribed: count(recipients.unsubscribedAt),
    })
    .from(recipients)
    .where(eq(recipients.campaignId, campaignId))
    .groupBy(recipients.status);
  const progress = emptyProgress();
  for (const row of rows) {
    progress[row.status as RecipientStatus] = row.n;
    progress.recipients += row.n;
    progress.unsubscribed += row.unsubscribed;
  }
  progress.done = progress.recipients - progress.queued - progress.sending;
  return progress;
}

/**
 * A permanent failure (5xx): the row is bounced and the address suppressed, unless the
 * person had already left the list (their own choice stays).
 */
export async function markBounced(
  db: Database,
  recipient: { id: string; subscriberId: string | null },
  reason: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(recipients)
      .set({ status: "bounced", error: reason })
      .where(eq(recipients.id, recipient.id));
    if (recipient.subscriberId) {
      await tx
        .update(newsletterSubscribers)
        .set({ status: "bounced", bouncedAt: now, confirmationTokenHash: null })
        .where(
          and(
            eq(newsletterSubscribers.id, recipient.subscriberId),
            inArray(newsletterSubscribers.status, ["pending", "subscribed"]),
          ),
        );
    }
  });
}

// ---------------------------------------------------------------------------
// The sender
// ---------------------------------------------------------------------------

export interface SenderOptions {
  render: RenderCampaign;
  /** Default: the process's pooled transport (SMTP_URL). */
  transport?: BulkMailTransport | null;
  siteUrl?: string;
  from?: string;
  /** Mails per second per campaign across all instances; 0 = no limit. Default NEWSLETTER_RATE. */
  ratePerSecond?: number;
  batchSize?: number;
  /** How many mails one instance hands to SMTP at once (its pooled connections). */
  concurrency?: number;
  /** A row "sending" for longer than this belonged to an instance that died. */
  leaseMs?: number;
  /** How often an idle sender looks for work (due schedules, new sends). */
  idleMs?: number;
  instanceId?: string;
}

export const SENDER_BATCH_SIZE = 50;
export const SENDER_LEASE_MS = 10 * 60_000;
const SENDER_IDLE_MS = 5_000;
const UNKNOWN_REASON =
  "The sending instance stopped while this mail was on its way to the mail server: it may or may not have arrived, so it is not sent again unless you ask.";

interface SenderContext {
  render: RenderCampaign;
  transport: BulkMailTransport;
  siteUrl: string;
  from: string;
  ratePerSecond: number;
  batchSize: number;
  concurrency: number;
  leaseMs: number;
  instanceId: string;
}

function contextOf(options: SenderOptions): SenderContext | null {
  const transport = options.transport === undefined ? bulkMailTransport() : options.transport;
  if (!transport) return null;
  const env = getEnv();
  return {
    render: options.render,
    transport,
    siteUrl: options.siteUrl ?? env.SITE_URL,
    from: options.from ?? env.MAIL_FROM,
    ratePerSecond: options.ratePerSecond ?? env.NEWSLETTER_RATE,
    batchSize: options.batchSize ?? SENDER_BATCH_SIZE,
    concurrency: options.concurrency ?? 5,
    leaseMs: options.leaseMs ?? SENDER_LEASE_MS,
    instanceId:
      options.instanceId ??
      `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`,
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface ClaimedRow {
  id: string;
  email: string;
  subscriber_id: string | null;
  attempts: number;
  subscriber_status: string | null;
}

interface Claim {
  id: string;
  email: string;
  subscriberId: string | null;
  attempts: number;
  token: string;
}

/**
 * Claims up to a batch of due queued rows of one campaign for this instance, in one
 * transaction: rows of people who left the list since the send started become
 * "skipped"; the others become "sending" with a fresh link token (only its hash is
 * stored) before any of them is handed to SMTP.
 */
export async function claimRecipients(
  db: Database,
  campaignId: string,
  options: { instanceId: string; batchSize: number; ratePerSecond: number; now?: Date },
): Promise<{ claims: Claim[]; skipped: number; rateLimited: boolean }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    let limit = options.batchSize;
    if (options.ratePerSecond > 0) {
      // One claimer per campaign at a time while a rate applies, so the count holds.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`newsletter-rate:${campaignId}`}))`,
      );
      const [recent] = await tx
        .select({ n: count() })
        .from(recipients)
        .where(
          and(
            eq(recipients.campaignId, campaignId),
            isNotNull(recipients.claimedAt),
            sql`${recipients.claimedAt} > ${new Date(now.getTime() - 1_000)}`,
          ),
        );
      limit = rateBudget(options.ratePerSecond, recent?.n ?? 0, options.batchSize);
      if (limit === 0) return { claims: [], skipped: 0, rateLimited: true };
    }
    const due = rowsOf<ClaimedRow>(
      await tx.execute(sql`
        select r.id, r.email, r.subscriber_id, r.attempts, s.status as subscriber_status
          from newsletter_campaign_recipients r
          left join newsletter_subscribers s on s.id = r.subscriber_id
         where r.campaign_id = ${campaignId}
           and r.status = 'queued'
           and r.next_attempt_at <= ${now}
         order by r.next_attempt_at
         limit ${limit}
           for update of r skip locked`),
    );
    const gone = due.filter((row) => row.subscriber_status !== "subscribed");
    const claims: Claim[] = due
      .filter((row) => row.subscriber_status === "subscribed")
      .map((row) => ({
        id: row.id,
        email: row.email,
        subscriberId: row.subscriber_id,
        attempts: Number(row.attempts) + 1,
        token: crypto.randomBytes(32).toString("base64url"),
      }));
    if (gone.length > 0) {
      await tx
        .update(recipients)
        .set({ status: "skipped", claimedBy: options.instanceId, claimedAt: now })
        .where(
          inArray(
            recipients.id,
            gone.map((row) => row.id),
          ),
        );
    }
    if (claims.length > 0) {
      const values = sql.join(
        claims.map((c) => sql`(${c.id}::uuid, ${hashToken(c.token)})`),
        sql`, `,
      );
      await tx.execute(sql`
        update newsletter_campaign_recipients r
           set status = 'sending', claimed_by = ${options.instanceId}, claimed_at = ${now},
               attempts = r.attempts + 1, link_token_hash = v.hash
          from (values ${values}) as v(id, hash)
         where r.id = v.id`);
    }
    return { claims, skipped: gone.length, rateLimited: false };
  });
}

interface Letter {
  subject: string;
  html: string;
  text: string;
}

async function deliver(
  db: Database,
  ctx: SenderContext,
  campaignId: string,
  letter: Letter,
  claim: Claim,
  sentMarks: ReturnType<typeof sentMarker>,
): Promise<"sent" | "retrying" | "failed" | "bounced" | "unknown"> {
  const links = {
    unsubscribe: unsubscribeUrl(ctx.siteUrl, claim.token),
    location: locationUrl(ctx.siteUrl, claim.token),
  };
  const mine = and(eq(recipients.id, claim.id), eq(recipients.claimedBy, ctx.instanceId));
  try {
    await ctx.transport.send({
      from: ctx.from,
      to: claim.email,
      subject: letter.subject,
      html: fillRecipientLinks(letter.html, links),
      text: fillRecipientLinks(letter.text, links),
      headers: listUnsubscribeHeaders(links.unsubscribe, ctx.from),
      messageId: campaignMessageId(ctx.siteUrl, campaignId, claim.id),
    });
  } catch (error) {
    const kind = classifySmtpFailure(error);
    const reason = smtpFailureText(error);
    const now = new Date();
    if (kind === "permanent") {
      await markBounced(db, claim, reason, now);
      return "bounced";
    }
    if (kind === "temporary") {
      const giveUp = claim.attempts >= MAX_SEND_ATTEMPTS;
      await db
        .update(recipients)
        .set({
          status: giveUp ? "failed" : "queued",
          error: reason,
          nextAttemptAt: new Date(now.getTime() + sendRetryDelayMs(claim.attempts)),
        })
        .where(and(mine, eq(recipients.status, "sending")));
      logger.warn({ campaignId, attempts: claim.attempts, err: error }, "Campaign mail deferred");
      return giveUp ? "failed" : "retrying";
    }
    await db
      .update(recipients)
      .set({ status: "unknown", error: reason })
      .where(and(mine, eq(recipients.status, "sending")));
    return "unknown";
  }
  // SMTP accepted it: marked "sent" with the others accepted meanwhile (one UPDATE).
  sentMarks.add(claim.id);
  return "sent";
}

/**
 * Writes "sent" for the rows SMTP accepted, several per UPDATE: while one write runs,
 * the ids accepted meanwhile wait for the next. A crash before the write leaves them
 * "sending", hence "unknown": never re-sent automatically.
 */
export function sentMarker(db: Database, instanceId: string) {
  let pending: string[] = [];
  let running: Promise<void> | null = null;
  const write = async (ids: string[]) => {
    await db
      .update(recipients)
      .set({ status: "sent", sentAt: new Date(), error: null })
      .where(
        and(
          inArray(recipients.id, ids),
          eq(recipients.claimedBy, instanceId),
          // Also when a lease ran out meanwhile: the mail did leave.
          inArray(recipients.status, ["sending", "unknown"]),
        ),
      );
  };
  const drain = async () => {
    try {
      while (pending.length > 0) {
        const ids = pending;
        pending = [];
        await write(ids);
      }
    } finally {
      running = null;
    }
  };
  return {
    add(id: string) {
      pending.push(id);
      running ??= drain();
    },
    /** Resolves once every accepted row so far is written. */
    async settle() {
      while (running) await running;
    },
  };
}

async function inParallel<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Rows "sending" longer than the lease: their instance died mid-batch. They are never re-sent on their own. */
export async function expireStaleClaims(
  db: Database,
  campaignId: string,
  before: Date,
): Promise<number> {
  const rows = await db
    .update(recipients)
    .set({ status: "unknown", error: UNKNOWN_REASON })
    .where(
      and(
        eq(recipients.campaignId, campaignId),
        eq(recipients.status, "sending"),
        lte(recipients.claimedAt, before),
      ),
    )
    .returning({ id: recipients.id });
  if (rows.length > 0) {
    logger.warn(
      { campaignId, rows: rows.length },
      "Campaign mails in doubt after an instance stopped",
    );
  }
  return rows.length;
}

/** Marks the campaign sent (or failed, when not one mail left) once no row is queued or in flight. */
export async function finishCampaignIfDone(
  db: Database,
  campaignId: string,
  now = new Date(),
): Promise<boolean> {
  const progress = await campaignProgress(db, campaignId);
  if (progress.queued + progress.sending > 0) return false;
  const status = progress.sent === 0 && progress.failed > 0 ? "failed" : "sent";
  const [done] = await db
    .update(campaigns)
    .set({
      status,
      finishedAt: now,
      failureReason: status === "failed" ? CAMPAIGN_SENDING_TEXT.allFailed : null,
    })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.status, "sending"),
        sql`not exists (select 1 from ${recipients} where ${recipients.campaignId} = ${campaignId} and ${recipients.status} in ('queued', 'sending'))`,
      ),
    )
    .returning({ id: campaigns.id });
  if (done) logger.info({ campaignId, status, ...progress }, "Campaign finished");
  return Boolean(done);
}

/** A schedule that cannot be kept becomes "failed", with the reason the list shows. */
async function failSchedule(db: Database, id: string, reason: string, now: Date): Promise<void> {
  const [failed] = await db
    .update(campaigns)
    .set({ status: "failed", finishedAt: now, failureReason: reason })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, "scheduled")))
    .returning({ id: campaigns.id });
  if (!failed) return;
  await recordAudit(db, {
    actor: null,
    action: "newsletter_campaigns.schedule_failed",
    entity: "newsletter_campaigns",
    entityId: id,
    details: { reason },
  });
}

const dueSchedules = (db: Database, now: Date) =>
  db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.scheduledAt, now)));

/** Starts the scheduled campaigns that are due, on one instance at a time. */
export async function startDueCampaigns(
  db: Database,
  render: RenderCampaign,
  now = new Date(),
): Promise<number> {
  let started = 0;
  await runExclusively(db, "newsletter-campaign-starter", async () => {
    for (const { id } of await dueSchedules(db, now)) {
      try {
        await startCampaignSend(db, id, { render, now });
        started++;
      } catch (error) {
        if (error instanceof Conflict) continue;
        // No mail server, nobody in the audience: the schedule cannot be kept.
        const refusal =
          error instanceof ValidationError || error instanceof NotFound ? error.message : null;
        if (refusal === null)
          logger.error({ err: error, campaignId: id }, "A scheduled campaign could not start");
        else logger.warn({ campaignId: id, reason: refusal }, "A scheduled campaign failed");
        await failSchedule(db, id, scheduleFailureReason(refusal), now);
      }
    }
  });
  return started;
}

/**
 * Without a mail server nothing can be sent. A letter scheduled while one was configured
 * must not wait silently and go out, late, whenever one is set again: once it is due it
 * becomes "failed" with the reason (decision 037). Returns how many failed.
 */
export async function failDueSchedulesWithoutMailServer(
  db: Database,
  now = new Date(),
): Promise<number> {
  let failed = 0;
  await runExclusively(db, "newsletter-campaign-starter", async () => {
    for (const { id } of await dueSchedules(db, now)) {
      logger.warn({ campaignId: id }, "A scheduled campaign failed: no mail server (SMTP_URL)");
      await failSchedule(db, id, CAMPAIGN_SENDING_TEXT.scheduledWithoutMailServer, now);
      failed++;
    }
  });
  return failed;
}

export interface PassResult {
  sent: number;
  retrying: number;
  failed: number;
  bounced: number;
  unknown: number;
  skipped: number;
  /** Waiting for the rate limit's next second. */
  rateLimited: boolean;
}

/** One pass over every sending campaign: expire dead claims, send one batch each, finish. */
export async function senderPass(db: Database, options: SenderOptions): Promise<PassResult> {
  const ctx = contextOf(options);
  const result: PassResult = {
    sent: 0,
    retrying: 0,
    failed: 0,
    bounced: 0,
    unknown: 0,
    skipped: 0,
    rateLimited: false,
  };
  if (!ctx) return result;
  return passWith(db, ctx, result, new Map());
}

async function passWith(
  db: Database,
  ctx: SenderContext,
  result: PassResult,
  letters: Map<string, Letter>,
): Promise<PassResult> {
  const sending = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.status, "sending"));
  // Frozen letters of campaigns no longer sending are not kept.
  for (const id of letters.keys()) if (!sending.some((c) => c.id === id)) letters.delete(id);
  for (const { id } of sending) {
    await expireStaleClaims(db, id, new Date(Date.now() - ctx.leaseMs));
    let letter = letters.get(id);
    if (!letter) {
      const [row] = await db
        .select({
          subject: campaigns.sentSubject,
          html: campaigns.sentHtml,
          text: campaigns.sentText,
        })
        .from(campaigns)
        .where(eq(campaigns.id, id));
      if (!row?.subject || row.html === null || row.text === null) continue;
      letter = { subject: row.subject, html: row.html, text: row.text };
      letters.set(id, letter);
    }
    const claim = await claimRecipients(db, id, {
      instanceId: ctx.instanceId,
      batchSize: ctx.batchSize,
      ratePerSecond: ctx.ratePerSecond,
    });
    result.skipped += claim.skipped;
    result.rateLimited ||= claim.rateLimited;
    const current = letter;
    const sentMarks = sentMarker(db, ctx.instanceId);
    try {
      await inParallel(claim.claims, ctx.concurrency, async (c) => {
        result[await deliver(db, ctx, id, current, c, sentMarks)]++;
      });
    } finally {
      await sentMarks.settle();
    }
    if (claim.claims.length === 0 && claim.skipped === 0 && !claim.rateLimited) {
      await finishCampaignIfDone(db, id);
    }
  }
  return result;
}

const wakers = () => singleton("campaign-sender-wakers", () => new Set<() => void>());

/**
 * The sender's stand-in when no mail server is configured: at start, and then every
 * `everyMs`, due schedules become "failed" with the reason (none can be sent, and none
 * may go out unexpectedly late once a mail server is set). Returns the stop function.
 */
function watchSchedulesWithoutMailServer(db: Database, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const look = () => {
    running ??= failDueSchedulesWithoutMailServer(db)
      .catch((error: unknown) =>
        logger.error({ err: error }, "Could not look for due newsletter schedules"),
      )
      .finally(() => (running = null));
  };
  look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Wakes this process's senders now (a send just started), instead of at their next look. */
export function nudgeCampaignSenders(): void {
  for (const wake of wakers()) wake();
}

/**
 * Runs the sender until stopped: sends while there is work, looks for work (due
 * schedules, new sends) every idleMs otherwise. Returns a stop function that waits for
 * the batch in hand. On the embedded database (one process), rows left "sending" by
 * the previous run are known to be dead at once. Without a mail server it only fails
 * the schedules that come due (watchSchedulesWithoutMailServer).
 */
export function startCampaignSender(db: Database, options: SenderOptions): () => Promise<void> {
  const ctx = contextOf(options);
  const idleMs = options.idleMs ?? SENDER_IDLE_MS;
  if (!ctx) return watchSchedulesWithoutMailServer(db, idleMs);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  let lastLook = 0;
  const letters = new Map<string, Letter>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        wake = null;
        resolve();
      };
      timer = setTimeout(() => wake?.(), ms);
      timer.unref();
    });
  const waker = () => wake?.();
  wakers().add(waker);

  const loop = async () => {
    if (!poolOf(db)) {
      // One process per embedded database: whatever is "sending" now died with the last one.
      const open = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.status, "sending"));
      for (const { id } of open) await expireStaleClaims(db, id, new Date());
    }
    while (!stopped) {
      let pause = idleMs;
      try {
        if (Date.now() - lastLook >= idleMs) {
          lastLook = Date.now();
          await startDueCampaigns(db, ctx.render);
        }
        const r = await passWith(
          db,
          ctx,
          {
            sent: 0,
            retrying: 0,
            failed: 0,
            bounced: 0,
            unknown: 0,
            skipped: 0,
            rateLimited: false,
          },
          letters,
        );
        const worked = r.sent + r.retrying + r.failed + r.bounced + r.unknown + r.skipped > 0;
        if (worked) pause = 0;
        else if (r.rateLimited) pause = ratePauseMs(ctx.ratePerSecond);
      } catch (error) {
        logger.error({ err: error }, "Campaign sender pass failed");
      }
      if (!stopped && pause > 0) await sleep(pause);
    }
  };
  const running = loop();
  return async () => {
    stopped = true;
    wakers().delete(waker);
    waker();
    await running;
  };
}
