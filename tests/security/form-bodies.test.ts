/**
 * Form actions refuse bodies that are not forms: 415 for JSON, text or no content type,
 * 400 for a form that does not parse, never a 500 with a stack in the log (16 of 16
 * such variants once answered 500).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as adminAction } from "~/routes/admin/dashboard";
import { action as authAction } from "~/routes/auth";
import { action as contactAction } from "~/routes/contact";
import { action as recoverAction } from "~/routes/downloads-recover";
import { action as resetAction } from "~/routes/auth.reset-password";
import { action as ownerSetupAction } from "~/routes/owner-setup";
import { loadContext, createTestApp, type TestApp } from "~/server/testing/test-app.server";

type Action = (args: never) => Promise<unknown>;

/** The status an action answers with, whether it returns or throws its answer. */
async function statusOf(run: () => Promise<unknown>): Promise<number | string> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return outcome.status;
  const init = (outcome as { init?: { status?: number } } | null)?.init;
  if (outcome && typeof outcome === "object" && "type" in outcome && init) {
    return init.status ?? 200;
  }
  if (outcome instanceof Error) return `threw ${outcome.name}: ${outcome.message}`;
  return 200;
}

const BODIES: Array<[string, Record<string, string>, BodyInit | undefined]> = [
  ["JSON", { "content-type": "application/json" }, JSON.stringify({ email: "a@example.com" })],
  ["text", { "content-type": "text/plain" }, "email=a@example.com"],
  ["no content type", {}, undefined],
  ["XML", { "content-type": "application/xml" }, "<email>a@example.com</email>"],
];

describe("form actions and bodies that are not forms", () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp("pglite");
    await app.createUser("formtester@example.com");
    cookie = await app.signIn("formtester@example.com");
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const routes: Array<[string, Action, boolean]> = [
    ["/auth", authAction as Action, false],
    ["/contact", contactAction as Action, false],
    ["/downloads/recover", recoverAction as Action, false],
    ["/auth/owner-setup", ownerSetupAction as Action, false],
    ["/auth/reset-password", resetAction as Action, false],
    ["/admin", adminAction as Action, true],
  ];

  describe.each(routes)("%s", (path, action, signedIn) => {
    const call = (headers: Record<string, string>, body: BodyInit | undefined) =>
      statusOf(() =>
        action({
          request: app.request(path, {
            method: "POST",
            headers,
            body,
            cookie: signedIn ? cookie : undefined,
          }),
          params: {},
          context: { ...loadContext, clientAddress: "198.51.100.20" },
        } as never),
      );

    it.each(BODIES)("answers 415 to %s", async (_name, headers, body) => {
      expect(await call(headers, body)).toBe(415);
    });

    it("answers 400 to a multipart form that does not parse", async () => {
      expect(
        await call(
          { "content-type": "multipart/form-data; boundary=----nope" },
          "this is not multipart at all",
        ),
      ).toBe(400);
    });
  });
});
