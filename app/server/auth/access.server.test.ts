import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { AUTH_TEXT } from "~/domain/auth/auth";
import { requireAdmin } from "./access.server";
import { isEmailAllowed } from "./allow-list.server";
import type { Database } from "../db/database.server";
import { sessions } from "../db/schema/auth.server";
import { logger } from "../core/logger.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import { createTestApp, type TestApp } from "../testing/test-app.server";

describe.each(await testDatabaseKinds())("requireAdmin on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("returns the signed-in, allow-listed user", async () => {
    const admin = await app.createUser("editor@example.com", { fullName: "Ed Itor" });
    const user = await requireAdmin(app.request("/admin", { cookie: admin.cookie }));
    expect(user).toMatchObject({ email: "editor@example.com", fullName: "Ed Itor" });
  });

  it("hands a renewed session cookie to the caller when Better Auth extends the session", async () => {
    const admin = await app.createUser("regular@example.com");
    // A session issued two days ago: past the one-day update age.
    const inFiveDays = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await app.t.db
      .update(sessions)
      .set({ expiresAt: inFiveDays })
      .where(eq(sessions.userId, admin.id));
    const headers = new Headers();
    await requireAdmin(app.request("/admin", { cookie: admin.cookie }), headers);
    const renewed = headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(renewed).toMatch(/Max-Age=604800/);
    const [row] = await app.t.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(inFiveDays.getTime());
  });

  it("sends a visitor without a session to /auth", async () => {
    const thrown = await requireAdmin(app.request("/admin")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/auth");
  });

  it("signs out a user who is not on the list, logs it, and sends them to /", async () => {
    const warn = vi.spyOn(logger, "warn");
    const outsider = await app.createUser("outsider@example.com", { allowListed: false });
    const thrown = await requireAdmin(app.request("/admin", { cookie: outsider.cookie })).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await app.t.db.select().from(sessions).where(eq(sessions.userId, outsider.id))).toEqual(
      [],
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ email: "outsider@example.com" }),
      AUTH_TEXT.notAuthorizedLog,
    );
    warn.mockRestore();
  });
});

describe("the allow-list lookup", () => {
  it("counts a failed lookup as not allowed", async () => {
    const broken = {
      select() {
        throw new Error("connection lost");
      },
    } as unknown as Database;
    expect(await isEmailAllowed(broken, "owner@example.com")).toBe(false);
  });

  it("counts a missing or blank address as not allowed without asking the database", async () => {
    const untouchable = {} as Database;
    expect(await isEmailAllowed(untouchable, "")).toBe(false);
    expect(await isEmailAllowed(untouchable, undefined)).toBe(false);
  });
});
