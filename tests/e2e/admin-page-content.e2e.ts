/**
 * The page-content list screens in Chromium against the built server (issue 10):
 * /admin/page-content, /admin/shop-content, /admin/contact and /admin/footer. A saved
 * text shows on the public page at its next load; a refused text keeps what was typed
 * and says why; a previous version is restored from the card's history and the public
 * page follows; leaving with unsaved edits asks first; the screens refuse visitors and
 * have no serious or critical axe violations.
 *
 * Every journey that changes public text puts it back (by restoring a version), so the
 * public-page suites that run later in the same server see the seeded site.
 */
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { goto, setupBrowser, waitForNewToast, type ViewportName } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const { openPage } = browser;

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });
const pathname = (page: Page) => new URL(page.url()).pathname;

const SCREENS = [
  { path: "/admin/page-content", title: "Page Content" },
  { path: "/admin/shop-content", title: "Shop Content" },
  { path: "/admin/contact", title: "Contact & Footer" },
  { path: "/admin/footer", title: "Footer Links" },
];

/** The editor card of one record, found by its friendly name. */
const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const titleField = (record: Locator) => record.getByLabel("Title", { exact: true });

/** Saves a record's card and waits for the spec's toast and the card to settle. */
async function save(page: Page, record: Locator) {
  await record.getByRole("button", { name: "Save", exact: true }).click();
  await waitForNewToast(page, "Content updated successfully");
  await eventually(() => record.getByText("Unsaved changes").count()).toBe(0);
}

/** Opens the card's history and restores the version whose text contains `text`. */
async function restoreVersion(page: Page, record: Locator, name: string, text: string) {
  const toggle = record.getByRole("button", { name: /^History/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  const versions = record.getByRole("list", { name: `Versions of ${name}` });
  const version = versions.getByRole("listitem").filter({ hasText: text }).last();
  await version.getByRole("button", { name: /^Restore/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Restore this version?" });
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain("The current text is kept in the history.");
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await waitForNewToast(page, "Version restored");
  await dialog.waitFor({ state: "hidden" });
}

/** The public page's text, read in a fresh context (no browser cache, no session). */
async function publicText(path: string, read: (page: Page) => Promise<string>) {
  const { page } = await openPage(path);
  return read(page);
}

describe("shop content", () => {
  it("saves a title that /shop then shows, and restores the previous version from the history", async () => {
    const { page } = await openAsOwner(browser, "/admin/shop-content");
    // The first heading is the screen's; the live preview renders the public hero's below.
    expect(await page.locator("h1").first().innerText()).toBe("Shop Content");
    const record = card(page, "Shop hero title");
    const title = titleField(record);
    expect(await title.inputValue()).toBe("Official Store");

    await title.fill("  The Low Brass Store  ");
    // The live preview renders the public hero from the unsaved value.
    await eventually(() =>
      page.getByRole("region", { name: "Live preview" }).locator("h1").innerText(),
    ).toBe("The Low Brass Store");
    await save(page, record);
    // Trimmed on save; the card shows what is stored.
    expect(await title.inputValue()).toBe("The Low Brass Store");
    expect(await publicText("/shop", (p) => p.locator("h1").innerText())).toBe(
      "The Low Brass Store",
    );

    // The history lists the saved text (current, by the owner) and the seeded one.
    await record.getByRole("button", { name: /^History/ }).click();
    const versions = record.getByRole("list", { name: "Versions of Shop hero title" });
    await versions.waitFor();
    const items = versions.getByRole("listitem");
    await eventually(() => items.count()).toBe(2);
    const newest = await items.nth(0).innerText();
    expect(newest).toContain("The Low Brass Store");
    expect(newest).toContain("owner@example.com");
    expect(newest).toContain("Current");
    expect(await items.nth(0).locator("time").getAttribute("datetime")).toMatch(/^\d{4}-/);
    expect(await items.nth(1).innerText()).toContain("Official Store");
    expect(await items.nth(1).innerText()).toContain("Before version history");

    // Cancel leaves everything as it is.
    await items
      .nth(1)
      .getByRole("button", { name: /^Restore/ })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Restore this version?" });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await title.inputValue()).toBe("The Low Brass Store");

    await restoreVersion(page, record, "Shop hero title", "Official Store");
    await eventually(() => title.inputValue()).toBe("Official Store");
    // The restore is a new version; the replaced text stays in the history.
    await eventually(() => items.count()).toBe(3);
    expect(await items.nth(0).innerText()).toContain("Official Store");
    expect(await items.nth(0).innerText()).toContain("Current");
    expect(await items.nth(1).innerText()).toContain("The Low Brass Store");
    // The seeded text is the same as the restored one, but only the newest is "Current",
    // and the count names every other row.
    expect(await items.nth(2).innerText()).toContain("Same text as current");
    expect(
      await items
        .nth(2)
        .getByRole("button", { name: /^Restore/ })
        .count(),
    ).toBe(0);
    expect(await versions.getByText("Current", { exact: true }).count()).toBe(1);
    expect(await record.getByRole("button", { name: /^History/ }).innerText()).toContain(
      "(2 earlier versions)",
    );
    expect(await publicText("/shop", (p) => p.locator("h1").innerText())).toBe("Official Store");
  });

  it("refuses a title over 200 characters with the spec's message and keeps the text", async () => {
    const { page } = await openAsOwner(browser, "/admin/shop-content");
    const record = card(page, "Featured items title");
    const title = titleField(record);
    const long = "A".repeat(201);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });

    await title.fill(long);
    await record.getByRole("button", { name: "Save", exact: true }).click();
    await waitForNewToast(
      page,
      "Validation Error",
      "Please fix the form errors before submitting.",
    );
    const error = record.getByText("Title must be under 200 characters");
    await error.waitFor();
    expect(await title.inputValue()).toBe(long);
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(
      "title",
    );
    expect(posted).toBe(false);

    // A required title: blank is refused too; fixing it clears the message.
    await title.fill("   ");
    await record.getByText("Title is required").waitFor();
    await title.fill("Featured Items");
    await error.waitFor({ state: "hidden" });
    expect(await record.getByRole("alert").count()).toBe(0);
    expect(posted).toBe(false);
  });
});

describe("footer links", () => {
  it("saves a link the public footer then shows, refuses one that is not http(s), and restores the old one", async () => {
    const { page } = await openAsOwner(browser, "/admin/footer");
    expect(await page.locator("h1").first().innerText()).toBe("Footer Links");
    const record = card(page, "Bandcamp link");
    const link = record.getByLabel("Link (URL)");
    const original = await link.inputValue();
    expect(original).toMatch(/^https:\/\//);

    await link.fill("javascript:alert(1)");
    await record.getByRole("button", { name: "Save", exact: true }).click();
    await waitForNewToast(page, "Validation Error");
    await record.getByText("Please enter a valid URL starting with https:// or http://").waitFor();
    expect(await link.inputValue()).toBe("javascript:alert(1)");

    const next = "https://lowbrass.bandcamp.com/album/new";
    await link.fill(next);
    await save(page, record);
    const footerHref = (p: Page) =>
      p
        .locator("footer")
        .getByRole("link", { name: "Bandcamp" })
        .getAttribute("href")
        .then((href) => href ?? "");
    expect(await publicText("/", footerHref)).toBe(next);

    await restoreVersion(page, record, "Bandcamp link", original);
    await eventually(() => link.inputValue()).toBe(original);
    expect(await publicText("/contact", footerHref)).toBe(original);
  });

  it("edits the footer links from Contact & Footer too, below the contact records", async () => {
    const { page } = await openAsOwner(browser, "/admin/contact");
    const headings = await page.getByRole("heading", { level: 2 }).allInnerTexts();
    expect(headings).toEqual(expect.arrayContaining(["Contact page", "Footer links"]));
    expect(headings.indexOf("Contact page")).toBeLessThan(headings.indexOf("Footer links"));
    await card(page, "Booking e-mail").waitFor();
    await card(page, "Instagram link").waitFor();
    // An e-mail record takes an e-mail address only.
    const email = card(page, "Booking e-mail");
    await email.getByLabel("E-mail address").fill("booking at example");
    await email.getByRole("button", { name: "Save", exact: true }).click();
    await email.getByText("Please enter a valid email address").waitFor();
  });
});

describe("unsaved changes", () => {
  it("asks before leaving: Stay keeps the edit, Leave drops it", async () => {
    const { page } = await openAsOwner(browser, "/admin/shop-content");
    const record = card(page, "Delivery note");
    const description = record.getByLabel("Description");
    const stored = await description.inputValue();
    const unloadAsks = () =>
      page.evaluate(() => {
        const event = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await unloadAsks()).toBe(false);

    await description.fill("delivered by carrier pigeon");
    await record.getByText("Unsaved changes").waitFor();
    // Reloading or closing the tab asks the browser's own question.
    expect(await unloadAsks()).toBe(true);

    const back = page.getByRole("link", { name: "Back to Dashboard" });
    await back.click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Your changes to Delivery note will be lost.");
    await dialog.getByRole("button", { name: "Stay" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(pathname(page)).toBe("/admin/shop-content");
    expect(await description.inputValue()).toBe("delivered by carrier pigeon");

    await back.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await eventually(() => pathname(page)).toBe("/admin");
    // The left screen's guard goes with it (once React has unmounted it).
    await eventually(unloadAsks).toBe(false);

    await goto(page, "/admin/shop-content");
    expect(await card(page, "Delivery note").getByLabel("Description").inputValue()).toBe(stored);
  });

  it("lets a screen with nothing unsaved go without asking", async () => {
    const { page } = await openAsOwner(browser, "/admin/footer");
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await eventually(() => pathname(page)).toBe("/admin");
  });
});

describe("page content (every record)", () => {
  it("groups every record by page and finds one by its friendly name", async () => {
    const { page } = await openAsOwner(browser, "/admin/page-content");
    const groups = await page.getByRole("heading", { level: 2 }).allInnerTexts();
    expect(groups).toEqual(
      expect.arrayContaining([
        "Home page",
        "About page",
        "Media page",
        "LOE page",
        "Events page",
        "Shop page",
        "Contact page",
        "Footer links",
      ]),
    );
    // The cards' headings; a live preview's own headings are not cards.
    const visibleCards = () =>
      page.locator("section[aria-labelledby] h3:not([inert] h3):visible").allInnerTexts();
    expect((await visibleCards()).length).toBeGreaterThan(40);

    const search = page.getByRole("searchbox", { name: "Find a text by name" });
    await search.fill("booking");
    await eventually(visibleCards).toEqual(["Booking title", "Booking e-mail"]);
    await eventually(() =>
      page.getByRole("heading", { level: 2, name: "Home page" }).isVisible(),
    ).toBe(false);
    expect(await page.getByText("2 of").innerText()).toMatch(/^2 of \d+ texts$/);

    // An edit survives a search that hides its card, and still counts when leaving.
    await search.fill("LOE page header");
    const loe = card(page, "LOE page header");
    await titleField(loe).fill("Letters of Endorsement");
    await search.fill("no such text anywhere");
    await page.getByText("No text matches “no such text anywhere”.").waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await eventually(async () => (await visibleCards()).length).toBeGreaterThan(40);
    expect(await titleField(loe).inputValue()).toBe("Letters of Endorsement");
    await loe.getByRole("button", { name: "Discard changes" }).click();
    expect(await titleField(loe).inputValue()).toBe("LOE");
  });
});

describe("live previews", () => {
  /** A section of a list screen (a group of texts), and the live preview inside it. */
  const group = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
  const previewOf = (page: Page, name: string) =>
    group(page, name).getByRole("region", { name: "Live preview" });

  it("every group of /admin/page-content previews its public section as the text is typed", async () => {
    const { page } = await openAsOwner(browser, "/admin/page-content");
    for (const name of [
      "Home page",
      "About page",
      "Media page",
      "LOE page",
      "Events page",
      "Shop page",
      "Contact page",
      "Footer links",
    ]) {
      expect(await previewOf(page, name).count(), name).toBe(1);
    }

    const typed = [
      {
        record: "Call-to-action title",
        group: "Home page",
        shown: "#cta-title",
        text: "Join the Low Brass List",
      },
      { record: "Media page header", group: "Media page", shown: "h1", text: "Watch the Band" },
      { record: "LOE page header", group: "LOE page", shown: "h1", text: "Letters of Endorsement" },
      { record: "Events hero title", group: "Events page", shown: "h1", text: "On the Road" },
      { record: "Booking title", group: "Contact page", shown: "h3", text: "Book the Quartet" },
    ];
    for (const { record, group: name, shown, text } of typed) {
      const preview = previewOf(page, name).locator(shown).first();
      expect(await preview.innerText(), record).not.toBe(text);
      await titleField(card(page, record)).fill(text);
      await eventually(() => preview.innerText(), record).toBe(text);
    }
    // Nothing was saved: the edits are thrown away again.
    for (const { record } of typed) {
      await card(page, record).getByRole("button", { name: "Discard changes" }).click();
    }
    await eventually(() => page.getByText("Unsaved changes").count()).toBe(0);
  });

  it("on a phone, /admin/page-content folds each preview behind Show preview", async () => {
    const { page } = await openAsOwner(browser, "/admin/page-content", { viewport: "phone" });
    const preview = previewOf(page, "Events page");
    const hero = preview.locator("h1");
    await preview.getByRole("button", { name: "Show preview" }).waitFor();
    expect(await hero.isVisible()).toBe(false);
    await preview.getByRole("button", { name: "Show preview" }).click();
    await hero.waitFor();
    await titleField(card(page, "Events hero title")).fill("On the Road");
    await eventually(() => hero.innerText()).toBe("On the Road");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await card(page, "Events hero title").getByRole("button", { name: "Discard changes" }).click();
    await preview.getByRole("button", { name: "Hide preview" }).click();
    await hero.waitFor({ state: "hidden" });
  });

  it("the Contact section of /admin/contact previews the contact page as it is typed", async () => {
    const { page } = await openAsOwner(browser, "/admin/contact");
    const preview = previewOf(page, "Contact page");
    await preview.locator("h1").waitFor();
    const phone = card(page, "Contact phone");
    await phone.getByLabel("Description").fill("+1 555 0100");
    await eventually(() => preview.getByRole("link", { name: "+1 555 0100" }).count()).toBe(1);
    await titleField(card(page, "Contact hero title")).fill("Write to the Band");
    await eventually(() => preview.locator("h1").innerText()).toBe("Write to the Band");
    for (const record of ["Contact phone", "Contact hero title"]) {
      await card(page, record).getByRole("button", { name: "Discard changes" }).click();
    }
    await eventually(() => preview.getByRole("link", { name: "+1 555 0100" }).count()).toBe(0);
  });
});

describe("files by their own names", () => {
  it("shows an uploaded image by the name it was picked as, in the field and in the history", async () => {
    const { page } = await openAsOwner(browser, "/admin/page-content");
    const name = "Home hero image";
    const record = card(page, name);
    await record.getByRole("button", { name: "Upload file" }).click();
    const png = await sharp({
      create: { width: 4, height: 3, channels: 3, background: "#7a5a20" },
    })
      .png()
      .toBuffer();
    await record
      .locator('input[type="file"]')
      .setInputFiles({ name: "cover-photo.png", mimeType: "image/png", buffer: png });
    await record.getByText("Uploaded cover-photo.png").waitFor();
    const stored = await record.locator('input[name="description"]').inputValue();
    expect(stored).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.png$/);
    await save(page, record);

    // Later, on a fresh load, the field names the file as the artist knows it.
    await page.reload();
    const current = card(page, name).getByRole("link", { name: "cover-photo.png" });
    await current.waitFor();
    expect(await current.getAttribute("href")).toBe(stored);
    expect(await card(page, name).innerText()).not.toContain(stored.split("/").pop()!);

    // So does the history.
    const again = card(page, name);
    await again.getByRole("button", { name: /^History/ }).click();
    const versions = again.getByRole("list", { name: `Versions of ${name}` });
    const newest = versions.getByRole("listitem").first();
    await newest.getByText("Current").waitFor();
    expect(await newest.innerText()).toContain("cover-photo.png");
    expect(await versions.innerText()).not.toContain(stored.split("/").pop()!);

    // Put the seeded picture back (the version before this one).
    const before = versions.getByRole("listitem").filter({ hasNotText: "cover-photo.png" }).first();
    await before.getByRole("button", { name: /^Restore/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Restore this version?" });
    await dialog.getByRole("button", { name: "Restore", exact: true }).click();
    await waitForNewToast(page, "Version restored");
    await eventually(() =>
      card(page, name).locator('input[name="description"]').inputValue(),
    ).not.toBe(stored);
  });
});

describe("access", () => {
  it.each(SCREENS)("$path sends someone not signed in to /auth", async ({ path }) => {
    const { page } = await openPage(path);
    expect(pathname(page)).toBe("/auth");
    expect(await page.content()).not.toContain("Find a text by name");
  });

  it.each([
    "/admin/page-content-history?pageName=media",
    "/admin/upload-names?url=%2Fuploads%2Fimages%2Fa.jpg",
  ])("%s sends someone not signed in to /auth", async (path) => {
    const response = await fetch(browser.url(path), { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, browser.baseUrl).pathname).toBe("/auth");
  });
});

describe.each(["desktop", "phone"] as ViewportName[])("accessibility (%s)", (viewport) => {
  it.each(SCREENS)("$path has no serious or critical axe violations", async ({ path, title }) => {
    const { page } = await openAsOwner(browser, path, { viewport });
    expect(await page.locator("h1").first().innerText()).toBe(title);
    // Nothing wider than the window, live previews included.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("an open history has none either", async () => {
    const { page } = await openAsOwner(browser, "/admin/footer", { viewport });
    const record = card(page, "Instagram link");
    await record.getByRole("button", { name: /^History/ }).click();
    const versions = record.getByRole("list", { name: "Versions of Instagram link" });
    const empty = record.getByText("No earlier versions yet");
    await eventually(async () => (await versions.count()) + (await empty.count())).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
