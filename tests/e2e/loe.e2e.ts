/**
 * The LOE page in a real browser against the built server and the demo seed
 * (public-site spec §2 LOE, §4 Images/Audio, §8 Audio and Gallery): the hero and
 * banner, the player dialog, the playlist, a track that needs attention, and an
 * image that fails, retries and offers Retry.
 */
import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { readErrorLogs } from "~/lib/error-log";
import { setupBrowser } from "./helpers";

const { openPage } = setupBrowser();

/** Retries `read` until the assertion holds (10 s at most). */
const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 10_000, interval: 50, message });

describe("LOE page with the demo content", () => {
  it("shows the hero, the logo, the contact banner and the three sections", async () => {
    const { page } = await openPage("/loe", { viewport: "desktop" });
    expect(await page.locator("h1").innerText()).toBe("LOE");
    expect(await page.getByRole("img", { name: "LOE logo" }).isVisible()).toBe(true);

    const banner = page.locator('main a[href="/contact"]').first();
    const bannerName = (await banner.getAttribute("aria-label")) ?? "";
    // The {email} placeholder is filled with the contact e-mail.
    expect(bannerName).toMatch(/\S+@\S+/);
    expect(bannerName).not.toContain("{email}");
    await banner.click();
    await page.waitForURL((u) => u.pathname === "/contact");
  });

  it("scrolls the banner's 8 copies over 120 s, and holds it still for reduced motion", async () => {
    const { page } = await openPage("/loe", { viewport: "phone" });
    const track = page.locator(".loe-marquee");
    expect(await track.locator(":scope > span").count()).toBe(8);
    const animation = () =>
      track.evaluate((el) => {
        const style = getComputedStyle(el);
        return `${style.animationName} ${style.animationDuration}`;
      });
    expect(await animation()).toBe("loe-marquee 120s");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await eventually(animation).toMatch(/^none /);
    // One copy stays, wrapped to the screen.
    const visibleCopies = await track
      .locator(":scope > span")
      .evaluateAll((spans) => spans.filter((s) => s.getClientRects().length > 0).length);
    expect(visibleCopies).toBe(1);
  });

  it("renders every section with its content on the server", async () => {
    const { page } = await openPage("/loe", { viewport: "desktop" });
    for (const name of ["Featured Videos", "Audio Collection", "Photo Gallery"]) {
      expect(await page.getByRole("heading", { level: 2, name }).isVisible(), name).toBe(true);
    }
    expect(await page.getByRole("button", { name: /^Play / }).count()).toBeGreaterThan(1);
    expect(await page.getByRole("list", { name: "Tracks" }).getByRole("button").count()).toBe(4);

    const mosaic = page.getByTestId("loe-mosaic");
    const tiles = mosaic.locator("figure");
    expect(await tiles.count()).toBe(11);
    // The first six images in gallery order load eagerly; the gallery is below the
    // fold, so none of them competes with the first screen at high priority.
    expect(await mosaic.locator('img[loading="eager"]').count()).toBe(6);
    expect(await mosaic.locator('img[fetchpriority="high"]').count()).toBe(0);
    // Three balanced columns at desktop width, laid out before any script ran.
    expect(await mosaic.locator(":scope > div").count()).toBe(3);
  });

  it("shows the mosaic in one column on a phone without horizontal scrolling", async () => {
    const { page } = await openPage("/loe", { viewport: "phone" });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const lefts = await page
      .getByTestId("loe-mosaic")
      .locator("figure")
      .evaluateAll((figures) => figures.map((f) => Math.round(f.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
  });
});

describe("video dialog", () => {
  it("opens the embed player, closes on Escape, clears and gives focus back", async () => {
    const { page } = await openPage("/loe", { viewport: "desktop" });
    const opener = page.getByRole("button", { name: "Play Copper Street (Live at the Meridian)" });
    await opener.click();

    const dialog = page.getByRole("dialog", { name: "Copper Street (Live at the Meridian)" });
    await dialog.waitFor({ state: "visible" });
    const src = (await dialog.locator("iframe").getAttribute("src")) ?? "";
    expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}\?/);
    expect(new URL(src).searchParams.get("autoplay")).toBe("1");

    // The dialog takes focus on its first control; Tab stays inside.
    const close = dialog.getByRole("button", { name: "Close" });
    await eventually(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Shift+Tab");
    expect(
      await page.evaluate(() => !!document.activeElement?.closest("dialog[open]")),
      "focus stays in the dialog",
    ).toBe(true);

    // Escape from the dialog's own controls (inside the video frame, keys belong to the player).
    await close.focus();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // Closing cleared the selection: the player is gone, not just hidden.
    await eventually(() => page.locator("dialog iframe").count()).toBe(0);
    await eventually(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("closes with the close button and opens a carousel video", async () => {
    const { page } = await openPage("/loe", { viewport: "phone" });
    const opener = page.getByRole("button", { name: "Play Velvet Slide (Ballad Session)" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Velvet Slide (Ballad Session)" });
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.locator("iframe").count()).toBe(1);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await eventually(() => page.locator("dialog iframe").count()).toBe(0);
    await eventually(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("audio collection", () => {
  const currentTitle = (page: Page) => page.getByTestId("current-track-title").innerText();

  it("starts paused on the first track; next and previous wrap around", async () => {
    const { page } = await openPage("/loe", { viewport: "desktop" });
    expect(await currentTitle(page)).toBe("Lowlight Walk");
    expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

    // Previous from the first track wraps to the last: the SoundCloud playlist.
    await page.getByRole("button", { name: "Previous track" }).click();
    await eventually(() => currentTitle(page)).toBe("LOE Live Sessions (Playlist)");
    const player = page.locator('iframe[title^="SoundCloud player"]');
    await player.waitFor({ state: "attached" });
    const playerUrl = new URL((await player.getAttribute("src")) ?? "");
    expect(playerUrl.host).toBe("w.soundcloud.com");
    expect(playerUrl.searchParams.get("auto_play")).toBe("false");
    expect(await player.getAttribute("height")).toBe("400");

    // Next from the last wraps to the first.
    await page.getByRole("button", { name: "Next track" }).click();
    await eventually(() => currentTitle(page)).toBe("Lowlight Walk");
    await page.getByRole("button", { name: "Next track" }).click();
    await eventually(() => currentTitle(page)).toBe("Velvet Slide");
  });

  it("plays a track chosen in the list and moves on when it ends", async () => {
    const { page } = await openPage("/loe", { viewport: "desktop" });
    await page
      .getByRole("list", { name: "Tracks" })
      .getByRole("button", { name: /Velvet Slide/ })
      .click();
    await eventually(() => currentTitle(page)).toBe("Velvet Slide");
    const audio = page.locator("audio");
    await eventually(() => audio.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
    await page.getByRole("button", { name: "Pause" }).waitFor({ state: "visible" });

    // Jump to the end (once the length is known); the next track takes over and plays.
    await eventually(() =>
      audio.evaluate((a: HTMLAudioElement) => Number.isFinite(a.duration) && a.duration > 0),
    ).toBe(true);
    await audio.evaluate((a: HTMLAudioElement) => {
      a.muted = true;
      a.currentTime = Math.max(0, a.duration - 0.3);
    });
    await eventually(() => currentTitle(page)).toBe("Copper Street");
    await eventually(() =>
      page.locator("audio").evaluate((a: HTMLAudioElement) => a.src.endsWith("copper-street.mp3")),
    ).toBe(true);
  });

  it('lists a track without a source under "Audio Tracks Need Attention"', async () => {
    const { page } = await openPage("/about", { viewport: "desktop" });
    // The page's data arrives with one track's audio URL blanked, as a broken row would.
    await page.route(/\/loe\.data/, async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('"/uploads/audio/velvet-slide.mp3"', '""');
      await route.fulfill({ response, body });
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "LOE", exact: true })
      .click();
    const box = page.getByRole("alert").filter({ hasText: "Audio Tracks Need Attention" });
    await box.waitFor({ state: "visible" });
    const rows = await box.locator("li").allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, " ").trim())).toEqual([
      "Lowlight Walk OK",
      "Velvet Slide Missing audio URL",
      "Copper Street OK",
      "LOE Live Sessions (Playlist) OK",
    ]);
    expect(await box.innerText()).toContain("1 track has invalid audio sources and won't play.");
    // The invalid track is left out of the playlist.
    const listed = await page.getByRole("list", { name: "Tracks" }).getByRole("button").count();
    expect(listed).toBe(3);
  });
});

describe("a broken image", () => {
  it('retries twice, then shows "Image unavailable" with a Retry that loads it again', async () => {
    const { page } = await openPage("/loe", { viewport: "desktop" });
    const requests: string[] = [];
    let broken = true;
    // Every form of the Night Walk photo (the original and its variants) answers with
    // bytes that are no image, until `broken` is switched off.
    await page.route(/night-walk\.jpg/, async (route) => {
      requests.push(route.request().url());
      if (broken) {
        await route.fulfill({ status: 200, contentType: "image/jpeg", body: "not an image" });
      } else {
        await route.fallback();
      }
    });

    const tile = page.getByTestId("loe-mosaic").locator("figure", { hasText: "Night Walk" });
    await tile.scrollIntoViewIfNeeded();
    const box = tile.locator("[data-image-state]");
    await tile.getByText("Image unavailable").waitFor({ state: "visible", timeout: 15_000 });
    expect(await box.getAttribute("data-image-state")).toBe("failed");
    // The first load and two automatic retries, each a fresh request.
    expect(requests).toHaveLength(3);
    expect(new Set(requests).size).toBe(3);

    const logs = await page.evaluate(() => window.localStorage.getItem("errorLogs"));
    const entries = readErrorLogs({ getItem: () => logs });
    expect(entries.at(-1)).toMatchObject({ message: "Image failed to load" });
    expect(entries.at(-1)?.context.url).toContain("/loe");

    broken = false;
    await tile.getByRole("button", { name: "Retry" }).click();
    await eventually(() => box.getAttribute("data-image-state")).toBe("loaded");
    expect(requests).toHaveLength(4);
    expect(
      await tile.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
  });
});
