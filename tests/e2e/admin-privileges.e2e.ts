/**
 * Admin privileges in Chromium (issue 27, docs/decisions/014): a helper the owner put on
 * the allow-list without "Admin privileges" signs in, sees no sales, messages or
 * subscribers on the dashboard, is shown "Admin privileges needed" on /admin/orders,
 * and is refused a refund of a paid order and both CSV exports (403), while the owner
 * gets them; the owner then gives the helper the flag from User Management (the same
 * session opens the orders) and takes it away again. No admin page raises a CSP report
 * for eval (zod runs jitless).
 *
 * The helper signs up and in from 127.0.0.2, so Better Auth's per-address limits on
 * /sign-up/email (5 in 10 minutes) stay for the files that use 127.0.0.1.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { Cookie, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_PRIVILEGES_TEXT, ADMIN_TEXT } from "~/domain/admin/admin-screens";
import { seriousViolations } from "./axe";
import { allowConsoleError, goto, setupBrowser, waitForNewToast } from "./helpers";
import { verificationLinkIn, waitForMail } from "./mail";
import { openAsOwner, ownerSessionCookies } from "./owner-session";

const browser = setupBrowser();
const RUN = crypto.randomBytes(3).toString("hex");
const HELPER = {
  email: `helper.${RUN}@example.com`,
  name: "Hal Helper",
  password: "a helper's passphrase",
};
const BUYER = `privileges.${RUN}@example.com`;
const TOTE = "Late Set Tote Bag";

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 100, message });

/** Records the page's CSP violations in window.__cspViolations, from before its scripts run. */
const recordCspViolations = {
  fn: () => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  },
  arg: "",
};

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** A JSON POST from 127.0.0.2: its own bucket of Better Auth's per-address limits. */
function postFromOtherAddress(
  path: string,
  body: unknown,
): Promise<{ status: number; cookies: string[] }> {
  const target = new URL(path, browser.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      {
        method: "POST",
        localAddress: "127.0.0.2",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          origin: browser.baseUrl,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            cookies: response.headers["set-cookie"] ?? [],
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

const cookieHeader = (cookies: Pick<Cookie, "name" | "value">[]) =>
  cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** GET or form-POST as whoever `cookies` belong to; the status and body. */
async function asPerson(
  cookies: Pick<Cookie, "name" | "value">[],
  path: string,
  form?: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const response = await fetch(browser.url(path), {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      cookie: cookieHeader(cookies),
      origin: browser.baseUrl,
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

/** A tote bag bought with the demo provider (its stock is not tracked). */
async function buyTote(email: string) {
  const { page } = await browser.openPage("/shop");
  const card = page
    .getByTestId("catalogue")
    .getByTestId("product-card")
    .filter({ has: page.getByRole("heading", { name: TOTE, exact: true }) });
  await card.getByRole("button", { name: "Add to Cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await drawer.getByLabel("Email").fill(email);
  await drawer.getByRole("button", { name: "Continue to Shipping" }).click();
  const step = drawer.getByTestId("checkout-address-step");
  await step.getByLabel("Full name").fill("Pat Privileges");
  await step.getByLabel("Street address").fill("1 Private Lane");
  await step.getByLabel("City", { exact: true }).fill("Memphis");
  await step.getByLabel("Postal code").fill("38103");
  await step.getByRole("button", { name: "Continue to Payment" }).click();
  await drawer.getByRole("button", { name: "Complete demo payment" }).click();
  await page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Payment Successful!" })
    .first()
    .waitFor();
  await page.close();
}

/** The id of the buyer's order, as the owner's CSV export lists it. */
async function orderIdOf(buyer: string): Promise<string> {
  const owner = await ownerSessionCookies(browser);
  const csv = await asPerson(owner, `/admin/export/orders?q=${encodeURIComponent(buyer)}`);
  expect(csv.status).toBe(200);
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(csv.text)?.[0];
  expect(id, "the order in the owner's export").toBeTruthy();
  return id!;
}

let helperCookies: Cookie[] = [];
let listed = false;

afterAll(async () => {
  if (!listed) return;
  // Taken off the list again (which also ends the helper's sessions).
  const { page } = await openAsOwner(browser, "/admin/user-management");
  await page
    .locator(`li[data-email="${HELPER.email}"]`)
    .getByRole("link", { name: /Remove/ })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await page.locator(`li[data-email="${HELPER.email}"]`).waitFor({ state: "detached" });
});

describe("a helper without Admin privileges", () => {
  it("is put on the list by the owner, creates an account and signs in", async () => {
    const { page: owner } = await openAsOwner(browser, "/admin/user-management");
    await owner.getByLabel("Email").fill(HELPER.email);
    await owner.getByRole("button", { name: "Add Email" }).click();
    await waitForNewToast(owner, ADMIN_TEXT.emailAdded);
    const row = owner.locator(`li[data-email="${HELPER.email}"]`);
    await row.waitFor();
    listed = true;
    await row.getByRole("button", { name: `Give Admin privileges: ${HELPER.email}` }).waitFor();

    const signUp = await postFromOtherAddress("/api/auth/sign-up/email", {
      email: HELPER.email,
      password: HELPER.password,
      name: HELPER.name,
      fullName: HELPER.name,
    });
    expect(signUp.status).toBe(200);
    const link = verificationLinkIn(await waitForMail(HELPER.email, /Verify your e-mail/));
    await fetch(link, { redirect: "manual" });
    const signIn = await postFromOtherAddress("/api/auth/sign-in/email", {
      email: HELPER.email,
      password: HELPER.password,
    });
    expect(signIn.status).toBe(200);
    helperCookies = signIn.cookies.map((header) => {
      const [pair] = header.split(";");
      const [name, ...value] = pair!.split("=");
      return {
        name: name!.trim(),
        value: value.join("="),
        domain: new URL(browser.baseUrl).hostname,
        path: "/",
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax",
      } satisfies Cookie;
    });
    expect(helperCookies.some((c) => c.name.includes("session_token"))).toBe(true);
  });

  it("sees content work on the dashboard, but no sales, messages, subscribers or business cards", async () => {
    const { page, context } = await browser.openPage("/", { initScript: recordCspViolations });
    await context.addCookies(helperCookies);
    await goto(page, "/admin");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Manage the site" }).waitFor();
    expect(await page.getByTestId("figure-stock").count()).toBe(1);
    expect(await page.getByTestId("figure-out-of-stock").count()).toBe(1);
    for (const hidden of ["sales", "messages", "subscribers"]) {
      expect(await page.getByTestId(`figure-${hidden}`).count(), hidden).toBe(0);
    }
    expect(await page.getByRole("heading", { name: "Your business" }).count()).toBe(0);
    for (const path of ["/admin/orders", "/admin/messages", "/admin/subscribers"]) {
      expect(await page.locator(`a[href="${path}"]`).count(), path).toBe(0);
    }
    expect(await cspViolations(page)).toEqual([]);
  });

  it("is shown 'Admin privileges needed' on the orders screen, inside the admin frame", async () => {
    const { page, context } = await browser.openPage("/", { initScript: recordCspViolations });
    await context.addCookies(helperCookies);
    const response = await goto(page, "/admin/orders", { expectStatus: 403 });
    expect(response.status()).toBe(403);
    await page.getByRole("heading", { name: ADMIN_PRIVILEGES_TEXT.title, level: 1 }).waitFor();
    expect(await page.getByRole("alert").innerText()).toContain(
      ADMIN_PRIVILEGES_TEXT.screenRefused,
    );
    // The frame stays: the header and the way back.
    expect(await page.getByRole("banner").innerText()).toContain(HELPER.email);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  it("is refused a refund of a paid order and both exports; the owner is not", async () => {
    await buyTote(BUYER);
    const orderId = await orderIdOf(BUYER);

    const refund = await asPerson(helperCookies, "/admin/orders", {
      intent: "refund",
      orderId,
    });
    expect(refund.status).toBe(403);
    for (const dataset of ["orders", "subscribers"]) {
      const csv = await asPerson(helperCookies, `/admin/export/${dataset}`);
      expect(csv.status, dataset).toBe(403);
      expect(csv.text).not.toContain(BUYER);
    }

    // The order is still paid, and the owner still gets the exports.
    const owner = await ownerSessionCookies(browser);
    const csv = await asPerson(owner, `/admin/export/orders?q=${encodeURIComponent(BUYER)}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(BUYER);
    expect(csv.text).toContain("completed");
    expect(csv.text).not.toContain("refunded");
    expect((await asPerson(owner, "/admin/export/subscribers")).status).toBe(200);
  });

  it("opens the orders once the owner gives the flag, in the same session, and not after it is taken", async () => {
    const { page: owner } = await openAsOwner(browser, "/admin/user-management", {
      initScript: recordCspViolations,
    });
    const row = owner.locator(`li[data-email="${HELPER.email}"]`);
    await row.getByRole("button", { name: `Give Admin privileges: ${HELPER.email}` }).click();
    await waitForNewToast(owner, ADMIN_TEXT.privilegesGiven);
    await row
      .getByRole("button", { name: `Take away Admin privileges: ${HELPER.email}` })
      .waitFor();

    const { page, context } = await browser.openPage("/");
    await context.addCookies(helperCookies);
    await goto(page, "/admin/orders");
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();

    await row.getByRole("button", { name: `Take away Admin privileges: ${HELPER.email}` }).click();
    await waitForNewToast(owner, ADMIN_TEXT.privilegesTaken);
    await eventually(async () => (await asPerson(helperCookies, "/admin/orders")).status).toBe(403);
    expect(await cspViolations(owner)).toEqual([]);
  });
});

describe("the CSP report check", () => {
  it("sees an eval the page's policy refuses (so the checks above can fail)", async () => {
    const { page } = await browser.openPage("/", { initScript: recordCspViolations });
    allowConsoleError(page, /unsafe-eval|Content Security Policy/);
    // Run as the page's own task: DevTools lets code it evaluates itself use eval.
    await page.evaluate(() => {
      setTimeout(() => {
        try {
          new Function("");
        } catch {
          // refused, as zod's probe was
        }
      }, 0);
    });
    await eventually(async () => (await cspViolations(page)).join("\n")).toMatch(/eval/);
  });
});
