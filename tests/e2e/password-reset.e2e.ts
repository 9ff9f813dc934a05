/**
 * "Forgot password?" in Chromium against the built server: a person the owner puts on
 * the allow-list creates an account, asks for a reset from /auth, reads the link in
 * the mail the test SMTP server caught, chooses a new password and signs in with it;
 * the session opened with the old password is gone, the link works only once, and an
 * address off the list gets the same answer and no mail. The owner's password is not
 * touched (every other file signs in with it); the person is taken off the list again.
 *
 * Requests: 1 sign-up and 2 sign-ins from 127.0.0.1, within Better Auth's limits.
 */
import path from "node:path";
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_TEXT } from "~/domain/auth/password-reset";
import { goto, setupBrowser } from "./helpers";
import { sentMail, verificationLinkIn, waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const RUN = Date.now().toString(36);
const PERSON = {
  name: "Reset Tester",
  email: `reset-${RUN}@example.com`,
  oldPassword: "the first passphrase",
  newPassword: "the second passphrase",
};
const STRANGER = `stranger-${RUN}@example.com`;

/** Set E2E_SCREENSHOTS=<dir> to keep a picture of each step at 1280 and 375 px. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 15_000, interval: 100 });

async function signIn(page: Page, password: string) {
  await goto(page, "/auth");
  await page.getByLabel("Email").fill(PERSON.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function requestReset(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByRole("status").filter({ hasText: PASSWORD_RESET_TEXT.requested }).waitFor();
}

function resetLinkIn(body: string): string {
  const match = /https?:\/\/[^\s"<>]+\/auth\/reset-password\?token=[\w-]+/.exec(body);
  if (!match) throw new Error(`No reset link in:\n${body}`);
  return match[0];
}

let listed = false;
afterAll(async () => {
  if (!listed) return;
  const { page } = await openAsOwner(browser, "/admin/user-management");
  await page
    .locator(`li[data-email="${PERSON.email}"]`)
    .getByRole("link", { name: /Remove/ })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await page.locator(`li[data-email="${PERSON.email}"]`).waitFor({ state: "detached" });
});

describe("password reset", () => {
  it("mails an allow-listed person a one-time link, sets the new password, and signs out the old session", async () => {
    // The owner lets the person in; the person creates an account and verifies it.
    const { page: owner } = await openAsOwner(browser, "/admin/user-management");
    await owner.getByLabel("Email").fill(PERSON.email);
    await owner.getByRole("button", { name: "Add Email" }).click();
    await owner.locator(`li[data-email="${PERSON.email}"]`).waitFor();
    listed = true;

    const { page: first } = await browser.openPage("/auth?mode=sign-up");
    await first.getByLabel("Full name").fill(PERSON.name);
    await first.getByLabel("Email").fill(PERSON.email);
    await first.getByLabel("Password", { exact: true }).fill(PERSON.oldPassword);
    await first.getByRole("button", { name: "Create Account" }).click();
    // The verification link signs its owner in and lands on /admin (decision 028): the
    // session the reset must end.
    await goto(first, verificationLinkIn(await waitForMail(PERSON.email, /Verify your e-mail/)));
    await eventually(() => pathname(first)).toBe("/admin");

    // Another browser: "Forgot password?" on /auth.
    const { page } = await browser.openPage("/auth");
    await screenshot(page, "auth-sign-in");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await eventually(() => pathname(page)).toBe("/auth/reset-password");
    await page.getByRole("heading", { level: 1, name: "Forgot password?" }).waitFor();
    await screenshot(page, "reset-request");
    await requestReset(page, PERSON.email);
    const mail = await waitForMail(PERSON.email, /Reset your password/);
    const link = resetLinkIn(mail.body);

    // Someone off the list gets the same answer, and no mail.
    await goto(page, "/auth/reset-password");
    await requestReset(page, STRANGER);

    await goto(page, new URL(link).pathname + new URL(link).search);
    await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    await screenshot(page, "reset-new-password");
    expect(await page.getByLabel("Email").inputValue()).toBe(PERSON.email);
    await page.getByLabel("New password").fill(PERSON.newPassword);
    await page.getByLabel("Repeat the password").fill(PERSON.newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await eventually(() => pathname(page)).toBe("/auth");
    await page
      .getByRole("status")
      .filter({ hasText: PASSWORD_RESET_TEXT.doneDescription })
      .first()
      .waitFor();

    await screenshot(page, "reset-done");
    await signIn(page, PERSON.newPassword);
    await eventually(() => pathname(page)).toBe("/admin");

    // The session opened before the reset is gone.
    await first.goto(browser.url("/admin"));
    await eventually(() => pathname(first)).not.toBe("/admin");

    // The link works once.
    await goto(page, new URL(link).pathname + new URL(link).search);
    await page.getByRole("heading", { level: 1, name: "This link can't be used" }).waitFor();

    expect(sentMail().filter((m) => m.to.includes(STRANGER))).toEqual([]);
  });
});
