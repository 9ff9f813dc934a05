import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { AUTH_TEXT } from "~/domain/auth/auth";
import { AUTH_RATE_LIMITS } from "./auth.server";
import { accounts, allowedEmails, rateLimits, sessions, users } from "../db/schema/auth.server";
import { mailOutbox } from "../db/schema/mail.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import { createTestApp, randomIp, TEST_PASSWORD, type TestApp } from "../testing/test-app.server";

const verificationLink = (text: string) =>
  /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];

async function waitForMail(app: TestApp, to: string) {
  for (let i = 0; i < 100; i++) {
    const [row] = await app.t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to}`);
}

describe.each(await testDatabaseKinds())("Better Auth with the allow-list on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("refuses sign-up for an address not on the list with the spec's words and a 403, and stores nothing", async () => {
    const response = await app.authPost("/sign-up/email", {
      email: "Stranger@Example.com",
      password: TEST_PASSWORD,
      name: "Stranger",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: AUTH_TEXT.signUpNotAllowed });
    expect(
      await app.t.db.select().from(users).where(eq(users.email, "stranger@example.com")),
    ).toEqual([]);
    expect(await app.t.db.select().from(mailOutbox)).toEqual([]);
  });

  it("refuses sign-in for an address not on the list, even with a real account and the right password", async () => {
    const user = await app.createUser("removed@example.com", { allowListed: false });
    await app.t.db.delete(sessions).where(eq(sessions.userId, user.id));
    const response = await app.authPost("/sign-in/email", {
      email: "REMOVED@example.com",
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: AUTH_TEXT.signInNotAllowed });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await app.t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("signs up a listed address (any case), stores full_name, mails a link that verifies, signs in and lands on /", async () => {
    await app.t.db.insert(allowedEmails).values({ email: "newcomer@example.com" });
    const signUp = await app.authPost("/sign-up/email", {
      email: "NewComer@Example.com",
      password: TEST_PASSWORD,
      name: "New Comer",
      fullName: "New Comer",
    });
    expect(signUp.status).toBe(200);
    const [user] = await app.t.db
      .select()
      .from(users)
      .where(eq(users.email, "newcomer@example.com"));
    expect(user).toMatchObject({ fullName: "New Comer", emailVerified: false });
    const [credential] = await app.t.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user!.id));
    expect(credential?.password).toBeTruthy();
    expect(credential?.password).not.toContain(TEST_PASSWORD);

    // Not verified yet: no session.
    const early = await app.authPost("/sign-in/email", {
      email: "newcomer@example.com",
      password: TEST_PASSWORD,
    });
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe("EMAIL_NOT_VERIFIED");

    const mail = await waitForMail(app, "newcomer@example.com");
    expect(mail.htmlBody).toContain("verify-email");
    const link = verificationLink(mail.textBody);
    expect(link).toBeDefined();
    expect(link!.startsWith(`${app.siteUrl}/api/auth/verify-email?token=`)).toBe(true);

    const verified = await app.auth.handler(new Request(link!));
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
    // The link signs its owner in (the /auth form's link then lands on /auth/verified).
    expect(verified.headers.getSetCookie().join("\n")).toMatch(/better-auth\.session_token=/);
    const [after] = await app.t.db.select().from(users).where(eq(users.id, user!.id));
    expect(after?.emailVerified).toBe(true);

    const signIn = await app.authPost("/sign-in/email", {
      email: "newcomer@example.com",
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const [cookie] = signIn.headers.getSetCookie();
    expect(cookie).toMatch(/^better-auth\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const [{ n }] = (await app.t.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, user!.id))) as [{ n: number }];
    expect(n).toBe(2); // the link's and the sign-in's
  });

  it("rate-limits sign-in per client address in the database, and other addresses are unaffected", async () => {
    const ip = randomIp();
    const rule = AUTH_RATE_LIMITS["/sign-in/email"];
    const statuses: number[] = [];
    for (let i = 0; i < rule.max + 1; i++) {
      const r = await app.authPost(
        "/sign-in/email",
        { email: app.adminEmail, password: "wrong password" },
        { ip },
      );
      statuses.push(r.status);
    }
    expect(statuses.slice(0, rule.max).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const [row] = await app.t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `${ip}|/sign-in/email`));
    expect(row?.count).toBe(rule.max);

    const other = await app.authPost("/sign-in/email", {
      email: app.adminEmail,
      password: "wrong password",
    });
    expect(other.status).toBe(401);
  });

  it("rate-limits sign-up too", async () => {
    const ip = randomIp();
    const rule = AUTH_RATE_LIMITS["/sign-up/email"];
    let last = 0;
    for (let i = 0; i < rule.max + 1; i++) {
      const r = await app.authPost(
        "/sign-up/email",
        { email: `nobody${i}@example.com`, password: TEST_PASSWORD, name: "N" },
        { ip },
      );
      last = r.status;
    }
    expect(last).toBe(429);
  });

  it("never creates a session for a user whose address left the list, whatever the path", async () => {
    const user = await app.createUser("lapsed@example.com", { allowListed: false });
    const context = await app.auth.$context;
    const session = await context.internalAdapter.createSession(user.id).catch(() => null);
    expect(session).toBeFalsy();
  });
});

describe("cookies on an https site", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp("pglite", { siteUrl: "https://artist.example" });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("are Secure, HttpOnly and SameSite=Lax", async () => {
    const user = await app.createUser("secure@example.com");
    expect(user.cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    const response = await app.authPost("/sign-in/email", {
      email: "secure@example.com",
      password: TEST_PASSWORD,
    });
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});
