/** The /auth page's server action: the form's path through Better Auth. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { AUTH_TEXT, VERIFICATION_RESEND_LIMITS } from "~/domain/auth/auth";
import { AUTH_RATE_LIMITS } from "~/server/auth/auth.server";
import { allowedEmails, users } from "~/server/db/schema/auth.server";
import { mailOutbox } from "~/server/db/schema/mail.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  randomIp,
  TEST_PASSWORD,
  type TestApp,
} from "~/server/testing/test-app.server";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { action, loader } from "./auth";
import { loader as verifiedLoader } from "./auth.verified";

type ActionBody = {
  ok: boolean;
  resend?: string;
  notVerifiedEmail?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
  toast: { type: string; title: string; description?: string };
};

/** Runs the action; a thrown redirect comes back as the Response. */
async function submit(
  request: Request,
): Promise<{ status: number; body?: ActionBody; response?: Response }> {
  try {
    const result = (await action({
      request,
      params: {},
      context: loadContext,
    } as never)) as unknown;
    if (result && typeof result === "object" && "data" in result && "init" in result) {
      const d = result as { data: ActionBody; init: { status?: number } | null };
      return { status: d.init?.status ?? 200, body: d.data };
    }
    return { status: 200, body: result as ActionBody };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, response: thrown };
    throw thrown;
  }
}

describe.each(await testDatabaseKinds())("/auth action on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("refuses sign-in for an address not on the list with the spec's message and a 403", async () => {
    const { status, body } = await submit(
      formPost(app, "/auth", {
        mode: "sign-in",
        email: "Nobody@Example.com",
        password: "whatever1",
      }),
    );
    expect(status).toBe(403);
    expect(body?.message).toBe(AUTH_TEXT.signInNotAllowed);
    expect(body?.toast).toMatchObject({
      type: "error",
      title: AUTH_TEXT.signInErrorTitle,
      description: AUTH_TEXT.signInNotAllowed,
    });
  });

  it("refuses account creation for an address not on the list the same way", async () => {
    const { status, body } = await submit(
      formPost(app, "/auth?mode=sign-up", {
        mode: "sign-up",
        fullName: "No Body",
        email: "nobody@example.com",
        password: TEST_PASSWORD,
      }),
    );
    expect(status).toBe(403);
    expect(body?.toast).toMatchObject({
      title: AUTH_TEXT.signUpErrorTitle,
      description: AUTH_TEXT.signUpNotAllowed,
    });
    expect(
      await app.t.db.select().from(users).where(eq(users.email, "nobody@example.com")),
    ).toEqual([]);
  });

  it("requires a full name only when creating an account", async () => {
    const missing = await submit(
      formPost(app, "/auth", { mode: "sign-up", email: "a@example.com", password: TEST_PASSWORD }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body?.fieldErrors).toHaveProperty("fullName");

    const signIn = await submit(
      formPost(app, "/auth", { mode: "sign-in", email: "a@example.com", password: TEST_PASSWORD }),
    );
    expect(signIn.body?.fieldErrors ?? {}).not.toHaveProperty("fullName");
  });

  it("creates an account for a listed address, says to check the mail, and queues the verification mail", async () => {
    await app.t.db.insert(allowedEmails).values({ email: "pianist@example.com" });
    const { status, body } = await submit(
      formPost(app, "/auth?mode=sign-up", {
        mode: "sign-up",
        fullName: "Pia Nist",
        email: "Pianist@Example.com",
        password: TEST_PASSWORD,
      }),
    );
    expect(status).toBe(200);
    expect(body?.toast).toMatchObject({
      type: "success",
      title: AUTH_TEXT.signUpSuccessTitle,
      description: AUTH_TEXT.signUpSuccessDescription,
    });
    const [user] = await app.t.db
      .select()
      .from(users)
      .where(eq(users.email, "pianist@example.com"));
    expect(user?.fullName).toBe("Pia Nist");
    await expect
      .poll(async () =>
        (await app.t.db.select().from(mailOutbox)).filter(
          (m) => m.toAddress === "pianist@example.com",
        ),
      )
      .toHaveLength(1);
  });

  it("signs a verified, listed user in: session cookie, a welcome toast, and /admin", async () => {
    await app.createUser("drummer@example.com");
    const { status, response } = await submit(
      formPost(app, "/auth", {
        mode: "sign-in",
        email: "drummer@example.com",
        password: TEST_PASSWORD,
      }),
    );
    expect(status).toBe(302);
    expect(response!.headers.get("location")).toBe("/admin");
    const cookies = response!.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/better-auth\.session_token=[^;]+;.*HttpOnly/i);
    expect(decodeURIComponent(cookies)).toContain(AUTH_TEXT.signInSuccessTitle);
  });

  it("shows Better Auth's message for a wrong password", async () => {
    const { status, body } = await submit(
      formPost(app, "/auth", {
        mode: "sign-in",
        email: "drummer@example.com",
        password: "not the password",
      }),
    );
    expect(status).toBe(401);
    expect(body?.toast.title).toBe(AUTH_TEXT.signInErrorTitle);
    expect(body?.message).toMatch(/invalid email or password/i);
  });

  it("is rate-limited like the API (the form goes through Better Auth's router)", async () => {
    const ip = randomIp();
    let last: Awaited<ReturnType<typeof submit>> | undefined;
    for (let i = 0; i < AUTH_RATE_LIMITS["/sign-in/email"].max + 1; i++) {
      const request = formPost(app, "/auth", {
        mode: "sign-in",
        email: "drummer@example.com",
        password: "not the password",
      });
      request.headers.set(CLIENT_IP_HEADER, ip);
      last = await submit(request);
    }
    expect(last?.status).toBe(429);
    expect(last?.body?.toast.title).toBe(AUTH_TEXT.signInErrorTitle);
  });

  it("offers a new link for an unverified address, sends it, and stops after the limit", async () => {
    await app.t.db.insert(allowedEmails).values({ email: "singer@example.com" });
    await submit(
      formPost(app, "/auth?mode=sign-up", {
        mode: "sign-up",
        fullName: "Sin Ger",
        email: "singer@example.com",
        password: TEST_PASSWORD,
      }),
    );
    const mailsTo = async () =>
      (await app.t.db.select().from(mailOutbox)).filter(
        (m) => m.toAddress === "singer@example.com",
      );
    await expect.poll(async () => (await mailsTo()).length).toBe(1);

    // Signing in before confirming: the page knows the address needs a new link, and
    // no mail goes out by itself.
    const early = await submit(
      formPost(app, "/auth", {
        mode: "sign-in",
        email: "singer@example.com",
        password: TEST_PASSWORD,
      }),
    );
    expect(early.status).toBe(403);
    expect(early.body?.message).toBe(AUTH_TEXT.emailNotVerified);
    expect(early.body?.notVerifiedEmail).toBe("singer@example.com");
    expect((await mailsTo()).length).toBe(1);

    const ip = randomIp();
    const resend = (email: string) => {
      const request = formPost(app, "/auth", { intent: "resend-verification", email });
      request.headers.set(CLIENT_IP_HEADER, ip);
      return submit(request);
    };
    const sent = await resend("Singer@Example.com");
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      resend: "sent",
      toast: { type: "success", title: AUTH_TEXT.verificationSentTitle },
    });
    await expect.poll(async () => (await mailsTo()).length).toBe(2);
    const [, newest] = await mailsTo();
    expect(newest!.textBody).toContain("callbackURL=%2Fauth%2Fverified");

    // An unknown address gets the same answer and no mail.
    const unknown = await resend("nobody.here@example.com");
    expect(unknown.body?.resend).toBe("sent");

    for (let i = 1; i < VERIFICATION_RESEND_LIMITS.perEmail.max; i++)
      await resend("singer@example.com");
    const over = await resend("singer@example.com");
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      resend: "rate-limited",
      message: AUTH_TEXT.verificationRateLimited,
      toast: { type: "error", title: AUTH_TEXT.verificationRateLimitedTitle },
    });
    await expect
      .poll(async () => (await mailsTo()).length)
      .toBe(VERIFICATION_RESEND_LIMITS.perEmail.max + 1);
  });

  it("lands a verified link on /admin with a toast, and a failed one back on /auth", async () => {
    const run = async (path: string, cookie?: string) => {
      const thrown = await verifiedLoader({
        request: app.request(path, cookie ? { cookie } : {}),
        params: {},
        context: loadContext,
      } as never).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      return thrown as Response;
    };
    const user = await app.createUser("trumpeter@example.com");
    const signedIn = await run("/auth/verified", user.cookie);
    expect(signedIn.headers.get("location")).toBe("/admin");
    expect(decodeURIComponent(signedIn.headers.getSetCookie().join("\n"))).toContain(
      AUTH_TEXT.verifiedTitle,
    );
    expect((await run("/auth/verified?error=TOKEN_EXPIRED")).headers.get("location")).toBe(
      "/auth?verification=failed",
    );
    expect((await run("/auth/verified")).headers.get("location")).toBe("/auth?verification=done");
  });

  it("sends someone already signed in and allowed straight to /admin", async () => {
    const user = await app.createUser("bassist@example.com");
    const thrown = await loader({
      request: app.request("/auth", { cookie: user.cookie }),
      params: {},
      context: loadContext,
    } as never).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/admin");
  });
});
