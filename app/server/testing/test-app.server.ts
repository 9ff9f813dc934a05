/**
 * The whole server side on a fresh test database: the process-wide database and
 * Better Auth singletons point at it, so route loaders and actions can be called
 * directly with a Request, exactly as React Router calls them.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { ensurePrimaryAdmin } from "../auth/allow-list.server";
import { CLIENT_IP_HEADER, createAuth, type Auth } from "../auth/auth.server";
import { invalidateSiteCache } from "../core/cache.server";
import { allowedEmails, users } from "../db/schema/auth.server";
import { getEnv } from "../core/env.server";
import { setMailTransport } from "../mail/mail.server";
import { setSingleton } from "../core/singleton.server";
import { setHostResolverForTests } from "../http/image-url-check.server";
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from "./test-database.server";

export const TEST_AUTH_SECRET = "test-secret-that-is-long-enough-for-better-auth";
export const TEST_PASSWORD = "correct horse battery";

export interface TestApp {
  t: TestDatabase;
  auth: Auth;
  siteUrl: string;
  adminEmail: string;
  /** POST a JSON body to Better Auth's HTTP handler, from its own bucket of addresses. */
  authPost(
    path: string,
    body: unknown,
    init?: { ip?: string; cookie?: string; origin?: string },
  ): Promise<Response>;
  /** A user with a verified account; signed in, with its Cookie header value. */
  createUser(
    email: string,
    options?: { allowListed?: boolean; fullName?: string; isAdmin?: boolean },
  ): Promise<{ id: string; email: string; cookie: string }>;
  /** A new session for an existing verified user (re-listing the address for a moment). */
  signIn(email: string): Promise<string>;
  request(path: string, init?: RequestInit & { cookie?: string }): Request;
  destroy(): Promise<void>;
}

export const loadContext = { cspNonce: "test-nonce" } as AppLoadContext;

/** A public address every test host name resolves to (the address example.com had). */
export const TEST_PUBLIC_ADDRESS = "93.184.215.14";

/**
 * Name lookups for file addresses saved in tests, without the network: a name under
 * .invalid (RFC 6761) is not found, every other name is a public host.
 */
export async function testHostResolver(hostname: string): Promise<string[]> {
  if (/(^|\.)invalid\.?$/i.test(hostname)) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  return [TEST_PUBLIC_ADDRESS];
}

/** A different client address per call, so Better Auth's rate limits never mix tests. */
export function randomIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieFrom(response: Response | Headers): string {
  const headers = response instanceof Headers ? response : response.headers;
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

export async function createTestApp(
  kind: TestDatabaseKind,
  options: { siteUrl?: string } = {},
): Promise<TestApp> {
  const env = getEnv();
  const siteUrl = options.siteUrl ?? env.SITE_URL;
  const t = await createTestDatabase(kind);
  const auth = createAuth({ db: t.db, secret: TEST_AUTH_SECRET, siteUrl });
  setSingleton("database", t);
  setSingleton("auth", auth);
  setMailTransport(null);
  setHostResolverForTests(testHostResolver);
  invalidateSiteCache();
  await ensurePrimaryAdmin(t.db, env.ADMIN_EMAIL);

  const authPost: TestApp["authPost"] = (path, body, init = {}) => {
    const headers = new Headers({
      "content-type": "application/json",
      [CLIENT_IP_HEADER]: init.ip ?? randomIp(),
    });
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.origin) headers.set("origin", init.origin);
    return auth.handler(
      new Request(`${siteUrl}/api/auth${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      }),
    );
  };

  async function withListed<T>(email: string, run: () => Promise<T>): Promise<T> {
    const [listed] = await t.db.select().from(allowedEmails).where(eq(allowedEmails.email, email));
    if (!listed) await t.db.insert(allowedEmails).values({ email });
    try {
      return await run();
    } finally {
      if (!listed) await t.db.delete(allowedEmails).where(eq(allowedEmails.email, email));
    }
  }

  async function signIn(email: string): Promise<string> {
    return withListed(email, async () => {
      const response = await authPost("/sign-in/email", { email, password: TEST_PASSWORD });
      if (!response.ok)
        throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      return cookieFrom(response);
    });
  }

  const createUser: TestApp["createUser"] = async (email, opts = {}) => {
    const allowListed = opts.allowListed ?? true;
    const name = opts.fullName ?? "Test Person";
    await withListed(email, async () => {
      const response = await authPost("/sign-up/email", {
        email,
        password: TEST_PASSWORD,
        name,
        fullName: name,
      });
      if (!response.ok)
        throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    if (allowListed) {
      await t.db
        .insert(allowedEmails)
        .values({ email, isAdmin: opts.isAdmin ?? false })
        .onConflictDoUpdate({
          target: allowedEmails.email,
          set: { isAdmin: opts.isAdmin ?? false },
        });
    }
    const cookie = await signIn(email);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return { id: user!.id, email, cookie };
  };

  const request: TestApp["request"] = (path, init = {}) => {
    const { cookie, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (cookie) headers.set("cookie", cookie);
    headers.set(CLIENT_IP_HEADER, randomIp());
    return new Request(new URL(path, siteUrl), { ...rest, headers });
  };

  return {
    t,
    auth,
    siteUrl,
    adminEmail: env.ADMIN_EMAIL,
    authPost,
    createUser,
    signIn,
    request,
    async destroy() {
      setSingleton("auth", undefined);
      setSingleton("database", undefined);
      setHostResolverForTests(null);
      invalidateSiteCache();
      await t.destroy();
    },
  };
}

/** Builds a form POST to a route, as the browser sends it. */
export function formPost(
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
): Request {
  return app.request(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    cookie,
  });
}
