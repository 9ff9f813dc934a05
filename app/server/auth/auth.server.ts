/**
 * Accounts and sessions: Better Auth over our Drizzle schema, mounted at /api/auth by
 * server.ts. E-mail and password with verification by mail, sessions in the
 * database, HttpOnly SameSite=Lax cookies (Secure when SITE_URL is https), database
 * rate limits on sign-in and sign-up, and the allow-list enforced here, on the
 * server, for every way in: the /auth form and direct calls to the API alike.
 */
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import {
  AUTH_TEXT,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "~/domain/auth/auth";
import { SITE_NAME } from "~/domain/core/site";
import { isEmailAllowed } from "./allow-list.server";
import { resolveAuthSecret } from "./auth-secret.server";
import { getDb, type Database } from "../db/database.server";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema/auth.server";
import { getEnv } from "../core/env.server";
import { logger } from "../core/logger.server";
import { sendMail } from "../mail/mail.server";
import { renderMail } from "../mail/mail-template.server";
import { singleton } from "../core/singleton.server";

export const AUTH_BASE_PATH = "/api/auth";

/**
 * The client address Better Auth keys its rate limits on. server.ts overwrites this
 * header on every request with Express's `req.ip` (which honours TRUST_PROXY), so a
 * client can never choose its own bucket.
 */
export const CLIENT_IP_HEADER = "x-app-client-ip";

/** Per client address and path; windows in seconds. */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 600, max: 5 },
  // The /auth page's "Send a new verification link" counts per address and per client
  // itself (VERIFICATION_RESEND_LIMITS); this keeps direct calls to the same measure.
  "/send-verification-email": { window: 3600, max: 10 },
} as const;

/** Verification links stay valid for a day, longer than any SMTP outage we retry through. */
export const VERIFICATION_EXPIRES_IN_SECONDS = 24 * 60 * 60;

export interface AuthConfig {
  db: Database;
  secret: string;
  /** The public base URL (SITE_URL): links in mail, trusted origin, Secure cookies. */
  siteUrl: string;
}

export function verificationMail(to: string, name: string | null | undefined, url: string) {
  return renderMail({
    to,
    subject: `Verify your e-mail address for ${SITE_NAME}`,
    heading: "Confirm your e-mail address",
    paragraphs: [
      `Hello${name ? ` ${name}` : ""},`,
      `An account was created for ${to} on the ${SITE_NAME} website. Confirm that this address is yours to finish creating it.`,
      "The link is valid for 24 hours. If you did not ask for an account, you can ignore this message.",
    ],
    action: { label: "Verify e-mail address", url },
  });
}

const ALLOW_LIST_PATHS: Record<string, string> = {
  "/sign-up/email": AUTH_TEXT.signUpNotAllowed,
  "/sign-in/email": AUTH_TEXT.signInNotAllowed,
};

export function createAuth({ db, secret, siteUrl }: AuthConfig) {
  const secure = siteUrl.startsWith("https://");

  const options = {
    appName: SITE_NAME,
    baseURL: siteUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [new URL(siteUrl).origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications, rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    emailVerification: {
      sendOnSignUp: true,
      // A new link is sent when asked for on /auth ("Send a new verification link",
      // rate-limited in auth-forms.server.ts), not on every attempt to sign in.
      sendOnSignIn: false,
      // The link signs its owner in: /auth/verified then opens the dashboard.
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_IN_SECONDS,
      async sendVerificationEmail({ user, url }) {
        // Sent late, an expired link or an address verified meanwhile would only mislead.
        await sendMail(db, verificationMail(user.email, user.name, url), [
          {
            kind: "until",
            expiresAt: new Date(Date.now() + VERIFICATION_EXPIRES_IN_SECONDS * 1000).toISOString(),
          },
          { kind: "unverified", email: user.email },
        ]);
      },
    },
    user: {
      additionalFields: {
        fullName: { type: "string", required: false, input: true },
      },
    },
    session: {
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: { ...AUTH_RATE_LIMITS },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      // The allow-list, before Better Auth looks at the password or the users table:
      // the same 403 and the same words for the form and for direct API calls.
      before: createAuthMiddleware(async (ctx) => {
        const refusal = ALLOW_LIST_PATHS[ctx.path];
        if (!refusal) return;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        // A missing or malformed address is Better Auth's 400, not ours.
        if (typeof email !== "string") return;
        if (ctx.path === "/sign-up/email") {
          const fullName = (ctx.body as { fullName?: unknown }).fullName;
          if (typeof fullName === "string" && fullName.length > FULL_NAME_MAX_LENGTH) {
            throw new APIError("BAD_REQUEST", { message: "Full name is too long" });
          }
        }
        if (!(await isEmailAllowed(db, email))) {
          logger.warn({ path: ctx.path }, "Refused an address that is not on the allow-list");
          throw new APIError("FORBIDDEN", { message: refusal });
        }
      }),
    },
    databaseHooks: {
      // Second line of defence for any other path that creates users or sessions.
      user: {
        create: {
          async before(user) {
            return (await isEmailAllowed(db, user.email)) ? undefined : false;
          },
        },
      },
      session: {
        create: {
          async before(session) {
            const [owner] = await db
              .select({ email: users.email })
              .from(users)
              .where(eq(users.id, session.userId));
            return (await isEmailAllowed(db, owner?.email)) ? undefined : false;
          },
        },
      },
    },
    logger: {
      log(level, message, ...args) {
        logger[level]({ source: "better-auth", args: args.length ? args : undefined }, message);
      },
    },
    telemetry: { enabled: false },
  } satisfies BetterAuthOptions;

  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;

/** The process's Better Auth, shared by server.ts and the React Router bundle. */
export function getAuth(): Auth {
  return singleton("auth", () => {
    const env = getEnv();
    const { secret } = resolveAuthSecret(env);
    return createAuth({ db: getDb(), secret, siteUrl: env.SITE_URL });
  });
}
