/**
 * The owner's session for browser tests of admin screens. The browser suite runs
 * auth-admin.e2e.ts first (vitest.e2e.config.ts), which follows the one-time set-up
 * link and chooses OWNER_PASSWORD; every other file signs in with that password.
 * Should a file run alone, the set-up link from the server log is used instead.
 *
 * One session serves the whole run: it is kept in the run's folder, beside the server's
 * log. Sign-in allows ten attempts a minute from one address, and every file of the
 * suite comes from 127.0.0.1; a file per sign-in ran into 429 when files were quick.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Cookie } from "playwright-core";
import { expect, inject } from "vitest";
import { goto, type BrowserSession } from "./helpers";
import { testServer } from "./test-server";

/** The password auth-admin.e2e.ts chooses for the owner. */
export const OWNER_PASSWORD = "a long owner passphrase";

let ownerCookies: Cookie[] | undefined;

const sharedSessionFile = () =>
  path.join(path.dirname(testServer().serverLogFile), "owner-session.json");

/** Whether these cookies still open /admin (a session the run kept from an earlier file). */
async function stillSignedIn(browser: BrowserSession, cookies: Cookie[]): Promise<boolean> {
  const response = await fetch(browser.url("/admin"), {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
    redirect: "manual",
  });
  return response.status === 200;
}

/** Session cookies of the owner (ADMIN_EMAIL), signed in once per run. */
export async function ownerSessionCookies(browser: BrowserSession): Promise<Cookie[]> {
  if (ownerCookies) return ownerCookies;
  const kept = await readFile(sharedSessionFile(), "utf8").then(
    (text) => JSON.parse(text) as Cookie[],
    () => null,
  );
  if (kept && (await stillSignedIn(browser, kept))) {
    ownerCookies = kept;
    return kept;
  }
  ownerCookies = await signInOwner(browser);
  await writeFile(sharedSessionFile(), JSON.stringify(ownerCookies));
  return ownerCookies;
}

async function signInOwner(browser: BrowserSession): Promise<Cookie[]> {
  const { openPage, url, baseUrl } = browser;
  const link = /First sign-in: open (\S+) to choose the password/.exec(
    await readFile(testServer().serverLogFile, "utf8"),
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
  const signIn = () =>
    fetch(url("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email: inject("adminEmail"), password: OWNER_PASSWORD }),
    });
  let response = await signIn();
  // Other journeys' sign-ins (some wrong on purpose) share the address's limit: wait it
  // out, within the test's own time limit.
  for (let waited = 0; response.status === 429 && waited < 45;) {
    const seconds = Math.min(Number(response.headers.get("x-retry-after")) || 15, 45 - waited);
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
    waited += seconds + 1;
    response = await signIn();
  }
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
  return openSignedIn(browser, await ownerSessionCookies(browser), pathname, options);
}

/** A page in a fresh context carrying these session cookies, at `pathname`. */
export async function openSignedIn(
  browser: BrowserSession,
  cookies: Cookie[],
  pathname: string,
  options?: Parameters<BrowserSession["openPage"]>[1],
) {
  const opened = await browser.openPage("/", options);
  await opened.context.addCookies(cookies);
  await goto(opened.page, pathname);
  return opened;
}
