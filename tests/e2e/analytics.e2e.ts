/**
 * Cookieless analytics in a real browser (issue 25): a visitor who follows a link of a
 * sent letter (through its click redirect) plays a track to the end and clicks a ticket
 * link, and the artist sees each on /admin/analytics under that letter's campaign; the artist's own visit and a visitor sending
 * Global Privacy Control are not counted; plays in SoundCloud's player (a fake widget
 * page speaking its postMessage protocol) are counted with their source. The test server
 * rolls up every 2 s.
 *
 * Headless Chromium names itself "HeadlessChrome", which the counter takes for a bot
 * (so no other browser test is counted): these visitors present a desktop Chrome.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Frame, Page } from "playwright-core";
import { goto, setupBrowser, VIEWPORTS } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();

/**
 * A desktop Chrome of its own for each visitor: every visitor of this test comes from
 * 127.0.0.1, and one address with one browser is one visitor of the day (credited to
 * that day's first source), exactly as two people behind one home router with the same
 * browser would be.
 */
let visitors = 0;
function chrome(): string {
  visitors += 1;
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${visitors}.0 Safari/537.36`;
}
const visitor = () => ({ context: { userAgent: chrome() } });

/** Reloads today's analytics until `table` lists `text` (the totals are seconds behind). */
async function waitForRow(page: Page, table: string, text: string | RegExp) {
  await expect
    .poll(
      async () => {
        await goto(page, "/admin/analytics?period=today");
        const rows = page.getByTestId(`analytics-${table}`).getByRole("row");
        return (await rows.filter({ hasText: text }).count()) > 0;
      },
      { timeout: 30_000, interval: 500, message: `${table} lists ${String(text)}` },
    )
    .toBe(true);
}

async function rowOf(page: Page, table: string, text: string): Promise<string[]> {
  const row = page.getByTestId(`analytics-${table}`).getByRole("row").filter({ hasText: text });
  return (await row.getByRole("cell").allInnerTexts()).map((cell) => cell.trim());
}

/** A stand-in for SoundCloud's player that the test drives (fixtures/soundcloud-widget.html). */
const FAKE_WIDGET = readFileSync(new URL("./fixtures/soundcloud-widget.html", import.meta.url));

/** The fake widget's frame, once the page has asked it for the events of a play. */
async function soundCloudWidget(page: Page): Promise<Frame> {
  const widget = () => page.frames().find((f) => f.url().startsWith("https://w.soundcloud.com/"));
  await expect
    .poll(
      async () =>
        (await widget()
          ?.evaluate(() =>
            (
              window as unknown as { fakeWidget?: { listening(): string[] } }
            ).fakeWidget?.listening(),
          )
          .catch(() => null)) ?? null,
      { timeout: 15_000, message: "the page listens to the SoundCloud widget" },
    )
    .toEqual(["finish", "pause", "play", "playProgress"]);
  return widget()!;
}

type FakeWidget = {
  play(positions: number[]): void;
  pause(): void;
  finish(): void;
};
const drive = (frame: Frame, action: (widget: FakeWidget) => void) =>
  frame.evaluate(`(${action.toString()})(window.fakeWidget)`);

/** A letter of the demo that went out with click tracking and a link to /events. */
const SENT_LETTER = "Autumn dates, and a question for you";

/**
 * The address of the link named `text` in a sent letter, exactly as the letter went out:
 * its HTML as frozen when sending started, which the letter's view shows.
 */
async function linkInSentLetter(subject: string, text: string): Promise<string> {
  const { page: owner } = await openAsOwner(browser, "/admin/newsletter");
  await owner.getByRole("link", { name: subject }).first().click();
  const letter = owner.getByRole("region", { name: `Letter: ${subject}` });
  const html = (await letter.locator("iframe").getAttribute("srcdoc")) ?? "";
  const anchor = new RegExp(`<a href="([^"]+)"[^>]*>${text}</a>`).exec(html);
  if (!anchor) throw new Error(`No link "${text}" in the sent letter "${subject}"`);
  await owner.close();
  return anchor[1]!.replace(/&amp;/g, "&");
}

describe("analytics", () => {
  it("counts a visit from a sent letter's link under its campaign, a complete play and a ticket click, and shows them", async () => {
    // The reader clicks "events page" in the letter: the click redirect of that letter.
    const link = await linkInSentLetter(SENT_LETTER, "events page");
    expect(link).toMatch(/\/newsletter\/click\/[0-9a-f-]{36}\/\d+$/);
    const { page } = await browser.openPage(new URL(link).pathname, visitor());
    // ...which lands on the page with the letter's campaign.
    const landed = new URL(page.url());
    expect(landed.pathname).toBe("/events");
    const campaign = landed.searchParams.get("utm_campaign") ?? "";
    expect(campaign).toMatch(/^autumn-dates-and-a-question-for-you-[0-9a-f]{6}$/);
    expect(landed.searchParams.get("utm_source")).toBe("letters");
    expect(landed.searchParams.get("utm_medium")).toBe("email");

    // A track played to its end.
    await page.getByRole("link", { name: "LOE", exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === "/loe");
    await page
      .getByRole("list", { name: "Tracks" })
      .getByRole("button", { name: /Velvet Slide/ })
      .click();
    await expect
      .poll(() => page.getByTestId("current-track-title").innerText())
      .toBe("Velvet Slide");
    const audio = page.locator("audio");
    await expect
      .poll(
        () =>
          audio.evaluate(
            (a: HTMLAudioElement) => !a.paused && Number.isFinite(a.duration) && a.duration > 0,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await audio.evaluate((a: HTMLAudioElement) => {
      a.muted = true;
      a.currentTime = Math.max(0, a.duration - 0.3);
    });
    await expect
      .poll(() => page.getByTestId("current-track-title").innerText(), { timeout: 15_000 })
      .toBe("Copper Street");

    // A ticket link (it opens the seller's page in a new tab).
    await page.getByRole("link", { name: "Events", exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === "/events");
    const ticket = page.getByRole("link", { name: /Get Tickets for LOE Live: Lowlight Walk/ });
    const popup = page.context().waitForEvent("page");
    await ticket.click();
    await (await popup).close();

    const { page: admin } = await openAsOwner(browser, "/admin/analytics?period=today");
    await waitForRow(admin, "tickets", "LOE Live: Lowlight Walk Album Night");
    await waitForRow(admin, "plays", "Velvet Slide");
    const play = await rowOf(admin, "plays", "Velvet Slide");
    expect(play[1]).toBe("Uploaded file");
    expect(Number(play[2])).toBeGreaterThanOrEqual(1); // complete
    await waitForRow(admin, "campaigns", campaign);
    // The visit's later pages are credited to the newsletter too.
    expect(Number((await rowOf(admin, "sources", "letters"))[2])).toBeGreaterThanOrEqual(3);
    // The sources CSV says the same.
    const csv = await admin.evaluate(async () =>
      (await fetch("/admin/export/analytics?table=sources&period=today")).text(),
    );
    expect(csv).toMatch(/^\uFEFF?Source,Visitors,Page views\r\n/);
    expect(csv).toContain("letters,");
  });

  it("does not count the artist's own visit or a visitor with Global Privacy Control", async () => {
    const { page: gpc } = await browser.openPage("/?utm_source=gpc-visitor", {
      context: { userAgent: chrome(), extraHTTPHeaders: { "Sec-GPC": "1" } },
    });
    await goto(gpc, "/events?utm_source=gpc-visitor");
    const { page: owner } = await openAsOwner(browser, "/?utm_source=owner-visit", visitor());
    await goto(owner, "/events?utm_source=owner-visit");
    // A visitor after them both: once this one shows, theirs would have too.
    await browser.openPage("/?utm_source=control-visit", visitor());

    await waitForRow(owner, "sources", "control-visit");
    const sources = await owner.getByTestId("analytics-sources").innerText();
    expect(sources).not.toContain("gpc-visitor");
    expect(sources).not.toContain("owner-visit");
  });

  it("counts plays in SoundCloud's player: complete across a pause, skipped when the visitor moves on", async () => {
    const { page } = await browser.openPage("/loe", visitor());
    await page.route("https://w.soundcloud.com/player/**", (route) =>
      route.fulfill({ contentType: "text/html", body: FAKE_WIDGET }),
    );
    // Previous from the first track wraps to the last: the SoundCloud playlist.
    await page.getByRole("button", { name: "Previous track" }).click();
    await expect
      .poll(() => page.getByTestId("current-track-title").innerText())
      .toBe("LOE Live Sessions (Playlist)");
    await page.locator('iframe[title^="SoundCloud player"]').scrollIntoViewIfNeeded();
    const widget = await soundCloudWidget(page);

    // Heard to the end, with a pause on the way: one complete play.
    await drive(widget, (w) => w.play([0.1, 0.3]));
    await drive(widget, (w) => w.pause());
    await drive(widget, (w) => {
      w.play([0.6, 0.95]);
      w.finish();
    });
    // Started again and left at 5 % for the next track: skipped.
    await drive(widget, (w) => w.play([0.05]));
    await page.getByRole("button", { name: "Next track" }).click();
    await expect
      .poll(() => page.getByTestId("current-track-title").innerText())
      .toBe("Lowlight Walk");

    const { page: admin } = await openAsOwner(browser, "/admin/analytics?period=today");
    await expect
      .poll(
        async () => {
          await goto(admin, "/admin/analytics?period=today");
          const row = admin
            .getByTestId("analytics-plays")
            .getByRole("row")
            .filter({ hasText: "LOE Live Sessions (Playlist)" });
          return (await row.getByRole("cell").allInnerTexts()).map((cell) => cell.trim());
        },
        { timeout: 30_000, interval: 500, message: "the SoundCloud plays are shown" },
      )
      .toEqual(["LOE Live Sessions (Playlist)", "SoundCloud", "1", "0", "1"]);

    // With the source column the tables still fit a phone: a wide one scrolls on its own.
    await admin.setViewportSize(VIEWPORTS.phone.viewport);
    await expect
      .poll(() => admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
  });
});
