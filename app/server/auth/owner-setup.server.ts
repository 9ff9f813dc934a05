/**
 * The owner's first sign-in (docs/decisions/003). While ADMIN_EMAIL has no verified
 * account with a password, every start issues a one-time set-up link and logs it.
 * The token is random (256 bits), only its SHA-256 is stored (in `verifications`),
 * it expires, and it is consumed in the same transaction that sets the password.
 */
import crypto from "node:crypto";
import { and, eq, gt, like, lte } from "drizzle-orm";
import { normalizeEmail } from "~/domain/auth/auth";
import type { Auth } from "./auth.server";
import type { Database, Executor } from "../db/database.server";
import { accounts, sessions, users, verifications } from "../db/schema/auth.server";
import { recordAudit } from "../db/audit.server";

export const OWNER_SETUP_PATH = "/auth/owner-setup";
export const OWNER_SETUP_TTL_MS = 24 * 60 * 60 * 1000;
const IDENTIFIER_PREFIX = "owner-setup:";
const CREDENTIAL_PROVIDER = "credential";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const identifierFor = (token: string) => `${IDENTIFIER_PREFIX}${hashToken(token)}`;

export class OwnerSetupError extends Error {
  override name = "OwnerSetupError";
  constructor(message = "This set-up link is invalid, has expired or has already been used.") {
    super(message);
  }
}

/** True until ADMIN_EMAIL has a verified account with a password. */
export async function ownerNeedsSetup(db: Executor, adminEmail: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: users.emailVerified, password: accounts.password })
    .from(users)
    .leftJoin(
      accounts,
      and(eq(accounts.userId, users.id), eq(accounts.providerId, CREDENTIAL_PROVIDER)),
    )
    .where(eq(users.email, normalizeEmail(adminEmail)));
  return !(row?.verified && row.password);
}

export interface OwnerSetupLink {
  url: string;
  expiresAt: Date;
}

/**
 * Issues a fresh link when the owner still needs one; otherwise removes any left
 * over and returns null. Expired links are always cleared.
 */
export async function issueOwnerSetupLink(
  db: Database,
  options: { adminEmail: string; siteUrl: string; now?: Date },
): Promise<OwnerSetupLink | null> {
  const now = options.now ?? new Date();
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, `${IDENTIFIER_PREFIX}%`),
        lte(verifications.expiresAt, now),
      ),
    );
  if (!(await ownerNeedsSetup(db, options.adminEmail))) {
    await db.delete(verifications).where(like(verifications.identifier, `${IDENTIFIER_PREFIX}%`));
    return null;
  }
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + OWNER_SETUP_TTL_MS);
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: identifierFor(token),
    value: normalizeEmail(options.adminEmail),
    expiresAt,
  });
  const url = new URL(OWNER_SETUP_PATH, options.siteUrl);
  url.searchParams.set("token", token);
  return { url: url.toString(), expiresAt };
}

/** The e-mail a valid, unexpired token is for; null otherwise. Does not consume it. */
export async function findOwnerSetup(
  db: Database,
  token: string,
  adminEmail: string,
  now = new Date(),
): Promise<{ email: string } | null> {
  if (!token || !(await ownerNeedsSetup(db, adminEmail))) return null;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, identifierFor(token)), gt(verifications.expiresAt, now)),
    );
  if (!row || row.value !== normalizeEmail(adminEmail)) return null;
  return { email: row.value };
}

/**
 * Consumes the token and gives ADMIN_EMAIL a verified account with this password,
 * creating the user or replacing the password of an unfinished sign-up. Any old
 * sessions of that user are revoked. Throws OwnerSetupError for a bad, expired or
 * used token, and once the owner already has a verified account with a password.
 */
export async function completeOwnerSetup(
  db: Database,
  auth: Auth,
  input: { token: string; fullName: string; password: string; adminEmail: string },
): Promise<{ userId: string; email: string }> {
  const email = normalizeEmail(input.adminEmail);
  const passwordHash = await (await auth.$context).password.hash(input.password);
  const now = new Date();

  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, identifierFor(input.token)),
          gt(verifications.expiresAt, now),
        ),
      )
      .returning({ value: verifications.value });
    if (!consumed || consumed.value !== email) throw new OwnerSetupError();
    // A link left over from before the owner finished signing up another way is no
    // password reset: once a verified account with a password exists, it is refused.
    if (!(await ownerNeedsSetup(tx, email))) throw new OwnerSetupError();

    let [user] = await tx.select().from(users).where(eq(users.email, email));
    const existingUser = Boolean(user);
    if (user) {
      await tx
        .update(users)
        .set({ emailVerified: true, name: input.fullName, fullName: input.fullName })
        .where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    } else {
      [user] = await tx
        .insert(users)
        .values({
          id: crypto.randomBytes(24).toString("base64url"),
          email,
          name: input.fullName,
          fullName: input.fullName,
          emailVerified: true,
        })
        .returning();
    }
    const userId = user!.id;
    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER)));
    if (credential) {
      await tx
        .update(accounts)
        .set({ password: passwordHash })
        .where(eq(accounts.id, credential.id));
    } else {
      await tx.insert(accounts).values({
        id: crypto.randomBytes(24).toString("base64url"),
        accountId: userId,
        providerId: CREDENTIAL_PROVIDER,
        userId,
        password: passwordHash,
      });
    }
    // Any other outstanding set-up links die with this one.
    await tx.delete(verifications).where(like(verifications.identifier, `${IDENTIFIER_PREFIX}%`));
    await recordAudit(tx, {
      actor: { id: userId, email },
      action: "owner.setup",
      entity: "users",
      entityId: userId,
      details: { existingUser, existingPassword: Boolean(credential) },
    });
    return { userId, email };
  });
}
