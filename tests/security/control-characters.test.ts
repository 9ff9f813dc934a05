/**
 * A NUL (U+0000) or another control character in a form field once reached PostgreSQL,
 * which refuses it (SQLSTATE 22021 in text, 22P05 in jsonb), and every form answered a
 * 500 "Failed to save …". Now every admin write and public form answers 400 with a clear
 * message beside the field, changes nothing, and search parameters and tokens with one
 * are read without it (issue 27, docs/decisions/024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { CONTROL_CHARACTERS_MESSAGE } from "~/domain/core/control-characters";
import * as schema from "~/server/db/schema.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";

type Handler = (args: never) => Promise<unknown>;

/** Status and body of what a loader or action answered, returned or thrown. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const text = await outcome.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: outcome.status, body };
  }
  if (outcome && typeof outcome === "object" && "init" in outcome && "data" in outcome) {
    const d = outcome as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  if (outcome instanceof Error) throw outcome;
  return { status: 200, body: outcome };
}

async function snapshot(app: TestApp): Promise<string> {
  const skip = new Set(["sessions", "rate_limits", "verifications", "app_rate_limits"]);
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    if (skip.has(getTableName(table))) continue;
    out[getTableName(table)] = await app.t.db.select().from(table);
  }
  return JSON.stringify(out);
}

const NUL = "\u0000";

/**
 * One write per kind of admin screen, valid but for the NUL in `field` (so without the
 * refusal each reached the database): the ones the attack tried, and more.
 */
const ADMIN_WRITES: {
  name: string;
  path: string;
  module: string;
  field: string;
  body: Record<string, string>;
}[] = [
  {
    name: "the maintenance message",
    path: "/admin?index",
    module: "~/routes/admin/dashboard",
    field: "message",
    body: { intent: "set-message", message: `Back${NUL} soon` },
  },
  {
    name: "an influence",
    path: "/admin/about",
    module: "~/routes/admin/about",
    field: "name",
    body: { intent: "influence:create", name: `Monk${NUL}` },
  },
  {
    name: "page content",
    path: "/admin/page-content",
    module: "~/routes/admin/page-content",
    field: "title",
    body: { intent: "update-content", pageName: "events-hero-title", title: `Live${NUL}` },
  },
  {
    name: "an event",
    path: "/admin/events",
    module: "~/routes/admin/events",
    field: "venue",
    body: {
      intent: "create",
      title: "Late set",
      date: "2099-05-01",
      venue: `Blue${NUL} Note`,
      city: "New York",
    },
  },
  {
    name: "a shop item",
    path: "/admin/shop",
    module: "~/routes/admin/shop",
    field: "description",
    body: {
      intent: "create",
      title: "Tour shirt",
      description: `Cotton${NUL}`,
      category: "merchandise",
      price: "20",
    },
  },
  {
    name: "a media item",
    path: "/admin/media",
    module: "~/routes/admin/media",
    field: "title",
    body: {
      intent: "create",
      title: `Live at${NUL} the Vanguard`,
      type: "social",
      url: "https://example.com/post",
    },
  },
  {
    name: "a theme (escape, not NUL)",
    path: "/admin/theme",
    module: "~/routes/admin/theme",
    field: "name",
    body: { intent: "create", name: `Night\u001b[31m` },
  },
  {
    name: "an allowed e-mail",
    path: "/admin/user-management",
    module: "~/routes/admin/user-management",
    field: "email",
    body: { intent: "add", email: `guest${NUL}@example.com` },
  },
];

describe.each(await testDatabaseKinds())("control characters on %s", (kind) => {
  let app: TestApp;
  let manager: { cookie: string };

  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await app.createUser("manager@example.com", { isAdmin: true });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  describe.each(ADMIN_WRITES)("admin: $name", ({ path, module, field, body }) => {
    it("is refused with 400 and the message beside the field, and nothing changes", async () => {
      const { action } = (await import(/* @vite-ignore */ module)) as { action: Handler };
      const before = await snapshot(app);
      const { status, body: result } = await answer(() =>
        action({
          request: formPost(app, path, body, manager.cookie),
          params: {},
          context: loadContext,
        } as never),
      );
      expect(status).toBe(400);
      expect(result).toMatchObject({
        ok: false,
        fieldErrors: { [field]: CONTROL_CHARACTERS_MESSAGE },
      });
      expect(await snapshot(app)).toBe(before);
    });
  });

  it("admin: a line break and a tab in a text area are text, and saved", async () => {
    const { action } = (await import("~/routes/admin/dashboard")) as { action: Handler };
    const { status } = await answer(() =>
      action({
        request: formPost(
          app,
          "/admin?index",
          { intent: "set-message", message: "Back soon.\r\n\tThe band" },
          manager.cookie,
        ),
        params: {},
        context: loadContext,
      } as never),
    );
    expect(status).toBe(200);
  });

  it("search parameters with a NUL are read without it: the orders and subscribers lists and both exports", async () => {
    const orders = (await import("~/routes/admin/orders")) as { loader: Handler };
    const subscribers = (await import("~/routes/admin/subscribers")) as { loader: Handler };
    const exportRoute = (await import("~/routes/admin/export")) as { loader: Handler };
    const get = (loader: Handler, url: string, params: Record<string, string> = {}) =>
      answer(() =>
        loader({
          request: app.request(url, { cookie: manager.cookie }),
          params,
          context: loadContext,
        } as never),
      );
    const list = await get(orders.loader, "/admin/orders?q=%00fan%00");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ filters: { q: "fan" }, loadFailed: null });
    const subs = await get(subscribers.loader, "/admin/subscribers?q=a%00b");
    expect(subs.status).toBe(200);
    expect(subs.body).toMatchObject({ filters: { q: "a b" } });
    expect((subs.body as { list: unknown }).list).not.toBeNull();
    for (const dataset of ["orders", "subscribers"]) {
      const csv = await get(exportRoute.loader, `/admin/export/${dataset}?q=%00`, { dataset });
      expect(csv.status, dataset).toBe(200);
    }
  });

  describe("public forms", () => {
    it("the contact form answers 400 with the message beside the field", async () => {
      const { action } = (await import("~/routes/api.send-contact-email")) as { action: Handler };
      const { status, body } = await answer(() =>
        action({
          request: app.request("/api/send-contact-email", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              name: "Ada",
              email: "ada@example.com",
              subject: `Booking${NUL}`,
              message: "Could you play in June?\nThanks",
            }),
          }),
          params: {},
          context: { ...loadContext, clientAddress: "198.51.100.7" },
        } as never),
      );
      expect(status).toBe(400);
      expect(body).toMatchObject({
        success: false,
        fieldErrors: { subject: CONTROL_CHARACTERS_MESSAGE },
      });
    });

    it("the newsletter sign-up answers 400 with a clear message", async () => {
      const { action } = (await import("~/routes/api.newsletter-subscribe")) as {
        action: Handler;
      };
      const { status, body } = await answer(() =>
        action({
          request: app.request("/api/newsletter-subscribe", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: `fan${NUL}@example.com` }),
          }),
          params: {},
          context: { ...loadContext, clientAddress: "198.51.100.8" },
        } as never),
      );
      expect(status).toBe(400);
      expect((body as { error: string }).error).toMatch(/valid email/i);
    });

    it("a shipping address with a NUL is refused beside the field", async () => {
      const { shippingAddressErrors } = await import("~/domain/shop/shipping/shipping-address");
      expect(
        shippingAddressErrors({
          name: "Ada",
          line1: "1 Main St",
          line2: `Flat${NUL}2`,
          city: "Town",
          postalCode: "12345",
          country: "US",
        }),
      ).toEqual({ line2: CONTROL_CHARACTERS_MESSAGE });
    });

    it("tokens with a NUL are unknown tokens, never an error page", async () => {
      const unsubscribe = (await import("~/routes/newsletter.unsubscribe")) as { loader: Handler };
      const reset = (await import("~/routes/auth.reset-password")) as { loader: Handler };
      const ownerSetup = (await import("~/routes/owner-setup")) as { loader: Handler };
      const download = (await import("~/routes/download")) as { loader: Handler };
      const cases: [Handler, string, Record<string, string>][] = [
        [unsubscribe.loader, "/newsletter/unsubscribe?token=%00", {}],
        [reset.loader, "/auth/reset-password?token=%00", {}],
        [ownerSetup.loader, "/auth/owner-setup?token=%00", {}],
        [download.loader, "/download/%00", { token: NUL }],
      ];
      for (const [loader, url, params] of cases) {
        const { status } = await answer(() =>
          loader({ request: app.request(url), params, context: loadContext } as never),
        );
        expect(status, url).toBeLessThan(500);
      }
    });
  });
});
