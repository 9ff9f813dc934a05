/**
 * Physical orders get shipped (issue 11): with the demo provider the checkout drawer
 * asks for a shipping address when the cart holds physical goods, the server checks
 * it again, and the order confirmation mail names the address. Digital-only carts
 * skip the step.
 *
 * The demo seed's signed CD has a small stock shared with other files: this file
 * buys one and reads the page rather than assuming a number.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CART_STORAGE_KEY } from "~/domain/shop/cart/cart";
import { seriousViolations } from "./axe";
import {
  addToCart,
  allowHttpStatus,
  cartDrawer,
  setupBrowser,
  waitForNewToast,
  type ViewportName,
} from "./helpers";
import { waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const { openPage } = browser;

const CD = "Copper Street (Signed CD)";
const SHEET_MUSIC = "Lowlight Walk: Lead Sheet (PDF)";

/** SHIPPING_SCREENSHOTS=<dir> saves the address step at both widths, for a look. */
const SCREENSHOT_DIR = process.env.SHIPPING_SCREENSHOTS;

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 10_000, interval: 50, message });

async function storedCartLength(page: Page): Promise<number> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CART_STORAGE_KEY);
  return raw === null ? 0 : (JSON.parse(raw) as unknown[]).length;
}

/** Cart → e-mail step, submitted with its own button (whatever step comes next). */
async function giveEmail(page: Page, email: string, button: string) {
  const drawer = cartDrawer(page);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await drawer.getByLabel("Email").fill(email);
  await drawer.getByRole("button", { name: button }).click();
}

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

describe("shipping address with the demo provider", () => {
  it.each<ViewportName>(["desktop", "phone"])(
    "asks for it in a labelled, accessible step and names each missing field (%s)",
    async (viewport) => {
      const { page } = await openPage("/shop", { viewport });
      await addToCart(page, CD);
      await giveEmail(page, `look.${viewport}@example.com`, "Continue to Shipping");

      const drawer = cartDrawer(page);
      const step = drawer.getByTestId("checkout-address-step");
      await step.waitFor();
      expect(await step.innerText()).toMatch(/step 2 of 3/i);
      // The first field has the focus; each field has a label and the autofill hint.
      const name = drawer.getByLabel("Full name");
      await eventually(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      const hints = {
        "Full name": "shipping name",
        "Street address": "shipping address-line1",
        City: "shipping address-level2",
        "Postal code": "shipping postal-code",
        Country: "shipping country-name",
      };
      for (const [label, hint] of Object.entries(hints)) {
        expect(await drawer.getByLabel(label, { exact: true }).getAttribute("autocomplete")).toBe(
          hint,
        );
      }
      if (viewport === "phone") await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, `address-step-${viewport}`);

      // Nothing given: every required field says what is missing, and the summary is announced.
      await drawer.getByRole("button", { name: "Continue to Payment" }).click();
      const summary = step.getByRole("alert");
      // The country is the one chosen under "Ship to": four fields to fill.
      await eventually(() => summary.innerText()).toContain("4 fields need attention");
      const city = drawer.getByLabel("City", { exact: true });
      expect(await city.getAttribute("aria-invalid")).toBe("true");
      const describedBy = await city.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(
        "Please enter the city.",
      );
      await eventually(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);
      await screenshot(page, `address-errors-${viewport}`);

      // Fixing a field clears its message as the buyer types.
      await name.fill("Ella Buyer");
      await eventually(() => summary.innerText()).toContain("3 fields need attention");
    },
  );

  /** The buyer of the CD below, whose order the artist then ships. */
  let cdBuyer: string | null = null;

  it("buys a CD giving an address; the confirmation mail names it", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    const email = "cd.buyer@example.com";
    await addToCart(page, CD);
    await giveEmail(page, email, "Continue to Shipping");

    const drawer = cartDrawer(page);
    const step = drawer.getByTestId("checkout-address-step");
    await step.getByLabel("Full name").fill("Ella Buyer");
    await step.getByLabel("Street address").fill("12 Blue Note Lane");
    await step.getByLabel("Apartment, suite, etc. (optional)").fill("Apt 3");
    await step.getByLabel("Postal code").fill("70116");
    // The city is left empty: refused in the drawer, nothing sent.
    await step.getByRole("button", { name: "Continue to Payment" }).click();
    await eventually(() => step.getByRole("alert").innerText()).toContain(
      "1 field needs attention",
    );
    expect(await step.innerText()).toContain("Please enter the city.");
    await step.getByLabel("City", { exact: true }).fill("New Orleans");
    await step.getByRole("button", { name: "Continue to Payment" }).click();

    const shownAddress = drawer.getByTestId("checkout-shipping-address");
    await eventually(() => shownAddress.innerText()).toContain("12 Blue Note Lane");
    expect(await drawer.innerText()).toMatch(/step 3 of 3/i);

    // The server checks again: a request without the city (as a tampered or stale
    // page would send it) is refused with the message, and the cart is kept.
    allowHttpStatus(page, "POST", "/api/create-provider-order", 400);
    await page.route("**/api/create-provider-order", async (route) => {
      const body = route.request().postDataJSON() as { shippingAddress: { city: string } };
      body.shippingAddress.city = "";
      await route.continue({ postData: JSON.stringify(body) });
    });
    const pay = drawer.getByRole("button", { name: "Complete demo payment" });
    await pay.click();
    await waitForNewToast(page, "Order Creation Failed", "Please enter the city.");
    expect(await storedCartLength(page)).toBe(1);
    await page.unroute("**/api/create-provider-order");

    await eventually(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await waitForNewToast(page, "Payment Successful! 🎉");
    await eventually(() => storedCartLength(page)).toBe(0);

    const mail = await waitForMail(email, /^Your order .+ from /);
    expect(mail.body).toContain(
      "We will send your order to: Ella Buyer, 12 Blue Note Lane, Apt 3, 70116 New Orleans, United States.",
    );
    expect(mail.body).toContain(CD);
    cdBuyer = email;
  });

  it("the artist marks that order shipped in /admin/orders; the buyer's shipping mail arrives", async () => {
    expect(cdBuyer, "the CD order of the test before").not.toBeNull();
    const { page } = await openAsOwner(browser, `/admin/orders?q=${encodeURIComponent(cdBuyer!)}`);
    await page
      .getByRole("link", { name: `of ${cdBuyer}` })
      .first()
      .click();
    const detail = page.getByRole("dialog", { name: /^Order #/ });
    await detail.waitFor();
    expect(await detail.innerText()).toContain("12 Blue Note Lane");
    await detail.getByLabel("Carrier (optional)").fill("USPS");
    await detail.getByLabel("Tracking number (optional)").fill("9400 1112 0000 0000 0000 00");
    await detail.getByRole("button", { name: "Mark as Shipped" }).click();
    await waitForNewToast(page, "Order Marked as Shipped");

    const mail = await waitForMail(cdBuyer!, /has shipped$/);
    expect(mail.body).toContain("Carrier: USPS. Tracking number: 9400 1112 0000 0000 0000 00.");
    expect(mail.body).toContain("12 Blue Note Lane");
  });

  it("does not ask a digital-only cart for an address", async () => {
    const { page } = await openPage("/shop", { viewport: "desktop" });
    await addToCart(page, SHEET_MUSIC);
    await giveEmail(page, "digital.only@example.com", "Continue to Payment");
    const drawer = cartDrawer(page);
    await drawer.getByTestId("checkout-payment-step").waitFor();
    expect(await drawer.innerText()).toMatch(/step 2 of 2/i);
    expect(await drawer.getByTestId("checkout-address-step").count()).toBe(0);
    expect(await drawer.getByTestId("checkout-shipping-address").count()).toBe(0);
  });
});
