/**
 * The shop's featured carousel loops at every width (public-site spec §9), also where
 * its four demo items are too few for Embla's own loop (3 in view at 1024 to 1279 px),
 * and its arrows are hidden from the server HTML on where every item already fits (4 in
 * view from 1280 px), instead of showing on load and vanishing under the pointer.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupBrowser } from "./helpers";

const { openPage } = setupBrowser();

const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 15_000, interval: 50 });

async function openShopAt(width: number): Promise<Page> {
  const { page } = await openPage("/shop", { viewport: "desktop" });
  await page.setViewportSize({ width, height: 900 });
  await page.getByTestId("featured").scrollIntoViewIfNeeded();
  return page;
}

const current = (page: Page) =>
  page.locator("[data-testid=featured-item][aria-current=true]").getAttribute("aria-label");

describe("the featured carousel", () => {
  it("loops at 1100 px, where 3 of its 4 items are in view", async () => {
    const page = await openShopAt(1100);
    const total = await page.getByTestId("featured-item").count();
    expect(total, "the demo features four items").toBe(4);
    const next = page.getByRole("button", { name: "Next featured items" });
    expect(await next.isVisible()).toBe(true);

    await next.click();
    await eventually(() => current(page)).toBe(`2 of ${total}`);
    // The last stop: one more Next goes back to the first.
    await next.click();
    await eventually(() => current(page)).toBe(`1 of ${total}`);
    // And Previous from the first goes to the last stop.
    await page.getByRole("button", { name: "Previous featured items" }).click();
    await eventually(() => current(page)).toBe(`2 of ${total}`);
  });

  it("has no arrows at 1366 px, where all 4 items fit, neither on load nor under the pointer", async () => {
    const page = await openShopAt(1366);
    const arrows = page.getByRole("button", { name: /featured items$/ });
    // Hidden in the server HTML already: not merely after the carousel code measured.
    expect(await arrows.count()).toBe(0);
    // The carousel's code loads on the first pointer; once it has run, still no arrows.
    const loaded = page.waitForResponse((r) => /\/assets\/embla-carousel[^/]*\.js$/.test(r.url()));
    await page.getByTestId("featured").hover();
    await loaded;
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await arrows.count()).toBe(0);
    expect(
      await page
        .locator("[aria-label='Next featured items']")
        .evaluate((el) => getComputedStyle(el).visibility),
    ).toBe("hidden");
  });

  it("keeps each card as tall as its own content on a phone, with no empty band inside", async () => {
    const page = await openShopAt(390);
    // The space between a card's title and its price row: only the row's own padding
    // (16 px) when the card is not stretched to a taller neighbour's height.
    const bands = await page.getByTestId("featured-item").evaluateAll((slides) =>
      slides.map((slide) => {
        const title = slide.querySelector("h3")!;
        const priceRow = title.nextElementSibling!;
        return Math.round(
          priceRow.getBoundingClientRect().top - title.getBoundingClientRect().bottom,
        );
      }),
    );
    expect(bands, "the demo features four items").toHaveLength(4);
    for (const band of bands) expect(band).toBeLessThanOrEqual(24);
  });
});
