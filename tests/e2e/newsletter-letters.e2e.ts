/**
 * Newsletter letters in Chromium (issue 22): the artist writes a letter on
 * /admin/newsletter, meets the validation messages (empty subject, a javascript: link),
 * inserts an event card from the site's own concerts, previews the mail at phone
 * width (HTML and plain text), sends a test that the SMTP catcher receives, schedules
 * it (a time in the past is refused), cancels the schedule; the public archive shows a
 * sent demo letter as a page of the site. axe at phone and desktop widths on the
 * screen and the archive.
 */
import { describe, expect, inject, it } from "vitest";
import { CAMPAIGN_TEXT } from "~/domain/audience/letters/campaign-form";
import { seriousViolations } from "./axe";
import { allowConsoleError, allowHttpStatus, setupBrowser, waitForNewToast } from "./helpers";
import { sentMail, waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const RUN = Date.now().toString(36);
const SUBJECT = `Spring dates ${RUN}`;
/** Set E2E_SCREENSHOTS=<dir> to keep pictures of the screens. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const DEMO_LETTER = "Back from the studio: the new record is here";

describe("newsletter letters", () => {
  it("the artist writes a letter with an event card, previews it on a phone, tests, schedules and cancels", async () => {
    const { page } = await openAsOwner(browser, "/admin/newsletter", { viewport: "desktop" });
    allowHttpStatus(page, "POST", "/admin/newsletter.data", 400);
    allowConsoleError(page, /status of 400/);
    await page.getByRole("link", { name: "New letter" }).click();
    const editor = page.getByRole("region", { name: "New letter" });
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.getByText(CAMPAIGN_TEXT.subjectRequired).waitFor();

    await editor.getByLabel("Subject").fill(SUBJECT);
    await editor.getByLabel("Preview line").fill("New concerts near you");
    await editor
      .getByRole("textbox", { name: "Letter", exact: true })
      .fill("Hello!\n\n[Tickets](javascript:alert(1))");
    await editor.getByText("This link will be shown as text").waitFor();
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.getByText(/This link was not accepted: "javascript:alert\(1"/).waitFor();

    await editor
      .getByRole("textbox", { name: "Letter", exact: true })
      .fill("Hello friends,\n\nThe **autumn** tour starts soon. [All dates](/events)\n\n");
    await editor.getByRole("button", { name: "Event", exact: true }).click();
    const picker = page.getByRole("dialog", { name: "Insert event" });
    const firstInsert = picker.getByRole("button", { name: /^Insert "/ }).first();
    const eventTitle = (await firstInsert.getAttribute("aria-label"))!.replace(/^Insert "|"$/g, "");
    await firstInsert.click();
    await picker.waitFor({ state: "hidden" });
    expect(await editor.getByRole("textbox", { name: "Letter", exact: true }).inputValue()).toMatch(
      /\[\[event:[0-9a-f-]{36}\]\]/,
    );
    await editor.getByText(/subscribers? will receive it/).waitFor();
    await editor.getByRole("button", { name: "Save draft" }).click();
    await waitForNewToast(page, CAMPAIGN_TEXT.created);
    await page.waitForURL(/\?letter=[0-9a-f-]{36}/);

    const letter = page.getByRole("region", { name: `Letter: ${SUBJECT}` });
    await letter.getByRole("tab", { name: "Preview" }).click();
    await letter.getByRole("button", { name: "Phone (375 px)" }).click();
    const frame = letter.locator("iframe");
    expect(await frame.getAttribute("data-width")).toBe("phone");
    expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(376);
    await letter
      .frameLocator("iframe")
      .getByText("The autumn tour starts soon.", { exact: false })
      .waitFor();
    const srcdoc = (await frame.getAttribute("srcdoc"))!;
    expect(srcdoc).toContain(eventTitle.replace(/&/g, "&amp;"));
    expect(srcdoc).not.toContain("javascript:");
    // Painted in the colours the mail leaves with (the active theme's, decision 038).
    const colours = /<body style="([^"]+)"/.exec(srcdoc)![1]!;
    expect(colours).toMatch(/background:#[0-9a-f]{6};color:#[0-9a-f]{6}/);
    await letter.getByText("Plain-text version").click();
    await letter.getByText(/The autumn tour starts soon\. All dates \(http/).waitFor();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/newsletter-preview.png`, fullPage: true });

    await letter.getByRole("button", { name: "Send test" }).click();
    await waitForNewToast(page, CAMPAIGN_TEXT.testSent);
    const test = await waitForMail(inject("adminEmail"), new RegExp(`^\\[Test\\] ${SUBJECT}$`));
    expect(test.body).toContain(eventTitle.replace(/&/g, "&amp;"));
    expect(test.body).not.toContain("{{unsubscribe_url}}");
    expect(test.body).toContain(`<body style="${colours}">`);

    await letter.getByLabel("Day").fill("2020-01-01");
    await letter.getByLabel(/^Time/).fill("10:00");
    await letter.getByRole("button", { name: "Schedule", exact: true }).click();
    await letter.getByText(CAMPAIGN_TEXT.scheduleInPast).waitFor();
    await letter.getByLabel("Day").fill(`${new Date().getFullYear() + 1}-06-01`);
    await letter.getByRole("button", { name: "Schedule", exact: true }).click();
    await waitForNewToast(page, CAMPAIGN_TEXT.scheduled);
    await letter.getByText(/^Goes out /).waitFor();
    await letter.getByRole("button", { name: "Cancel schedule" }).click();
    await waitForNewToast(page, CAMPAIGN_TEXT.scheduleCancelled);
    await letter.getByRole("button", { name: "Schedule", exact: true }).waitFor();
  });

  it("'Tell fans nearby' on a concert makes a draft for the fans within 150 km and opens it", async () => {
    const { page } = await openAsOwner(browser, "/admin/events", { viewport: "desktop" });
    const button = page.getByRole("button", { name: /^Tell fans nearby about "/ }).first();
    const title = (await button.getAttribute("aria-label"))!.replace(
      /^Tell fans nearby about "|"$/g,
      "",
    );
    await button.click();
    await page.waitForURL(/\/admin\/newsletter\?letter=[0-9a-f-]{36}/);
    await waitForNewToast(page, CAMPAIGN_TEXT.created);
    const near = page.getByLabel("Confirmed subscribers near a concert");
    expect(await near.isChecked()).toBe(true);
    expect(await page.getByLabel("Within (km)").inputValue()).toBe("150");
    expect(await page.getByRole("textbox", { name: "Letter", exact: true }).inputValue()).toMatch(
      /\[\[event:[0-9a-f-]{36}\]\]/,
    );
    await page.getByText(/subscribers? will receive it/).waitFor();
    expect(title.length).toBeGreaterThan(0);
  });

  it("sends a tour letter to the fans near a concert, once each, shows it going out, and one click in a received mail unsubscribes", async () => {
    const { page } = await openAsOwner(browser, "/admin/events", { viewport: "desktop" });
    await page
      .getByRole("button", { name: /^Tell fans nearby about "/ })
      .first()
      .click();
    await page.waitForURL(/\/admin\/newsletter\?letter=[0-9a-f-]{36}/);
    await waitForNewToast(page, CAMPAIGN_TEXT.created);
    const subject = `Tour mail ${RUN}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await waitForNewToast(page, CAMPAIGN_TEXT.saved);
    const count = await page.getByText(/^\d+ subscribers? will receive it/).innerText();
    const fans = Number(/^(\d+)/.exec(count)![1]);
    expect(fans).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Send now" }).click();
    const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog"));
    await confirm.getByRole("button", { name: `Send to ${fans}` }).click();
    await waitForNewToast(page, CAMPAIGN_TEXT.sendStarted);
    // The letter's own view follows the send until every mail is out.
    const letter = page.getByRole("region", { name: `Letter: ${subject}` });
    await letter.getByText("Sent", { exact: true }).first().waitFor({ timeout: 60_000 });
    await letter.getByText(`${fans} sent`).first().waitFor();

    // Exactly one mail per fan in the SMTP server, each with its own one-click link.
    const caughtNow = () => sentMail().filter((mail) => mail.subject === subject);
    await expect.poll(() => caughtNow().length, { timeout: 15_000 }).toBe(fans);
    const caught = caughtNow();
    expect(new Set(caught.flatMap((mail) => mail.to)).size).toBe(fans);
    const first = caught[0]!;
    // Its link to the site's own page carries the letter's campaign for the analytics;
    // the ticket seller's link goes out as it was written.
    const details = new URL(/^Details: (\S+)/m.exec(first.body)![1]!);
    expect(details.pathname).toBe("/events");
    expect(Object.fromEntries(details.searchParams)).toEqual({
      utm_source: "letters",
      utm_medium: "email",
      utm_campaign: expect.stringMatching(new RegExp(`^tour-mail-${RUN}-[0-9a-f]{6}$`)),
    });
    const tickets = /^Tickets: (\S+)/m.exec(first.body)?.[1];
    if (tickets) expect(tickets).not.toContain("utm_");
    expect(first.body).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // Long headers come folded onto the next lines (RFC 5322): unfold before reading.
    const headers = first.body.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const oneClick = /^List-Unsubscribe:\s*<(https?:\/\/[^>]+)>/m.exec(headers)![1]!;
    // A mail provider posts it from its own servers: no session, no cookie, no Origin.
    const answer = await fetch(browser.url(new URL(oneClick).pathname + new URL(oneClick).search), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBe(200);
    await answer.text();
    await page.reload();
    await letter.getByText("1 unsubscribed").first().waitFor();
  });

  it("the public archive shows a sent demo letter as a page of the site", async () => {
    const { page } = await browser.openPage("/newsletter", { viewport: "phone" });
    await page.getByRole("heading", { name: "Newsletter", level: 1 }).waitFor();
    await page.getByRole("link", { name: new RegExp(DEMO_LETTER) }).click();
    await page.getByRole("heading", { name: DEMO_LETTER, level: 1 }).waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      /\/newsletter\/back-from-the-studio-the-new-record-is-here-[0-9a-f]{6}$/,
    );
    await page.getByText("Eight tunes, recorded live in the room").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const missing = await fetch(browser.url("/newsletter/no-such-letter"));
    expect(missing.status).toBe(404);
    await missing.text();
  });

  it("the screen and the archive have no serious accessibility problems at phone and desktop widths", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      const { page: admin } = await openAsOwner(browser, "/admin/newsletter", { viewport });
      await admin.getByRole("link", { name: DEMO_LETTER }).first().waitFor();
      expect(await seriousViolations(admin)).toEqual([]);
      await admin.getByRole("link", { name: DEMO_LETTER }).first().click();
      await admin.getByRole("region", { name: `Letter: ${DEMO_LETTER}` }).waitFor();
      expect(await seriousViolations(admin)).toEqual([]);
      if (viewport === "phone") {
        // The letter's tracked links redirect to its own list, and to nothing else.
        const id = new URL(admin.url()).searchParams.get("letter")!;
        const tracked = await fetch(browser.url(`/newsletter/click/${id}/0`), {
          redirect: "manual",
        });
        expect(tracked.status).toBe(302);
        expect(tracked.headers.get("location")).toMatch(/^https?:\/\//);
        const unknown = await fetch(browser.url(`/newsletter/click/${id}/99`), {
          redirect: "manual",
        });
        expect(unknown.status).toBe(404);
        expect(unknown.headers.get("location")).toBeNull();
        await unknown.text();
      }
      const { page } = await browser.openPage("/newsletter", { viewport });
      expect(await seriousViolations(page)).toEqual([]);
      if (SCREENSHOTS) {
        await admin.screenshot({
          path: `${SCREENSHOTS}/newsletter-admin-${viewport}.png`,
          fullPage: true,
        });
        await page.screenshot({
          path: `${SCREENSHOTS}/newsletter-archive-${viewport}.png`,
          fullPage: true,
        });
      }
    }
  });
});
