/**
 * The cart drawer on a phone, as a buyer meets it (issue 15): a full-size "Proceed to
 * Checkout", a stock note under each line, the typed e-mail kept when going back to the
 * cart, and the total and pay button on screen at the payment step without scrolling.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { addToCart, cartDrawer, setupBrowser, VIEWPORTS } from "./helpers";

const { openPage } = setupBrowser();

const DIGITAL_ALBUM = "Lowlight Walk (Digital Album)";
const CD = "Copper Street (Signed CD)";
const TOTE = "Late Set Tote Bag";

const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 10_000, interval: 50 });

async function closeDrawer(page: Page) {
  await page.keyboard.press("Escape");
  await cartDrawer(page).waitFor({ state: "detached" });
}

describe("the cart drawer on a phone", () => {
  it("has a full-size checkout button and a stock note under the lines that need one", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    await addToCart(page, DIGITAL_ALBUM);
    await closeDrawer(page);
    await addToCart(page, CD);
    await closeDrawer(page);
    await addToCart(page, TOTE);
    const drawer = cartDrawer(page);

    const proceed = drawer.getByRole("button", { name: "Proceed to Checkout" });
    const box = await proceed.boundingBox();
    expect(box!.height, "a tap target, not a squeezed line").toBeGreaterThanOrEqual(44);

    const note = (title: string) =>
      drawer.getByTestId("cart-line").filter({ hasText: title }).getByTestId("cart-line-stock");
    expect(await note(DIGITAL_ALBUM).innerText()).toBe("Digital item - unlimited availability");
    // The signed CD is counted, and there are few: "Only n in stock", or, when the one
    // in the cart is the last (other files buy CDs), "Maximum quantity reached".
    const cdNote = drawer
      .getByTestId("cart-line")
      .filter({ hasText: CD })
      .locator("[data-testid=cart-line-stock], [data-testid=cart-line-limit]");
    expect(await cdNote.innerText()).toMatch(/^(Only [1-5] in stock|Maximum quantity reached)$/);
    // The tote's stock is not counted: no note, rather than "Digital item".
    expect(await note(TOTE).count()).toBe(0);
  });

  it("keeps a typed e-mail when the buyer goes back to the cart without continuing", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    await addToCart(page, DIGITAL_ALBUM);
    const drawer = cartDrawer(page);
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await drawer.getByLabel("Email").fill("keep.me@example.com");
    await drawer.getByRole("button", { name: "Back to Cart" }).click();
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    expect(await drawer.getByLabel("Email").inputValue()).toBe("keep.me@example.com");
  });

  it("shows the total and the pay button without scrolling at the payment step", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    await addToCart(page, DIGITAL_ALBUM);
    const drawer = cartDrawer(page);
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await drawer.getByLabel("Email").fill("fold@example.com");
    await drawer.getByRole("button", { name: "Continue to Payment" }).click();
    const pay = drawer.getByRole("button", { name: "Complete demo payment" });
    await pay.waitFor();
    await eventually(async () => {
      const [payBox, totalBox] = await Promise.all([
        pay.boundingBox(),
        drawer.getByTestId("checkout-total").boundingBox(),
      ]);
      const height = VIEWPORTS.phone.viewport.height;
      return payBox!.y + payBox!.height <= height && totalBox!.y + totalBox!.height <= height;
    }).toBe(true);
  });
});
