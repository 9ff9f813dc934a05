/**
 * Name your price in Chromium (issue 23): the artist makes a digital album
 * "name your price" (minimum 7, suggested 10) through the shop dialog, after its
 * messages; a fan is told "Please enter at least $7.00" for 5 and the order cap for
 * 1e9, pays 12 with the demo provider and the cart and the order say 12; the orders
 * screen shows the named price against the minimum and the dashboard counts the fan
 * who paid more. axe finds nothing serious on the card and the cart at phone and
 * desktop widths. The product is deleted again, so the other shop journeys find the
 * demo catalogue as it was.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import {
  cartDrawer,
  productCard,
  setupBrowser,
  waitForNewToast,
  type ViewportName,
} from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const RUN = Date.now().toString(36);
const TITLE = `Blue Room ${RUN} (Digital Album)`;
/** Set E2E_SCREENSHOTS=<dir> to keep pictures of the card and the cart at both widths. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 15_000, interval: 50 });

const row = (page: Page, title: string) =>
  page.locator("tbody tr[data-row-id]").filter({ hasText: title });

async function postWith(page: Page, press: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/shop"),
  );
  await press();
  expect((await answered).status()).toBe(200);
}

async function createNameYourPriceAlbum(page: Page) {
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.waitFor();
  await dialog.getByLabel("Title").fill(TITLE);
  await dialog.getByLabel("Category").selectOption("digital_music");
  await dialog.getByLabel("Price (USD)", { exact: true }).fill("5");
  await dialog.getByRole("switch", { name: "Name your price" }).click();
  const minimum = dialog.getByLabel("Minimum price (USD)");
  await minimum.waitFor();

  // No minimum, then a suggestion under it: each rule speaks beside its field.
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await dialog.getByText("Enter the minimum price (0 for free, or pay what you want)").waitFor();
  await minimum.fill("7");
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await dialog
    .getByText("The suggested price must be above $0 and at least the minimum price")
    .waitFor();

  // The dialog with its name-your-price fields and a message: nothing serious for axe.
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/nyp-dialog-desktop.png` });
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel("Price (USD)", { exact: true }).fill("10");
  await postWith(page, () => dialog.getByRole("button", { name: "Create Product" }).click());
  await waitForNewToast(page, "Product Created Successfully");
  await dialog.waitFor({ state: "detached" });
  expect(await row(page, TITLE).innerText()).toContain("$7.00 or more");
}

async function deleteProduct(page: Page) {
  await page.getByRole("button", { name: `Delete "${TITLE}"` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Product" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await row(page, TITLE).waitFor({ state: "detached" });
}

async function checkA11y(page: Page, viewport: ViewportName, what: string) {
  if (SCREENSHOTS) {
    await page.screenshot({ path: `${SCREENSHOTS}/nyp-${what}-${viewport}.png` });
  }
  expect(await seriousViolations(page)).toEqual([]);
}

const EMAIL = `named.${RUN}@example.com`;

describe("name your price", () => {
  const openShopAdmin = async () => {
    const { page } = await openAsOwner(browser, "/admin/shop", { viewport: "desktop" });
    await page.getByRole("heading", { name: "Manage Shop" }).waitFor();
    return page;
  };
  beforeAll(async () => createNameYourPriceAlbum(await openShopAdmin()));
  afterAll(async () => deleteProduct(await openShopAdmin()));

  it.each(["phone", "desktop"] as const)(
    "the card and the cart refuse below the minimum and absurd amounts (%s)",
    async (viewport) => {
      const { page } = await browser.openPage("/shop", { viewport });
      const card = productCard(page, TITLE);
      await card.scrollIntoViewIfNeeded();
      expect(await card.getByTestId("product-price").innerText()).toBe("$7.00 or more");
      const amount = card.getByLabel("Name your price (USD)");
      expect(await amount.inputValue()).toBe("10");
      await checkA11y(page, viewport, "card");

      // Below the minimum, and an absurd amount: told beside the field, nothing carted.
      await amount.fill("5");
      await card.getByRole("button", { name: "Add to Cart" }).click();
      await card.getByText("Please enter at least $7.00").waitFor();
      expect(await amount.getAttribute("aria-invalid")).toBe("true");
      await amount.fill("1000000000");
      await card.getByRole("button", { name: "Add to Cart" }).click();
      await card
        .getByText(
          "Orders above $10,000 cannot be paid online. Please contact us to arrange a larger order.",
        )
        .waitFor();
      expect(await cartDrawer(page).count()).toBe(0);
      await checkA11y(page, viewport, "card-error");

      await amount.fill("12");
      await card.getByRole("button", { name: "Add to Cart" }).click();
      const drawer = cartDrawer(page);
      await drawer.waitFor();
      const line = drawer.getByTestId("cart-line").filter({ hasText: TITLE });
      const lineAmount = line.getByTestId("cart-line-amount");
      expect(await lineAmount.inputValue()).toBe("12");
      expect(await line.getByTestId("cart-line-total").innerText()).toBe("$12.00");

      // The cart takes a new amount too, with the same rule; a refused one changes nothing.
      await lineAmount.fill("6");
      await lineAmount.press("Enter");
      await line.getByText("Please enter at least $7.00").waitFor();
      expect(await line.getByTestId("cart-line-total").innerText()).toBe("$12.00");
      await checkA11y(page, viewport, "cart");
      await lineAmount.fill("15");
      await lineAmount.press("Enter");
      await eventually(() => line.getByTestId("cart-line-total").innerText()).toBe("$15.00");
      expect(await line.getByText("Please enter at least $7.00").count()).toBe(0);
    },
  );

  it("a fan pays 12 for the album whose minimum is 7", async () => {
    const { page } = await browser.openPage("/shop", { viewport: "desktop" });
    const card = productCard(page, TITLE);
    await card.getByLabel("Name your price (USD)").fill("12");
    await card.getByRole("button", { name: "Add to Cart" }).click();
    const drawer = cartDrawer(page);
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await drawer.getByLabel("Email").fill(EMAIL);
    await drawer.getByRole("button", { name: "Continue to Payment" }).click();
    expect(await drawer.getByTestId("checkout-total").innerText()).toBe("$12.00");
    await drawer.getByRole("button", { name: "Complete demo payment" }).click();
    await waitForNewToast(page, "Payment Successful!");
  });

  it("the orders screen shows the named price; the dashboard counts who paid more", async () => {
    const { page: orders } = await openAsOwner(browser, "/admin/orders", { viewport: "desktop" });
    await orders
      .getByRole("link", { name: new RegExp(`^Open order .* of ${EMAIL.replace(/\./g, "\\.")}$`) })
      .click();
    await orders
      .getByTestId("order-line-named-price")
      .filter({ hasText: "Named price: the fan paid $12.00 (minimum $7.00)" })
      .waitFor();

    const { page: dashboard } = await openAsOwner(browser, "/admin", { viewport: "desktop" });
    const figure = dashboard.getByTestId("figure-paid-more");
    expect(await figure.innerText()).toMatch(
      /100%\s+of 1 name-your-price copy paid more than the minimum, \$5\.00 more on average/,
    );
  });
});
