/**
 * Who changed what, and when. Every admin write calls `recordAudit` with the same
 * executor (database or transaction) as the change itself, so the change and its
 * record land together or not at all.
 */
import { desc } from "drizzle-orm";
import type { Database, Executor } from "./database.server";
import { auditLog } from "./schema/db.server";

/** The signed-in person making a change. */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditEntry {
  actor: Actor | null;
  /** What happened, as `<entity>.<verb>`, e.g. "allowed_email.add". */
  action: string;
  /** The table or concept changed, e.g. "allowed_emails". */
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? {},
  });
}

export async function recentAudit(db: Database, limit = 50) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}
