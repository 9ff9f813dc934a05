/**
 * The artist's typed work is never lost (issue 26, items 1 to 5, 20 and 21), in Chromium
 * as the owner: a save during a dropped connection (route.abort) or behind a proxy's 502
 * keeps the form as typed and says "Connection Error", and saving again once the connection
 * is back saves; closing a dialog or leaving a screen with unsaved input asks first;
 * text typed before the page's script has run is kept; after a failed Save a field's
 * message follows the field; at 390 px every row's controls are in view on every
 * collection screen (and axe finds nothing serious); a row moved to the top keeps the
 * keyboard focus.
 *
 * Nothing is left changed: a test that saves puts the demo content back.
 */
import crypto from "node:crypto";
import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import {
  allowConsoleError,
  allowHttpStatus,
  goto,
  setupBrowser,
  waitForHydration,
  waitForNewToast,
  withRestore,
} from "./helpers";
import { openAsOwner, ownerSessionCookies } from "./owner-session";

const browser = setupBrowser();

const RUN = crypto.randomBytes(3).toString("hex");
const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });
const pathname = (page: Page) => new URL(page.url()).pathname;

/** Makes the screen's saves (POSTs to its action) fail in transit until the returned undo. */
async function cutSaves(page: Page, screen: string, fail: (route: Route) => Promise<void>) {
  const matches = (url: URL) => url.pathname === screen || url.pathname === `${screen}.data`;
  const handler = (route: Route) =>
    route.request().method() === "POST" ? fail(route) : route.fallback();
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

async function openMediaItemEditor(page: Page) {
  await page
    .getByRole("button", { name: /^Edit "/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Media Item" });
  await dialog.waitFor();
  return dialog;
}

describe("a save lost in transit", () => {
  it("keeps the typed text, says Connection Error, and saves once the connection is back", async () => {
    const { page } = await openAsOwner(browser, "/admin/media");
    allowConsoleError(page, /Failed to load resource/);
    let dialog = await openMediaItemEditor(page);
    const description = dialog.getByLabel("Description");
    const original = await description.inputValue();
    const edited = `${original} (edited ${RUN})`.trim();

    await withRestore(
      async () => {
        // The connection drops during Save.
        const reconnect = await cutSaves(page, "/admin/media", (route) => route.abort("aborted"));
        await description.fill(edited);
        await dialog.getByRole("button", { name: "Save Changes" }).click();
        await waitForNewToast(page, "Connection Error");
        // The screen is still the screen, the dialog still open with what was typed.
        expect(await page.getByText("Unable to load content").count()).toBe(0);
        expect(await description.inputValue()).toBe(edited);
        await eventually(() =>
          dialog.getByRole("button", { name: "Save Changes" }).isEnabled(),
        ).toBe(true);

        // The dialog says so too (the toast's Retry sits behind the modal dialog): Save
        // again once the connection is back.
        await dialog.getByRole("alert").getByText("did not reach the server").waitFor();
        await reconnect();
        await dialog.getByRole("button", { name: "Save Changes" }).click();
        await waitForNewToast(page, "Media item updated successfully");
        await dialog.waitFor({ state: "hidden" });
      },
      async () => {
        dialog = await openMediaItemEditor(page);
        if ((await dialog.getByLabel("Description").inputValue()) === original) {
          await dialog.getByRole("button", { name: "Cancel" }).click();
          return;
        }
        await dialog.getByLabel("Description").fill(original);
        await dialog.getByRole("button", { name: "Save Changes" }).click();
        await waitForNewToast(page, "Media item updated successfully");
        await dialog.waitFor({ state: "hidden" });
      },
    );
  });

  it("treats a proxy's 502 page during Save the same way", async () => {
    const { page } = await openAsOwner(browser, "/admin/media");
    allowHttpStatus(page, "POST", "/admin/media.data", 502);
    allowConsoleError(page, /Failed to load resource/);
    await cutSaves(page, "/admin/media", (route) =>
      route.fulfill({
        status: 502,
        contentType: "text/html",
        body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
      }),
    );
    const dialog = await openMediaItemEditor(page);
    const description = dialog.getByLabel("Description");
    const typed = `Typed during an outage ${RUN}`;
    await description.fill(typed);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await waitForNewToast(page, "Connection Error");
    expect(await description.inputValue()).toBe(typed);
    expect(await page.getByText("Unable to load content").count()).toBe(0);
  });
});

describe("unsaved input is never thrown away without asking", () => {
  it("asks before a half-filled dialog closes, and closes an untouched one at once", async () => {
    const { page } = await openAsOwner(browser, "/admin/media");
    const add = page.getByRole("button", { name: "Add Media Item" });
    const dialog = page.getByRole("dialog", { name: "Add New Media Item" });
    const question = page.getByRole("alertdialog", { name: "Discard changes?" });

    // Untouched: Escape just closes.
    await add.click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await question.count()).toBe(0);

    await add.click();
    await dialog.getByLabel("Title").fill(`Half-filled ${RUN}`);
    // Escape asks; Keep editing keeps the text.
    await page.keyboard.press("Escape");
    await question.waitFor();
    await question.getByRole("button", { name: "Keep editing" }).click();
    await question.waitFor({ state: "hidden" });
    expect(await dialog.getByLabel("Title").inputValue()).toBe(`Half-filled ${RUN}`);
    // Cancel and the close button ask too.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor();
    await question.getByRole("button", { name: "Keep editing" }).click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await question.waitFor();
    // Discard closes it, and the next Add starts empty.
    await question.getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "hidden" });
    await add.click();
    expect(await dialog.getByLabel("Title").inputValue()).toBe("");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("asks before leaving a screen with a half-filled form on it", async () => {
    const { page } = await openAsOwner(browser, "/admin/about?tab=collaborations");
    const form = page.getByRole("form", { name: "Add a collaboration" });
    await form.getByLabel("Artist").fill(`Unsaved artist ${RUN}`);
    const question = page.getByRole("alertdialog", { name: "Leave without saving?" });

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await question.waitFor();
    await question.getByRole("button", { name: "Stay" }).click();
    await question.waitFor({ state: "hidden" });
    expect(pathname(page)).toBe("/admin/about");
    expect(await form.getByLabel("Artist").inputValue()).toBe(`Unsaved artist ${RUN}`);

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await question.getByRole("button", { name: "Leave" }).click();
    await eventually(() => pathname(page)).toBe("/admin");
  });

  it("keeps what was typed before the page's script took over", async () => {
    const { page, context } = await browser.openPage("/");
    await context.addCookies(await ownerSessionCookies(browser));
    // Hold the page's scripts, so the form is the server's HTML while the artist types.
    const held: Route[] = [];
    let release = false;
    await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) =>
      release ? route.continue() : void held.push(route),
    );
    await page.goto(new URL("/admin/about?tab=collaborations", page.url()).href, {
      waitUntil: "commit",
    });
    const form = page.getByRole("form", { name: "Add a collaboration" });
    const artist = form.getByLabel("Artist");
    await artist.waitFor();
    await artist.fill(`Early ${RUN}`);
    await eventually(() => held.length > 0, "the scripts were held").toBe(true);

    release = true;
    for (const route of held.splice(0)) await route.continue();
    await waitForHydration(page);
    expect(await artist.inputValue()).toBe(`Early ${RUN}`);
    // And it counts as unsaved input.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    const question = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await question.waitFor();
    await question.getByRole("button", { name: "Leave" }).click();
    await eventually(() => pathname(page)).toBe("/admin");
  });

  it("updates a field's message as the field changes after the first Save", async () => {
    const { page } = await openAsOwner(browser, "/admin/media");
    await page.getByRole("button", { name: "Add Media Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Media Item" });
    await dialog.getByRole("button", { name: "Create Media Item" }).click();
    await dialog.getByText("Title is required").waitFor();
    await dialog.getByLabel("Title").fill("A");
    await dialog.getByText("Title must be at least 2 characters").waitFor();
    expect(await dialog.getByText("Title is required").count()).toBe(0);
    await dialog.getByLabel("Title").fill("Ab");
    await eventually(() => dialog.getByText("Title must be at least 2 characters").count()).toBe(0);
    await page.keyboard.press("Escape");
    await page
      .getByRole("alertdialog", { name: "Discard changes?" })
      .getByRole("button", { name: "Discard" })
      .click();
    await dialog.waitFor({ state: "hidden" });
  });
});

/** The right edge of every control in the table's rows, against the viewport's width. */
async function controlsPastTheEdge(page: Page, table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const width = document.documentElement.clientWidth;
    const controls = element.querySelectorAll<HTMLElement>("tbody tr button, tbody tr a[href]");
    return [...controls]
      .filter((control) => control.getClientRects().length > 0)
      .filter((control) => control.getBoundingClientRect().right > width + 0.5)
      .map((control) => control.getAttribute("aria-label") ?? control.textContent ?? "?");
  });
}

describe("the collection screens on a phone (390 px)", () => {
  const screens = [
    "/admin/events",
    "/admin/media",
    "/admin/shop",
    "/admin/featured-videos",
    "/admin/photo-gallery",
    "/admin/loe?tab=videos",
    "/admin/loe?tab=audio",
    "/admin/loe?tab=images",
    "/admin/orders",
    "/admin/theme",
  ];

  it.each(screens)(
    "%s keeps every row's controls in view, with nothing serious for axe",
    async (path) => {
      const { page } = await openAsOwner(browser, path, { viewport: "phone" });
      const tables = page.locator('[data-slot="data-table"]:visible');
      await tables.first().waitFor();
      for (const table of await tables.all()) {
        expect(await controlsPastTheEdge(page, table), `${path}: controls past 390 px`).toEqual([]);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

describe("reordering with the keyboard", () => {
  it("keeps the focus on the row's controls when it reaches the top, and back", async () => {
    const { page } = await openAsOwner(browser, "/admin/shop");
    const rows = page.locator('[data-slot="data-table"] tbody tr');
    const second = (await rows.nth(1).getAttribute("data-row-id"))!;
    const secondRow = page.locator(`tr[data-row-id="${second}"]`);
    const up = secondRow.locator('[data-move="up"]');
    const down = secondRow.locator('[data-move="down"]');
    const saves = () =>
      page.waitForResponse(
        (r) =>
          r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/shop"),
      );

    await up.focus();
    const firstSave = saves();
    await page.keyboard.press("Enter");
    await firstSave;
    await eventually(() => rows.first().getAttribute("data-row-id")).toBe(second);
    // Its Up button is disabled at the top: the focus moved to its Down button.
    await eventually(() => down.evaluate((el) => el === document.activeElement)).toBe(true);

    const secondSave = saves();
    await page.keyboard.press("Enter");
    await secondSave;
    await eventually(() => rows.nth(1).getAttribute("data-row-id")).toBe(second);
    await eventually(() => down.evaluate((el) => el === document.activeElement)).toBe(true);
    await goto(page, "/admin/shop");
    expect(await rows.nth(1).getAttribute("data-row-id")).toBe(second);
  });
});
