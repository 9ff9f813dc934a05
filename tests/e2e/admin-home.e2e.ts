/**
 * Manage Home Page, Featured Videos and Photo Gallery in Chromium against the built
 * server (admin spec §2, §4, §5, §8): the hero title previews while it is typed and
 * reaches / once saved; a video added from a youtu.be link is stored by its id, edited
 * in the same inline form and plays on /; a reorder of the videos is the order on /; a
 * link that is not a YouTube one is refused with the schema's message and the form
 * keeps what was typed; an uploaded PNG marked Featured reaches the home gallery and
 * the carousel preview once moved to the top, leaves them when hidden, and is deleted
 * through "Delete Photo"; and axe finds nothing serious on the three screens, at
 * desktop and phone widths.
 *
 * Nothing here reaches the internet (the video service's stills are answered here).
 * Every row a test adds is deleted again and every text is put back, so the public
 * journeys (public-pages.e2e.ts) find the demo content as it was.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { goto, setupBrowser, waitForNewToast, type ViewportName } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
/** Set E2E_SCREENSHOTS=<dir> to keep a picture of every screen at both widths. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
/** Tells this run's rows from any other's. */
const RUN = Date.now().toString(36);

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });

/** The video service's stills, answered here: the test never leaves this machine. */
async function stubVideoStills(page: Page) {
  const png = await sharp({
    create: { width: 16, height: 9, channels: 3, background: "#3a2a10" },
  })
    .png()
    .toBuffer();
  await page.route("https://i.ytimg.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: png }),
  );
}

/** An admin screen, loaded again once the stills are stubbed (so none went out). */
async function openAdmin(pathname: string, viewport: ViewportName = "desktop") {
  const opened = await openAsOwner(browser, "/admin", { viewport });
  await stubVideoStills(opened.page);
  await goto(opened.page, pathname);
  return opened;
}

async function openVisitor(pathname = "/") {
  const opened = await browser.openPage("/");
  await stubVideoStills(opened.page);
  await goto(opened.page, pathname);
  return opened;
}

/** The titles of the featured videos on the public home page (or a preview of it), in order. */
function publicVideoTitles(scope: Page | Locator) {
  return scope
    .getByTestId("featured-video")
    .evaluateAll((buttons) =>
      buttons.map((b) => (b.textContent ?? "").replace(/^Play video: /, "").trim()),
    );
}

/** The titles of the rows of a manager's table, in order. */
function rowTitles(scope: Page | Locator) {
  return scope
    .locator("tbody tr[data-row-id] td p.font-medium")
    .evaluateAll((cells) => cells.map((c) => (c.firstChild?.textContent ?? "").trim()));
}

/** The names of the links and buttons of the call-to-action section inside `scope`. */
async function ctaButtons(scope: Locator) {
  const section = scope.locator('section[aria-labelledby="cta-title"]');
  await section.waitFor();
  const names = await section
    .locator("a, button")
    .evaluateAll((els) => els.map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()));
  expect(names.length).toBeGreaterThan(0);
  return names;
}

/** The captions of the public home page's gallery (or a preview of it), in order. */
function publicPhotoTitles(scope: Page | Locator) {
  return scope
    .locator('section[aria-labelledby="home-gallery-title"] figcaption > span:first-child')
    .evaluateAll((spans) => spans.map((s) => (s.textContent ?? "").trim()));
}

/**
 * Presses a row's up/down button and waits until the new order is saved (the POST
 * answered), so a reload or a visitor sees it.
 */
async function move(page: Page, label: string) {
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/"),
  );
  await page.getByRole("button", { name: label }).click();
  expect((await saved).status()).toBe(200);
}

/** Deletes a row through its confirmation, checking the question. */
async function deleteRow(
  page: Page,
  title: string,
  dialog: { name: string; question: string },
  done: string,
) {
  await page.getByRole("button", { name: `Delete "${title}"` }).click();
  const confirm = page.getByRole("alertdialog", { name: dialog.name });
  await confirm.waitFor();
  expect(await confirm.innerText()).toContain(dialog.question);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await waitForNewToast(page, done);
  await eventually(() => page.getByRole("row").filter({ hasText: title }).count()).toBe(0);
}

describe("Manage Home Page: hero", () => {
  it("previews the hero title while it is typed, and shows it on / once saved", async () => {
    const { page } = await openAdmin("/admin/home");
    expect(await page.getByRole("tab", { selected: true }).innerText()).toBe("Hero");
    const card = page.getByRole("region", { name: "Home hero title" });
    const title = card.getByLabel("Title");
    const original = await title.inputValue();
    expect(original).not.toBe("");
    const visitor = await openVisitor("/");
    const publicTitle = () => visitor.page.locator("h1").innerText();
    expect(await publicTitle()).toBe(original);

    // The preview is the public hero, drawn from the unsaved value.
    const next = `Silas Preview ${RUN}`;
    await title.fill(next);
    await eventually(() => page.locator("[inert] h1").innerText()).toBe(next);
    await goto(visitor.page, "/");
    expect(await publicTitle()).toBe(original);

    // A blank title is refused with the spec's words, and what was typed stays.
    await title.fill("   ");
    await card.getByRole("button", { name: "Save" }).click();
    await card.getByText("Title is required").waitFor();
    await waitForNewToast(page, "Validation Error");

    await title.fill(next);
    await card.getByRole("button", { name: "Save" }).click();
    await waitForNewToast(page, "Content updated successfully");
    await goto(visitor.page, "/");
    expect(await publicTitle()).toBe(next);

    // Put the demo's title back for the other journeys.
    await title.fill(original);
    await card.getByRole("button", { name: "Save" }).click();
    // "Unsaved changes" also hides while the save is in flight, so the toast is the sign it is done.
    await waitForNewToast(page, "Content updated successfully");
    await goto(visitor.page, "/");
    expect(await publicTitle()).toBe(original);
  });
});

describe("Featured videos", () => {
  it("adds a video from a youtu.be link on the home editor: its id is stored, it plays on /, it is edited and deleted", async () => {
    const { page } = await openAdmin("/admin/home?section=videos");
    expect(await page.getByRole("tab", { selected: true }).innerText()).toBe("Featured Videos");
    const form = page.getByRole("form", { name: "Add a featured video" });
    const title = `E2E Video ${RUN}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("YouTube URL or video ID").fill("https://youtu.be/aqz-KE-bpKQ?t=5");
    await form.getByText("Video ID aqz-KE-bpKQ will be saved.").waitFor();
    await form.getByRole("button", { name: "Add Video" }).click();
    await waitForNewToast(page, "Video Created Successfully");

    const row = page.getByRole("row").filter({ hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain("YouTube ID aqz-KE-bpKQ");
    // The form is empty again, ready for the next video.
    expect(await form.getByLabel("Title").inputValue()).toBe("");
    // The section's preview (the public section) has it too.
    await eventually(() =>
      page.locator("[inert] [data-testid=featured-video]").filter({ hasText: title }).count(),
    ).toBe(1);

    const visitor = await openVisitor("/");
    expect(await publicVideoTitles(visitor.page)).toContain(title);

    // Edit: the same form takes the row, and gives it back changed.
    await row.getByRole("button", { name: `Edit "${title}"` }).click();
    const editForm = page.getByRole("form", { name: `Edit "${title}"` });
    await editForm.waitFor();
    expect(await editForm.getByLabel("YouTube URL or video ID").inputValue()).toBe("aqz-KE-bpKQ");
    // The form came into view with the focus in its first field.
    expect(await editForm.getByLabel("Title").evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    if (SCREENSHOTS) {
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, "home-videos-editing-desktop.png") });
    }
    const renamed = `${title} (renamed)`;
    await editForm.getByLabel("Title").fill(renamed);
    await editForm.getByRole("button", { name: "Update Video" }).click();
    await waitForNewToast(page, "Video Updated Successfully");
    await page.getByRole("row").filter({ hasText: renamed }).waitFor();
    await page.getByRole("form", { name: "Add a featured video" }).waitFor();

    await deleteRow(
      page,
      renamed,
      { name: "Delete Video", question: "Are you sure you want to delete this video?" },
      "Video deleted successfully",
    );
    await goto(visitor.page, "/");
    expect((await publicVideoTitles(visitor.page)).some((t) => t.startsWith(title))).toBe(false);
  });

  it("names an uploaded video file in the table by the name it was picked as", async () => {
    const { page } = await openAdmin("/admin/featured-videos");
    const form = page.getByRole("form", { name: "Add a featured video" });
    const title = `E2E own file name ${RUN}`;
    await form.getByLabel("Title").fill(title);
    // The choice's radio is drawn as a button: its label is what is clicked.
    await form.getByText("Video file", { exact: true }).first().click();
    await form.locator('input[type="file"]').waitFor();
    // An MP4's first box, then filler: enough for the server's check by content.
    const mp4 = Buffer.alloc(4096);
    mp4.writeUInt32BE(24, 0);
    mp4.write("ftypisom", 4, "ascii");
    mp4.writeUInt32BE(0x200, 12);
    mp4.write("isomiso2", 16, "ascii");
    mp4.writeUInt32BE(4096 - 24, 24);
    mp4.write("mdat", 28, "ascii");
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: "late-night-rehearsal.mp4", mimeType: "video/mp4", buffer: mp4 });
    await form.getByText("Uploaded late-night-rehearsal.mp4").waitFor();
    await form.getByRole("button", { name: "Add Video" }).click();
    await waitForNewToast(page, "Video Created Successfully");
    const row = page.getByRole("row").filter({ hasText: title });
    await eventually(() => row.innerText()).toContain("File late-night-rehearsal.mp4");
    // Still so on a fresh load, where only the stored address is known.
    await page.reload();
    await eventually(() => row.innerText()).toContain("File late-night-rehearsal.mp4");
    expect(await row.innerText()).not.toMatch(/[0-9a-f]{32}\.mp4/);
    await deleteRow(
      page,
      title,
      { name: "Delete Video", question: "Are you sure you want to delete this video?" },
      "Video deleted successfully",
    );
  });

  it("refuses a link that is not a YouTube video with the schema's message and keeps the form", async () => {
    const { page } = await openAdmin("/admin/featured-videos");
    const form = page.getByRole("form", { name: "Add a featured video" });
    await form.getByRole("button", { name: "Add Video" }).click();
    await form.getByText("Title is required").waitFor();

    const title = `E2E bad link ${RUN}`;
    await form.getByLabel("Title").fill(title);
    const link = form.getByLabel("YouTube URL or video ID");
    await link.fill("https://vimeo.com/76979871");
    await form.getByRole("button", { name: "Add Video" }).click();
    await form.getByText("Please enter a valid YouTube URL or video ID").waitFor();
    expect(await form.getByLabel("Title").inputValue()).toBe(title);
    expect(await link.inputValue()).toBe("https://vimeo.com/76979871");
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole("row").filter({ hasText: title }).count()).toBe(0);
  });

  it("reorders the videos with the up/down buttons, and / shows the new order", async () => {
    const { page } = await openAdmin("/admin/featured-videos");
    const before = await rowTitles(page);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const visitor = await openVisitor("/");
    expect(await publicVideoTitles(visitor.page)).toEqual(before);

    // The last one up: it swaps with the one above it.
    const last = before.at(-1)!;
    await move(page, `Move ${last} up`);
    await waitForNewToast(page, "Items reordered successfully");
    const moved = [...before.slice(0, -2), last, before.at(-2)!];
    await eventually(() => rowTitles(page)).toEqual(moved);
    await goto(visitor.page, "/");
    expect(await publicVideoTitles(visitor.page)).toEqual(moved);

    // The second one to the top becomes the hero (the large one on /).
    const second = before[1]!;
    await move(page, `Move ${second} up`);
    await eventually(() => rowTitles(page)).toEqual([second, before[0]!, ...moved.slice(2)]);
    await eventually(() =>
      page.getByRole("row").filter({ hasText: second }).getByText("Hero", { exact: true }).count(),
    ).toBe(1);
    await goto(visitor.page, "/");
    expect((await publicVideoTitles(visitor.page))[0]).toBe(second);

    // Back as it was (order 0..n-1, as the demo had it).
    await move(page, `Move ${second} down`);
    await eventually(() => rowTitles(page)).toEqual(moved);
    await move(page, `Move ${last} down`);
    await eventually(() => rowTitles(page)).toEqual(before);
    await page.reload();
    expect(await rowTitles(page)).toEqual(before);
    await goto(visitor.page, "/");
    expect(await publicVideoTitles(visitor.page)).toEqual(before);
  });
});

describe("Photo gallery", () => {
  it("adds an uploaded photo marked Featured, moves it to the top of the home gallery and carousel, hides it, and deletes it", async () => {
    const { page } = await openAdmin("/admin/photo-gallery");
    const form = page.getByRole("form", { name: "Add a photo" });
    await form.getByRole("button", { name: "Add Photo" }).click();
    await form.getByText("Title is required").waitFor();
    await form.getByText("Alt text is required").waitFor();
    await form.getByText("Image URL is required").waitFor();

    const title = `E2E Photo ${RUN}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Alt text").fill("A gold test card for the browser journey");
    const png = await sharp({
      create: { width: 640, height: 400, channels: 3, background: "#b8860b" },
    })
      .png()
      .toBuffer();
    await form.getByRole("button", { name: "Upload file" }).click();
    await form.getByLabel("Image", { exact: true }).setInputFiles({
      name: "e2e-photo.png",
      mimeType: "image/png",
      buffer: png,
    });
    await form.getByText("Uploaded e2e-photo.png").waitFor();
    const imageUrl = await form.locator('input[name="imageUrl"]').inputValue();
    expect(imageUrl).toMatch(/^\/uploads\/photo-gallery\/[^/]+\.png$/);
    // The size the upload measured travels with the form, tied to the file.
    expect(await form.locator('input[name="width"]').inputValue()).toBe("640");
    expect(await form.locator('input[name="height"]').inputValue()).toBe("400");
    expect(await form.locator('input[name="dimensionsFor"]').inputValue()).toBe(
      await form.locator('input[name="imageUrl"]').inputValue(),
    );
    await form.getByRole("switch", { name: "Featured" }).click();
    await form.getByRole("button", { name: "Add Photo" }).click();
    await waitForNewToast(page, "Photo added successfully");
    await page.getByRole("row").filter({ hasText: title }).waitFor();

    // Order 0 puts it after the numbered photos; eight up-moves bring it to the top.
    const visitor = await openVisitor("/");
    const demoOrder = await publicPhotoTitles(visitor.page);
    expect(demoOrder).toContain(title);
    expect(demoOrder.at(-1)).toBe(title);
    const rows = await rowTitles(page);
    expect(rows.at(-1)).toBe(title);
    for (let i = rows.length - 1; i > 0; i--) await move(page, `Move ${title} up`);
    await eventually(() => rowTitles(page)).toEqual([title, ...rows.slice(0, -1)]);
    await waitForNewToast(page, "Photos reordered successfully");
    await page.reload();
    expect((await rowTitles(page))[0]).toBe(title);

    await goto(visitor.page, "/");
    expect((await publicPhotoTitles(visitor.page))[0]).toBe(title);
    // The stored size reached the public picture (which arrives as it scrolls into view).
    const figure = visitor.page
      .locator('section[aria-labelledby="home-gallery-title"] figure')
      .filter({ hasText: title });
    await figure.scrollIntoViewIfNeeded();
    const picture = figure.locator('img[alt="A gold test card for the browser journey"]').first();
    await picture.waitFor({ state: "attached" });
    expect(await picture.getAttribute("width")).toBe("640");

    // The home editor's carousel preview starts with it too.
    const home = await openAdmin("/admin/home?section=gallery");
    const carousel = home.page.locator('[aria-roledescription="carousel"]');
    const slide = carousel.locator("figure:not([aria-hidden])");
    const captions = () =>
      slide.locator("figcaption").evaluateAll((c) => c.map((e) => (e.textContent ?? "").trim()));
    const shownPicture = () =>
      slide
        .locator("img")
        .evaluate((img: HTMLImageElement) =>
          img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : null,
        );
    expect(await captions()).toEqual([title]);
    // The photo itself shows (its 1200 px variant).
    await eventually(shownPicture).toMatch(/^\/img\/1200\/uploads\/photo-gallery\/.+\.webp$/);
    expect(await carousel.getByRole("button", { name: /^Show photo \d: / }).count()).toBe(5);
    await carousel.getByRole("button", { name: "Next photo" }).click();
    await eventually(captions).toEqual([demoOrder[0]!]);
    await carousel.getByRole("button", { name: "Previous photo" }).click();
    await carousel.getByRole("button", { name: "Previous photo" }).click();
    expect((await captions())[0]).not.toBe(title);

    // A photo that cannot be loaded: the stock picture stands in, and says so.
    const fileStem = path.parse(imageUrl).name;
    const isThePhoto = (url: URL) => url.pathname.includes(fileStem);
    await home.page.route(isThePhoto, (route) => route.abort("aborted"));
    await home.page.reload();
    expect(await captions()).toEqual([title]);
    await eventually(shownPicture).toBe("/images/hero-default.jpg");
    await slide.getByText("Photo unavailable: stock picture shown").waitFor();
    await home.page.unroute(isThePhoto);

    // Hidden: it leaves the home page and the carousel.
    await page.getByRole("switch", { name: `Active: ${title}` }).click();
    await waitForNewToast(page, "Photo updated successfully");
    await goto(visitor.page, "/");
    expect(await publicPhotoTitles(visitor.page)).not.toContain(title);
    await home.page.reload();
    expect(await captions()).not.toEqual([title]);
    expect(await carousel.getByRole("button", { name: `Show photo 1: ${title}` }).count()).toBe(0);

    await deleteRow(
      page,
      title,
      {
        name: "Delete Photo",
        question: "Are you sure you want to delete this photo? This action cannot be undone.",
      },
      "Photo deleted successfully",
    );
  });
});

// ---------------------------------------------------------------------------
// Accessibility and looks
// ---------------------------------------------------------------------------

const SCREENS = [
  { path: "/admin/home", name: "home-hero", heading: "Manage Home Page" },
  { path: "/admin/home?section=videos", name: "home-videos", heading: "Manage Home Page" },
  { path: "/admin/home?section=gallery", name: "home-gallery", heading: "Manage Home Page" },
  { path: "/admin/home?section=cta", name: "home-cta", heading: "Manage Home Page" },
  { path: "/admin/featured-videos", name: "featured-videos", heading: "Featured Videos" },
  { path: "/admin/photo-gallery", name: "photo-gallery", heading: "Photo Gallery" },
] as const;

describe.each(["desktop", "phone"] as const)("the screens on %s", (viewport) => {
  it.each(SCREENS)("$path has no serious or critical axe violations", async (screen) => {
    const { page } = await openAdmin(screen.path, viewport);
    if (viewport === "phone") await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole("heading", { name: screen.heading, level: 1 }).waitFor();
    // Nothing wider than the window (a table scrolls inside its own box).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    if (SCREENSHOTS) {
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${screen.name}-${viewport}.png`),
        fullPage: true,
      });
    }
  });
});

describe("the previews of the list screens", () => {
  it("/admin/featured-videos previews the home page's videos, the rows visitors see, in their order", async () => {
    const { page } = await openAdmin("/admin/featured-videos");
    const preview = page.getByRole("region", { name: "Live preview" });
    await preview.getByTestId("featured-video").first().waitFor();
    const shown = await publicVideoTitles(preview);
    expect(shown.length).toBeGreaterThan(0);
    // Every row of the preview is a row of the table.
    expect(await rowTitles(page)).toEqual(expect.arrayContaining(shown));
    const visitor = await openVisitor("/");
    expect(shown).toEqual(await publicVideoTitles(visitor.page));
  });

  it("/admin/photo-gallery previews the home page's gallery, the rows visitors see, in their order", async () => {
    const { page } = await openAdmin("/admin/photo-gallery");
    const preview = page.getByRole("region", { name: "Live preview" });
    await preview.locator('section[aria-labelledby="home-gallery-title"]').waitFor();
    const shown = await publicPhotoTitles(preview);
    expect(shown.length).toBeGreaterThan(0);
    expect(await rowTitles(page)).toEqual(expect.arrayContaining(shown));
    const visitor = await openVisitor("/");
    expect(shown).toEqual(await publicPhotoTitles(visitor.page));
  });
});

describe("the home editor's sections", () => {
  it("keeps the chosen section in ?section= and moves between sections with the arrow keys", async () => {
    const { page } = await openAdmin("/admin/home");
    await page.getByRole("tab", { name: "Hero" }).focus();
    await page.keyboard.press("ArrowRight");
    await eventually(() => new URL(page.url()).searchParams.get("section")).toBe("videos");
    await page.keyboard.press("End");
    await eventually(() => new URL(page.url()).searchParams.get("section")).toBe("cta");
    // The call-to-action preview has the buttons of the public section, no others (the
    // "Book Now" and "Download Kit" of admin spec §2 are not on the public page).
    const previewButtons = await ctaButtons(page.locator("[inert]"));
    expect(previewButtons).not.toContain("Book Now");
    const visitor = await openVisitor("/");
    expect(previewButtons).toEqual(await ctaButtons(visitor.page.locator("body")));
    await page.reload();
    expect(await page.getByRole("tab", { selected: true }).innerText()).toBe("Call-to-Action");
  });
});
