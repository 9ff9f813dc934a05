/** The audit log for /admin/audit-log: newest first, filtered by screen, paged. */
import { count, desc, inArray } from "drizzle-orm";
import { ADMIN_LIST_PAGE_SIZE, auditEntitiesFor, auditScreenTitle } from "~/domain/admin/audit-log";
import { auditSentence } from "~/domain/pages/audit-sentence";
import type { AuditRow } from "~/domain/admin/business-admin";
import type { Database } from "../db/database.server";
import { auditLog } from "../db/schema/db.server";

export interface AuditPage {
  entries: AuditRow[];
  total: number;
  page: number;
  pageCount: number;
}

export async function listAudit(
  db: Database,
  options: { screen: string | null; page: number },
): Promise<AuditPage> {
  const entities = auditEntitiesFor(options.screen);
  const where = entities ? inArray(auditLog.entity, [...entities]) : undefined;
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_LIST_PAGE_SIZE));
  const page = Math.min(options.page, pageCount);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(ADMIN_LIST_PAGE_SIZE)
    .offset((page - 1) * ADMIN_LIST_PAGE_SIZE);
  return {
    total,
    page,
    pageCount,
    entries: rows.map((row) => ({
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
