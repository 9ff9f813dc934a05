/**
 * The allow-list (allowed_emails): who may create an account, sign in and use the
 * admin area. Addresses are stored and compared lower-cased; a failed lookup counts
 * as "not allowed".
 */
import { desc, eq } from "drizzle-orm";
import { ADMIN_TEXT } from "~/domain/admin";
import { normalizeEmail } from "~/domain/auth";
import type { Database } from "../db/database.server";
import { allowedEmails } from "../db/schema.server";
import { recordAudit, type Actor } from "../admin/audit.server";
import { Conflict, Forbidden, NotFound, pgErrorCode } from "../core/errors.server";
import { logger } from "../core/logger.server";

export type AllowedEmail = typeof allowedEmails.$inferSelect;

export async function isEmailAllowed(db: Database, email: string | null | undefined) {
  if (typeof email !== "string" || email.trim() === "") return false;
  try {
    const [row] = await db
      .select({ id: allowedEmails.id })
      .from(allowedEmails)
      .where(eq(allowedEmails.email, normalizeEmail(email)))
      .limit(1);
    return Boolean(row);
  } catch (error) {
    logger.error({ err: error }, "Allow-list lookup failed; treating the address as not allowed");
    return false;
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
  try {
    const [row] = await db
      .select({ isAdmin: allowedEmails.isAdmin })
      .from(allowedEmails)
      .where(eq(allowedEmails.email, normalizeEmail(email)))
      .limit(1);
    return row?.isAdmin === true;
  } catch (error) {
    logger.error({ err: error }, "Allow-list lookup failed; treating the address as no admin");
    return false;
  }
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
    await recordAudit(tx, {
      actor,
      action: "allowed_email.remove",
      entity: "allowed_emails",
      entityId: row.id,
      details: { email: row.email, isAdmin: row.isAdmin },
    });
    return row;
  });
}
