/** Tables every room writes: the audit log and the app's own rate limits. */
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns.server";

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorUserId: text(),
    actorEmail: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created").on(t.createdAt),
    index("audit_log_entity_created").on(t.entity, t.createdAt),
  ],
);

/**
 * The app's own fixed-window counters (contact, newsletter, checkout, download recovery…).
 * Not in rate_limits: Better Auth prunes that table after its own longest window, which
 * would reset the app's longer windows early.
 */
export const appRateLimits = pgTable(
  "app_rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
    /** When the current window ends; a row past it counts for nothing and may be pruned. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("app_rate_limits_expires").on(t.expiresAt)],
);
