/**
 * The artist's business view in Chromium, signed in as the owner: a message sent on
 * the site shows in /admin/messages with its delivery state, is marked handled (the
 * dashboard's figure and the audit log follow); a newsletter sign-up shows in
 * /admin/subscribers and its CSV, and is removed after a confirmation. axe finds no
 * serious or critical issue on the three screens or the dashboard, at both widths.
 */
import crypto from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { goto, setupBrowser, waitForNewToast, type ViewportName } from "./helpers";
import { newsletterConfirmLinkIn, waitForMail } from "./mail";
import { ownerSessionCookies, openAsOwner } from "./owner-session";
import { SUBSCRIBERS_TEXT } from "~/domain/audience/subscribers/subscriber-admin";
import { testServer } from "./test-server";

const browser = setupBrowser();
const RUN = crypto.randomBytes(3).toString("hex");
const appUrl = testServer().baseUrl;

const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 15_000, interval: 100 });

async function figure(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`figure-${key}`).innerText();
  return Number(/^\s*([\d,]+)/.exec(text)?.[1]?.replace(/,/g, "") ?? NaN);
}

async function ownerCookieHeader(): Promise<string> {
  return (await ownerSessionCookies(browser)).map((c) => `${c.name}=${c.value}`).join("; ");
}

describe("messages", () => {
  it("shows a message sent on the site with its delivery, marks it handled, and logs it", async () => {
    const subject = `Festival booking ${RUN}`;
    const sent = await fetch(`${appUrl}/api/send-contact-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Ada Quill",
        email: `ada.${RUN}@example.org`,
        subject,
        message: "Could LOE play our festival in June?\nWe have a late slot.",
      }),
    });
    expect(await sent.json()).toEqual({ success: true });

    const { page } = await openAsOwner(browser, "/admin");
    const waitingBefore = await figure(page, "messages");
    expect(waitingBefore).toBeGreaterThanOrEqual(1);

    await goto(page, "/admin/messages");
    const card = page.getByTestId("admin-message").filter({ hasText: subject });
    await card.waitFor();
    expect(await card.innerText()).toContain("Could LOE play our festival in June?");
    // The test SMTP server takes the mail: the card says it was delivered.
    await eventually(async () => {
      await goto(page, "/admin/messages");
      return card.getByTestId("message-delivery").innerText();
    }).toBe("Delivered");

    await card.getByRole("button", { name: `Mark as handled: ${subject}` }).click();
    await waitForNewToast(page, "Message marked as handled");
    await eventually(() => card.getByText("Handled", { exact: true }).count()).toBe(1);

    await goto(page, "/admin/messages?filter=unhandled");
    await page.getByRole("heading", { name: "Waiting for an answer" }).waitFor();
    expect(await page.getByTestId("admin-message").filter({ hasText: subject }).count()).toBe(0);

    await goto(page, "/admin");
    expect(await figure(page, "messages")).toBe(waitingBefore - 1);

    await goto(page, "/admin/audit-log?screen=messages");
    const entry = page
      .getByRole("row")
      .filter({ hasText: `Marked the message '${subject}' as handled` })
      .first();
    await entry.waitFor();
    expect(await entry.innerText()).toContain("Messages");
  });
});

describe("subscribers", () => {
  it("shows a sign-up as pending until it is confirmed, exports it, and removes it after confirming", async () => {
    const email = `listener.${RUN}@example.com`;
    const signedUp = await fetch(`${appUrl}/api/newsletter-subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(await signedUp.json()).toEqual({ success: true });

    const { page } = await openAsOwner(browser, "/admin/subscribers");
    await page.getByLabel("Search by e-mail").fill(`listener.${RUN}`);
    await page.getByLabel("Status").selectOption("pending");
    await page.getByRole("button", { name: "Search" }).click();
    // The newest sign-up heads the unfiltered list too: the address says the search is done.
    await page.waitForURL(/[?&]status=pending\b/);
    let row = page.getByRole("row").filter({ hasText: email });
    await row.waitFor();
    expect(await row.innerText()).toContain("Pending");
    const pendingCsv = await fetch(`${appUrl}/admin/export/subscribers`, {
      headers: { cookie: await ownerCookieHeader() },
    });
    expect(await pendingCsv.text()).not.toContain(email);

    // Confirmed with the mailed link: no longer among the pending, shown as confirmed.
    const link = newsletterConfirmLinkIn(await waitForMail(email, /^Confirm your subscription/));
    await fetch(link, { method: "POST" });
    await page.reload();
    await page.getByText(SUBSCRIBERS_TEXT.emptyFiltered).waitFor();
    await page.getByLabel("Status").selectOption("subscribed");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/[?&]status=subscribed\b/);
    row = page.getByRole("row").filter({ hasText: email });
    await row.waitFor();
    expect(await row.innerText()).toContain("Confirmed");

    const csv = await fetch(`${appUrl}/admin/export/subscribers`, {
      headers: { cookie: await ownerCookieHeader() },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="subscribers-/);
    expect(await csv.text()).toContain(email);

    await row.getByRole("button", { name: `Remove ${email}` }).click();
    const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
    await dialog.getByRole("button", { name: "Remove" }).click();
    await waitForNewToast(page, "Subscriber removed");
    await eventually(() => page.getByRole("row").filter({ hasText: email }).count()).toBe(0);
    const after = await fetch(`${appUrl}/admin/export/subscribers`, {
      headers: { cookie: await ownerCookieHeader() },
    });
    expect(await after.text()).not.toContain(email);
  });

  it("refuses the export to someone not signed in", async () => {
    const response = await fetch(`${appUrl}/admin/export/subscribers`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/\/auth/);
  });
});

describe.each(["desktop", "phone"] as ViewportName[])("on a %s", (viewport) => {
  it.each(["/admin", "/admin/messages", "/admin/subscribers", "/admin/audit-log"])(
    "%s has no serious or critical axe violations and fits the screen",
    async (path) => {
      const { page } = await openAsOwner(browser, path, { viewport });
      await page.locator("h1").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
    },
  );
});
