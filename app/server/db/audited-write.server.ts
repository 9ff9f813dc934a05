/**
 * The one audited write: a change and its audit row in one transaction, one row per
 * change. Every server write that the audit log shows goes through here (the collection
 * engine's writes too), so a change never lands without its row, nor a row without its
 * change, and the row is written once whoever calls.
 */
import type { Database, Executor, Transaction } from "./database.server";
import { recordAudit, type AuditEntry } from "./audit.server";

/** The audit row of a change, from what the change returned; null: nothing changed. */
export type AuditOf<T> = AuditEntry | ((result: T) => AuditEntry | null);

/**
 * Runs `change` in a transaction (a savepoint when `db` already is one) and writes its
 * audit row in the same transaction. The row is worked out from the change's result,
 * so it can name the new row's id or say what was before; when it is null (the change
 * found nothing to do) no row is written.
 */
export async function auditedWrite<T>(
  db: Executor,
  audit: AuditOf<T>,
  change: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return (db as Database).transaction(async (tx) => {
    const result = await change(tx);
    const entry = typeof audit === "function" ? audit(result) : audit;
    if (entry) await recordAudit(tx, entry);
    return result;
  });
}
