/**
 * Newsletter subscribers for /admin/subscribers: the list with a search and a status
 * filter, the counts of the whole list, the CSV of the current subscribers
 * (/admin/export/subscribers), and removal. Removing deletes the address (the artist
 * asked for it to go, e.g. on a reader's request): nothing of it is kept.
 */
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { timeColumn } from "~/domain/core/csv";
import {
  SUBSCRIBER_FILTERS,
  SUBSCRIBERS_TEXT,
  subscriberRemoveSchema,
  type SubscriberFilters,
  type SubscriberPage,
  type SubscriberStatus,
} from "~/domain/audience/subscribers/subscriber-admin";
import { intent, type IntentTable } from "../admin/admin-action.server";
import { listExport } from "../admin/csv-export.server";
import { defineListSource, readListPage } from "../admin/list-screen.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { NotFound } from "../core/errors.server";
import type { Database } from "../db/database.server";
import { newsletterSubscribers } from "../db/schema/audience.server";

/** LIKE wildcards in a search are literal characters. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listSubscribers(
  db: Database,
  filters: SubscriberFilters,
): Promise<SubscriberPage> {
  const conditions: SQL[] = [];
  const search = filters.q.trim().toLowerCase();
  if (search) conditions.push(ilike(newsletterSubscribers.email, `%${likeEscape(search)}%`));
  if (filters.status !== "all") conditions.push(eq(newsletterSubscribers.status, filters.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [found, subscribedCount, pendingCount] = await Promise.all([
    readListPage(filters.page, {
      count: () =>
        db
          .select({ n: count() })
          .from(newsletterSubscribers)
          .where(where)
          .then(([row]) => row?.n ?? 0),
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(limit)
          .offset(offset),
    }),
    countSubscribers(db),
    countSubscribers(db, "pending"),
  ]);
  return {
    ...found,
    subscribedCount,
    pendingCount,
    rows: found.rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status as SubscriberStatus,
      subscribedAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      consentPage: row.consentPage,
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      city: row.city,
    })),
  };
}

/** Confirmed subscribers (the list that is mailed), or those of another status. */
export async function countSubscribers(
  db: Database,
  status: SubscriberStatus = "subscribed",
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, status));
  return row?.n ?? 0;
}

/** Everyone confirmed now, oldest first: what the CSV export holds. */
export async function currentSubscribers(db: Database) {
  return db
    .select({ email: newsletterSubscribers.email, subscribedAt: newsletterSubscribers.createdAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "subscribed"))
    .orderBy(newsletterSubscribers.createdAt);
}

export async function removeSubscriber(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .returning({ email: newsletterSubscribers.email });
    if (!gone) throw new NotFound("This subscriber is no longer on the list.");
    await recordAudit(tx, {
      actor,
      action: "newsletter_subscribers.remove",
      entity: "newsletter_subscribers",
      entityId: id,
      details: { email: gone.email },
    });
    return gone;
  });
}

/**
 * The screen's list; its CSV is everyone subscribed now, oldest first, whatever the
 * search (the list a mailing tool takes), with the site's times.
 */
export const SUBSCRIBERS_LIST = defineListSource({
  filters: SUBSCRIBER_FILTERS,
  read: (db, query) => listSubscribers(db, query),
  fetchFailed: SUBSCRIBERS_TEXT.fetchFailed,
  csv: {
    dataset: "subscribers",
    rows: (db) => currentSubscribers(db),
    columns: (timeZone) => [
      { header: "Email", value: (r) => r.email },
      timeColumn("Subscribed at", (r) => r.subscribedAt, timeZone),
    ],
  },
});

/** The subscribers CSV (/admin/export/subscribers). */
export const exportSubscribersCsv = listExport(SUBSCRIBERS_LIST);

/** What a row does: remove the address, after the screen's confirmation. */
export const SUBSCRIBER_INTENTS: IntentTable = {
  delete: intent({
    schema: subscriberRemoveSchema,
    run: ({ db, actor, input }) => removeSubscriber(db, actor, input.id),
    success: ({ email }) => ({ title: SUBSCRIBERS_TEXT.removed, description: email }),
    failure: SUBSCRIBERS_TEXT.removeFailed,
  }),
};
