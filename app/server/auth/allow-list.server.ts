/**
 * The allow-list (allowed_emails): who may create an account, sign in and use the
 * admin area. Addresses are stored and compared lower-cased; a failed lookup counts
 * as "not allowed".
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import { ADMIN_TEXT } from "~/domain/admin/admin-screens";
import { normalizeEmail } from "~/domain/auth/auth";
import type { Database } from "../db/database.server";
import { allowedEmails, sessions, users } from "../db/schema/auth.server";
import { recordAudit, type Actor } from "../db/audit.server";
import { Conflict, Forbidden, NotFound, pgErrorCode } from "../core/errors.server";
import { logger } from "../core/logger.server";

export type AllowedEmail = typeof allowedEmails.$inferSelect;

export async function isEmailAllowed(db: Database, email: string | null | undefined) {
  return (await allowListEntry(db, email)) !== null;
}

/**
 * The address's allow-list entry (is it on the list, with "Admin privileges"?), read
 * in one query. A failed lookup counts as "not on the list".
 */
export async function allowListEntry(
  db: Database,
  email: string | null | undefined,
): Promise<{ isAdmin: boolean } | null> {
  if (typeof email !== "string" || email.trim() === "") return null;
  try {
    const [row] = await db
      .select({ isAdmin: allowedEmails.isAdmin })
      .from(allowedEmails)
      .where(eq(allowedEmails.email, normalizeEmail(email)))
      .limit(1);
    return row ?? null;
  } catch (error) {
    logger.error({ err: error }, "Allow-list lookup failed; treating the address as not allowed");
    return null;
  }
}

/** ADMIN_EMAIL is always on the list as an admin; runs at every start. */
export async function ensurePrimaryAdmin(db: Database, adminEmail: string): Promise<void> {
  await db
    .insert(allowedEmails)
    .values({ email: normalizeEmail(adminEmail), isAdmin: true })
    .onConflictDoUpdate({ target: allowedEmails.email, set: { isAdmin: true } });
}

/**
 * Whether the address's allow-list entry carries "Admin privileges". The primary
 * admin always does. A failed lookup counts as "no".
 */
export async function hasAdminPrivileges(db: Database, email: string): Promise<boolean> {
  return (await allowListEntry(db, email))?.isAdmin === true;
}

/** Newest first (admin spec §7). */
export async function listAllowedEmails(db: Database): Promise<AllowedEmail[]> {
  return db.select().from(allowedEmails).orderBy(desc(allowedEmails.createdAt));
}

export async function addAllowedEmail(
  db: Database,
  actor: Actor,
  input: { email: string; isAdmin: boolean },
): Promise<AllowedEmail> {
  const email = normalizeEmail(input.email);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(allowedEmails)
        .values({ email, isAdmin: input.isAdmin })
        .returning();
      await recordAudit(tx, {
        actor,
        action: "allowed_email.add",
        entity: "allowed_emails",
        entityId: row!.id,
        details: { email, isAdmin: input.isAdmin },
      });
      return row!;
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      throw new Conflict("This email address is already on the list.", "email");
    }
    throw error;
  }
}

/** Removes an entry and ends every session of the person it let in. */
export async function removeAllowedEmail(
  db: Database,
  actor: Actor,
  input: { id: string; primaryAdminEmail: string },
): Promise<AllowedEmail> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(allowedEmails).where(eq(allowedEmails.id, input.id));
    if (!row) throw new NotFound("This email address is not on the list.");
    if (row.email === normalizeEmail(input.primaryAdminEmail)) {
      throw new Forbidden(ADMIN_TEXT.primaryAdminProtected);
    }
    await tx.delete(allowedEmails).where(eq(allowedEmails.id, row.id));
    // Signed out everywhere at once, not at their next admin request.
    const ended = await tx
      .delete(sessions)
      .where(
        inArray(
          sessions.userId,
          tx
            .select({ id: users.id })
            .from(users)
            .where(eq(sql`lower(${users.email})`, row.email)),
        ),
      )
      .returning({ id: sessions.id });
    await recordAudit(tx, {
      actor,
      action: "allowed_email.remove",
      entity: "allowed_emails",
      entityId: row.id,
      details: { email: row.email, isAdmin: row.isAdmin, sessionsEnded: ended.length },
    });
    return row;
  });
}

/**
 * Gives or takes "Admin privileges" on an existing entry: the person stays on the list
 * and signed in, and the next request they make is decided by the new flag (it is read
 * on every request). The primary admin always keeps them. Audited, unless nothing changed.
 */
export async function setAdminPrivileges(
  db: Database,
  actor: Actor,
  input: { id: string; isAdmin: boolean; primaryAdminEmail: string },
): Promise<AllowedEmail> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(allowedEmails).where(eq(allowedEmails.id, input.id));
    if (!row) throw new NotFound("This email address is not on the list.");
    if (!input.isAdmin && row.email === normalizeEmail(input.primaryAdminEmail)) {
      throw new Forbidden(ADMIN_TEXT.primaryAdminKeepsPrivileges);
    }
    if (row.isAdmin === input.isAdmin) return row;
    const [updated] = await tx
      .update(allowedEmails)
      .set({ isAdmin: input.isAdmin })
      .where(eq(allowedEmails.id, row.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: input.isAdmin
        ? "allowed_email.give_admin_privileges"
        : "allowed_email.take_admin_privileges",
      entity: "allowed_emails",
      entityId: row.id,
      details: { email: row.email, from: row.isAdmin, to: input.isAdmin },
    });
    return updated!;
  });
}
