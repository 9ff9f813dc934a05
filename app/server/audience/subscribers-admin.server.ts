/**
 * Newsletter subscribers for /admin/subscribers: the list with a search, the count of
 * current subscribers, and removal. Removing deletes the address (the artist asked for
 * it to go, e.g. on a reader's request): nothing of it is kept.
 */
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { ADMIN_LIST_PAGE_SIZE } from "~/domain/admin/audit-log";
import type { AdminSubscriber, SubscriberStatus } from "~/domain/admin/business-admin";
import { recordAudit, type Actor } from "../db/audit.server";
import { NotFound } from "../core/errors.server";
import type { Database } from "../db/database.server";
import { newsletterSubscribers } from "../db/schema/audience.server";

export interface SubscriberPage {
  subscribers: AdminSubscriber[];
  /** Everyone on the list now (confirmed), whatever the search. */
  subscribedCount: number;
  /** Sign-ups waiting for their confirmation, whatever the search. */
  pendingCount: number;
  /** Rows matching the search and filter. */
  total: number;
  page: number;
  pageCount: number;
}

/** LIKE wildcards in a search are literal characters. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listSubscribers(
  db: Database,
  options: { search: string; status: SubscriberStatus | "all"; page: number },
): Promise<SubscriberPage> {
  const conditions: SQL[] = [];
  const search = options.search.trim().toLowerCase();
  if (search) conditions.push(ilike(newsletterSubscribers.email, `%${likeEscape(search)}%`));
  if (options.status !== "all") conditions.push(eq(newsletterSubscribers.status, options.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total, subscribedCount, pendingCount] = await Promise.all([
    db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(where)
      .then(([row]) => row?.n ?? 0),
    countSubscribers(db),
    countSubscribers(db, "pending"),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_LIST_PAGE_SIZE));
  const page = Math.min(options.page, pageCount);
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(ADMIN_LIST_PAGE_SIZE)
    .offset((page - 1) * ADMIN_LIST_PAGE_SIZE);
  return {
    subscribedCount,
    pendingCount,
    total,
    page,
    pageCount,
    subscribers: rows.map((row) => ({
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
