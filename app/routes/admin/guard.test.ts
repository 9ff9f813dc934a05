/**
 * Every route under /admin, read from app/routes.ts, refuses anonymous visitors and
 * signed-in people who are not on the allow-list, in its loader and in its action,
 * and changes nothing for them. A new admin route whose loader or action does not
 * start with requireAdmin fails here.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { ADMIN_SCREENS } from "~/domain/admin";
import * as schema from "~/server/db/schema.server";
import { allowedEmails, pageSettings } from "~/server/db/schema.server";
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
    // layout + dashboard (index) + one per screen + the page-content history and the
    // CSV export resource routes
    expect(enumerated).toHaveLength(ADMIN_SCREENS.length + 4);
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
