/**
 * "Free, or pay what you want" in Chromium (issue 23, decision 032): an album whose
 * minimum is 0 and which has a Bandcamp link; a fan who types 0 gets "Get it free" (the
 * item's own link, in a new tab) instead of "Add to Cart", nothing goes into the cart,
 * and typing an amount brings "Add to Cart" back. The product is deleted again.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { cartDrawer, productCard, setupBrowser } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const RUN = Date.now().toString(36);
const TITLE = `Open Room ${RUN} (Digital Album)`;
const BANDCAMP = `https://silas.bandcamp.com/album/open-room-${RUN}`;

const row = (page: Page) => page.locator("tbody tr[data-row-id]").filter({ hasText: TITLE });

async function openShopAdmin() {
  const { page } = await openAsOwner(browser, "/admin/shop", { viewport: "desktop" });
  await page.getByRole("heading", { name: "Manage Shop" }).waitFor();
  return page;
}

describe("name your price at minimum 0", () => {
  beforeAll(async () => {
    const page = await openShopAdmin();
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await dialog.waitFor();
    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByLabel("Category").selectOption("digital_music");
    await dialog.getByLabel("Price (USD)", { exact: true }).fill("8");
    await dialog.getByRole("switch", { name: "Name your price" }).click();
    await dialog.getByLabel("Minimum price (USD)").fill("0");
    await dialog.getByLabel("Bandcamp URL").fill(BANDCAMP);
    await dialog.getByRole("button", { name: "Create Product" }).click();
    await dialog.waitFor({ state: "detached" });
    await row(page).getByRole("cell", { name: "Free or more" }).waitFor();
  });
  afterAll(async () => {
    const page = await openShopAdmin();
    await page.getByRole("button", { name: `Delete "${TITLE}"` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Product" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await row(page).waitFor({ state: "detached" });
  });

  it.each(["phone", "desktop"] as const)(
    "0 turns Add to Cart into Get it free, the item's own link (%s)",
    async (viewport) => {
      const { page } = await browser.openPage("/shop", { viewport });
      const card = productCard(page, TITLE);
      await card.scrollIntoViewIfNeeded();
      expect(await card.getByTestId("product-price").innerText()).toBe(
        "Free, or pay what you want",
      );
      await card.getByText("Enter 0 to download it free, or pay what you want.").waitFor();
      const amount = card.getByLabel("Name your price (USD)");
      expect(await amount.inputValue()).toBe("8");
      expect(await card.getByRole("link", { name: /Get it free/ }).count()).toBe(0);

      await amount.fill("0");
      const free = card.getByRole("link", { name: /Get it free/ });
      await free.waitFor();
      expect(await free.getAttribute("href")).toBe(BANDCAMP);
      expect(await free.getAttribute("target")).toBe("_blank");
      expect(await card.getByRole("button", { name: "Add to Cart" }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // Enter on the field with 0 adds nothing to the cart: the link is the way on.
      await amount.press("Enter");
      expect(await cartDrawer(page).count()).toBe(0);

      await amount.fill("3");
      await card.getByRole("button", { name: "Add to Cart" }).waitFor();
      expect(await free.count()).toBe(0);
    },
  );
});
