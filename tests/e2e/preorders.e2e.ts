/**
 * Pre-orders in Chromium (issue 24): the demo's new record shows "Pre-order · released
 * …" and a buyer pays for it now, with a confirmation that says when the files come;
 * the artist puts a CD on pre-order (a past date is refused first), moves the record's
 * date (its buyer is mailed the new one) and then sets it to today, which releases it
 * at once: the buyer gets the download link once. The CD's order waits as a pre-order
 * in /admin/orders and is "To ship" from its release. axe at phone and desktop widths
 * on /shop, the product dialog and /admin/orders.
 *
 * The clock: the e2e server runs the production build, where no clock can be moved
 * from outside. The test moves the release date to today in the admin instead, which
 * releases the item's pre-orders in that save (docs/decisions/041).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { calendarDayIn, DEFAULT_SITE_TIME_ZONE } from "~/domain/core/time-zone";
import { seriousViolations } from "./axe";
import {
  addToCart,
  allowHttpStatus,
  cartDrawer,
  productCard,
  setupBrowser,
  waitForNewToast,
} from "./helpers";
import { sentMail, waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const RUN = Date.now().toString(36);
const ALBUM = "Harbour Lights (Digital Album)";
const CD = `Harbour Lights CD ${RUN}`;
const FAN = `preorder-${RUN}@example.com`;
const CD_FAN = `preorder-cd-${RUN}@example.com`;

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });

/** The site's calendar day `days` from now (the e2e server keeps the default zone). */
function siteDay(days: number): string {
  return calendarDayIn(new Date(Date.now() + days * 86_400_000), DEFAULT_SITE_TIME_ZONE);
}

const row = (page: Page, title: string) =>
  page.locator("tbody tr[data-row-id]").filter({ hasText: title });

/** Presses a button that posts to /admin/shop and waits for its answer. */
async function postWith(page: Page, press: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/shop"),
  );
  await press();
  return answered;
}

async function setReleaseDate(page: Page, title: string, day: string, toastDescription: string) {
  await row(page, title)
    .getByRole("button", { name: `Edit "${title}"` })
    .click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await edit.getByLabel("Release date").fill(day);
  await postWith(page, () => edit.getByRole("button", { name: "Update Product" }).click());
  await waitForNewToast(page, "Product Updated Successfully", toastDescription);
  await edit.waitFor({ state: "detached" });
}

/** The buyer's checkout with the demo provider; physical goods ask for an address. */
async function buy(title: string, email: string, physical: boolean) {
  const { page } = await browser.openPage("/shop", { viewport: "desktop" });
  await addToCart(page, title);
  const drawer = cartDrawer(page);
  // The cart line says it is a pre-order, as the card did.
  expect(await drawer.getByTestId("cart-line-preorder").innerText()).toMatch(
    /^Pre-order · released /,
  );
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await drawer.getByLabel("Email").fill(email);
  if (physical) {
    await drawer.getByRole("button", { name: "Continue to Shipping" }).click();
    const step = drawer.getByTestId("checkout-address-step");
    await step.getByLabel("Full name").fill("Paula Preorder");
    await step.getByLabel("Street address").fill("3 Release Road");
    await step.getByLabel("City", { exact: true }).fill("Memphis");
    await step.getByLabel("Postal code").fill("38103");
    await step.getByRole("button", { name: "Continue to Payment" }).click();
  } else {
    await drawer.getByRole("button", { name: "Continue to Payment" }).click();
  }
  await drawer.getByRole("button", { name: "Complete demo payment" }).click();
  await waitForNewToast(page, "Payment Successful! 🎉");
  await page.close();
}

const downloadLinks = (body: string) => [
  ...new Set(
    [...body.matchAll(/https?:\/\/[^\s"<>]+\/download\/[A-Za-z0-9_-]{43}/g)].map((m) => m[0]),
  ),
];

/**
 * One journey in three steps (each within the suite's time limit on a busy machine): a
 * step goes on from where the one before left the shop.
 */
describe("pre-orders", () => {
  it("the record on pre-order: shown with its date and bought now; the mail says when", async () => {
    // The shop shows the record as a pre-order with its day, at phone and desktop widths.
    const { page: shop } = await browser.openPage("/shop", { viewport: "phone" });
    const label = productCard(shop, ALBUM).getByTestId("preorder-label");
    expect(await label.innerText()).toMatch(/^Pre-order · released [A-Z][a-z]+ \d{2}, \d{4}$/);
    expect(await seriousViolations(shop)).toEqual([]);
    await shop.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousViolations(shop)).toEqual([]);
    await shop.close();

    // A fan pays now; the confirmation says when the download comes, and has no link yet.
    await buy(ALBUM, FAN, false);
    const confirmation = await waitForMail(FAN, /^Your order .+ from /);
    expect(confirmation.body).toContain(`"${ALBUM}" is a pre-order: it is released on`);
    expect(downloadLinks(confirmation.body)).toEqual([]);
  });

  it("the artist puts a CD on pre-order (not in the past) and a fan pre-orders it", async () => {
    // The artist puts a CD on pre-order: a past date is refused beside the field first.
    const { page } = await openAsOwner(browser, "/admin/shop", { viewport: "desktop" });
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await dialog.getByLabel("Title").fill(CD);
    await dialog.getByLabel("Category").selectOption("cd");
    await dialog.getByLabel("Price (USD)").fill("15");
    await dialog.getByLabel("Inventory count").fill("5");
    await dialog.getByLabel("Release date").fill(siteDay(-2));
    allowHttpStatus(page, "POST", "/admin/shop.data", 400);
    const refused = await postWith(page, () =>
      dialog.getByRole("button", { name: "Create Product" }).click(),
    );
    expect(refused.status()).toBe(400);
    await eventually(() => dialog.innerText()).toContain("The release date cannot be in the past");
    expect(await seriousViolations(page, { within: "dialog[open]" })).toEqual([]);
    await dialog.getByLabel("Release date").fill(siteDay(10));
    await postWith(page, () => dialog.getByRole("button", { name: "Create Product" }).click());
    await waitForNewToast(page, "Product Created Successfully");
    await dialog.waitFor({ state: "detached" });

    // A second fan pre-orders the CD; the record's row counts its one paid pre-order.
    await buy(CD, CD_FAN, true);
    const cdConfirmation = await waitForMail(CD_FAN, /^Your order .+ from /);
    expect(cdConfirmation.body).toContain("and we will send it to you then");
    await page.reload();
    await eventually(() => row(page, ALBUM).getByTestId("preorder-note").innerText()).toContain(
      "1 pre-order",
    );
  });

  it("moving the date mails the buyer; on release day the files come once, the CD is to ship", async () => {
    const { page } = await openAsOwner(browser, "/admin/shop", { viewport: "desktop" });
    const { page: orders } = await openAsOwner(browser, `/admin/orders?q=${CD_FAN}`, {
      viewport: "desktop",
    });
    // The orders screen shows the CD's order waiting for its date, not "To ship".
    const orderRow = orders.locator("tbody tr").filter({ hasText: CD_FAN });
    await eventually(() => orderRow.innerText()).toContain("Pre-order ·");
    expect(await orderRow.innerText()).not.toContain("To ship");
    expect(await seriousViolations(orders)).toEqual([]);
    await orders.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(orders)).toEqual([]);
    await orders.setViewportSize({ width: 1280, height: 900 });

    // The artist moves the record's date: its buyer is told, and the toast says so.
    await setReleaseDate(page, ALBUM, siteDay(40), "1 buyer was told the new release date");
    const moved = await waitForMail(FAN, /^New release date for your pre-order/);
    expect(moved.body).toContain("has moved from");

    // Release day: the date set to today releases it in that save. One mail, one link.
    await setReleaseDate(page, ALBUM, siteDay(0), ALBUM);
    const released = await waitForMail(FAN, /^Released today/);
    const [link] = downloadLinks(released.body);
    expect(link).toBeDefined();
    const file = await fetch(link!, { redirect: "manual" });
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    // A later save and the job's runs find nothing left to send.
    await setReleaseDate(page, ALBUM, siteDay(0), ALBUM);
    await setReleaseDate(page, CD, siteDay(0), CD);
    expect(
      sentMail().filter((m) => m.to.includes(FAN) && m.subject.startsWith("Released today")),
    ).toHaveLength(1);

    // The CD's order is "To ship" from its release.
    await orders.reload();
    await eventually(() => orderRow.innerText()).toContain("To ship");

    // The shop is left as the other journeys expect it: the test's CD goes.
    await page.getByRole("button", { name: `Delete "${CD}"` }).click();
    await page
      .getByRole("alertdialog", { name: "Delete Product" })
      .getByRole("button", { name: "Delete" })
      .click();
    await eventually(() => row(page, CD).count()).toBe(0);
  });
});
