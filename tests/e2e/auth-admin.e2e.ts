/**
 * Accounts, the allow-list and the admin area in a real browser against the built
 * server (issue 3): refusals through the page and straight through /api/auth, the
 * owner's first sign-in, an allow-listed person's sign-up with the verification mail,
 * the server-side admin gate, user management and the maintenance switch.
 *
 * The tests of this file build on each other in order (the owner signs in once and
 * later tests reuse the session). Better Auth rate-limits /sign-in/email to 10 per
 * minute and /sign-up/email to 5 per 10 minutes per client address, and every request
 * here comes from 127.0.0.1: this file makes 6 sign-in and 3 sign-up requests.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Cookie, Page } from "playwright-core";
import { ADMIN_TEXT, BUSINESS_SCREENS, DASHBOARD_CARDS } from "~/domain/admin/admin-screens";
import { AUTH_TEXT } from "~/domain/auth/auth";
import { allowHttpStatus, goto, setupBrowser, waitForNewToast, type ViewportName } from "./helpers";
import { sentMail, verificationLinkIn, waitForMail } from "./mail";
import { OWNER_PASSWORD, openSignedIn } from "./owner-session";
import { testServer } from "./test-server";

const browser = setupBrowser();
const { openPage, url, baseUrl } = browser;
const adminEmail = inject("adminEmail");
const PLAYER = {
  name: "Nia Player",
  email: "new.player@example.com",
  password: "trombone-solo-42",
};
const DEFAULT_MESSAGE = "We anticipate being back online within the next few hours.";

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 10_000, interval: 50, message });
const pathname = (page: Page) => new URL(page.url()).pathname;

let ownerCookies: Cookie[] | undefined;

/**
 * A fresh context signed in as the owner, on `path`: with this file's own session, the
 * one its set-up test made, not the run's shared one (owner-session.ts).
 */
async function openAsOwner(path: string, viewport: ViewportName = "desktop") {
  if (!ownerCookies) throw new Error("The owner has not signed in yet (earlier test failed).");
  return openSignedIn(browser, ownerCookies, path, { viewport });
}

async function ownerCookieHeader(): Promise<string> {
  if (!ownerCookies) throw new Error("The owner has not signed in yet.");
  return ownerCookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

async function fillAuthForm(
  page: Page,
  fields: { fullName?: string; email: string; password: string },
) {
  if (fields.fullName !== undefined) await page.getByLabel("Full name").fill(fields.fullName);
  await page.getByLabel("Email", { exact: true }).fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
}

describe("the admin gate on the server", () => {
  it("answers /admin without a session with a redirect to /auth, from the server", async () => {
    for (const path of ["/admin", "/admin/user-management", "/admin/theme"]) {
      const response = await fetch(url(path), { redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(new URL(response.headers.get("location")!, baseUrl).pathname).toBe("/auth");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
      expect(await response.text()).not.toContain("Admin Dashboard");
    }
  });

  it("refuses an anonymous POST to an admin action, and a cross-site POST before any route runs", async () => {
    const anonymous = await fetch(url("/admin?index"), {
      method: "POST",
      redirect: "manual",
      headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=set-maintenance&enabled=true",
    });
    expect(anonymous.status).toBe(302);
    expect(new URL(anonymous.headers.get("location")!, baseUrl).pathname).toBe("/auth");

    const crossSite = await fetch(url("/admin/user-management"), {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: "https://evil.example",
        cookie: "better-auth.session_token=anything",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "intent=add&email=intruder@example.com",
    });
    expect(crossSite.status).toBe(403);

    // The shop is still open: nothing above changed anything.
    const { page } = await openPage("/shop");
    expect(await page.locator("h1").innerText()).toBe("Official Store");
  });
});

describe("the allow-list", () => {
  it("refuses account creation and sign-in for an address not on the list, through the page", async () => {
    const { page } = await openPage("/auth", { viewport: "phone" });
    allowHttpStatus(page, "POST", "/auth.data", 403);

    // Sign in ↔ create account is a link; the full name appears only when creating.
    expect(await page.getByLabel("Full name").count()).toBe(0);
    await page.getByRole("link", { name: "Create one" }).click();
    await page.getByLabel("Full name").waitFor();
    expect(await page.locator("h1").innerText()).toBe("Create Account");

    await fillAuthForm(page, {
      fullName: "Stranger",
      email: "Stranger@Example.com",
      password: "password-123",
    });
    // The password visibility toggle.
    const password = page.getByLabel("Password", { exact: true });
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");

    await page.getByRole("button", { name: "Create Account" }).click();
    await waitForNewToast(page, AUTH_TEXT.signUpErrorTitle, AUTH_TEXT.signUpNotAllowed);
    expect(await page.locator("form [role=alert]").innerText()).toBe(AUTH_TEXT.signUpNotAllowed);

    await page.getByRole("link", { name: "Sign in" }).click();
    await eventually(() => page.locator("h1").innerText()).toBe("Sign In");
    await fillAuthForm(page, { email: "stranger@example.com", password: "password-123" });
    await page.getByRole("button", { name: "Sign In" }).click();
    await waitForNewToast(page, AUTH_TEXT.signInErrorTitle, AUTH_TEXT.signInNotAllowed);
    expect(pathname(page)).toBe("/auth");
  });

  it("refuses sign-in without JavaScript too: the server answers the plain form POST", async () => {
    const { page } = await openPage("/auth", { javaScript: false });
    allowHttpStatus(page, "POST", "/auth", 403);
    await fillAuthForm(page, { email: "stranger@example.com", password: "password-123" });
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.locator("form [role=alert]").waitFor();
    expect(await page.locator("form [role=alert]").innerText()).toBe(AUTH_TEXT.signInNotAllowed);
    expect(pathname(page)).toBe("/auth");
  });

  it("refuses them straight through /api/auth with the same words and a 403", async () => {
    const post = (path: string, body: object) =>
      fetch(url(`/api/auth${path}`), {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl },
        body: JSON.stringify(body),
      });
    const signUp = await post("/sign-up/email", {
      email: "STRANGER@example.com",
      password: "password-123",
      name: "Stranger",
    });
    expect(signUp.status).toBe(403);
    expect((await signUp.json()).message).toBe(AUTH_TEXT.signUpNotAllowed);

    const signIn = await post("/sign-in/email", {
      email: "stranger@example.com",
      password: "password-123",
    });
    expect(signIn.status).toBe(403);
    expect((await signIn.json()).message).toBe(AUTH_TEXT.signInNotAllowed);
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });
});

describe("the owner's first sign-in", () => {
  it("follows the one-time link from the start-up log, chooses a password and lands on the dashboard", async () => {
    const logFile = testServer().serverLogFile;
    const linkInLog = () =>
      /First sign-in: open (\S+) to choose the password for (\S+)/.exec(
        readFileSync(logFile, "utf8"),
      );
    await eventually(linkInLog, "the set-up link in the server log").toBeTruthy();
    const [, link, email] = linkInLog()!;
    expect(email).toBe(adminEmail);

    const { page, context } = await openPage(new URL(link!).pathname + new URL(link!).search);
    expect(await page.locator("h1").innerText()).toBe("Choose your password");
    await page.getByLabel("Full name").fill("Silas Lowenthorne");
    await page.getByLabel("New password").fill(OWNER_PASSWORD);
    await page.getByLabel("Repeat the password").fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: "Set password and sign in" }).click();

    await eventually(() => pathname(page)).toBe("/admin");
    await eventually(() => page.locator("h1").innerText()).toBe("Admin Dashboard");
    await waitForNewToast(page, "Password set");
    expect(await page.locator("main").innerText()).toContain("Welcome back, Silas Lowenthorne.");
    ownerCookies = (await context.cookies()).filter((c) => c.name.includes("session_token"));
    expect(ownerCookies).toHaveLength(1);
    expect(ownerCookies[0]).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    // Single use: the same link now explains itself instead of showing the form.
    await goto(page, new URL(link!).pathname + new URL(link!).search);
    expect(await page.locator("h1").innerText()).toBe("This link can't be used");
  });

  it("signs in with the /auth form even without JavaScript, and lands on /admin", async () => {
    const { page } = await openPage("/auth", { javaScript: false, viewport: "phone" });
    await fillAuthForm(page, { email: adminEmail, password: OWNER_PASSWORD });
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
    expect(await page.locator("h1").innerText()).toBe("Admin Dashboard");
  });

  it("serves admin pages uncached and unindexed", async () => {
    const response = await fetch(url("/admin"), { headers: { cookie: await ownerCookieHeader() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"');
  });
});

describe("the dashboard", () => {
  it("shows the spec's 13 link cards and the later screens', and the business view's; a card opens its screen, with Back to Dashboard", async () => {
    const { page } = await openAsOwner("/admin", "phone");
    const cards = page.getByRole("region", { name: "Manage the site" }).getByRole("link");
    // The spec's 13, then the screens added since (shipping zones).
    expect(DASHBOARD_CARDS.length).toBeGreaterThanOrEqual(13);
    await eventually(() => cards.count()).toBe(DASHBOARD_CARDS.length);
    const titles = await page
      .locator('section[aria-labelledby="manage-heading"] h3')
      .allInnerTexts();
    expect(titles).toEqual(DASHBOARD_CARDS.map((c) => c.title));
    expect(await page.getByText("Letters of Endorsement", { exact: false }).count()).toBe(1);
    const business = page.getByRole("region", { name: "Your business" }).getByRole("link");
    expect(await business.count()).toBe(BUSINESS_SCREENS.length);

    await page.getByRole("link", { name: /Theme Settings/ }).click();
    await eventually(() => pathname(page)).toBe("/admin/theme");
    await eventually(() => page.locator("h1").innerText()).toBe("Theme Settings");
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await eventually(() => page.locator("h1").innerText()).toBe("Admin Dashboard");
  });
});

describe("user management", () => {
  it("adds addresses lower-cased with the admin flag, protects the primary admin, removes with confirmation", async () => {
    const { page } = await openAsOwner("/admin/user-management");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).count()).toBe(1);
    const row = (email: string) => page.locator(`li[data-email="${email}"]`);

    // The primary admin cannot be removed.
    const primary = row(adminEmail);
    expect(await primary.getByRole("button", { name: "Remove" }).isDisabled()).toBe(true);
    expect(await primary.innerText()).toContain(ADMIN_TEXT.primaryAdminProtected);

    await page.getByLabel("Email").fill("  New.Player@Example.COM ");
    await page.getByLabel("Admin privileges").check();
    await page.getByRole("button", { name: "Add Email" }).click();
    await waitForNewToast(page, ADMIN_TEXT.emailAdded);
    await row(PLAYER.email).waitFor();
    expect(await row(PLAYER.email).innerText()).toContain("Admin privileges");
    // Newest first.
    expect(await page.locator("li[data-email]").first().getAttribute("data-email")).toBe(
      PLAYER.email,
    );

    await page.getByLabel("Email").fill("roadie@example.com");
    await page.getByRole("button", { name: "Add Email" }).click();
    await row("roadie@example.com").waitFor();

    // Remove asks first; Cancel keeps the address.
    await row("roadie@example.com")
      .getByRole("link", { name: /Remove/ })
      .click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("roadie@example.com");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await row("roadie@example.com").count()).toBe(1);

    // The confirm dialog keeps the keyboard inside it and closes on Escape, handing
    // focus back to the Remove link that opened it.
    const removeLink = row("roadie@example.com").getByRole("link", { name: /Remove/ });
    await removeLink.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest("[role=alertdialog]")));
    expect(await focusInDialog()).toBe(true);
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await removeLink.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await row("roadie@example.com").count()).toBe(1);

    await removeLink.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await waitForNewToast(page, ADMIN_TEXT.emailRemoved);
    await row("roadie@example.com").waitFor({ state: "detached" });
    expect(await row(PLAYER.email).count()).toBe(1);
    expect(await row(adminEmail).count()).toBe(1);
  });
});

describe("an allow-listed person", () => {
  let playerContext: BrowserContext | undefined;
  let playerCookies: Cookie[] = [];

  it("creates an account, is offered a new link when signing in unverified, follows it and lands signed in on /admin", async () => {
    const { page, context } = await openPage("/auth?mode=sign-up", { viewport: "phone" });
    playerContext = context;
    allowHttpStatus(page, "POST", "/auth.data", 403);
    await fillAuthForm(page, {
      fullName: PLAYER.name,
      email: PLAYER.email,
      password: PLAYER.password,
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await waitForNewToast(page, AUTH_TEXT.signUpSuccessTitle, AUTH_TEXT.signUpSuccessDescription);
    const first = await waitForMail(PLAYER.email, /Verify your e-mail address/);
    const mailsBefore = sentMail().filter((m) => m.to.includes(PLAYER.email)).length;

    // Signing in before confirming: not a dead end, a new link is one press away.
    await goto(page, "/auth");
    await fillAuthForm(page, { email: PLAYER.email, password: PLAYER.password });
    await page.getByRole("button", { name: "Sign In" }).click();
    const offer = page.getByRole("region", { name: AUTH_TEXT.emailNotVerified });
    await offer.waitFor();
    await offer.getByText(AUTH_TEXT.notVerifiedExplanation).waitFor();
    // What was typed stays in the sign-in form.
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(PLAYER.email);
    await offer.getByRole("button", { name: AUTH_TEXT.resendVerification }).click();
    await waitForNewToast(page, AUTH_TEXT.verificationSentTitle, AUTH_TEXT.verificationSent);
    await eventually(() => sentMail().filter((m) => m.to.includes(PLAYER.email)).length).toBe(
      mailsBefore + 1,
    );
    const mail = await waitForMail(PLAYER.email, /Verify your e-mail address/);
    const link = verificationLinkIn(mail);
    expect(link).not.toBe(verificationLinkIn(first));
    expect(link.startsWith(`${baseUrl}/api/auth/verify-email?token=`)).toBe(true);

    await goto(page, link);
    await eventually(() => pathname(page)).toBe("/admin");
    await eventually(() => page.locator("h1").innerText()).toBe("Admin Dashboard");
    await waitForNewToast(page, AUTH_TEXT.verifiedTitle, AUTH_TEXT.verifiedDescription);
    playerCookies = await context.cookies();
  });

  it("sends a link that no longer works back to /auth, with a form for a new one", async () => {
    const { page } = await openPage("/", { viewport: "phone" });
    await goto(
      page,
      `${baseUrl}/api/auth/verify-email?token=expired&callbackURL=%2Fauth%2Fverified`,
    );
    await eventually(() => page.url()).toContain("/auth?verification=failed");
    const offer = page.getByRole("region", { name: AUTH_TEXT.emailNotVerified });
    await offer.getByText(AUTH_TEXT.verificationLinkFailed).waitFor();
    await offer.getByLabel("Email", { exact: true }).fill("someone.else@example.com");
    await offer.getByRole("button", { name: AUTH_TEXT.resendVerification }).click();
    // The same answer for any address: nobody learns who has an account.
    await waitForNewToast(page, AUTH_TEXT.verificationSentTitle, AUTH_TEXT.verificationSent);
  });

  it("is signed out everywhere the moment they are removed from the list", async () => {
    const { page: owner } = await openAsOwner("/admin/user-management");
    await owner
      .locator(`li[data-email="${PLAYER.email}"]`)
      .getByRole("link", { name: /Remove/ })
      .click();
    await owner.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await waitForNewToast(owner, ADMIN_TEXT.emailRemoved);

    // Their sessions were deleted with the entry (issue 27): no session, so /auth.
    const { page, context } = await openPage("/");
    await context.addCookies(playerCookies);
    await goto(page, "/admin");
    expect(pathname(page)).toBe("/auth");
  });

  afterAll(async () => {
    await playerContext?.close().catch(() => {});
  });
});

describe("the maintenance switch", () => {
  const setMaintenance = async (enabled: boolean) =>
    fetch(url("/admin?index"), {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: baseUrl,
        cookie: await ownerCookieHeader(),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `intent=set-maintenance&enabled=${enabled}`,
    });

  it("hides the cart and turns /shop into the maintenance page with the stored message, and back", async () => {
    try {
      const { page } = await openAsOwner("/admin");
      const card = page.getByRole("region", { name: "Shop maintenance" });
      const toggle = card.getByRole("switch");
      expect(await card.innerText()).toContain(ADMIN_TEXT.maintenanceOff);
      expect(await toggle.getAttribute("aria-checked")).toBe("false");
      expect(await card.getByTestId("maintenance-message").innerText()).toBe(DEFAULT_MESSAGE);

      // Edit the message inline: Cancel leaves it, Save stores it.
      await card.getByRole("button", { name: "Edit" }).click();
      await card.getByRole("textbox").fill("Something else");
      await card.getByRole("button", { name: "Cancel" }).click();
      expect(await card.getByTestId("maintenance-message").innerText()).toBe(DEFAULT_MESSAGE);
      await card.getByRole("button", { name: "Edit" }).click();
      await card.getByRole("textbox").fill("Back after the spring tour.");
      await card.getByRole("button", { name: "Save" }).click();
      await waitForNewToast(page, ADMIN_TEXT.messageUpdated);
      await eventually(() => card.getByTestId("maintenance-message").innerText()).toBe(
        "Back after the spring tour.",
      );

      await toggle.click();
      await waitForNewToast(page, ADMIN_TEXT.maintenanceUpdated);
      await eventually(() => toggle.getAttribute("aria-checked")).toBe("true");
      await eventually(() => card.innerText()).toContain(ADMIN_TEXT.maintenanceOn);
      await eventually(() => toggle.isEnabled()).toBe(true);

      const visitor = await openPage("/shop", { viewport: "phone" });
      expect(await visitor.page.locator("h1").innerText()).toBe("Shop Under Maintenance");
      expect(await visitor.page.getByTestId("maintenance-message").innerText()).toBe(
        "Back after the spring tour.",
      );
      expect(await visitor.page.getByRole("link", { name: "Return to Home" }).count()).toBe(1);
      // --- The maintenance page's content (shop UI, issue 5) ---------------------------
      // A newsletter sign-up and a note to contact for assistance, as public-site §2 says.
      const main = visitor.page.getByRole("main");
      const newsletter = main.getByTestId("maintenance-newsletter");
      expect(
        await newsletter.getByRole("heading", { name: "Hear when the shop reopens" }).isVisible(),
      ).toBe(true);
      expect(await newsletter.getByLabel("Email address").isVisible()).toBe(true);
      expect(await newsletter.getByRole("button", { name: "Subscribe" }).isVisible()).toBe(true);
      expect(await main.innerText()).toContain(
        "Need help with an order or a download in the meantime?",
      );
      expect(await main.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe(
        "/contact",
      );
      expect(await main.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe(
        "/",
      );
      // --- end of the shop UI block -----------------------------------------------------
      expect(await visitor.page.getByTestId("cart-button").count()).toBe(0);
      await goto(visitor.page, "/");
      expect(await visitor.page.getByTestId("cart-button").count()).toBe(0);

      await toggle.click();
      // The switch turns at once (optimistic); the toast says the server has saved it.
      await waitForNewToast(page, ADMIN_TEXT.maintenanceUpdated);
      await eventually(() => toggle.getAttribute("aria-checked")).toBe("false");
      await eventually(() => card.innerText()).toContain(ADMIN_TEXT.maintenanceOff);

      await goto(visitor.page, "/shop");
      expect(await visitor.page.locator("h1").innerText()).toBe("Official Store");
      expect(await visitor.page.getByTestId("cart-button").count()).toBe(1);
    } finally {
      // Whatever happened above, leave the shop open for the other browser tests.
      await setMaintenance(false);
    }
  });
});

describe("signing out", () => {
  it("ends the session: /admin sends the visitor to /auth again", async () => {
    const { page, context } = await openAsOwner("/admin");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await eventually(() => pathname(page)).toBe("/");
    expect((await context.cookies()).some((c) => c.name.includes("session_token"))).toBe(false);
    const response = await fetch(url("/admin"), {
      redirect: "manual",
      headers: { cookie: await ownerCookieHeader() },
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, baseUrl).pathname).toBe("/auth");
  });
});
