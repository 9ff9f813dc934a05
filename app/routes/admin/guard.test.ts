/**
 * Every route under /admin, read from app/routes.ts, refuses anonymous visitors and
 * signed-in people who are not on the allow-list, in its loader and in its action,
 * and changes nothing for them. A new admin route whose loader or action does not
 * start with requireAdmin fails here.
 *
 * And every route that needs "Admin privileges" (docs/decisions/014: money and
 * personal data) refuses someone on the list without them, in its loader (403) and its
 * action (403 before the form is read, nothing changed), and serves someone with them;
 * every other route serves both. A route that imports a service of buyers' or
 * subscribers' data must be declared privileged (domain/admin/admin-screens.ts).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { ADMIN_SCREENS, needsAdminPrivileges } from "~/domain/admin/admin-screens";
import * as schema from "~/server/db/schema.server";
import { allowedEmails } from "~/server/db/schema/auth.server";
import { pageSettings } from "~/server/db/schema/shop.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface AdminRoute {
  id: string;
  file: string;
  urlPath: string;
}

/** The /admin layout and everything below it, with the URL each one answers. */
function adminRoutes(): AdminRoute[] {
  const found: AdminRoute[] = [];
  const walk = (entries: RouteConfigEntry[], parentPath: string, inAdmin: boolean) => {
    for (const entry of entries) {
      const urlPath = entry.index
        ? parentPath
        : entry.path
          ? `${parentPath.replace(/\/$/, "")}/${entry.path}`
          : parentPath;
      const isAdmin = inAdmin || urlPath === "/admin" || urlPath.startsWith("/admin/");
      if (isAdmin) found.push({ id: entry.id ?? entry.file, file: entry.file, urlPath });
      if (entry.children) walk(entry.children, urlPath, isAdmin);
    }
  };
  walk(routes as RouteConfigEntry[], "/", false);
  return found;
}

interface RouteModule {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
}

/** A body per known admin action that would change data if the guard let it through. */
function actionBodies(route: AdminRoute, victimId: string): Record<string, string>[] {
  switch (route.urlPath) {
    case "/admin":
      return [
        { intent: "set-maintenance", enabled: "true" },
        { intent: "set-message", message: "Closed by an intruder" },
      ];
    case "/admin/user-management":
      return [
        { intent: "add", email: "intruder@example.com", isAdmin: "on" },
        { intent: "remove", id: victimId },
      ];
    default:
      // A future screen: the generic fields most admin forms use.
      return [{ intent: "save", id: victimId, title: "x", email: "intruder@example.com" }];
  }
}

/** Every table except the ones the guard itself writes (sessions, rate limits). */
async function snapshot(app: TestApp): Promise<string> {
  const skip = new Set(["sessions", "rate_limits", "verifications"]);
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const name = getTableName(table);
    if (skip.has(name)) continue;
    out[name] = await app.t.db.select().from(table);
  }
  return JSON.stringify(out);
}

async function expectRefused(run: () => Promise<unknown>, location: string) {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  expect(outcome, "the guard must throw a redirect").toBeInstanceOf(Response);
  const response = outcome as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(location);
  return response;
}

const enumerated = adminRoutes();

describe("the admin route table", () => {
  it("holds the layout, the dashboard and every screen of the spec", () => {
    const paths = enumerated.map((r) => r.urlPath);
    expect(paths).toContain("/admin");
    for (const screen of ADMIN_SCREENS) expect(paths).toContain(`/admin/${screen.path}`);
    // layout + dashboard (index) + one per screen + the page-content history, the
    // upload names, the CSV export and the download-code generation resource routes
    expect(enumerated).toHaveLength(ADMIN_SCREENS.length + 6);
  });
});

describe.each(await testDatabaseKinds())("admin guard on %s", (kind) => {
  let app: TestApp;
  let victimId: string;
  const outsider = "outsider@example.com";

  beforeAll(async () => {
    app = await createTestApp(kind);
    const [victim] = await app.t.db
      .insert(allowedEmails)
      .values({ email: "victim@example.com" })
      .returning();
    victimId = victim!.id;
    await app.createUser(outsider, { allowListed: false });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  describe.each(enumerated)("$urlPath ($id)", (route) => {
    let mod: RouteModule;
    beforeAll(async () => {
      mod = (await import(path.join(appDir, route.file))) as RouteModule;
    });

    it("has a loader (the guard lives there)", () => {
      expect(typeof mod.loader).toBe("function");
    });

    it("loader: anonymous → redirect to /auth", async () => {
      const request = app.request(route.urlPath);
      await expectRefused(
        () => mod.loader!({ request, params: {}, context: loadContext }),
        "/auth",
      );
    });

    it("loader: signed in but not allow-listed → signed out and sent to /", async () => {
      const cookie = await app.signIn(outsider);
      const request = app.request(route.urlPath, { cookie });
      const response = await expectRefused(
        () => mod.loader!({ request, params: {}, context: loadContext }),
        "/",
      );
      // The session cookie is cleared and the session revoked.
      expect(response.headers.getSetCookie().join("\n")).toMatch(
        /better-auth\.session_token=;.*Max-Age=0/i,
      );
      const again = app.request(route.urlPath, { cookie });
      await expectRefused(
        () => mod.loader!({ request: again, params: {}, context: loadContext }),
        "/auth",
      );
    });

    it("action: anonymous and not allow-listed POSTs are refused and change nothing", async () => {
      if (!mod.action) return;
      for (const body of actionBodies(route, victimId)) {
        const before = await snapshot(app);
        await expectRefused(
          () =>
            mod.action!({
              request: formPost(app, route.urlPath, body),
              params: {},
              context: loadContext,
            }),
          "/auth",
        );
        const cookie = await app.signIn(outsider);
        await expectRefused(
          () =>
            mod.action!({
              request: formPost(app, route.urlPath, body, cookie),
              params: {},
              context: loadContext,
            }),
          "/",
        );
        expect(await snapshot(app)).toBe(before);
      }
    });
  });

  it("the same bodies do change data for an allow-listed admin (so the checks above mean something)", async () => {
    const admin = await app.createUser("trusted@example.com");
    const dashboard = (await import("~/routes/admin/dashboard")) as RouteModule;
    const result = await dashboard.action!({
      request: formPost(
        app,
        "/admin",
        { intent: "set-maintenance", enabled: "true" },
        admin.cookie,
      ),
      params: {},
      context: loadContext,
    });
    expect(result).toMatchObject({ ok: true });
    const [row] = await app.t.db.select().from(pageSettings);
    expect(row?.isWorkInProgress).toBe(true);
  });
});

/** The concrete URLs (and params) a route answers: one per export for the export route. */
function concreteUrls(route: AdminRoute): { urlPath: string; params: Record<string, string> }[] {
  if (route.urlPath === "/admin/export/:dataset") {
    return ["orders", "subscribers"].map((dataset) => ({
      urlPath: `/admin/export/${dataset}`,
      params: { dataset },
    }));
  }
  return [{ urlPath: route.urlPath, params: {} }];
}

/**
 * Services that read or write buyers' and subscribers' personal data or money. A route
 * importing one of these must need Admin privileges; a newsletter campaign screen
 * (which mails subscribers in bulk) would import the audience services, say.
 */
const PERSONAL_DATA_SERVICES = [
  /~\/server\/audience\//,
  // The orders screen's list and actions (orders-screen.server), the refunds (order-admin).
  /~\/server\/shop\/orders?-/,
  // Download codes' redemptions name fans by their e-mail address.
  /~\/server\/shop\/download-code/,
  // Marking orders shipped (shipping.server), not the shipping zones (prices by country).
  /~\/server\/shop\/shipping\.server/,
  /~\/server\/pages\/audit-log/,
];

/** 403 when the loader or action refused for lack of privileges, else the outcome's status. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === "object" && "init" in outcome && "data" in outcome) {
    return (outcome as { init: { status?: number } | null }).init?.status ?? 200;
  }
  if (outcome instanceof Error) throw outcome;
  return 200;
}

describe("which admin routes need Admin privileges", () => {
  it("every route that imports a service of personal data or money is declared privileged", async () => {
    const undeclared: string[] = [];
    for (const route of enumerated) {
      const source = await readFile(path.join(appDir, route.file), "utf8");
      const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]!);
      const personal = imports.some((i) => PERSONAL_DATA_SERVICES.some((p) => p.test(i)));
      if (personal && !concreteUrls(route).every((u) => needsAdminPrivileges(u.urlPath))) {
        undeclared.push(route.urlPath);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it("are the analytics, orders, discounts, messages, newsletter, subscribers and audit log screens and the exports", () => {
    const privileged = enumerated
      .flatMap(concreteUrls)
      .map((u) => u.urlPath)
      .filter(needsAdminPrivileges);
    expect(privileged.sort()).toEqual([
      "/admin/analytics",
      "/admin/audit-log",
      "/admin/discounts",
      "/admin/download-codes",
      "/admin/download-codes/generate",
      "/admin/export/orders",
      "/admin/export/subscribers",
      "/admin/messages",
      "/admin/newsletter",
      "/admin/orders",
      "/admin/subscribers",
    ]);
  });
});

/** Which route files have an action, known before the tests are declared. */
const hasAction = new Map(
  await Promise.all(
    enumerated.map(
      async (r) =>
        [r.file, typeof ((await import(path.join(appDir, r.file))) as RouteModule).action] as const,
    ),
  ),
);

describe.each(await testDatabaseKinds())("Admin privileges on %s", (kind) => {
  let app: TestApp;
  let helper: { cookie: string };
  let manager: { cookie: string };
  let victimId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    helper = await app.createUser("helper@example.com");
    manager = await app.createUser("manager@example.com", { isAdmin: true });
    const [victim] = await app.t.db
      .insert(allowedEmails)
      .values({ email: "victim@example.com" })
      .returning();
    victimId = victim!.id;
  });
  afterAll(async () => {
    await app?.destroy();
  });

  // The layout frames every screen (a refused one too) and decides no privileges.
  const screens = enumerated
    .filter((r) => r.id !== "admin")
    .flatMap((route) => concreteUrls(route).map((url) => ({ ...route, ...url })));

  describe.each(screens)("$urlPath", (route) => {
    let mod: RouteModule;
    const privileged = needsAdminPrivileges(route.urlPath);
    beforeAll(async () => {
      mod = (await import(path.join(appDir, route.file))) as RouteModule;
    });

    const load = (cookie: string) =>
      statusOf(() =>
        mod.loader!({
          request: app.request(route.urlPath, { cookie }),
          params: route.params,
          context: loadContext,
        }),
      );

    it(
      privileged
        ? "loader: refuses a helper without Admin privileges (403)"
        : "loader: serves a helper",
      async () => {
        const status = await load(helper.cookie);
        if (privileged) expect(status).toBe(403);
        else expect(status).not.toBe(403);
      },
    );

    it("loader: serves someone with Admin privileges", async () => {
      expect(await load(manager.cookie)).not.toBe(403);
    });

    // Privileged routes with an action (the others' actions are content work).
    if (privileged && hasAction.get(route.file) === "function")
      it("action: refuses a helper without Admin privileges before reading the form, and changes nothing", async () => {
        for (const body of actionBodies(route, victimId)) {
          const before = await snapshot(app);
          const status = await statusOf(() =>
            mod.action!({
              request: formPost(app, route.urlPath, body, helper.cookie),
              params: route.params,
              context: loadContext,
            }),
          );
          expect(status).toBe(403);
          expect(await snapshot(app)).toBe(before);
        }
        // Not even a body that is no form is read: the refusal comes first.
        const notAForm = await statusOf(() =>
          mod.action!({
            request: app.request(route.urlPath, {
              method: "POST",
              body: "{}",
              headers: { "content-type": "application/json" },
              cookie: helper.cookie,
            }),
            params: route.params,
            context: loadContext,
          }),
        );
        expect(notAForm).toBe(403);
      });
  });

  it("the refusal reads the path as React Router matches it (case, escapes, .data, slashes)", async () => {
    const orders = (await import("~/routes/admin/orders")) as RouteModule;
    for (const variant of [
      "/admin/ORDERS",
      "/admin/%6Frders",
      "/admin//orders",
      "/admin/orders/",
      "/admin/orders.data",
    ]) {
      const status = await statusOf(() =>
        orders.loader!({
          request: app.request(variant, { cookie: helper.cookie }),
          params: {},
          context: loadContext,
        }),
      );
      expect(status, variant).toBe(403);
    }
  });
});
