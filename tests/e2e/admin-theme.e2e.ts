/**
 * /admin/theme in Chromium against the built server (admin spec §2, §4 "Theme", §8):
 * a theme is created in the dialog (a colour typed, another picked with the native
 * picker, the preview following, a contrast warning that does not block), activated
 * ('{name} theme activated'), and its colours are in the server HTML of / on the next
 * load; the active theme's delete button refuses with a clear message; the demo's
 * "Midnight Gold" is activated again and the new theme deleted, so other files find
 * the demo look as it was. axe finds nothing serious with the dialog open, at
 * desktop and phone widths.
 */
import path from "node:path";
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { THEME_DELETE_ACTIVE_MESSAGE } from "~/domain/content/theme/theme-form";
import { seriousViolations } from "./axe";
import { setupBrowser, waitForNewToast } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const RUN = Date.now().toString(36);
const DEMO_THEME = "Midnight Gold";
const NEW_THEME = `E2E Dusk ${RUN}`;
const NEW_PRIMARY = "200 70% 50%";

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The theme variables the server wrote into the HTML of / (no JavaScript involved). */
async function serverThemeCss(): Promise<string> {
  const html = await (await fetch(browser.url("/"))).text();
  const match = /<style[^>]*id="theme-variables"[^>]*>([^<]*)<\/style>/.exec(html);
  if (!match) throw new Error("No theme variables in the HTML of /");
  return match[1]!;
}

function row(page: Page, name: string) {
  return page.locator("tbody tr").filter({ hasText: name });
}

async function activate(page: Page, name: string) {
  await page.getByRole("button", { name: `Activate "${name}"` }).click();
  await waitForNewToast(page, `${name} theme activated`);
  await expect.poll(() => row(page, name).getByText("Active", { exact: true }).count()).toBe(1);
}

/** Set once the demo theme is active again; until then afterAll puts it back. */
let restored = true;
afterAll(async () => {
  if (restored) return;
  // The test's own page is closed by now: a fresh one restores the demo look.
  const { page } = await openAsOwner(browser, "/admin/theme");
  if ((await page.getByRole("button", { name: `Activate "${DEMO_THEME}"` }).count()) > 0) {
    await activate(page, DEMO_THEME);
  }
});

describe("theme settings", () => {
  it("creates a theme, activates it for the server HTML of /, refuses to delete it while active, and restores the demo theme", async () => {
    const { page } = await openAsOwner(browser, "/admin/theme");
    await page.getByRole("heading", { level: 1, name: "Theme Settings" }).waitFor();
    await expect.poll(() => row(page, DEMO_THEME).getByText("Active").count()).toBe(1);
    expect(await serverThemeCss()).toContain("--primary:45 90% 60%");

    await page.getByRole("button", { name: "Create Theme" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Theme" });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "theme-dialog-desktop");

    await dialog.getByLabel("Theme name").fill(NEW_THEME);
    await dialog.getByLabel("Primary colour", { exact: true }).fill(NEW_PRIMARY);
    // The native picker writes the text field in the spec's form.
    await dialog.getByLabel("Accent colour picker").fill("#ff0000");
    await expect
      .poll(() => dialog.getByLabel("Accent colour", { exact: true }).inputValue())
      .toBe("0 100% 50%");
    const preview = dialog.getByTestId("theme-preview");
    await expect
      .poll(() => preview.evaluate((el) => el.style.getPropertyValue("--primary")))
      .toBe(NEW_PRIMARY);

    // Dark text on the dark background: warned, not blocked.
    await dialog.getByLabel("Foreground colour", { exact: true }).fill("0 0% 15%");
    await dialog.getByTestId("contrast-warning").waitFor();
    expect(await dialog.getByTestId("contrast-warning").innerText()).toContain(
      "Text on the page background has a contrast of",
    );
    await dialog.getByLabel("Foreground colour", { exact: true }).fill("40 30% 94%");
    await expect.poll(() => dialog.getByTestId("contrast-warning").count()).toBe(0);

    // A wrong colour is refused with the schema's message; the form keeps the rest.
    await dialog.getByLabel("Muted colour", { exact: true }).fill("#333333");
    await dialog.getByRole("button", { name: "Create Theme" }).click();
    await dialog
      .getByText("Muted colour must be written as 'hue saturation% lightness%' (e.g., 45 90% 60%)")
      .waitFor();
    expect(await dialog.getByLabel("Theme name").inputValue()).toBe(NEW_THEME);
    await dialog.getByLabel("Muted colour", { exact: true }).fill("30 6% 14%");
    await dialog.getByRole("button", { name: "Create Theme" }).click();
    await waitForNewToast(page, "Theme created successfully");
    await dialog.waitFor({ state: "hidden" });
    await row(page, NEW_THEME).waitFor();

    restored = false;
    await activate(page, NEW_THEME);
    await expect
      .poll(() => row(page, DEMO_THEME).getByText("Active", { exact: true }).count())
      .toBe(0);
    const css = await serverThemeCss();
    expect(css).toContain(`--primary:${NEW_PRIMARY}`);
    expect(css).toContain("--accent:0 100% 50%");

    // The active theme cannot be deleted: its delete button explains instead.
    await row(page, NEW_THEME)
      .getByRole("button", { name: `Delete "${NEW_THEME}"` })
      .click();
    const refusal = page.getByRole("alertdialog", { name: "This theme is active" });
    await refusal.getByText(THEME_DELETE_ACTIVE_MESSAGE).waitFor();
    await refusal.getByRole("button", { name: "OK" }).click();
    await refusal.waitFor({ state: "hidden" });
    await row(page, NEW_THEME).waitFor();

    await activate(page, DEMO_THEME);
    restored = true;
    expect(await serverThemeCss()).toContain("--primary:45 90% 60%");

    await row(page, NEW_THEME)
      .getByRole("button", { name: `Delete "${NEW_THEME}"` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Theme" });
    await confirm.getByText("Are you sure you want to delete this theme?").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await waitForNewToast(page, "Theme deleted successfully");
    await expect.poll(() => row(page, NEW_THEME).count()).toBe(0);
    await screenshot(page, "theme-table-desktop");
  });

  it("works at phone width, with the dialog open, and axe finds nothing serious", async () => {
    const { page } = await openAsOwner(browser, "/admin/theme", { viewport: "phone" });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole("heading", { level: 1, name: "Theme Settings" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "theme-table-phone");
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await row(page, DEMO_THEME)
      .getByRole("button", { name: `Edit "${DEMO_THEME}"` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit Theme" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Primary colour", { exact: true }).inputValue()).toBe(
      "45 90% 60%",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "theme-dialog-phone");
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The save button is reachable on a phone (the dialog scrolls).
    await dialog.getByRole("button", { name: "Update Theme" }).scrollIntoViewIfNeeded();
    expect(await dialog.getByRole("button", { name: "Update Theme" }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });
});
