/**
 * Double opt-in (issue 22) in Chromium: a sign-up on the public page is confirmed from
 * the mail the SMTP catcher received; the link works once and then says so, with a
 * form to sign up again; the confirmation page is axe-clean at phone and desktop width.
 */
import { describe, expect, it } from "vitest";
import { CONFIRM_TEXT, LOCATION_TEXT, NEWSLETTER_TEXT } from "~/domain/audience/newsletter/signup";
import { seriousViolations } from "./axe";
import { goto, setupBrowser, waitForNewToast, type ViewportName } from "./helpers";
import type { Page } from "playwright-core";
import { newsletterConfirmLinkIn, waitForMail } from "./mail";

const { openPage, baseUrl } = setupBrowser();

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

function locationLinkIn(body: string): string {
  const match = /https?:\/\/[^\s"<>]+\/newsletter\/location\?token=[\w-]+/.exec(body);
  if (!match) throw new Error(`No location link in:\n${body}`);
  return match[0];
}

/** Types into a city picker and takes the suggestion named `label` with the mouse. */
async function pickCity(page: Page, fieldLabel: string | RegExp, typed: string, label: string) {
  const input = page.getByRole("combobox", { name: fieldLabel });
  await input.fill(typed);
  await page.getByRole("option", { name: label, exact: true }).click();
  expect(await input.inputValue()).toBe(label);
}

async function signUpThroughEndpoint(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/newsletter-subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(await response.json()).toEqual({ success: true });
  return newsletterConfirmLinkIn(await waitForMail(email, /^Confirm your subscription/));
}

describe("newsletter double opt-in", () => {
  it("signs up on the home page, confirms with the mailed link, and the link then says it was used", async () => {
    const email = uniqueEmail("optin");
    const { page } = await openPage("/");
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.successTitle, NEWSLETTER_TEXT.successDescription);

    const link = newsletterConfirmLinkIn(await waitForMail(email, /^Confirm your subscription/));
    await goto(page, link);
    await page.getByRole("heading", { level: 1, name: CONFIRM_TEXT.askTitle }).waitFor();
    // Opening the link alone confirms nothing (mail scanners open links too).
    await page.getByRole("button", { name: CONFIRM_TEXT.confirmButton }).click();
    await page.getByRole("heading", { level: 1, name: CONFIRM_TEXT.confirmedTitle }).waitFor();
    expect(await page.getByRole("status").innerText()).toContain("@example.org");
    expect(await page.getByRole("status").innerText()).not.toContain(email);

    await goto(page, link);
    await page.getByRole("heading", { level: 1, name: CONFIRM_TEXT.invalidTitle }).waitFor();

    // Confirmed, the address is already on the list.
    const again = await fetch(`${baseUrl}/api/newsletter-subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(await again.json()).toEqual({ error: NEWSLETTER_TEXT.alreadySubscribed });
  });

  it("picks a city while signing up, keeps it through the confirmation, then changes and removes it from the mail's link", async () => {
    const email = uniqueEmail("city");
    const { page } = await openPage("/contact");
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Email address").fill(email);
    await pickCity(page, NEWSLETTER_TEXT.cityLabel, "lyo", "Lyon, France");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.successTitle, NEWSLETTER_TEXT.successDescription);
    // The form is empty again, the city too.
    expect(await page.getByRole("combobox", { name: NEWSLETTER_TEXT.cityLabel }).inputValue()).toBe(
      "",
    );

    const mail = await waitForMail(email, /^Confirm your subscription/);
    await goto(page, newsletterConfirmLinkIn(mail));
    const picker = page.getByRole("combobox", { name: CONFIRM_TEXT.cityLabel });
    expect(await picker.inputValue()).toBe("Lyon, France");
    await page.getByRole("button", { name: CONFIRM_TEXT.confirmButton }).click();
    await page.getByRole("heading", { level: 1, name: CONFIRM_TEXT.confirmedTitle }).waitFor();

    await goto(page, locationLinkIn(mail.body));
    await page.getByText(LOCATION_TEXT.current("Lyon, France")).waitFor();
    // With the keyboard this time: arrow down to the first suggestion, Enter takes it.
    const input = page.getByRole("combobox", { name: LOCATION_TEXT.cityLabel });
    await input.fill("berl");
    await page.getByRole("option", { name: "Berlin, Germany", exact: true }).waitFor();
    await input.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBeTruthy();
    await input.press("Enter");
    expect(await input.inputValue()).toBe("Berlin, Germany");
    await page.getByRole("button", { name: LOCATION_TEXT.save }).click();
    await page.getByRole("status").filter({ hasText: LOCATION_TEXT.saved }).waitFor();
    await page.getByText(LOCATION_TEXT.current("Berlin, Germany")).waitFor();

    await page.getByRole("button", { name: LOCATION_TEXT.remove }).click();
    await page.getByRole("status").filter({ hasText: LOCATION_TEXT.removed }).waitFor();
    await page.getByText(LOCATION_TEXT.none).waitFor();

    // Text typed without picking a suggestion is not a city.
    await input.fill("Qxzqxz");
    await page.getByText("No city of that name on our list.").waitFor();
    await page.getByRole("button", { name: LOCATION_TEXT.save }).click();
    await page.getByText(LOCATION_TEXT.pickFromList).waitFor();
    await page.getByText(LOCATION_TEXT.none).waitFor();
  });

  it("answers a location link with an unknown token as not valid", async () => {
    const { page } = await openPage("/newsletter/location?token=nope");
    await page.getByRole("heading", { level: 1, name: LOCATION_TEXT.invalidTitle }).waitFor();
  });

  it("offers a new sign-up on a link that is unknown or spent", async () => {
    const { page } = await openPage("/newsletter/confirm?token=not-a-real-token");
    await page.getByRole("heading", { level: 1, name: CONFIRM_TEXT.invalidTitle }).waitFor();
    const email = uniqueEmail("retry");
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.successTitle, NEWSLETTER_TEXT.successDescription);
    await waitForMail(email, /^Confirm your subscription/);
  });

  it("is never cached and not indexed", async () => {
    const response = await fetch(`${baseUrl}/newsletter/confirm?token=x`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
  });

  describe.each(["phone", "desktop"] as ViewportName[])("on a %s", (viewport) => {
    it("has no serious axe violations and fits the screen, asking and after an invalid link", async () => {
      const email = uniqueEmail(`axe-${viewport}`);
      const link = await signUpThroughEndpoint(email);
      const { page } = await openPage(new URL(link).pathname + new URL(link).search, {
        viewport,
      });
      for (const title of [CONFIRM_TEXT.askTitle, CONFIRM_TEXT.confirmedTitle]) {
        await page.getByRole("heading", { level: 1, name: title }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
        if (title === CONFIRM_TEXT.askTitle) {
          // Once more with the suggestions open.
          await page.getByRole("combobox", { name: CONFIRM_TEXT.cityLabel }).fill("par");
          await page.getByRole("option", { name: "Paris, France", exact: true }).waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          await page.screenshot({ path: `/tmp/newsletter-confirm-ask-${viewport}.png` });
          await page.keyboard.press("Escape");
          await page.getByRole("listbox").waitFor({ state: "hidden" });
          await page.getByRole("button", { name: CONFIRM_TEXT.confirmButton }).click();
        }
      }
      await page.screenshot({ path: `/tmp/newsletter-confirmed-${viewport}.png` });
      await goto(page, "/newsletter/confirm?token=spent");
      await page.getByRole("heading", { level: 1, name: CONFIRM_TEXT.invalidTitle }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/newsletter-invalid-${viewport}.png`, fullPage: true });

      const mail = await waitForMail(email, /^Confirm your subscription/);
      await goto(page, locationLinkIn(mail.body));
      await page.getByRole("heading", { level: 1, name: LOCATION_TEXT.title }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/newsletter-location-${viewport}.png` });
    });
  });
});
