import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { accounts, sessions, users, verifications } from "../db/schema/auth.server";
import {
  completeOwnerSetup,
  findOwnerSetup,
  issueOwnerSetupLink,
  OWNER_SETUP_PATH,
  OWNER_SETUP_TTL_MS,
  ownerNeedsSetup,
  OwnerSetupError,
} from "./owner-setup.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  TEST_PASSWORD,
  type TestApp,
} from "../testing/test-app.server";
import { action as ownerSetupAction } from "~/routes/owner-setup";

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe.each(await testDatabaseKinds())("owner set-up link on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.destroy();
  });
  const issue = (now?: Date) =>
    issueOwnerSetupLink(app.t.db, { adminEmail: app.adminEmail, siteUrl: app.siteUrl, now });

  it("is issued while the owner has no account, random, and stored only as a hash", async () => {
    expect(await ownerNeedsSetup(app.t.db, app.adminEmail)).toBe(true);
    const a = await issue();
    const b = await issue();
    expect(a!.url.startsWith(`${app.siteUrl}${OWNER_SETUP_PATH}?token=`)).toBe(true);
    expect(tokenOf(a!.url)).not.toBe(tokenOf(b!.url));
    expect(tokenOf(a!.url).length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const stored = JSON.stringify(await app.t.db.select().from(verifications));
    expect(stored).not.toContain(tokenOf(a!.url));
    expect(await findOwnerSetup(app.t.db, tokenOf(a!.url), app.adminEmail)).toEqual({
      email: app.adminEmail,
    });
    expect(await findOwnerSetup(app.t.db, "guessed-token", app.adminEmail)).toBeNull();
  });

  it("expires", async () => {
    const issuedAt = new Date(Date.now() - OWNER_SETUP_TTL_MS - 1000);
    const old = await issue(issuedAt);
    expect(await findOwnerSetup(app.t.db, tokenOf(old!.url), app.adminEmail)).toBeNull();
    await expect(
      completeOwnerSetup(app.t.db, app.auth, {
        token: tokenOf(old!.url),
        fullName: "Too Late",
        password: TEST_PASSWORD,
        adminEmail: app.adminEmail,
      }),
    ).rejects.toBeInstanceOf(OwnerSetupError);
  });

  it("is only valid for the current ADMIN_EMAIL", async () => {
    const link = await issue();
    expect(
      await findOwnerSetup(app.t.db, tokenOf(link!.url), "someone-else@example.com"),
    ).toBeNull();
  });

  it("sets the password once through the page, signs the owner in, and cannot be used again", async () => {
    const link = await issue();
    const token = tokenOf(link!.url);
    let thrown: unknown;
    try {
      await ownerSetupAction({
        request: formPost(app, `${OWNER_SETUP_PATH}?token=${token}`, {
          token,
          fullName: "Silas Lowenthorne",
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
        }),
        params: {},
        context: loadContext,
      } as never);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get("location")).toBe("/admin");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/better-auth\.session_token=[^;]+/);

    const [owner] = await app.t.db.select().from(users).where(eq(users.email, app.adminEmail));
    expect(owner).toMatchObject({ emailVerified: true, fullName: "Silas Lowenthorne" });
    const [credential] = await app.t.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, owner!.id));
    expect(credential?.password).not.toContain(TEST_PASSWORD);
    expect(
      await app.t.db.select().from(sessions).where(eq(sessions.userId, owner!.id)),
    ).toHaveLength(1);

    // Single use, and every other outstanding link is gone too.
    await expect(
      completeOwnerSetup(app.t.db, app.auth, {
        token,
        fullName: "Again",
        password: "another password",
        adminEmail: app.adminEmail,
      }),
    ).rejects.toBeInstanceOf(OwnerSetupError);
    expect(
      await app.t.db
        .select()
        .from(verifications)
        .where(like(verifications.identifier, "owner-setup:%")),
    ).toEqual([]);

    // The password works for a normal sign-in, and no new link is issued any more.
    const signIn = await app.authPost("/sign-in/email", {
      email: app.adminEmail,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect(await ownerNeedsSetup(app.t.db, app.adminEmail)).toBe(false);
    expect(await issue()).toBeNull();
  });
});

describe.each(await testDatabaseKinds())("owner set-up after an early sign-up on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("finishes an unverified sign-up of the owner's address instead of creating a second user", async () => {
    await app.authPost("/sign-up/email", {
      email: app.adminEmail,
      password: "someone else's guess",
      name: "Early",
    });
    const link = await issueOwnerSetupLink(app.t.db, {
      adminEmail: app.adminEmail,
      siteUrl: app.siteUrl,
    });
    await completeOwnerSetup(app.t.db, app.auth, {
      token: tokenOf(link!.url),
      fullName: "The Owner",
      password: TEST_PASSWORD,
      adminEmail: app.adminEmail,
    });
    const owners = await app.t.db.select().from(users).where(eq(users.email, app.adminEmail));
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ emailVerified: true, name: "The Owner" });
    const old = await app.authPost("/sign-in/email", {
      email: app.adminEmail,
      password: "someone else's guess",
    });
    expect(old.status).toBe(401);
    const fresh = await app.authPost("/sign-in/email", {
      email: app.adminEmail,
      password: TEST_PASSWORD,
    });
    expect(fresh.status).toBe(200);
  });
});

describe.each(await testDatabaseKinds())("a set-up link left over on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("is refused once the owner has signed up and verified another way (it is no password reset)", async () => {
    const link = await issueOwnerSetupLink(app.t.db, {
      adminEmail: app.adminEmail,
      siteUrl: app.siteUrl,
    });
    await app.createUser(app.adminEmail);
    const token = tokenOf(link!.url);
    expect(await findOwnerSetup(app.t.db, token, app.adminEmail)).toBeNull();
    await expect(
      completeOwnerSetup(app.t.db, app.auth, {
        token,
        fullName: "Intruder",
        password: "a new password",
        adminEmail: app.adminEmail,
      }),
    ).rejects.toBeInstanceOf(OwnerSetupError);
    const signIn = await app.authPost("/sign-in/email", {
      email: app.adminEmail,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });
});
