/**
 * "Forgot password?" (issue 11). Like the owner's set-up link (owner-setup.server.ts)
 * and unlike Better Auth's own reset (whose endpoints stay off: no sendResetPassword
 * is configured), the token is random, only its SHA-256 is stored in `verifications`,
 * and the mail is written to the outbox in the same transaction as the token, so a
 * link is never mailed without being stored, nor stored without its mail.
 *
 * Only an allow-listed address with an account gets a mail; every address gets the
 * same answer (the caller shows one text whatever happened). A link works once, for
 * an hour; a newer link replaces an older one. Setting the password signs the user
 * out everywhere.
 */
import crypto from "node:crypto";
import { and, eq, gt, like, lte } from "drizzle-orm";
import { normalizeEmail } from "~/domain/auth/auth";
import { PASSWORD_RESET_TEXT } from "~/domain/auth/password-reset";
import { SITE_NAME } from "~/domain/core/site";
import type { Auth } from "./auth.server";
import { isEmailAllowed } from "./allow-list.server";
import type { Database, Executor } from "../db/database.server";
import { accounts, sessions, users, verifications } from "../db/schema/auth.server";
import { recordAudit } from "../db/audit.server";
import { hitRateLimit, rateLimitKey, type RateLimitRule } from "../db/rate-limit.server";
import { logger } from "../core/logger.server";
import { deliverQueuedMail, queueMail } from "../mail/outbox.server";
import { renderMail } from "../mail/mail-template.server";

export const PASSWORD_RESET_PATH = "/auth/reset-password";
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
const IDENTIFIER_PREFIX = "password-reset:";
const CREDENTIAL_PROVIDER = "credential";

/** Per client address, and per e-mail address asked about (counted for every address). */
export const PASSWORD_RESET_LIMITS = {
  perClient: { max: 5, windowMs: 15 * 60 * 1000 },
  perEmail: { max: 3, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const identifierFor = (token: string) => `${IDENTIFIER_PREFIX}${hashToken(token)}`;

export class PasswordResetError extends Error {
  override name = "PasswordResetError";
  constructor(message: string = PASSWORD_RESET_TEXT.invalidLink) {
    super(message);
  }
}

export function passwordResetMail(to: string, url: string) {
  return renderMail({
    to,
    subject: `Reset your password for ${SITE_NAME}`,
    heading: "Choose a new password",
    paragraphs: [
      `Someone asked to reset the password of the ${SITE_NAME} account for ${to}.`,
      "The link works once and for one hour. If you did not ask for it, ignore this message: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url },
  });
}

export type PasswordResetRequestOutcome = "sent" | "ignored" | "rate-limited";

/**
 * Counts the request against both limits, then, for an allow-listed address with a
 * password account, stores a fresh link (replacing older ones) and queues its mail.
 * The outcome is for logs and tests; the page shows the same text for sent and ignored.
 */
export async function requestPasswordReset(
  db: Database,
  input: { email: string; clientIp: string; siteUrl: string; now?: Date },
): Promise<PasswordResetRequestOutcome> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  const [client, address] = await Promise.all([
    hitRateLimit(
      db,
      rateLimitKey("password-reset-client", input.clientIp),
      PASSWORD_RESET_LIMITS.perClient,
      now,
    ),
    hitRateLimit(
      db,
      rateLimitKey("password-reset-email", email),
      PASSWORD_RESET_LIMITS.perEmail,
      now,
    ),
  ]);
  if (!client.allowed || !address.allowed) return "rate-limited";

  // Expired links of anyone are cleared on the way.
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, `${IDENTIFIER_PREFIX}%`),
        lte(verifications.expiresAt, now),
      ),
    );

  if (!(await isEmailAllowed(db, email))) return "ignored";
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      accounts,
      and(eq(accounts.userId, users.id), eq(accounts.providerId, CREDENTIAL_PROVIDER)),
    )
    .where(eq(users.email, email));
  if (!user) return "ignored";

  const token = crypto.randomBytes(32).toString("base64url");
  const url = new URL(PASSWORD_RESET_PATH, input.siteUrl);
  url.searchParams.set("token", token);
  const queued = await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(
        and(
          like(verifications.identifier, `${IDENTIFIER_PREFIX}%`),
          eq(verifications.value, user.id),
        ),
      );
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: identifierFor(token),
      value: user.id,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    });
    // Sent late, a link already used, replaced or expired would only mislead.
    return queueMail(tx, passwordResetMail(email, url.toString()), [
      { kind: "oneTimeLink", identifier: identifierFor(token) },
    ]);
  });
  deliverQueuedMail(db, [queued]);
  return "sent";
}

async function validReset(db: Executor, token: string, now: Date) {
  if (!token) return null;
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(eq(verifications.identifier, identifierFor(token)), gt(verifications.expiresAt, now)),
    );
  return row ?? null;
}

/** The address a valid, unexpired link is for; null otherwise. Does not consume it. */
export async function findPasswordReset(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ email: string } | null> {
  const row = await validReset(db, token, now);
  if (!row || !(await isEmailAllowed(db, row.email))) return null;
  return { email: row.email };
}

/**
 * Consumes the link and sets the password, in one transaction: the user's sessions
 * are all revoked (whoever knew the old password is out), any other reset link of
 * theirs dies, and the address counts as verified (the link came to it). Throws
 * PasswordResetError for a bad, expired or used link, or an address no longer allowed.
 */
export async function completePasswordReset(
  db: Database,
  auth: Auth,
  input: { token: string; password: string; now?: Date },
): Promise<{ userId: string; email: string }> {
  const now = input.now ?? new Date();
  const passwordHash = await (await auth.$context).password.hash(input.password);
  const result = await db.transaction(async (tx) => {
    const [consumed] = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, identifierFor(input.token)),
          gt(verifications.expiresAt, now),
        ),
      )
      .returning({ userId: verifications.value });
    if (!consumed) throw new PasswordResetError();
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, consumed.userId));
    if (!user || !(await isEmailAllowed(tx as Database, user.email))) {
      throw new PasswordResetError();
    }
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, CREDENTIAL_PROVIDER)))
      .returning({ id: accounts.id });
    if (updated.length === 0) throw new PasswordResetError();
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx
      .delete(verifications)
      .where(
        and(
          like(verifications.identifier, `${IDENTIFIER_PREFIX}%`),
          eq(verifications.value, user.id),
        ),
      );
    await recordAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "user.password_reset",
      entity: "users",
      entityId: user.id,
      details: {},
    });
    return { userId: user.id, email: user.email };
  });
  logger.info({ userId: result.userId }, "Password reset with a mailed link; sessions revoked");
  return result;
}

/** When a one-time link stored as a verification row expires; null: used or replaced. */
export async function oneTimeLinkExpiry(db: Executor, identifier: string): Promise<Date | null> {
  const [link] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, identifier));
  return link?.expiresAt ?? null;
}

/** Whether the account with this address has verified it (false: no such account). */
export async function isAddressVerified(db: Executor, email: string): Promise<boolean> {
  const [user] = await db
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  return user?.verified ?? false;
}
