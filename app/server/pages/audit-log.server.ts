/**
 * The audit log for /admin/audit-log: newest first, filtered by the screen a change was
 * made on, paged, each entry as a sentence. A composition: the sentences read what every
 * room stored (domain/pages/audit-sentence.ts).
 */
import { count, desc, inArray } from "drizzle-orm";
import {
  AUDIT_FILTERS,
  AUDIT_TEXT,
  auditEntitiesFor,
  auditScreenTitle,
  type AuditFilters,
  type AuditPage,
} from "~/domain/admin/audit-log";
import { auditSentence } from "~/domain/pages/audit-sentence";
import { defineListSource, readListPage } from "../admin/list-screen.server";
import type { Database } from "../db/database.server";
import { auditLog } from "../db/schema/db.server";

export async function listAudit(db: Database, filters: AuditFilters): Promise<AuditPage> {
  const entities = auditEntitiesFor(filters.screen);
  const where = entities ? inArray(auditLog.entity, [...entities]) : undefined;
  const found = await readListPage(filters.page, {
    count: async () =>
      (await db.select({ total: count() }).from(auditLog).where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    ...found,
    rows: found.rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actorEmail: row.actorEmail,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      screen: auditScreenTitle(row.entity),
      sentence: auditSentence(row),
      details: row.details,
    })),
  };
}

export const AUDIT_LIST = defineListSource({
  filters: AUDIT_FILTERS,
  read: (db, query) => listAudit(db, query),
  fetchFailed: AUDIT_TEXT.fetchFailed,
});
