/**
 * Variants in Chromium (issue 24): the artist adds sizes with stock in the shop dialog
 * (after a duplicate value is refused beside the editor), and the card shows the sold-out
 * size as not choosable; a buyer chooses the demo T-shirt in Black, L, sees Black S sold
 * out, finds the cart line "LOE Logo T-Shirt, Black, L" and pays with the demo provider;
 * the mail names the variant. axe finds nothing serious on the dialog and the card at
 * phone and desktop widths. The artist's product is deleted again afterwards.
 *
 * The demo T-shirt (app/server/demo/demo-variants.server.ts): $25, XXL $2 more, Black S
 * sold out.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { cartDrawer, productCard, setupBrowser, waitForNewToast } from "./helpers";
import { waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const RUN = Date.now().toString(36);
const HOODIE = `Quartet Hoodie ${RUN}`;
const SHIRT = "LOE Logo T-Shirt";

const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 15_000, interval: 50 });

const row = (page: Page, title: string) =>
  page.locator("tbody tr[data-row-id]").filter({ hasText: title });

const openShopAdmin = async () => {
  const { page } = await openAsOwner(browser, "/admin/shop", { viewport: "desktop" });
  await page.getByRole("heading", { name: "Manage Shop" }).waitFor();
  return page;
};

describe("variants", () => {
  afterAll(async () => {
    const page = await openShopAdmin();
    if ((await row(page, HOODIE).count()) === 0) return;
    await page.getByRole("button", { name: `Delete "${HOODIE}"` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Product" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await row(page, HOODIE).waitFor({ state: "detached" });
  });

  it("the artist adds sizes with stock; the card shows the sold-out size and cannot choose it", async () => {
    const page = await openShopAdmin();
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await dialog.waitFor();
    await dialog.getByLabel("Title").fill(HOODIE);
    await dialog.getByLabel("Category").selectOption("merchandise");
    await dialog.getByLabel("Price (USD)", { exact: true }).fill("40");
    await dialog.getByTestId("add-option").click();
    await dialog.getByLabel("Option name").fill("Size");
    // A value typed twice is refused beside the editor, and there is no table yet to save.
    await dialog.getByLabel("Values").fill("S, M, s");
    await eventually(() => dialog.getByTestId("options-error").innerText()).toBe(
      'Size has "s" twice.',
    );
    await dialog.getByLabel("Values").fill("S, M, L");
    await dialog.getByTestId("options-error").waitFor({ state: "detached" });
    await dialog.getByLabel("Stock of S").fill("0");
    await dialog.getByLabel("Stock of M").fill("2");
    await dialog.getByLabel("Stock of L").fill("3");
    await dialog.getByLabel("Price difference of L").fill("2.5");
    await eventually(() => dialog.getByTestId("variants-total").innerText()).toBe("5");
    expect(await seriousViolations(page, { within: "dialog[open]" })).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page, { within: "dialog[open]" })).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/shop"),
    );
    await dialog.getByRole("button", { name: "Create Product" }).click();
    expect((await answered).status()).toBe(200);
    await waitForNewToast(page, "Product Created Successfully");
    await dialog.waitFor({ state: "detached" });
    // The list shows the variants' total stock.
    expect(await row(page, HOODIE).innerText()).toContain("5");

    for (const viewport of ["phone", "desktop"] as const) {
      const { page: shop } = await browser.openPage("/shop", { viewport });
      const card = productCard(shop, HOODIE);
      await card.scrollIntoViewIfNeeded();
      expect(await card.getByTestId("product-price").innerText()).toBe("$40.00 – $42.50");
      const size = card.getByLabel("Size");
      const small = size.locator("option", { hasText: "S (sold out)" });
      expect(await small.isDisabled()).toBe(true);
      // "Add to Cart" before choosing: the card asks for the size.
      await card.getByRole("button", { name: "Add to Cart" }).click();
      await card.getByText(`Choose a Size for ${HOODIE}.`).waitFor();
      await size.selectOption("L");
      await eventually(() => card.getByTestId("variant-price").innerText()).toBe("· $42.50");
      expect(await seriousViolations(shop)).toEqual([]);
    }
  });

  it("a buyer chooses Black, L, sees Black S sold out, and pays with the demo provider", async () => {
    const { page } = await browser.openPage("/shop", { viewport: "desktop" });
    const email = `variant.${RUN}@example.com`;
    const card = productCard(page, SHIRT);
    await card.scrollIntoViewIfNeeded();
    expect(await card.getByTestId("product-price").innerText()).toBe("$25.00 – $27.00");
    await card.getByLabel("Colour").selectOption("Black");
    const size = card.getByLabel("Size");
    expect(await size.locator("option", { hasText: "S (sold out)" }).isDisabled()).toBe(true);
    await size.selectOption("XXL");
    await eventually(() => card.getByTestId("variant-price").innerText()).toBe("· $27.00");
    await size.selectOption("L");
    await eventually(() => card.getByTestId("variant-price").innerText()).toBe("· $25.00");
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await waitForNewToast(
      page,
      "Added to cart!",
      `${SHIRT}, Black, L has been added to your cart.`,
    );

    const drawer = cartDrawer(page);
    const line = drawer.getByTestId("cart-line");
    expect(await line.getByTestId("cart-line-title").innerText()).toBe(`${SHIRT}, Black, L`);
    expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);

    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await drawer.getByLabel("Email").fill(email);
    await drawer.getByRole("button", { name: "Continue to Shipping" }).click();
    const step = drawer.getByTestId("checkout-address-step");
    await step.getByTestId("shipping-name").fill("Lena Buyer");
    await step.getByTestId("shipping-line1").fill("1 Bebop Row");
    await step.getByTestId("shipping-city").fill("Chicago");
    await step.getByTestId("shipping-postalCode").fill("60601");
    await step.getByRole("button", { name: "Continue to Payment" }).click();
    await drawer.getByRole("button", { name: "Complete demo payment" }).click();
    await waitForNewToast(page, "Payment Successful! 🎉");

    const mail = await waitForMail(email, /^Your order .+ from /);
    expect(mail.body).toContain(`${SHIRT}, Black, L`);
  });
});
