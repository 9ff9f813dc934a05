/**
 * /admin/orders in Chromium (issue 11): a buyer gets sheet music and a tote bag with
 * the demo provider; the owner finds the order by e-mail under "to ship", opens it
 * from the keyboard, marks it shipped (the buyer's mail arrives), refunds it after a
 * confirmation (status Refunded, the download link stops working), and exports the
 * filtered list as CSV. axe on the list and the open order, at laptop and phone width.
 *
 * The tote bag's stock is not tracked, so buying it takes nothing other files count on;
 * the order belongs to this file alone (its own e-mail address).
 *
 * Issue 26: a refunded unshipped CD goes back in stock and the buyer gets a refund
 * mail (items 9, 10); sheet music that delivers a PDF with no format set reads "PDF"
 * on the card and in the cart (item 11); the CSV's times are the site's (item 12);
 * every control of the screen at 390 px is at least 24 × 24 px (item 8).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations } from "./axe";
import {
  addToCart,
  cartDrawer,
  goto,
  productCard,
  setupBrowser,
  waitForNewToast,
  withRestore,
  type ViewportName,
} from "./helpers";
import { waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";
import { downloadPaths } from "./shop-paypal";

const browser = setupBrowser();

const SHEET_MUSIC = "Lowlight Walk: Lead Sheet (PDF)";
const TOTE = "Late Set Tote Bag";
const CD = "LOE Live at the Meridian (CD)";
const PDF_SHEET = "Velvet Slide: Lead Sheet (PDF)";
const BUYER = `orders.admin.${Date.now()}@example.com`;

/** ORDERS_SCREENSHOTS=<dir> keeps pictures of the screen at both widths, for a look. */
const SCREENSHOT_DIR = process.env.ORDERS_SCREENSHOTS;

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });

/** Sheet music and a tote bag (or what is named), bought with the demo provider, an address given. */
async function buyWithDemo(email: string, titles: string[] = [SHEET_MUSIC, TOTE]) {
  const { page } = await browser.openPage("/shop", { viewport: "desktop" });
  for (const [i, title] of titles.entries()) {
    if (i > 0) {
      await page.keyboard.press("Escape");
      await cartDrawer(page).waitFor({ state: "detached" });
    }
    await addToCart(page, title);
  }
  const drawer = cartDrawer(page);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await drawer.getByLabel("Email").fill(email);
  await drawer.getByRole("button", { name: "Continue to Shipping" }).click();
  const step = drawer.getByTestId("checkout-address-step");
  await step.getByLabel("Full name").fill("Nina Orders");
  await step.getByLabel("Street address").fill("7 Refund Row");
  await step.getByLabel("City", { exact: true }).fill("Memphis");
  await step.getByLabel("Postal code").fill("38103");
  await step.getByRole("button", { name: "Continue to Payment" }).click();
  await drawer.getByRole("button", { name: "Complete demo payment" }).click();
  await waitForNewToast(page, "Payment Successful! 🎉");
  await page.close();
}

async function openOrders(pathname: string, viewport: ViewportName = "desktop") {
  const opened = await openAsOwner(browser, pathname, { viewport });
  if (viewport === "phone") await opened.page.setViewportSize({ width: 375, height: 812 });
  await opened.page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
  return opened;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

const orderDialog = (page: Page) => page.getByRole("dialog", { name: /^Order #[0-9A-F]{8}$/ });

/** A product's stock as /admin/shop's Stock column shows it. */
async function adminStock(page: Page, title: string): Promise<string> {
  await goto(page, "/admin/shop");
  // textContent: innerText would be the header as styled (upper case).
  const headers = await page.locator("[data-slot=data-table] thead th").allTextContents();
  const column = headers.findIndex((h) => h.trim() === "Stock");
  expect(column).toBeGreaterThanOrEqual(0);
  const row = page.locator("tbody tr[data-row-id]").filter({ hasText: title });
  return (await row.locator("td, th").nth(column).innerText()).trim();
}

/** Controls smaller than 24 × 24 px (WCAG 2.2, 2.5.8); a checkbox counts with its label. */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=switch], [role=checkbox]",
    );
    const small: string[] = [];
    for (const control of controls) {
      const target =
        control instanceof HTMLInputElement && ["checkbox", "radio"].includes(control.type)
          ? (control.closest("label") ?? control)
          : control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(control);
      // Not on screen: a skip link waiting for focus, a closed menu, the page behind a dialog.
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      if (control.closest("[inert], [aria-hidden=true]")) continue;
      if (control.closest(".sr-only") && !control.matches(":focus")) continue;
      if (box.width < 24 || box.height < 24) {
        const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim();
        small.push(
          `${control.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });

describe("/admin/orders", () => {
  it("finds a buyer's order, ships it, refunds it after a confirmation, and exports it", async () => {
    await buyWithDemo(BUYER);
    const mail = await waitForMail(BUYER, /^Your download links – order [0-9A-F]{8}$/);
    const [downloadPath] = downloadPaths(mail);
    expect(downloadPath).toBeTruthy();

    const { page } = await openOrders("/admin/orders");
    expect(await seriousViolations(page)).toEqual([]);

    // Search by e-mail and "to ship", through the GET form: the filters land in the address.
    await page.getByLabel("Search").fill(BUYER);
    await page.getByLabel(/To ship only/).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await eventually(() => new URL(page.url()).searchParams.get("q")).toBe(BUYER);
    expect(new URL(page.url()).searchParams.get("toShip")).toBe("1");
    const rows = page.locator("[data-slot=data-table] tbody tr");
    await eventually(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain("To ship");
    await screenshot(page, "orders-list-desktop");

    // Open it from the keyboard.
    const open = page.getByRole("link", { name: new RegExp(`^Open order .* of ${BUYER}$`) });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = orderDialog(page);
    await dialog.waitFor();
    await eventually(() => new URL(page.url()).searchParams.get("order")).toBeTruthy();
    const text = await dialog.innerText();
    expect(text).toContain(SHEET_MUSIC);
    expect(text).toContain(TOTE);
    expect(text).toContain("7 Refund Row");
    expect(text).toContain("Downloaded 0 of");
    expect(text).toMatch(/Provider order ID\s+DEMO-/i);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "order-detail-desktop");

    // Mark shipped: the buyer is mailed, the order says so.
    await dialog.getByLabel("Carrier (optional)").fill("USPS");
    await dialog.getByLabel("Tracking number (optional)").fill("9400 TEST 0001");
    await dialog.getByRole("button", { name: "Mark as Shipped" }).click();
    await eventually(() => dialog.innerText()).toContain("Order Marked as Shipped");
    expect(await dialog.innerText()).toContain("9400 TEST 0001");
    await screenshot(page, "order-shipped-desktop");
    const shippedMail = await waitForMail(BUYER, /has shipped$/);
    expect(shippedMail.body).toContain("9400 TEST 0001");

    // Refund: a confirmation first; Cancel changes nothing.
    await dialog.getByRole("button", { name: "Refund Order" }).click();
    let confirm = page.getByRole("alertdialog", { name: "Refund Order" });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(BUYER);
    await eventually(() =>
      confirm
        .getByRole("button", { name: "Cancel" })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press("Enter");
    await confirm.waitFor({ state: "hidden" });
    expect(await dialog.innerText()).toContain("Completed");

    await dialog.getByRole("button", { name: "Refund Order" }).click();
    confirm = page.getByRole("alertdialog", { name: "Refund Order" });
    // Shipped: the goods may never come back, so the box starts unticked.
    expect(await confirm.getByLabel("Put the items back in stock").isChecked()).toBe(false);
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await eventually(() => dialog.innerText()).toContain("Order Refunded Successfully");
    const refunded = await dialog.innerText();
    expect(refunded).toContain("Refunded");
    expect(refunded).toMatch(/Refund ID\s+DEMO-REFUND-/i);
    expect(refunded).toContain("No active download link.");
    expect(await dialog.getByRole("button", { name: "Refund Order" }).count()).toBe(0);
    await screenshot(page, "order-refunded-desktop");

    // Closing keeps the filters; the row reads Refunded (and no longer "to ship").
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await eventually(() => new URL(page.url()).searchParams.get("order")).toBeNull();
    await goto(page, `/admin/orders?q=${encodeURIComponent(BUYER)}`);
    await eventually(() => rows.first().innerText()).toContain("Refunded");

    // The CSV holds the order, with the same filters.
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toBe(`/admin/export/orders?q=${encodeURIComponent(BUYER).replace(/%20/g, "+")}`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const body = await csv.text();
    expect(body.trim().split("\r\n")).toHaveLength(2);
    expect(body).toContain(BUYER);
    expect(body).toContain(",refunded,");
    expect(body).toContain("USPS");
    // The site's times, with its offset, and the zone named in the header.
    expect(body.split("\r\n")[0]).toContain("Created (America/New_York)");
    expect(body).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00,/);
    expect(body).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}Z/);

    // The buyer was told: what was refunded, and that the links no longer work.
    const refundMail = await waitForMail(BUYER, /has been refunded$/);
    expect(refundMail.body).toContain(SHEET_MUSIC);
    expect(refundMail.body).toContain("The download links of this order no longer work.");

    // The download link died with the refund.
    await goto(page, downloadPath!, { expectStatus: 404 });
    await page.getByRole("heading", { name: "This download link is not valid" }).waitFor();
    // A whole journey (checkout included) on a shared, busy machine: more than the default minute.
  }, 180_000);

  it("says when no order matches, and fits a phone with the order open", async () => {
    const { page } = await openOrders("/admin/orders?q=nobody-bought-this-xyz", "phone");
    expect(await page.getByText("No orders match these filters").count()).toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await goto(page, "/admin/orders");
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "orders-list-phone");
    const first = page.getByRole("link", { name: /^Open order / }).first();
    await first.click();
    const dialog = orderDialog(page);
    await dialog.waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "order-detail-phone");
  });
});

describe("issue 26: refunds, labels and tap targets", () => {
  it("refunds an unshipped CD order: the CD is back in stock and the buyer gets a mail", async () => {
    const buyer = `orders.restock.${Date.now()}@example.com`;
    const { page } = await openOrders("/admin/orders");
    const before = Number(await adminStock(page, CD));
    await buyWithDemo(buyer, [CD]);
    await eventually(() => adminStock(page, CD)).toBe(String(before - 1));

    await goto(page, `/admin/orders?q=${encodeURIComponent(buyer)}`);
    await page.getByRole("link", { name: new RegExp(`^Open order .* of ${buyer}$`) }).click();
    const dialog = orderDialog(page);
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Refund Order" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Refund Order" });
    await confirm.waitFor();
    // Not shipped: the CD is still on the shelf, so the box starts ticked.
    const restock = confirm.getByLabel("Put the items back in stock");
    expect(await restock.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await eventually(() => dialog.innerText()).toContain("Order Refunded Successfully");
    expect(await dialog.innerText()).toContain("1 item back in stock");

    const mail = await waitForMail(buyer, /has been refunded$/);
    expect(mail.body).toContain(`1 × ${CD}`);
    expect(mail.body).toContain("$14.00");
    await eventually(() => adminStock(page, CD)).toBe(String(before));
  }, 180_000);

  it("labels sheet music that delivers a PDF with no format set as PDF, on the card and in the cart", async () => {
    const { page: admin } = await openAsOwner(browser, "/admin/shop", { viewport: "desktop" });
    const setFormat = async (format: string) => {
      await goto(admin, "/admin/shop");
      const row = admin.locator("tbody tr[data-row-id]").filter({ hasText: PDF_SHEET });
      await row.getByRole("button", { name: `Edit "${PDF_SHEET}"` }).click();
      const edit = admin.getByRole("dialog", { name: "Edit Product" });
      await edit.getByLabel("Format", { exact: true }).fill(format);
      await edit.getByRole("button", { name: "Update Product" }).click();
      await waitForNewToast(admin, "Product Updated Successfully");
    };
    await withRestore(
      async () => {
        await setFormat("");
        const { page } = await browser.openPage("/shop", { viewport: "desktop" });
        const card = productCard(page, PDF_SHEET);
        await eventually(() => card.innerText()).toContain("PDF");
        expect(await card.innerText()).not.toContain("Printed");
        await addToCart(page, PDF_SHEET);
        const line = cartDrawer(page).getByTestId("cart-line-format");
        await eventually(() => line.first().innerText()).toBe("PDF");
        // A PDF has no shipping step.
        await cartDrawer(page).getByRole("button", { name: "Proceed to Checkout" }).click();
        await cartDrawer(page).getByLabel("Email").waitFor();
        expect(
          await cartDrawer(page).getByRole("button", { name: "Continue to Shipping" }).count(),
        ).toBe(0);
      },
      () => setFormat("PDF"),
    );
  }, 120_000);

  it("keeps every control of the orders screen at least 24 × 24 px on a phone", async () => {
    const { page } = await openAsOwner(browser, "/admin/orders", { viewport: "phone" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page
      .getByRole("link", { name: /^Open order / })
      .first()
      .click();
    await orderDialog(page).waitFor();
    expect(await smallTargets(page)).toEqual([]);
  });
});
