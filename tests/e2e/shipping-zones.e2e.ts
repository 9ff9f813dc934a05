/**
 * Shipping by destination (issue 24): a buyer abroad picks where the CD goes and sees
 * the shipping line change with the country, a country no zone covers gets "We can't
 * ship to … yet" and cannot go on, and the order is paid with the demo provider and,
 * on the PayPal-mode server, through the PayPal stand-in; the artist adds a zone in
 * /admin/shipping (and meets a validation error first).
 *
 * The demo zones (app/server/demo/demo-shipping.server.ts): United States $4 + $1.50,
 * Europe $12 + $4, the rest of the world $18 + $6; Antarctica is in none. The e2e
 * server's SHOP_HOME_COUNTRY is US.
 */
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import type { Page } from "playwright-core";
import {
  allowHttpStatus,
  cartDrawer,
  productCard,
  setupBrowser,
  waitForNewToast,
  type ViewportName,
} from "./helpers";
import { waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";
import { paypalMode, waitForMail as waitForPayPalMail } from "./shop-paypal";

const browser = setupBrowser();
const { openPage } = browser;

const CD = "LOE Live at the Meridian (CD)";
const SHIRT = "LOE Logo T-Shirt";

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });

/**
 * Adds the CD and waits for its line in the drawer (not for the passing toast, which a
 * busy machine can miss).
 */
async function addCd(page: Page) {
  await productCard(page, CD).getByRole("button", { name: "Add to Cart" }).click();
  await cartDrawer(page).getByRole("list", { name: "Cart items" }).getByText(CD).waitFor();
}

describe("shipping by destination in the cart", () => {
  it.each<ViewportName>(["phone", "desktop"])(
    "asks where to ship, prices it per country and refuses a country in no zone (%s)",
    async (viewport) => {
      const { page } = await openPage("/shop", { viewport });
      await addCd(page);
      const drawer = cartDrawer(page);
      const select = drawer.getByLabel("Ship to");
      const shipping = drawer.getByTestId("cart-shipping");
      const total = drawer.getByTestId("cart-total");
      // The artist's home country comes first and is chosen.
      await eventually(() => select.inputValue()).toBe("US");
      await eventually(() => shipping.innerText()).toBe("$4.00");
      expect(await total.innerText()).toBe("$18.00");

      await select.selectOption("DE");
      await eventually(() => shipping.innerText()).toBe("$12.00");
      expect(await total.innerText()).toBe("$26.00");

      await select.selectOption("AQ");
      const message = drawer.getByTestId("ship-to-message");
      await eventually(() => message.innerText()).toContain("We can't ship to Antarctica yet");
      expect(await drawer.getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).toBe(
        true,
      );
      expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);
    },
  );

  it("a buyer in Germany pays with the demo provider; the mail shows the shipping", async () => {
    const { page } = await openPage("/shop", { viewport: "desktop" });
    const email = "berlin.buyer@example.com";
    await addCd(page);
    const drawer = cartDrawer(page);
    await drawer.getByLabel("Ship to").selectOption("DE");
    await eventually(() => drawer.getByTestId("cart-shipping").innerText()).toBe("$12.00");
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await drawer.getByLabel("Email").fill(email);
    await drawer.getByRole("button", { name: "Continue to Shipping" }).click();

    const step = drawer.getByTestId("checkout-address-step");
    // The address's country is the destination shipping was priced for.
    expect(await step.getByTestId("shipping-country-fixed").inputValue()).toBe("Germany");
    await step.getByLabel("Full name").fill("Greta Käufer");
    await step.getByLabel("Street address").fill("Jazzstraße 5");
    await step.getByLabel("City", { exact: true }).fill("Berlin");
    await step.getByLabel("Postal code").fill("10115");
    await step.getByRole("button", { name: "Continue to Payment" }).click();

    await eventually(() => drawer.getByTestId("checkout-shipping").innerText()).toContain(
      "Germany",
    );
    expect(await drawer.getByTestId("checkout-total").innerText()).toBe("$26.00");
    await drawer.getByRole("button", { name: "Complete demo payment" }).click();
    await waitForNewToast(page, "Payment Successful! 🎉");

    const mail = await waitForMail(email, /^Your order .+ from /);
    expect(mail.body).toContain("Shipping to Germany — $12.00");
    expect(mail.body).toContain("Total: $26.00");
    expect(mail.body).toContain("10115 Berlin, Germany");
  });
});

describe("shipping by destination with PayPal (the stand-in)", () => {
  const { appUrl, fakeUrl } = paypalMode();
  const paypalSite = setupBrowser({ baseUrl: appUrl });

  it("a buyer in Germany buys a Black L T-shirt and a CD in one order and pays through PayPal", async () => {
    const { page } = await paypalSite.openPage("/shop", { viewport: "desktop" });
    const email = `berlin.paypal.${Date.now().toString(36)}@example.com`;
    const shirt = productCard(page, SHIRT);
    await shirt.getByLabel("Colour").selectOption("Black");
    await shirt.getByLabel("Size").selectOption("L");
    await shirt.getByRole("button", { name: "Add to Cart" }).click();
    const drawer = cartDrawer(page);
    const lines = drawer.getByRole("list", { name: "Cart items" });
    await lines.getByText(`${SHIRT}, Black, L`).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await addCd(page);

    // $25.00 + $14.00 of goods; Europe: $12.00 for the first item, $4.00 for the next.
    await drawer.getByLabel("Ship to").selectOption("DE");
    await eventually(() => drawer.getByTestId("cart-shipping").innerText()).toBe("$16.00");
    expect(await drawer.getByTestId("cart-total").innerText()).toBe("$55.00");
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await drawer.getByLabel("Email").fill(email);
    // With PayPal too the buyer says where the parcel goes: PayPal is given that address.
    await drawer.getByRole("button", { name: "Continue to Shipping" }).click();
    const step = drawer.getByTestId("checkout-address-step");
    expect(await step.getByTestId("shipping-country-fixed").inputValue()).toBe("Germany");
    await step.getByLabel("Full name").fill("Greta Käufer");
    await step.getByLabel("Street address").fill("Jazzstraße 5");
    await step.getByLabel("City", { exact: true }).fill("Berlin");
    await step.getByLabel("Postal code").fill("10115");
    await step.getByRole("button", { name: "Continue to Payment" }).click();

    const shippingLine = drawer.getByTestId("checkout-shipping");
    await eventually(() => shippingLine.innerText()).toContain("Shipping to Germany");
    expect(await shippingLine.innerText()).toContain("$16.00");
    expect(await drawer.getByTestId("checkout-total").innerText()).toBe("$55.00");
    // The stand-in's buyer has a US address on file; the order's address is what counts.
    await drawer.locator("[data-fake-paypal=button]").click();
    await waitForNewToast(page, "Payment Successful! 🎉");

    const state = (await (await fetch(`${fakeUrl}/__test/state`)).json()) as {
      orders: {
        status: string;
        purchase_units: {
          amount: { value: string; breakdown?: { shipping?: { value: string } } };
          items?: { name: string }[];
          shipping?: { address?: { country_code?: string; admin_area_2?: string } };
        }[];
      }[];
    };
    const paid = state.orders.filter(
      (order) =>
        order.purchase_units[0]!.shipping?.address?.admin_area_2 === "Berlin" &&
        order.purchase_units[0]!.items?.some((item) => item.name === `${SHIRT}, Black, L`),
    );
    expect(paid.map((order) => order.status)).toEqual(["COMPLETED"]);
    expect(paid[0]!.purchase_units[0]).toMatchObject({
      amount: { value: "55.00", breakdown: { shipping: { value: "16.00" } } },
      shipping: { address: { country_code: "DE" } },
    });

    const mail = await waitForPayPalMail(email, (m) => /^Your order .+ from /.test(m.subject));
    expect(mail.body).toContain(`${SHIRT}, Black, L`);
    expect(mail.body).toContain(CD);
    expect(mail.body).toContain("Shipping to Germany — $16.00");
    expect(mail.body).toContain("Total: $55.00");
    expect(mail.body).toContain("10115 Berlin, Germany");
  });
});

describe("/admin/shipping", () => {
  it("the artist adds a zone, after a validation error, and sees the countries left out", async () => {
    const { page } = await openAsOwner(browser, "/admin/shipping", { viewport: "desktop" });
    const uncovered = page.getByTestId("uncovered-countries");
    await eventually(() => uncovered.innerText()).toMatch(/^Countries not in any zone: \d+\./);
    const before = Number(/: (\d+)\./.exec(await uncovered.innerText())![1]);
    expect(await page.getByRole("cell", { name: /Europe/ }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: "Add Shipping Zone" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Shipping Zone" });
    await dialog.waitFor();
    // Nothing filled: each field says what is missing, nothing is saved.
    await dialog.getByRole("button", { name: "Create Zone" }).click();
    await eventually(() => dialog.innerText()).toContain("Please enter the zone's name");
    expect(await dialog.innerText()).toContain("Please choose at least one country");

    await dialog.getByLabel("Zone name").fill("Research stations");
    await dialog.getByLabel("Countries").fill("antarc");
    await dialog.getByRole("checkbox", { name: "Antarctica" }).check();
    await dialog.getByLabel("First item (USD)").fill("40");
    await dialog.getByLabel("Each further item (USD)").fill("10");
    expect(await seriousViolations(page, { within: "dialog[open]" })).toEqual([]);
    await dialog.getByRole("button", { name: "Create Zone" }).click();
    await waitForNewToast(page, "Shipping Zone Created Successfully");
    await eventually(() => page.getByText("Research stations").count()).toBeGreaterThan(0);
    await eventually(() => uncovered.innerText()).toContain(`: ${before - 1}.`);

    // A country already in an enabled zone is refused beside the field, by name.
    allowHttpStatus(page, "POST", "/admin/shipping.data", 409);
    await page.getByRole("button", { name: "Add Shipping Zone" }).first().click();
    const second = page.getByRole("dialog", { name: "Add Shipping Zone" });
    await second.getByLabel("Zone name").fill("Germany only");
    await second.getByLabel("Countries").fill("germany");
    await second.getByRole("checkbox", { name: "Germany" }).check();
    await second.getByLabel("First item (USD)").fill("5");
    await second.getByLabel("Each further item (USD)").fill("2");
    await second.getByRole("button", { name: "Create Zone" }).click();
    await eventually(() => second.innerText()).toContain(
      'Germany is already in the enabled zone "Europe"',
    );
  });
});
