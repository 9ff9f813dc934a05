/**
 * The owner's session for browser tests of admin screens. The browser suite runs
 * auth-admin.e2e.ts first (vitest.e2e.config.ts), which follows the one-time set-up
 * link and chooses OWNER_PASSWORD; every other file signs in with that password.
 * Should a file run alone, the set-up link from the server log is used instead.
 */
import { readFile } from "node:fs/promises";
import type { Cookie } from "playwright-core";
import { expect, inject } from "vitest";
import { goto, type BrowserSession } from "./helpers";

/** The password auth-admin.e2e.ts chooses for the owner. */
export const OWNER_PASSWORD = "a long owner passphrase";

let ownerCookies: Cookie[] | undefined;

/** Session cookies of the owner (ADMIN_EMAIL), signed in once per file. */
export async function ownerSessionCookies(browser: BrowserSession): Promise<Cookie[]> {
  if (ownerCookies) return ownerCookies;
  const { openPage, url, baseUrl } = browser;
  const link = /First sign-in: open (\S+) to choose the password/.exec(
    await readFile(inject("serverLogFile"), "utf8"),
  )?.[1];
  if (link) {
    const { page, context } = await openPage(new URL(link).pathname + new URL(link).search);
    if ((await page.locator("h1").innerText()) === "Choose your password") {
      await page.getByLabel("Full name").fill("Silas Lowenthorne");
      await page.getByLabel("New password").fill(OWNER_PASSWORD);
      await page.getByLabel("Repeat the password").fill(OWNER_PASSWORD);
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await page.waitForURL(/\/admin$/);
      ownerCookies = (await context.cookies()).filter((c) => c.name.includes("session_token"));
      return ownerCookies;
    }
  }
  const response = await fetch(url("/api/auth/sign-in/email"), {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: inject("adminEmail"), password: OWNER_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  ownerCookies = response.headers.getSetCookie().map((header) => {
    const [pair] = header.split(";");
    const [name, ...value] = pair!.split("=");
    return {
      name: name!.trim(),
      value: value.join("="),
      domain: new URL(baseUrl).hostname,
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax",
    } satisfies Cookie;
  });
  return ownerCookies;
}

/** A page signed in as the owner, at `pathname`. */
export async function openAsOwner(
  browser: BrowserSession,
  pathname: string,
  options?: Parameters<BrowserSession["openPage"]>[1],
) {
  const cookies = await ownerSessionCookies(browser);
  const opened = await browser.openPage("/", options);
  await opened.context.addCookies(cookies);
  await goto(opened.page, pathname);
  return opened;
}
