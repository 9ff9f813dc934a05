/**
 * The public site's polish, second part (issue 15 items 5 and 6; decision 018):
 * a buyer reads the medium an item is ("Vinyl LP", "Cassette", "PDF"), named by the
 * artist in the shop editor, on the shop's cards and in the cart; and the home page's
 * featured videos never lay the Play badge over a title or a tile over a tile, with
 * the large video filling the rows beside it on wide screens.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { cartDrawer, goto, productCard, setupBrowser, waitForNewToast } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const RUN = Date.now().toString(36);

const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 15_000, interval: 50 });

const formats = (page: Page, title: string) =>
  productCard(page, title).getByTestId("product-formats").innerText();

const adminRow = (page: Page, title: string) =>
  page.locator("tbody tr[data-row-id]").filter({ hasText: title });

/** Presses a button that posts to /admin/shop and waits for the answer. */
async function postWith(page: Page, press: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/shop"),
  );
  await press();
  expect((await answered).status()).toBe(200);
}

describe("format labels named from the item", () => {
  it("shows the demo's vinyl, cassette and PDF lead sheet as what they are, on cards and cart lines", async () => {
    const { page } = await browser.openPage("/shop", { viewport: "phone" });
    expect(await formats(page, "Lowlight Walk (180g Vinyl LP)")).toBe("Vinyl LP");
    expect(await formats(page, "Velvet Slide (Cassette)")).toBe("Cassette");
    expect(await formats(page, "Lowlight Walk: Lead Sheet (PDF)")).toBe("PDF");

    const line = (title: string) =>
      cartDrawer(page)
        .getByTestId("cart-line")
        .filter({ hasText: title })
        .getByTestId("cart-line-format");
    for (const title of ["Velvet Slide (Cassette)", "Velvet Slide: Lead Sheet (PDF)"]) {
      await productCard(page, title).getByRole("button", { name: "Add to Cart" }).click();
      await cartDrawer(page).waitFor();
      await page.keyboard.press("Escape");
      await cartDrawer(page).waitFor({ state: "detached" });
    }
    await page.getByTestId("cart-button").click();
    await cartDrawer(page).waitFor();
    expect(await line("Velvet Slide (Cassette)").innerText()).toBe("Cassette");
    expect(await line("Velvet Slide: Lead Sheet (PDF)").innerText()).toBe("PDF");
  });

  it("saves the format the artist types in the shop editor, and /shop shows it", async () => {
    const { page } = await openAsOwner(browser, "/admin/shop", { viewport: "desktop" });
    await page.getByRole("heading", { name: "Manage Shop" }).waitFor();
    const title = `Format Test Record ${RUN}`;

    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await dialog.waitFor();
    // Only categories with a medium of their own ask for it.
    await dialog.getByLabel("Category").selectOption("digital_music");
    expect(await dialog.getByLabel("Format").count()).toBe(0);
    await dialog.getByLabel("Category").selectOption("physical_music");
    await dialog.getByText('Blank: "CD"', { exact: false }).waitFor();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Price (USD)").fill("24");
    await dialog.getByLabel("Format").fill("10-inch Shellac");
    expect(await seriousViolations(page)).toEqual([]);
    await postWith(page, () => dialog.getByRole("button", { name: "Create Product" }).click());
    await waitForNewToast(page, "Product Created Successfully");
    await dialog.waitFor({ state: "detached" });
    await eventually(() => adminRow(page, title).innerText()).toContain("10-inch Shellac");

    const { page: shop } = await browser.openPage("/shop", { viewport: "desktop" });
    expect(await formats(shop, title)).toBe("10-inch Shellac");

    // Renamed, then cleared: the spec's "CD" again.
    await adminRow(page, title)
      .getByRole("button", { name: `Edit "${title}"` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    expect(await edit.getByLabel("Format").inputValue()).toBe("10-inch Shellac");
    await edit.getByLabel("Format").fill("Lathe-cut 7-inch");
    await postWith(page, () => edit.getByRole("button", { name: "Update Product" }).click());
    await waitForNewToast(page, "Product Updated Successfully");
    await goto(shop, "/shop");
    expect(await formats(shop, title)).toBe("Lathe-cut 7-inch");

    await eventually(() => edit.count()).toBe(0);
    await adminRow(page, title)
      .getByRole("button", { name: `Edit "${title}"` })
      .click();
    await edit.getByLabel("Format").fill("");
    await postWith(page, () => edit.getByRole("button", { name: "Update Product" }).click());
    await waitForNewToast(page, "Product Updated Successfully");
    await goto(shop, "/shop");
    expect(await formats(shop, title)).toBe("CD");

    await page.getByRole("button", { name: `Delete "${title}"` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Product" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await eventually(() => adminRow(page, title).count()).toBe(0);
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
}

/** Each featured video's tile, Play badge and title, measured on the page. */
async function measureTiles(page: Page) {
  const section = page.locator("section[aria-labelledby=home-videos-title]");
  await section.scrollIntoViewIfNeeded();
  const tiles = section.getByTestId("featured-video-tile");
  const count = await tiles.count();
  expect(count).toBe(4);
  const measured = [];
  for (let i = 0; i < count; i++) {
    const tile = tiles.nth(i);
    measured.push({
      tile: await boxOf(tile),
      badge: await boxOf(tile.getByTestId("featured-video-badge")),
      title: await boxOf(tile.getByTestId("featured-video-title")),
    });
  }
  return measured;
}

describe("the home page's featured videos", () => {
  it.each([360, 390, 640])("keep the Play badge off every title at %i px", async (width) => {
    const { page } = await browser.openPage("/home", { viewport: "phone" });
    await page.setViewportSize({ width, height: 844 });
    for (const [i, { badge, title, tile }] of (await measureTiles(page)).entries()) {
      expect(intersects(badge, title), `tile ${i + 1}: badge over title`).toBe(false);
      expect(title.y + title.height, `tile ${i + 1}: title inside its tile`).toBeLessThanOrEqual(
        tile.y + tile.height,
      );
    }
    if (width === 390) expect(await seriousViolations(page)).toEqual([]);
  });

  it.each([1024, 1366])(
    "lay the tiles side by side without overlap or a gap under the large one at %i px",
    async (width) => {
      const { page } = await browser.openPage("/home", { viewport: "desktop" });
      await page.setViewportSize({ width, height: 900 });
      const tiles = await measureTiles(page);
      for (const [i, a] of tiles.entries()) {
        expect(intersects(a.badge, a.title), `tile ${i + 1}: badge over title`).toBe(false);
        for (const b of tiles.slice(i + 1)) {
          expect(intersects(a.tile, b.tile), "tiles overlap").toBe(false);
        }
      }
      const [large, ...small] = tiles;
      // The large tile sits beside the others and ends where the last of them ends.
      expect(small.every((s) => s.tile.x >= large!.tile.x + large!.tile.width)).toBe(true);
      const columnBottom = Math.max(...small.map((s) => s.tile.y + s.tile.height));
      expect(Math.abs(columnBottom - (large!.tile.y + large!.tile.height))).toBeLessThanOrEqual(2);
      expect(Math.abs(small[0]!.tile.y - large!.tile.y)).toBeLessThanOrEqual(2);
    },
  );
});
