/**
 * Manage LOE in Chromium against the built server (admin spec §2 "Manage LOE", §4, §5,
 * §8): the banner template reaches /loe; a track added from a SoundCloud link and one
 * from an uploaded WAV play on /loe; the video rules refuse a YouTube video without
 * its id; a hidden image leaves /loe; a track is deleted through its confirmation; and
 * axe finds nothing serious on any tab, at desktop and phone widths.
 *
 * Nothing here reaches the internet: SoundCloud's player frame is answered by a stub,
 * and no playlist link is typed (that would ask SoundCloud about it from the server).
 * Every row a test adds is deleted again and the banner is put back, so the public
 * LOE journeys (loe.e2e.ts) find the demo content as it was.
 */
import { readFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { soundCloudPlayerUrl } from "~/domain/content/loe/audio";
import { writeWavHeader } from "~/server/testing/wav.server";
import { seriousViolations } from "./axe";
import { goto, setupBrowser, waitForNewToast, type ViewportName } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Set E2E_SCREENSHOTS=<dir> to keep a picture of every tab at both widths. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });

function openLoe(tab: string, viewport: ViewportName = "desktop") {
  return openAsOwner(browser, `/admin/loe?tab=${tab}`, { viewport });
}

/** A mono 16-bit PCM WAV of `seconds` at 8 kHz: a quiet 440 Hz tone. */
function toneWav(seconds: number): Buffer {
  const rate = 8_000;
  const samples = rate * seconds;
  const b = Buffer.alloc(44 + samples * 2);
  writeWavHeader(b, samples * 2, { sampleRate: rate, channels: 1 });
  for (let i = 0; i < samples; i++) {
    b.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return b;
}

/** SoundCloud's player frame, answered here: the test never leaves this machine. */
async function stubSoundCloud(page: Page) {
  await page.route("https://w.soundcloud.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>SoundCloud player stand-in</title>",
    }),
  );
}

/** Opens the add dialog of the current tab and gives it back. */
async function openDialog(page: Page, button: string) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog", { name: button });
  await dialog.waitFor();
  return dialog;
}

/** Cancels a dialog the test has typed into: the kit asks first, and Discard closes it. */
async function cancelDiscarding(page: Page, dialog: Locator) {
  await dialog.getByRole("button", { name: "Cancel" }).click();
  const question = page.getByRole("alertdialog", { name: "Discard changes?" });
  await question.getByRole("button", { name: "Discard" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Deletes a row of the visible table through its confirmation, checking the question. */
async function deleteRow(page: Page, title: string, question: string, done: string) {
  await page.getByRole("button", { name: `Delete "${title}"` }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.waitFor();
  expect(await confirm.innerText()).toContain(question);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await waitForNewToast(page, done);
  await eventually(() => page.getByRole("row", { name: new RegExp(title) }).count()).toBe(0);
}

describe("Manage LOE: page content", () => {
  it("updates the banner template and shows it, e-mail filled in, on /loe", async () => {
    const { page } = await openLoe("page-content");
    const field = page.getByLabel("Banner text");
    const original = await field.inputValue();
    expect(original).not.toBe("");

    await field.fill("E2E banner · write to {email} today");
    // The live preview is the public banner with the contact e-mail filled in.
    const preview = page.locator('[inert] a[href="/contact"]');
    await eventually(() => preview.getAttribute("aria-label")).toMatch(
      /^E2E banner · write to \S+@\S+ today$/,
    );
    const expected = (await preview.getAttribute("aria-label"))!;
    await page.getByRole("button", { name: "Update Banner" }).click();
    await waitForNewToast(page, "Banner updated");

    const visitor = await browser.openPage("/loe");
    const banner = visitor.page.locator('main a[href="/contact"]').first();
    expect(await banner.getAttribute("aria-label")).toBe(expected);

    // Put the demo's banner back for the other journeys.
    await field.fill(original);
    await page.getByRole("button", { name: "Update Banner" }).click();
    await waitForNewToast(page, "Banner updated");
    await goto(visitor.page, "/loe");
    expect(await banner.getAttribute("aria-label")).not.toContain("E2E banner");
  });
});

describe("Manage LOE: videos", () => {
  it("starts a new video in YouTube mode and refuses it without its id", async () => {
    const { page } = await openLoe("videos");
    const dialog = await openDialog(page, "Add Video");
    expect(await dialog.getByRole("radio", { name: "YouTube" }).isChecked()).toBe(true);
    await dialog.getByLabel("Title").fill("E2E video without an id");
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await dialog.getByText("YouTube Embed ID is required").waitFor();

    // File mode asks for the file instead (and shows no id field).
    await dialog.getByText("Video file", { exact: true }).first().click();
    expect(await dialog.getByLabel("YouTube Embed ID").count()).toBe(0);
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await dialog
      .getByText("Video file is required. Please select a video file to upload.")
      .waitFor();

    await cancelDiscarding(page, dialog);
    expect(await page.getByRole("row", { name: /E2E video without an id/ }).count()).toBe(0);
  });

  it("names an uploaded video file in the table by the name it was picked as", async () => {
    const { page } = await openLoe("videos");
    const dialog = await openDialog(page, "Add Video");
    const title = "E2E LOE video from a file";
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByText("Video file", { exact: true }).first().click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "after-hours-session.mp4",
      mimeType: "video/mp4",
      buffer: tinyMp4(),
    });
    await dialog.getByText("Uploaded after-hours-session.mp4").waitFor();
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await waitForNewToast(page, "Video Created Successfully");

    const row = page.getByRole("row").filter({ hasText: title });
    await eventually(() => row.innerText()).toContain("after-hours-session.mp4");
    // Still so on a fresh load, where only the stored address is known.
    await page.reload();
    await eventually(() => row.innerText()).toContain("after-hours-session.mp4");
    expect(await row.innerText()).not.toMatch(/[0-9a-f]{32}\.mp4/);
    await deleteRow(
      page,
      title,
      "Are you sure you want to delete this video?",
      "Video deleted successfully",
    );
  });
});

/** An MP4's first box, then filler: enough for the server's check by content. */
function tinyMp4(): Buffer {
  const mp4 = Buffer.alloc(4096);
  mp4.writeUInt32BE(24, 0);
  mp4.write("ftypisom", 4, "ascii");
  mp4.writeUInt32BE(0x200, 12);
  mp4.write("isomiso2", 16, "ascii");
  mp4.writeUInt32BE(4096 - 24, 24);
  mp4.write("mdat", 28, "ascii");
  return mp4;
}

describe("Manage LOE: audio", () => {
  it("adds a track from a SoundCloud link, flags the link, and embeds it on /loe", async () => {
    const { page } = await openLoe("audio");
    const dialog = await openDialog(page, "Add Audio Track");
    expect(await dialog.getByRole("radio", { name: "SoundCloud" }).isChecked()).toBe(true);
    // Only the chosen source's field is in the form.
    expect(await dialog.locator('[name="audioUrl"]').count()).toBe(0);
    await dialog.getByLabel("Title").fill("E2E SoundCloud Track");
    await dialog.getByLabel("Artist").fill("E2E Artist");

    // The link is flagged as it is typed.
    const link = dialog.getByLabel("SoundCloud URL");
    await link.fill("https://on.soundcloud.com/AbC123");
    await dialog.getByText("Short link", { exact: true }).waitFor();
    const url = "https://soundcloud.com/e2e-artist/e2e-night-tune/s-Secret1";
    await link.fill(url);
    await dialog.getByText("Private link", { exact: true }).waitFor();
    expect(await dialog.getByText("Short link", { exact: true }).count()).toBe(0);

    await link.fill("");
    await dialog.getByRole("button", { name: "Add Track" }).click();
    await dialog.getByText("SoundCloud URL is required").waitFor();
    await link.fill(url);
    await dialog.getByRole("button", { name: "Add Track" }).click();
    await waitForNewToast(page, "Audio track created successfully");
    const row = page.getByRole("row", { name: /E2E SoundCloud Track/ });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain("Ready");
    expect(rowText).toContain("SoundCloud");
    expect(rowText).toContain("--:--");

    const visitor = await browser.openPage("/loe");
    await stubSoundCloud(visitor.page);
    await visitor.page
      .getByRole("list", { name: "Tracks" })
      .getByRole("button", { name: /E2E SoundCloud Track/ })
      .click();
    const player = visitor.page.locator('iframe[title="SoundCloud player: E2E SoundCloud Track"]');
    await player.waitFor({ state: "attached" });
    expect(await player.getAttribute("src")).toBe(soundCloudPlayerUrl(url));

    await deleteRow(
      page,
      "E2E SoundCloud Track",
      'Are you sure you want to delete "E2E SoundCloud Track"? This action cannot be undone.',
      "Audio track deleted successfully",
    );
    await goto(visitor.page, "/loe");
    expect(await visitor.page.getByText("E2E SoundCloud Track").count()).toBe(0);
  });

  it("adds a track from an uploaded file, with its duration, and plays it on /loe", async () => {
    const { page } = await openLoe("audio");
    let dialog = await openDialog(page, "Add Audio Track");
    await dialog.getByText("Upload File", { exact: true }).click();
    expect(await dialog.getByLabel("SoundCloud URL").count()).toBe(0);
    await dialog.getByRole("button", { name: "Add Track" }).click();
    await dialog.getByText("No audio file selected").waitFor();
    await cancelDiscarding(page, dialog);

    dialog = await openDialog(page, "Add Audio Track");
    await dialog.getByLabel("Title").fill("E2E File Track");
    await dialog.getByText("Upload File", { exact: true }).click();

    await dialog.getByLabel("Audio file").setInputFiles({
      name: "e2e-tone.wav",
      mimeType: "audio/wav",
      buffer: toneWav(3),
    });
    await dialog.getByText("Uploaded e2e-tone.wav").waitFor();
    // The server read the length; the dialog's own progress stands at 50 after the audio.
    expect(await dialog.getByTestId("track-duration").innerText()).toBe("0:03");
    expect(
      await dialog
        .getByRole("progressbar", { name: "Track progress" })
        .getAttribute("aria-valuenow"),
    ).toBe("50");
    if (SCREENSHOTS) {
      await mkdir(SCREENSHOTS, { recursive: true });
      await dialog.screenshot({ path: path.join(SCREENSHOTS, "loe-audio-dialog-uploaded.png") });
    }
    const fileUrl = await dialog.locator('input[name="audioUrl"]').inputValue();
    expect(fileUrl).toMatch(/^\/uploads\/audio\/[0-9a-f]+\.wav$/);

    await dialog.getByRole("button", { name: "Add Track" }).click();
    await waitForNewToast(page, "Audio track created successfully");
    const row = page.getByRole("row", { name: /E2E File Track/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Ready[\s\S]*0:03[\s\S]*File/);

    const visitor = await browser.openPage("/loe");
    const entry = visitor.page
      .getByRole("list", { name: "Tracks" })
      .getByRole("button", { name: /E2E File Track/ });
    expect(await entry.innerText()).toContain("0:03");
    await entry.click();
    await eventually(() => visitor.page.getByTestId("current-track-title").innerText()).toBe(
      "E2E File Track",
    );
    const audio = visitor.page.locator(`audio[src="${fileUrl}"]`);
    await audio.waitFor({ state: "attached" });
    // Playable: the browser read the file's header and knows its length.
    await eventually(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(
      0,
    );
    expect(await audio.evaluate((el: HTMLAudioElement) => Math.round(el.duration))).toBe(3);
    expect(await audio.evaluate((el: HTMLAudioElement) => el.error)).toBeNull();

    await deleteRow(
      page,
      "E2E File Track",
      'Are you sure you want to delete "E2E File Track"? This action cannot be undone.',
      "Audio track deleted successfully",
    );
  });
});

describe("Manage LOE: images", () => {
  it("adds an uploaded image, hides it from /loe, and deletes it", async () => {
    const { page } = await openLoe("images");
    const dialog = await openDialog(page, "Add Image");
    await dialog.getByRole("button", { name: "Add Image" }).click();
    await dialog.getByText("Image URL is required").waitFor();

    await dialog.getByLabel("Title").fill("E2E Image");
    await dialog.getByLabel("Alt text").fill("An E2E test picture");
    await dialog.getByRole("button", { name: "Upload file" }).click();
    await dialog.getByLabel("Image", { exact: true }).setInputFiles({
      name: "e2e-picture.jpg",
      mimeType: "image/jpeg",
      buffer: await readFile(path.join(ROOT, "public/images/hero-default.jpg")),
    });
    await dialog.getByText("Uploaded e2e-picture.jpg").waitFor();
    // The measured size travels with the form, tied to the uploaded file.
    const width = await dialog.locator('input[name="width"]').inputValue();
    expect(Number(width)).toBeGreaterThan(0);
    expect(await dialog.locator('input[name="dimensionsFor"]').inputValue()).toBe(
      await dialog.locator('input[name="imageUrl"]').inputValue(),
    );
    await dialog.getByRole("button", { name: "Add Image" }).click();
    await waitForNewToast(page, "Image created successfully");

    const visitor = await browser.openPage("/loe");
    const tile = visitor.page.getByTestId("loe-mosaic").locator("figure", { hasText: "E2E Image" });
    const picture = () => tile.count();
    expect(await picture()).toBe(1);
    // The picture itself arrives as its tile scrolls into view, with its alt text.
    await tile.scrollIntoViewIfNeeded();
    const img = tile.locator('img[alt="An E2E test picture"]').first();
    await img.waitFor({ state: "attached" });
    // The size the upload measured was stored with the image.
    expect(await img.getAttribute("width")).toBe(width);

    await page.getByRole("switch", { name: 'Show "E2E Image" on the LOE page' }).click();
    await waitForNewToast(page, "Image hidden successfully");
    await eventually(() => page.getByRole("row", { name: /E2E Image/ }).innerText()).toContain(
      "Hidden",
    );
    await goto(visitor.page, "/loe");
    expect(await picture()).toBe(0);

    await deleteRow(
      page,
      "E2E Image",
      "Are you sure you want to delete this image?",
      "Image deleted successfully",
    );
  });
});

// ---------------------------------------------------------------------------
// Accessibility and looks
// ---------------------------------------------------------------------------

const TABS = [
  { tab: "page-content", name: "Page Content", dialog: null },
  { tab: "videos", name: "Videos", dialog: "Add Video" },
  { tab: "audio", name: "Audio", dialog: "Add Audio Track" },
  { tab: "images", name: "Images", dialog: "Add Image" },
] as const;

describe.each(["desktop", "phone"] as const)("Manage LOE on %s", (viewport) => {
  it.each(TABS)("the $name tab has no serious or critical axe violations", async (t) => {
    const { page } = await openLoe(t.tab, viewport);
    if (viewport === "phone") await page.setViewportSize({ width: 375, height: 812 });
    const selected = page.getByRole("tab", { selected: true });
    expect(await selected.innerText()).toBe(t.name);
    expect(await seriousViolations(page)).toEqual([]);
    if (SCREENSHOTS) {
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({
        path: path.join(SCREENSHOTS, `loe-${t.tab}-${viewport}.png`),
        fullPage: true,
      });
    }
    if (t.dialog) {
      const dialog = await openDialog(page, t.dialog);
      expect(await seriousViolations(page)).toEqual([]);
      if (SCREENSHOTS) {
        await dialog.screenshot({
          path: path.join(SCREENSHOTS, `loe-${t.tab}-dialog-${viewport}.png`),
        });
      }
    }
  });

  it("keeps the chosen tab in ?tab= and moves between tabs with the arrow keys", async () => {
    const { page } = await openLoe("page-content", viewport);
    await page.getByRole("tab", { name: "Page Content" }).focus();
    await page.keyboard.press("ArrowRight");
    await eventually(() => new URL(page.url()).searchParams.get("tab")).toBe("videos");
    await eventually(() =>
      page.getByRole("heading", { name: "Videos", level: 2 }).isVisible(),
    ).toBe(true);
    await page.keyboard.press("End");
    await eventually(() => new URL(page.url()).searchParams.get("tab")).toBe("images");
    await page.reload();
    expect(await page.getByRole("tab", { selected: true }).innerText()).toBe("Images");
  });
});
