/** The /auth page's server action: the form's path through Better Auth. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { AUTH_TEXT } from "~/domain/auth";
import { AUTH_RATE_LIMITS } from "~/server/auth/auth.server";
import { allowedEmails, mailOutbox, users } from "~/server/db/schema.server";
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

type ActionBody = {
  ok: boolean;
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
