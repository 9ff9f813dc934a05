/** The dashboard and user-management actions for a signed-in admin. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { ADMIN_TEXT } from "~/domain/admin/admin-screens";
import { DEFAULT_MAINTENANCE_MESSAGE } from "~/server/shop/shop-settings.server";
import { allowedEmails, sessions } from "~/server/db/schema/auth.server";
import { auditLog } from "~/server/db/schema/db.server";
import { pageSettings } from "~/server/db/schema/shop.server";
import { loadSiteShell } from "~/server/pages/site-shell.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";
import {
  createTestApp,
  formPost,
  loadContext,
  type TestApp,
} from "~/server/testing/test-app.server";
import * as dashboard from "./dashboard";
import * as orders from "./orders";
import * as userManagement from "./user-management";
import * as shop from "../shop";
import * as manageShop from "./shop";
import {
  SHOP_ITEM_TEXT,
  TEST_ITEM_CLEANUP_TOAST_MS,
  TEST_ITEM_TOAST_MS,
} from "~/domain/shop/catalogue/shop-item-form";

type Result = {
  status: number;
  body?: {
    ok?: boolean;
    toast?: { title: string; description?: string };
    fieldErrors?: Record<string, string>;
  };
  response?: Response;
};

async function run(fn: (args: never) => Promise<unknown>, request: Request): Promise<Result> {
  try {
    const result = (await fn({ request, params: {}, context: loadContext } as never)) as unknown;
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const d = result as { data: Result["body"]; init: { status?: number } | null };
      return { status: d.init?.status ?? 200, body: d.data };
    }
    return { status: 200, body: result as Result["body"] };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, response: thrown };
    throw thrown;
  }
}

const flashOf = (response: Response | undefined) =>
  decodeURIComponent(response?.headers.getSetCookie().join("\n") ?? "");

describe.each(await testDatabaseKinds())("admin actions on %s", (kind) => {
  let app: TestApp;
  let admin: { id: string; email: string; cookie: string };
  let helper: { id: string; email: string; cookie: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    admin = await app.createUser("manager@example.com", { fullName: "Mana Ger", isAdmin: true });
    helper = await app.createUser("helper@example.com", { fullName: "Hel Per" });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const latestAudit = async () =>
    (await app.t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0];

  describe("maintenance", () => {
    it("switching it on stores it, records who did it, hides the cart and shows the maintenance shop at once", async () => {
      // Warm the public caches first: the switch must drop them.
      expect((await loadSiteShell(app.request("/"))).showCart).toBe(true);

      const result = await run(
        dashboard.action,
        formPost(app, "/admin?index", { intent: "set-maintenance", enabled: "true" }, admin.cookie),
      );
      expect(result.body).toMatchObject({
        ok: true,
        toast: { title: ADMIN_TEXT.maintenanceUpdated },
      });
      const [row] = await app.t.db
        .select()
        .from(pageSettings)
        .where(eq(pageSettings.pageName, "shop"));
      expect(row?.isWorkInProgress).toBe(true);
      expect(await latestAudit()).toMatchObject({
        actorUserId: admin.id,
        actorEmail: admin.email,
        action: "shop.maintenance.set",
        entity: "page_settings",
        details: { from: false, to: true },
      });

      expect((await loadSiteShell(app.request("/"))).showCart).toBe(false);
      const page = await shop.loader();
      expect(page).toEqual({ maintenance: true, message: DEFAULT_MAINTENANCE_MESSAGE });
    });

    it("saves the message, shows it on the shop, and an empty message brings the default back", async () => {
      const saved = await run(
        dashboard.action,
        formPost(
          app,
          "/admin?index",
          { intent: "set-message", message: "  Back on Monday.  " },
          admin.cookie,
        ),
      );
      expect(saved.body).toMatchObject({ ok: true, toast: { title: ADMIN_TEXT.messageUpdated } });
      expect(await shop.loader()).toEqual({ maintenance: true, message: "Back on Monday." });
      expect(await latestAudit()).toMatchObject({
        action: "shop.maintenance_message.set",
        actorEmail: admin.email,
        details: { to: "Back on Monday." },
      });

      await run(
        dashboard.action,
        formPost(app, "/admin?index", { intent: "set-message", message: "" }, admin.cookie),
      );
      expect(await shop.loader()).toEqual({
        maintenance: true,
        message: DEFAULT_MAINTENANCE_MESSAGE,
      });
    });

    it("switching it off opens the shop again", async () => {
      await run(
        dashboard.action,
        formPost(
          app,
          "/admin?index",
          { intent: "set-maintenance", enabled: "false" },
          admin.cookie,
        ),
      );
      expect(await shop.loader()).toMatchObject({ maintenance: false });
      expect((await loadSiteShell(app.request("/"))).showCart).toBe(true);
    });

    it("refuses an unknown intent without changing anything", async () => {
      const before = await app.t.db.select().from(pageSettings);
      const result = await run(
        dashboard.action,
        formPost(app, "/admin?index", { intent: "drop-tables" }, admin.cookie),
      );
      expect(result.status).toBe(400);
      expect(await app.t.db.select().from(pageSettings)).toEqual(before);
    });

    it("the dashboard loader shows the stored state and the default message", async () => {
      const data = (await dashboard.loader({
        request: app.request("/admin", { cookie: admin.cookie }),
        params: {},
        context: loadContext,
      } as never)) as {
        name: string;
        shop: { isWorkInProgress: boolean; wipMessage: string };
        defaultMessage: string;
      };
      expect(data.name).toBe("Mana Ger");
      expect(data.shop).toEqual({
        isWorkInProgress: false,
        wipMessage: DEFAULT_MAINTENANCE_MESSAGE,
      });
      expect(data.defaultMessage).toBe(DEFAULT_MAINTENANCE_MESSAGE);
    });

    it("shows sales, messages, subscribers and visitors only to people with Admin privileges", async () => {
      const load = async (cookie: string) =>
        (await dashboard.loader({
          request: app.request("/admin", { cookie }),
          params: {},
          context: loadContext,
        } as never)) as unknown as { hasAdminPrivileges: boolean; figures: object };
      const asAdmin = await load(admin.cookie);
      expect(asAdmin.hasAdminPrivileges).toBe(true);
      expect(Object.keys(asAdmin.figures).sort()).toEqual([
        "paidMore",
        "sales",
        "stock",
        "subscribers",
        "unhandledMessages",
        "visitors",
      ]);
      const asHelper = await load(helper.cookie);
      expect(asHelper.hasAdminPrivileges).toBe(false);
      expect(Object.keys(asHelper.figures)).toEqual(["stock"]);
    });
  });

  describe("test inventory", () => {
    it("answers with toasts that stay as long as the spec says: 8 s for the item, 5 s for the cleanup", async () => {
      const created = await run(
        manageShop.action,
        formPost(app, "/admin/shop", { intent: "create-test-item" }, helper.cookie),
      );
      expect(created.body).toMatchObject({
        ok: true,
        toast: { title: SHOP_ITEM_TEXT.testItemCreated, durationMs: TEST_ITEM_TOAST_MS },
      });
      const cleaned = await run(
        manageShop.action,
        formPost(app, "/admin/shop", { intent: "delete-test-items" }, helper.cookie),
      );
      expect(cleaned.body).toMatchObject({
        ok: true,
        toast: { title: SHOP_ITEM_TEXT.testItemsDeleted, durationMs: TEST_ITEM_CLEANUP_TOAST_MS },
      });
    });
  });

  describe("user management", () => {
    it("adds an address lower-cased with the admin flag, records it, and redirects with a toast", async () => {
      const result = await run(
        userManagement.action,
        formPost(
          app,
          "/admin/user-management",
          { intent: "add", email: "  Singer@Example.COM ", isAdmin: "on" },
          admin.cookie,
        ),
      );
      expect(result.status).toBe(302);
      expect(result.response!.headers.get("location")).toBe("/admin/user-management");
      expect(flashOf(result.response)).toContain(ADMIN_TEXT.emailAdded);
      const [row] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.email, "singer@example.com"));
      expect(row?.isAdmin).toBe(true);
      expect(await latestAudit()).toMatchObject({
        action: "allowed_email.add",
        actorEmail: admin.email,
        entityId: row!.id,
        details: { email: "singer@example.com", isAdmin: true },
      });
    });

    it("refuses a duplicate and an invalid address", async () => {
      const duplicate = await run(
        userManagement.action,
        formPost(
          app,
          "/admin/user-management",
          { intent: "add", email: "SINGER@example.com" },
          admin.cookie,
        ),
      );
      expect(duplicate.status).toBe(409);
      expect(duplicate.body?.fieldErrors?.email).toMatch(/already/);

      const invalid = await run(
        userManagement.action,
        formPost(
          app,
          "/admin/user-management",
          { intent: "add", email: "not-an-email" },
          admin.cookie,
        ),
      );
      expect(invalid.status).toBe(400);
    });

    it("lists newest first and names the primary admin", async () => {
      const data = (await userManagement.loader({
        request: app.request("/admin/user-management", { cookie: admin.cookie }),
        params: {},
        context: loadContext,
      } as never)) as { emails: { email: string; createdAt: Date }[]; primaryAdminEmail: string };
      const times = data.emails.map((e) => new Date(e.createdAt).getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(data.emails[0]?.email).toBe("singer@example.com");
      expect(data.primaryAdminEmail).toBe(app.adminEmail);
    });

    it("removes an address, records it, and redirects with a toast", async () => {
      const [row] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.email, "singer@example.com"));
      const result = await run(
        userManagement.action,
        formPost(app, "/admin/user-management", { intent: "remove", id: row!.id }, admin.cookie),
      );
      expect(result.status).toBe(302);
      expect(flashOf(result.response)).toContain(ADMIN_TEXT.emailRemoved);
      expect(
        await app.t.db.select().from(allowedEmails).where(eq(allowedEmails.id, row!.id)),
      ).toEqual([]);
      expect(await latestAudit()).toMatchObject({
        action: "allowed_email.remove",
        actorEmail: admin.email,
        entityId: row!.id,
      });
    });

    it("only people with Admin privileges change the list; others may read it", async () => {
      const before = await app.t.db.select().from(allowedEmails);
      const added = await run(
        userManagement.action,
        formPost(
          app,
          "/admin/user-management",
          { intent: "add", email: "friend@example.com", isAdmin: "on" },
          helper.cookie,
        ),
      );
      expect(added.status).toBe(403);
      expect(added.body).toMatchObject({
        ok: false,
        toast: { title: "Permission Denied" },
      });
      expect(added.body?.toast?.description).toContain(ADMIN_TEXT.emailAddFailed);
      const [primary] = before.filter((r) => r.email === app.adminEmail);
      const removed = await run(
        userManagement.action,
        formPost(
          app,
          "/admin/user-management",
          { intent: "remove", id: primary!.id },
          helper.cookie,
        ),
      );
      expect(removed.status).toBe(403);
      const promoted = await run(
        userManagement.action,
        formPost(
          app,
          "/admin/user-management",
          {
            intent: "set-admin",
            id: before.find((r) => r.email === helper.email)!.id,
            isAdmin: "true",
          },
          helper.cookie,
        ),
      );
      expect(promoted.status).toBe(403);
      expect(promoted.body?.toast?.title).toBe("Permission Denied");
      expect(await app.t.db.select().from(allowedEmails)).toEqual(before);

      const page = (await userManagement.loader({
        request: app.request("/admin/user-management", { cookie: helper.cookie }),
        params: {},
        context: loadContext,
      } as never)) as { canManage: boolean; emails: unknown[] };
      expect(page.canManage).toBe(false);
      expect(page.emails).toHaveLength(before.length);
      const asAdmin = (await userManagement.loader({
        request: app.request("/admin/user-management", { cookie: admin.cookie }),
        params: {},
        context: loadContext,
      } as never)) as { canManage: boolean };
      expect(asAdmin.canManage).toBe(true);
    });

    it("never removes the primary admin, even when asked directly", async () => {
      const [primary] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.email, app.adminEmail));
      const result = await run(
        userManagement.action,
        formPost(
          app,
          "/admin/user-management",
          { intent: "remove", id: primary!.id },
          admin.cookie,
        ),
      );
      expect(result.status).toBe(403);
      expect(result.body?.toast?.description).toContain(ADMIN_TEXT.primaryAdminProtected);
      expect(result.body?.toast?.description).toContain(ADMIN_TEXT.emailRemoveFailed);
      const [still] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.id, primary!.id));
      expect(still).toMatchObject({ email: app.adminEmail, isAdmin: true });
    });

    it("gives and takes Admin privileges on an entry without removing it or signing the person out", async () => {
      const roadie = await app.createUser("roadie@example.com");
      const [entry] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.email, roadie.email));
      const openOrders = async () => {
        try {
          await orders.loader({
            request: app.request("/admin/orders", { cookie: roadie.cookie }),
            params: {},
            context: loadContext,
          } as never);
          return "opened";
        } catch (thrown) {
          return (thrown as { init?: { status?: number } }).init?.status;
        }
      };
      expect(await openOrders()).toBe(403);

      const setAdmin = (isAdmin: string) =>
        run(
          userManagement.action,
          formPost(
            app,
            "/admin/user-management",
            { intent: "set-admin", id: entry!.id, isAdmin },
            admin.cookie,
          ),
        );
      const given = await setAdmin("true");
      expect(given.status).toBe(302);
      expect(flashOf(given.response)).toContain(ADMIN_TEXT.privilegesGiven);
      expect(await latestAudit()).toMatchObject({
        action: "allowed_email.give_admin_privileges",
        actorEmail: admin.email,
        entityId: entry!.id,
        details: { email: roadie.email, from: false, to: true },
      });
      // The same session, at once: no new sign-in.
      expect(await openOrders()).toBe("opened");

      const taken = await setAdmin("false");
      expect(flashOf(taken.response)).toContain(ADMIN_TEXT.privilegesTaken);
      expect(await latestAudit()).toMatchObject({
        action: "allowed_email.take_admin_privileges",
        details: { email: roadie.email, from: true, to: false },
      });
      expect(await openOrders()).toBe(403);
      const [still] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.id, entry!.id));
      expect(still).toMatchObject({ email: roadie.email, isAdmin: false });
      expect(
        await app.t.db.select().from(sessions).where(eq(sessions.userId, roadie.id)),
      ).not.toEqual([]);
    });

    it("never takes Admin privileges from the primary admin", async () => {
      const [primary] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.email, app.adminEmail));
      const result = await run(
        userManagement.action,
        formPost(
          app,
          "/admin/user-management",
          { intent: "set-admin", id: primary!.id, isAdmin: "false" },
          admin.cookie,
        ),
      );
      expect(result.status).toBe(403);
      expect(result.body?.toast?.description).toContain(ADMIN_TEXT.primaryAdminKeepsPrivileges);
      const [still] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.id, primary!.id));
      expect(still?.isAdmin).toBe(true);
    });

    it("removing an entry ends that person's sessions at once", async () => {
      const leaving = await app.createUser("leaving@example.com");
      const otherSession = await app.signIn("leaving@example.com");
      const mine = () => app.t.db.select().from(sessions).where(eq(sessions.userId, leaving.id));
      expect((await mine()).length).toBe(2);
      const [entry] = await app.t.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.email, "leaving@example.com"));
      const result = await run(
        userManagement.action,
        formPost(app, "/admin/user-management", { intent: "remove", id: entry!.id }, admin.cookie),
      );
      expect(result.status).toBe(302);
      expect(await mine()).toEqual([]);
      expect(await latestAudit()).toMatchObject({
        action: "allowed_email.remove",
        details: { email: "leaving@example.com", sessionsEnded: 2 },
      });
      // Neither cookie opens anything any more: no session at all, so /auth.
      for (const cookie of [leaving.cookie, otherSession]) {
        const thrown = await dashboard
          .loader({
            request: app.request("/admin", { cookie }),
            params: {},
            context: loadContext,
          } as never)
          .catch((e: unknown) => e);
        expect((thrown as Response).headers.get("location")).toBe("/auth");
      }
    });
  });
});
