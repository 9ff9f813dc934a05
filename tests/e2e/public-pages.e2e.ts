/**
 * The public pages of issue 4 in a real browser against the built, seeded server:
 * home, about, media, events and contact with their content, the newsletter and
 * contact forms in success and error states, event cards, the video dialog, the
 * loading skeleton, cache headers, and the feeds for search engines and calendars.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CONTACT_TEXT, contactRateLimitedMessage } from "~/domain/audience/contact/contact-form";
import { NEWSLETTER_TEXT } from "~/domain/audience/newsletter/signup";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { allowHttpStatus, setupBrowser, waitForNewToast } from "./helpers";
import { subscribeConfirmed } from "./mail";
import { paypalMode, waitForMail } from "./shop-paypal";

const { openPage, url } = setupBrowser();

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 10_000, interval: 50, message });

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

describe("home page", () => {
  it("shows the hero, featured videos, events, gallery, testimonial and call to action", async () => {
    const { page } = await openPage("/");
    await expect(page.locator("h1").innerText()).resolves.toMatch(/Silas\s+Lowenthorne/);
    await expect(page.getByRole("link", { name: "Listen Now" }).getAttribute("href")).resolves.toBe(
      "/loe",
    );
    for (const heading of ["Featured Videos", "Upcoming Events", "From the Bandstand"]) {
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    }
    expect(await page.getByTestId("featured-video").count()).toBe(4);
    expect(await page.getByTestId("event-card").count()).toBe(4);
    await page.getByText("Delphine Marchbank").waitFor();
    await page.getByRole("heading", { level: 2, name: "Stay in the Loop" }).waitFor();
    await page.getByTestId("newsletter-form").waitFor();
  });

  it("opens a featured video in the player dialog and clears it on close", async () => {
    const { page } = await openPage("/");
    const first = page.getByTestId("featured-video").first();
    await first.click();
    const dialog = page.locator("dialog[open]");
    await dialog.waitFor();
    const src = await dialog.locator("iframe").getAttribute("src");
    expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/Lw7kQ2vRx9A\?.*autoplay=1/);
    await page.keyboard.press("Escape");
    await eventually(() => page.locator("dialog[open]").count()).toBe(0);
    // Closing clears the selection: the player is gone, not just hidden.
    await eventually(() => page.locator("dialog iframe").count()).toBe(0);
    // Focus goes back to the tile that opened it.
    await eventually(() =>
      page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
    ).toBe("featured-video");
  });

  it("links Get Tickets to the ticket page in a new tab without an opener", async () => {
    const { page } = await openPage("/");
    const tickets = page
      .getByTestId("event-card")
      .first()
      .getByRole("link", { name: /Get Tickets/ });
    expect(await tickets.getAttribute("href")).toMatch(/^https:\/\/tickets\.example\.com\//);
    expect(await tickets.getAttribute("target")).toBe("_blank");
    const rel = (await tickets.getAttribute("rel"))?.split(/\s+/) ?? [];
    expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
  });

  it("describes the artist and the shown events as JSON-LD", async () => {
    const { page } = await openPage("/");
    const blocks = await jsonLd(page);
    expect(blocks.find((b) => b["@type"] === "Person")).toMatchObject({
      name: "Silas Lowenthorne",
      memberOf: { "@type": "MusicGroup", name: "LOE" },
    });
    expect(blocks.filter((b) => b["@type"] === "MusicEvent")).toHaveLength(4);
  });

  it("shows the page skeleton while the next page loads after a client-side navigation", async () => {
    const { page } = await openPage("/");
    // Hold the data request of the next page until the skeleton has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/events\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator("footer").getByRole("link", { name: "Events" }).click();
    await page.getByTestId("page-skeleton").waitFor();
    release();
    await page.getByRole("heading", { level: 1, name: "Live Events" }).waitFor();
    expect(await page.getByTestId("page-skeleton").count()).toBe(0);
  });
});

describe("events page", () => {
  it("lists upcoming events in two columns, in date order, without cancelled ones", async () => {
    const { page } = await openPage("/events");
    await page.getByRole("heading", { level: 1, name: "Live Events" }).waitFor();
    const upcoming = page.getByRole("list", { name: "Upcoming Events" });
    const cards = upcoming.getByTestId("event-card");
    expect(await cards.count()).toBe(5);
    const dates = await cards
      .locator("time")
      .evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
    expect(dates).toEqual([...dates].sort());
    expect(await upcoming.getByText("Harbour Lights Outdoor Concert").count()).toBe(0);
    const columns = await upcoming.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(" ").length,
    );
    expect(columns).toBe(2);
    // Each card shows type, date, title, venue and city, time and description.
    const first = cards.first();
    const text = await first.innerText();
    expect(text).toContain("LIVE");
    // Spec §3: the upcoming list shows every event as live, whatever type is stored.
    expect(await upcoming.getByTestId("event-type").allTextContents()).toEqual(
      Array(5).fill("Live"),
    );
    expect(text).toContain("The Copper Room, Port Alder");
    expect(text).toContain("8:00 PM");
    expect(text).toContain("Lowlight Walk album");
  });

  it("offers Watch Recording on past events with a video, in the player dialog", async () => {
    const { page } = await openPage("/events");
    const past = page.getByRole("list", { name: "Past Performances" });
    const watch = past.getByRole("button", { name: /Watch Recording/ }).first();
    await watch.click();
    const dialog = page.locator("dialog[open]");
    await dialog.waitFor();
    expect(await dialog.locator("iframe").getAttribute("src")).toContain("Bl4nTq9XeRa");
    await dialog.getByRole("button", { name: "Close" }).click();
    await eventually(() => page.locator("dialog[open]").count()).toBe(0);
  });

  it("lets a visitor subscribe to the calendar and add one event to it", async () => {
    const { page } = await openPage("/events");
    const subscribe = page.getByRole("link", { name: "Subscribe to the calendar" });
    expect(await subscribe.getAttribute("href")).toBe(
      url("/events.ics").replace(/^http:/, "webcal:"),
    );
    const link = page
      .getByTestId("event-card")
      .first()
      .getByRole("link", { name: /Add to calendar/ });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/events\/[0-9a-f-]{36}\.ics$/);
    const response = await fetch(url(href!));
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.ics"$/);
    const ics = await response.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("SUMMARY:LOE Live: Lowlight Walk Album Night");
    expect((ics.match(/BEGIN:VEVENT/g) ?? []).length).toBe(1);
  });

  it("marks every upcoming event up as a schema.org MusicEvent", async () => {
    const { page } = await openPage("/events");
    const events = (await jsonLd(page)).filter((b) => b["@type"] === "MusicEvent");
    expect(events).toHaveLength(5);
    for (const event of events) {
      expect(event).toMatchObject({
        "@context": "https://schema.org",
        name: expect.any(String),
        eventStatus: "https://schema.org/EventScheduled",
        location: {
          "@type": "Place",
          name: expect.any(String),
          address: { "@type": "PostalAddress", addressLocality: expect.any(String) },
        },
        performer: { name: "Silas Lowenthorne" },
        offers: { "@type": "Offer", url: expect.stringMatching(/^https:\/\//) },
      });
      expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
      expect(Number.isNaN(Date.parse(event.startDate as string))).toBe(false);
    }
  });
});

describe("about page", () => {
  it("shows the biography in paragraphs, the portrait and the lists from their tables", async () => {
    const { page } = await openPage("/about");
    await page.getByRole("heading", { level: 1, name: "About Silas Lowenthorne" }).waitFor();
    const bio = page.locator("h1 + div > p");
    expect(await bio.count()).toBe(3);
    expect(await bio.first().getAttribute("class")).toContain("mb-4");
    const portrait = page.getByRole("img", { name: /Portrait of Silas Lowenthorne/ });
    await portrait.waitFor();
    await page.getByRole("heading", { name: "Musical Influences" }).waitFor();
    await page.getByText("Brazilian choro").waitFor();
    await page.getByRole("heading", { name: "Collaborations" }).waitFor();
    await page.getByText("Brightwater Chamber Strings").first().waitFor();
    await page.getByText("Live performances").waitFor();
  });
});

describe("media page", () => {
  it("shows visible media items newest first, and photos open large", async () => {
    const { page } = await openPage("/media");
    await page.getByRole("heading", { level: 1, name: "Media Gallery" }).waitFor();
    const tiles = page.getByTestId("media-mosaic").locator("li");
    expect(await tiles.count()).toBe(9);
    expect(await tiles.first().innerText()).toContain("LOE Live at the Meridian");
    expect(await page.getByText("Festival Crowd (draft)").count()).toBe(0);
    // The first row (on any screen) loads at high priority; the first six eagerly.
    const mosaic = page.getByTestId("media-mosaic");
    expect(await mosaic.locator('img[fetchpriority="high"]').count()).toBe(3);
    expect(await mosaic.locator('img[loading="eager"]').count()).toBe(6);

    await page.getByRole("button", { name: /View photo: .*Solo Under the Spot/ }).click();
    const dialog = page.locator("dialog[open]");
    await dialog.getByRole("heading", { name: "Solo Under the Spot" }).waitFor();
    await page.keyboard.press("Escape");
    await eventually(() => page.locator("dialog[open]").count()).toBe(0);
  });
});

describe("contact page", () => {
  it("shows the contact information, the booking block and the reply promise", async () => {
    const { page } = await openPage("/contact");
    await page.getByRole("heading", { level: 1, name: "Get in Touch" }).waitFor();
    const mail = page.getByRole("link", { name: "hello@silaslowenthorne.example" });
    expect(await mail.getAttribute("href")).toBe("mailto:hello@silaslowenthorne.example");
    await page.getByText("Port Alder · touring worldwide").waitFor();
    await page.getByRole("heading", { name: "Booking Inquiries" }).waitFor();
    await page.getByRole("link", { name: "booking@silaslowenthorne.example" }).waitFor();
    await page.getByText("within 24 hours").first().waitFor();
    expect(await page.locator("textarea[name=message]").getAttribute("rows")).toBe("6");
    expect(await page.locator("input[name=email]").first().getAttribute("type")).toBe("email");
  });

  it("shows a message beside each empty field and refuses an invalid e-mail", async () => {
    const { page } = await openPage("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      "Please enter your name.",
      "Please enter your email address.",
      "Please enter a subject.",
      "Please enter a message.",
    ]) {
      await form.getByText(message).waitFor();
    }
    await form.getByLabel("Name").fill("Ada Quill");
    await form.getByLabel("Email").fill("ada-at-example.org");
    await form.getByLabel("Subject").fill("Booking");
    await form.getByLabel("Message").fill("Hello there");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("Please enter a valid email address.").waitFor();
    expect(await form.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
  });

  it("sends a message, thanks the visitor and clears the form", async () => {
    const { page } = await openPage("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Name").fill("Ada Quill");
    await form.getByLabel("Email").fill("ada@example.org");
    await form.getByLabel("Subject").fill("A festival booking");
    await form.getByLabel("Message").fill("Could LOE play our festival in June?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await waitForNewToast(page, CONTACT_TEXT.successTitle, CONTACT_TEXT.successDescription);
    await eventually(() => form.getByLabel("Message").inputValue()).toBe("");
    expect(await form.getByLabel("Name").inputValue()).toBe("");
  });

  it("tells the visitor when the server refuses the message and keeps the text", async () => {
    const { page } = await openPage("/contact");
    await page.route("**/api/send-contact-email", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "down" }),
      }),
    );
    allowHttpStatus(page, "POST", "/api/send-contact-email", 500);
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Name").fill("Ada Quill");
    await form.getByLabel("Email").fill("ada@example.org");
    await form.getByLabel("Subject").fill("Booking");
    await form.getByLabel("Message").fill("Please keep this text.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await waitForNewToast(page, CONTACT_TEXT.errorTitle, CONTACT_TEXT.errorDescription);
    expect(await form.getByLabel("Message").inputValue()).toBe("Please keep this text.");
  });

  it.each([
    [429, contactRateLimitedMessage(420)],
    [413, CONTACT_TEXT.tooLong],
  ])("says what the server said when it answers %i, keeping the text", async (status, error) => {
    const { page } = await openPage("/contact");
    await page.route("**/api/send-contact-email", (route) =>
      route.fulfill({
        status,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error }),
      }),
    );
    allowHttpStatus(page, "POST", "/api/send-contact-email", status);
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Name").fill("Ada Quill");
    await form.getByLabel("Email").fill("ada@example.org");
    await form.getByLabel("Subject").fill("Booking");
    await form.getByLabel("Message").fill("Please keep this text too.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await waitForNewToast(page, CONTACT_TEXT.errorTitle, error);
    expect(await form.getByLabel("Message").inputValue()).toBe("Please keep this text too.");
  });

  it("works without JavaScript: the page's own action stores and confirms", async () => {
    const body = new URLSearchParams({
      name: "No Script",
      email: "noscript@example.org",
      subject: "Plain form",
      message: "Sent without JavaScript.",
    });
    const response = await fetch(url("/contact"), {
      method: "POST",
      body,
      headers: { Origin: url("/").replace(/\/$/, "") },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(CONTACT_TEXT.successDescription.replace("'", "&#x27;"));
  });
});

describe("newsletter form", () => {
  it("subscribes, says Subscribed! and then returns to idle", async () => {
    const { page } = await openPage("/contact");
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Email address").fill(uniqueEmail("Fan").toUpperCase());
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.successTitle, NEWSLETTER_TEXT.successDescription);
    await form.getByRole("button", { name: NEWSLETTER_TEXT.subscribedButton }).waitFor();
    expect(await form.getByLabel("Email address").inputValue()).toBe("");
    // After its 3 s the button is the plain Subscribe button again.
    await form.getByRole("button", { name: /^Subscribe$/ }).waitFor();
  });

  it("shows its toast clear of the form on a phone", async () => {
    const { page } = await openPage("/contact", { viewport: "phone" });
    const form = page.getByTestId("newsletter-form");
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel("Email address").fill(uniqueEmail("Phone"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.successTitle, NEWSLETTER_TEXT.successDescription);
    const toast = page.locator("[data-sonner-toast]", { hasText: NEWSLETTER_TEXT.successTitle });
    // Measured once the toast has stopped sliding in (two polls in a row agree).
    let previous = "";
    await eventually(async () => {
      const box = JSON.stringify(await toast.last().boundingBox());
      const settled = box === previous;
      previous = box;
      return settled;
    }).toBe(true);
    const [toastBox, formBox] = await Promise.all([toast.last().boundingBox(), form.boundingBox()]);
    const overlaps =
      toastBox!.y < formBox!.y + formBox!.height && formBox!.y < toastBox!.y + toastBox!.height;
    expect(overlaps, "the toast covers the newsletter form").toBe(false);
  });

  it("answers a second sign-up of a confirmed address (in another case) with Already Subscribed", async () => {
    const email = uniqueEmail("twice");
    await subscribeConfirmed(url("/").replace(/\/$/, ""), email);

    const { page } = await openPage("/");
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Email address").fill(email.toUpperCase());
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.alreadyTitle, NEWSLETTER_TEXT.alreadySubscribed);
  });

  it("asks for an address, then for a valid one", async () => {
    const { page } = await openPage("/");
    const form = page.getByTestId("newsletter-form");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.requiredTitle, NEWSLETTER_TEXT.requiredDescription);
    await form.getByLabel("Email address").fill("not-an-address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.invalidTitle, NEWSLETTER_TEXT.invalidDescription);
  });

  it("says Subscription Failed when the server fails", async () => {
    const { page } = await openPage("/");
    await page.route("**/api/newsletter-subscribe", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    allowHttpStatus(page, "POST", "/api/newsletter-subscribe", 500);
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Email address").fill(uniqueEmail("fail"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await waitForNewToast(page, NEWSLETTER_TEXT.failedTitle, NEWSLETTER_TEXT.failedDescription);
    await form.getByRole("button", { name: /^Subscribe$/ }).waitFor();
  });

  it("works without JavaScript: a form post comes back to the page with the outcome", async () => {
    const post = (email: string) =>
      fetch(url("/api/newsletter-subscribe"), {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Referer: url("/contact"),
          Origin: url("/").replace(/\/$/, ""),
        },
        body: new URLSearchParams({ email }),
      });
    const email = uniqueEmail("plain");
    const first = await post(email);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/contact?newsletter=subscribed#newsletter");
    // Not confirmed yet: the same answer again (double opt-in, issue 22).
    expect((await post(email)).headers.get("location")).toBe(
      "/contact?newsletter=subscribed#newsletter",
    );
    const confirmed = uniqueEmail("plain-confirmed");
    await subscribeConfirmed(url("/").replace(/\/$/, ""), confirmed);
    expect((await post(confirmed)).headers.get("location")).toBe(
      "/contact?newsletter=already#newsletter",
    );
    const { page } = await openPage("/contact?newsletter=already");
    await page.getByRole("status").filter({ hasText: NEWSLETTER_TEXT.alreadySubscribed }).waitFor();
  });

  it("shows that an unsubscribe link with an unknown token is not valid", async () => {
    const { page } = await openPage("/newsletter/unsubscribe?token=not-a-real-token");
    await page.getByRole("heading", { level: 1, name: "This link is not valid" }).waitFor();
    // The one-click POST of a mail program needs no cookie and always gets an answer.
    const oneClick = await fetch(url("/newsletter/unsubscribe?token=not-a-real-token"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
  });
});

describe("headers and feeds", () => {
  it("lets a CDN cache public pages but not the unsubscribe page or the form endpoints", async () => {
    for (const path of ["/", "/about", "/media", "/events", "/contact"]) {
      const response = await fetch(url(path));
      expect(response.headers.get("cache-control"), path).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
    const unsubscribe = await fetch(url("/newsletter/unsubscribe?token=x"));
    expect(unsubscribe.headers.get("cache-control")).toBe("no-store");
    const endpoint = await fetch(url("/api/newsletter-subscribe"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "" }),
    });
    expect(endpoint.status).toBe(400);
    expect(endpoint.headers.get("cache-control")).toBe("no-store");
  });

  it("sets title, description, canonical, Open Graph and Twitter tags on each page", async () => {
    for (const [path, title] of [
      ["/", "Silas Lowenthorne"],
      ["/about", "About Silas Lowenthorne | Silas Lowenthorne"],
      ["/media", "Media Gallery | Silas Lowenthorne"],
      ["/loe", "LOE | Silas Lowenthorne"],
      ["/shop", "Shop | Silas Lowenthorne"],
      ["/events", "Live Events | Silas Lowenthorne"],
      ["/contact", "Get in Touch | Silas Lowenthorne"],
    ] as const) {
      const html = await (await fetch(url(path))).text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html, path).toContain(`<link rel="canonical" href="${url(path)}"`);
      expect(html, path).toContain(`<meta property="og:title" content="${title}"`);
      expect(html, path).toContain(`<meta property="og:url" content="${url(path)}"`);
      expect(html, path).toMatch(/<meta name="twitter:card" content="summary(_large_image)?"/);
    }
  });

  it("serves a sitemap and robots.txt that points to it", async () => {
    const sitemap = await fetch(url("/sitemap.xml"));
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of ["/", "/about", "/media", "/loe", "/events", "/shop", "/contact"]) {
      expect(xml).toContain(`<loc>${url(path)}</loc>`);
    }
    expect(xml).not.toContain("/auth");
    const robots = await (await fetch(url("/robots.txt"))).text();
    expect(robots).toContain(`Sitemap: ${url("/sitemap.xml")}`);
    expect(robots).toContain("Disallow: /admin");
  });

  it("serves a subscribable calendar of all events in RFC 5545 form", async () => {
    const response = await fetch(url("/events.ics"));
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = await response.text();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    const unfolded = ics.replace(/\r\n /g, "");
    expect((unfolded.match(/BEGIN:VEVENT/g) ?? []).length).toBe(10);
    expect(unfolded).toContain("SUMMARY:Cancelled: Harbour Lights Outdoor Concert");
    expect(unfolded).toContain("STATUS:CANCELLED");
    expect(unfolded).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(unfolded).toMatch(/UID:event-[0-9a-f-]{36}@127\.0\.0\.1/);
  });
});

/** The header block of a raw message, with folded lines joined. */
function mailHeaders(source: string): string {
  const end = source.search(/\r?\n\r?\n/);
  return (end < 0 ? source : source.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((el) => el.textContent ?? ""));
  return texts.flatMap((t) => {
    const parsed = JSON.parse(t) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

// The mails, read from the SMTP catcher of the second (PayPal-mode) server.
describe("newsletter and contact mail", () => {
  it("sends a confirmation with a one-click unsubscribe link that works without a cookie", async () => {
    const { appUrl } = paypalMode();
    const email = uniqueEmail("mail");
    const subscribe = await fetch(`${appUrl}/api/newsletter-subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: email.toUpperCase() }),
    });
    expect(await subscribe.json()).toEqual({ success: true });

    const mail = await waitForMail(email, (m) => m.subject.includes("newsletter"));
    const headers = mailHeaders(mail.body);
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(headers);
    expect(header, headers).not.toBeNull();
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = header![1]!;
    expect(link.startsWith(`${appUrl}/newsletter/unsubscribe?token=`)).toBe(true);

    // GET only asks; nothing changes until the POST.
    const page = await (await fetch(link)).text();
    expect(page).toContain("Unsubscribe from the newsletter?");
    const oneClick = await fetch(link, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You&#x27;re unsubscribed");
    expect(await (await fetch(link)).text()).toContain("You&#x27;re unsubscribed");

    // Unsubscribed, the address may sign up again.
    const again = await fetch(`${appUrl}/api/newsletter-subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(await again.json()).toEqual({ success: true });
  });

  it("mails a contact message to the contact address with Reply-To the sender", async () => {
    const { appUrl } = paypalMode();
    const sender = uniqueEmail("sender");
    const response = await fetch(`${appUrl}/api/send-contact-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Mail Test",
        email: sender,
        subject: `Booking ${sender}`,
        message: "Is the Copper Room date still open?",
      }),
    });
    expect(await response.json()).toEqual({ success: true });
    const mail = await waitForMail("hello@silaslowenthorne.example", (m) =>
      m.subject.includes(sender),
    );
    expect(mailHeaders(mail.body)).toMatch(
      new RegExp(`^Reply-To: ${sender.replace(/[.]/g, "\\.")}`, "mi"),
    );
    expect(mail.body).toContain("Is the Copper Room date still open?");
  });
});
