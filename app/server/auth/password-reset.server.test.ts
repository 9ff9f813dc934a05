import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { PASSWORD_RESET_TEXT } from "~/domain/auth/password-reset";
import { action as resetAction } from "~/routes/auth.reset-password";
import { appRateLimits } from "../db/schema/db.server";
import { mailOutbox } from "../db/schema/mail.server";
import { sessions, verifications } from "../db/schema/auth.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  randomIp,
  TEST_PASSWORD,
  type TestApp,
} from "../testing/test-app.server";
import {
  completePasswordReset,
  findPasswordReset,
  PASSWORD_RESET_LIMITS,
  PASSWORD_RESET_PATH,
  PASSWORD_RESET_TTL_MS,
  PasswordResetError,
  requestPasswordReset,
} from "./password-reset.server";

const NEW_PASSWORD = "a brand new passphrase";

describe.each(await testDatabaseKinds())("password reset on %s", (kind) => {
  let app: TestApp;
  let listed: { id: string; email: string; cookie: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    listed = await app.createUser("player@example.com");
    await app.createUser("former@example.com", { allowListed: false });
  });
  afterAll(async () => {
    await app?.destroy();
  });
  beforeEach(async () => {
    await app.t.db.delete(mailOutbox);
    await app.t.db.delete(appRateLimits);
    await app.t.db.delete(verifications).where(like(verifications.identifier, "password-reset:%"));
  });

  const request = (email: string, now?: Date) =>
    requestPasswordReset(app.t.db, { email, clientIp: randomIp(), siteUrl: app.siteUrl, now });
  const mailsTo = (email: string) =>
    app.t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const tokenIn = (text: string) => {
    const match = new RegExp(`${PASSWORD_RESET_PATH}\\?token=([\\w-]+)`).exec(text);
    if (!match) throw new Error(`no link in ${text}`);
    return match[1]!;
  };
  const signInStatus = async (password: string) =>
    (await app.authPost("/sign-in/email", { email: listed.email, password })).status;

  it("mails an allow-listed user a link through the outbox, storing only the token's hash", async () => {
    expect(await request("  Player@Example.com ")).toBe("sent");
    const [mail] = await mailsTo(listed.email);
    expect(mail?.subject).toMatch(/Reset your password/);
    const token = tokenIn(mail!.textBody);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(JSON.stringify(await app.t.db.select().from(verifications))).not.toContain(token);
    expect(await findPasswordReset(app.t.db, token)).toEqual({ email: listed.email });
    expect(await findPasswordReset(app.t.db, "guessed")).toBeNull();
  });

  it("sets the password once, revokes every session, and the link cannot be used again", async () => {
    const session = await app.signIn(listed.email);
    expect(session).not.toBe("");
    await request(listed.email);
    const token = tokenIn((await mailsTo(listed.email))[0]!.textBody);
    await completePasswordReset(app.t.db, app.auth, { token, password: NEW_PASSWORD });
    expect(await app.t.db.select().from(sessions).where(eq(sessions.userId, listed.id))).toEqual(
      [],
    );
    expect(await signInStatus(NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(TEST_PASSWORD)).toBe(401);
    await expect(
      completePasswordReset(app.t.db, app.auth, { token, password: TEST_PASSWORD }),
    ).rejects.toBeInstanceOf(PasswordResetError);
    expect(await findPasswordReset(app.t.db, token)).toBeNull();
    // Put the test password back for the other tests.
    await request(listed.email);
    const again = tokenIn((await mailsTo(listed.email)).at(-1)!.textBody);
    await completePasswordReset(app.t.db, app.auth, { token: again, password: TEST_PASSWORD });
    expect(await signInStatus(TEST_PASSWORD)).toBe(200);
  });

  it("expires after an hour", async () => {
    await request(listed.email, new Date(Date.now() - PASSWORD_RESET_TTL_MS - 1000));
    const token = tokenIn((await mailsTo(listed.email))[0]!.textBody);
    expect(await findPasswordReset(app.t.db, token)).toBeNull();
    await expect(
      completePasswordReset(app.t.db, app.auth, { token, password: NEW_PASSWORD }),
    ).rejects.toBeInstanceOf(PasswordResetError);
    expect(await signInStatus(TEST_PASSWORD)).toBe(200);
  });

  it("replaces an older link with a newer one", async () => {
    const tokens = async () => (await mailsTo(listed.email)).map((m) => tokenIn(m.textBody));
    await request(listed.email);
    const [first] = await tokens();
    await request(listed.email);
    // The outbox has no order of its own (a delivered mail's row moves): find the new one.
    const second = (await tokens()).find((token) => token !== first);
    expect(second).toBeDefined();
    expect(await findPasswordReset(app.t.db, first!)).toBeNull();
    expect(await findPasswordReset(app.t.db, second!)).not.toBeNull();
  });

  it("mails nobody off the allow-list, nor unknown addresses", async () => {
    expect(await request("former@example.com")).toBe("ignored");
    expect(await request("nobody@example.com")).toBe("ignored");
    expect(await app.t.db.select().from(mailOutbox)).toEqual([]);
  });

  it("gives the page the same answer for every address", async () => {
    const answer = async (email: string) => {
      const result = await resetAction({
        request: formPost(app, PASSWORD_RESET_PATH, { intent: "request", email }),
        params: {},
        context: loadContext,
      } as Parameters<typeof resetAction>[0]);
      return JSON.stringify(result);
    };
    const forListed = await answer(listed.email);
    expect(forListed).toBe(JSON.stringify({ ok: true, requested: true }));
    expect(await answer("former@example.com")).toBe(forListed);
    expect(await answer("nobody@example.com")).toBe(forListed);
    expect((await app.t.db.select().from(mailOutbox)).map((m) => m.toAddress)).toEqual([
      listed.email,
    ]);
    expect(PASSWORD_RESET_TEXT.requested).toMatch(/^If this address may sign in here/);
  });

  it("limits requests per address, whether or not it gets mail", async () => {
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perEmail.max; i++) {
      expect(await request(listed.email)).toBe("sent");
    }
    expect(await request(listed.email)).toBe("rate-limited");
    expect(await mailsTo(listed.email)).toHaveLength(PASSWORD_RESET_LIMITS.perEmail.max);
  });

  it("limits requests per client address", async () => {
    const ip = randomIp();
    const results = [];
    for (let i = 0; i <= PASSWORD_RESET_LIMITS.perClient.max; i++) {
      results.push(
        await requestPasswordReset(app.t.db, {
          email: `someone${i}@example.com`,
          clientIp: ip,
          siteUrl: app.siteUrl,
        }),
      );
    }
    expect(results.at(-1)).toBe("rate-limited");
    expect(results.slice(0, -1).every((r) => r === "ignored")).toBe(true);
  });
});
