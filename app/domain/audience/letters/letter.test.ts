import { describe, expect, it } from "vitest";
import {
  cardKey,
  cardLine,
  clickPath,
  letterCardRefs,
  parseLetter,
  letterOwnHosts,
  renderLetter,
  safeLetterUrl,
  tagLetterLink,
  type LetterCard,
  type LetterOptions,
} from "./letter";
import { LETTER_LINK_MARKERS } from "./campaign";

const SITE = "https://artist.example";
const event: LetterCard = {
  kind: "event",
  id: "e1",
  title: "Blue Note <Night>",
  when: "Saturday, March 14, 2026 · 8:00 PM",
  venue: "Blue Note",
  city: "New York",
  ticketUrl: "https://tickets.example/e1",
  url: "/events",
};
const options = (over: Partial<LetterOptions> = {}): LetterOptions => ({
  siteUrl: SITE,
  siteName: "Jazz Artist",
  cards: new Map([[cardKey("event", "e1"), event]]),
  mode: "send",
  ...over,
});
const render = (body: string, over: Partial<LetterOptions> = {}) =>
  renderLetter({ subject: "Hello", preheader: "New dates", bodyMarkdown: body }, options(over));

describe("safeLetterUrl", () => {
  it("keeps http(s) and mailto, makes site paths absolute, refuses the rest", () => {
    expect(safeLetterUrl("https://a.example/x", SITE)).toBe("https://a.example/x");
    expect(safeLetterUrl("http://a.example", SITE)).toBe("http://a.example");
    expect(safeLetterUrl("mailto:me@a.example", SITE)).toBe("mailto:me@a.example");
    expect(safeLetterUrl("/shop", SITE)).toBe(`${SITE}/shop`);
    expect(safeLetterUrl("javascript:alert(1)", SITE)).toBeNull();
    expect(safeLetterUrl("JaVaScRiPt:alert(1)", SITE)).toBeNull();
    expect(safeLetterUrl("data:text/html,<b>", SITE)).toBeNull();
    expect(safeLetterUrl("//evil.example", SITE)).toBeNull();
    expect(safeLetterUrl("vbscript:x", SITE)).toBeNull();
    expect(safeLetterUrl('https://a.example/"onmouseover=x', SITE)).toBeNull();
  });
});

describe("tagLetterLink", () => {
  const own = letterOwnHosts(SITE, ["silas.example"]);
  const TAGS = "utm_source=letters&utm_medium=email&utm_campaign=spring-dates-1a2b3c";
  const tag = (url: string) => tagLetterLink(url, "spring-dates-1a2b3c", own);

  it("adds the letter's campaign to a page of the site, before any #fragment", () => {
    expect(tag(`${SITE}/events`)).toBe(`${SITE}/events?${TAGS}`);
    expect(tag(`${SITE}/shop#product-9`)).toBe(`${SITE}/shop?${TAGS}#product-9`);
    expect(tag(`${SITE}/loe?track=2`)).toBe(`${SITE}/loe?track=2&${TAGS}`);
    expect(tag(SITE)).toBe(`${SITE}?${TAGS}`);
    // The production domain (SITE_PRODUCTION_HOST) and its www. are the site too.
    expect(tag("https://www.silas.example/events")).toBe(
      `https://www.silas.example/events?${TAGS}`,
    );
  });

  it("names the source the analytics screen shows for the newsletter", () => {
    const params = new URL(tag(`${SITE}/events`)).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      utm_source: "letters",
      utm_medium: "email",
      utm_campaign: "spring-dates-1a2b3c",
    });
  });

  it("leaves other sites, mailto, and links that name their own source alone", () => {
    expect(tag("https://tickets.example/e1")).toBe("https://tickets.example/e1");
    expect(tag("https://artist.example.evil.example/x")).toBe(
      "https://artist.example.evil.example/x",
    );
    expect(tag("mailto:me@artist.example")).toBe("mailto:me@artist.example");
    expect(tag(`${SITE}/events?utm_source=poster`)).toBe(`${SITE}/events?utm_source=poster`);
    expect(tagLetterLink(`${SITE}/events`, null, own)).toBe(`${SITE}/events`);
  });
});

describe("parseLetter", () => {
  it("reads headings, paragraphs, lists, quotes, rules, images and cards", () => {
    const { blocks } = parseLetter(
      "# Title\n\nSome **bold** and *italic* [link](https://x.example).\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n---\n\n![Poster](/uploads/p.jpg)\n\n[[event:e1]]",
      SITE,
    );
    expect(blocks.map((b) => b.t)).toEqual(["h", "p", "ul", "ol", "quote", "hr", "p", "card"]);
  });

  it("keeps a refused link as its text and reports it", () => {
    const parsed = parseLetter("Click [here](javascript:alert(1)) now", SITE);
    expect(parsed.refusedLinks).toEqual(["javascript:alert(1"]);
    expect(JSON.stringify(parsed.blocks)).not.toContain('"link"');
  });

  it("lists the cards a letter names, once each", () => {
    expect(
      letterCardRefs(`${cardLine("event", "e1")}\ntext\n[[product:p-2]]\n[[event:e1]]`),
    ).toEqual([
      { kind: "event", id: "e1" },
      { kind: "product", id: "p-2" },
    ]);
  });
});

describe("renderLetter", () => {
  it("shows typed HTML as text", () => {
    const { html, text } = render('<script>alert("x")</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(text).toContain('<script>alert("x")</script>');
  });

  it("never writes a javascript: or data: link", () => {
    const { html, refusedLinks } = render(
      "[a](javascript:alert(1)) [b](data:text/html;base64,xx) ![c](javascript:x)",
    );
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).not.toMatch(/src="(javascript|data):/i);
    expect(refusedLinks).toHaveLength(3);
  });

  it("writes the per-recipient link markers in the HTML and the text, and why they get it", () => {
    const { html, text } = render("Hi");
    for (const marker of Object.values(LETTER_LINK_MARKERS)) {
      expect(html).toContain(`href="${marker}"`);
      expect(text).toContain(marker);
    }
    expect(html).toContain("because you subscribed");
    expect(text).toContain("because you subscribed");
  });

  it("is a 600 px table layout with the preheader hidden and images at absolute addresses", () => {
    const { html } = render("![Poster](/uploads/p.jpg)");
    expect(html).toContain('width="600"');
    expect(html).toContain("max-width:600px");
    expect(html).toMatch(/display:none[^>]*>New dates/);
    expect(html).toContain(`src="${SITE}/uploads/p.jpg"`);
    expect(html).not.toContain("<style");
  });

  it("renders an event card from the site's content, escaped, with its ticket link", () => {
    const { html, text } = render("[[event:e1]]");
    expect(html).toContain("Blue Note &lt;Night&gt;");
    expect(html).toContain('href="https://tickets.example/e1"');
    expect(html).toContain(`href="${SITE}/events"`);
    expect(text).toContain("BLUE NOTE <NIGHT>");
    expect(text).toContain("Tickets: https://tickets.example/e1");
    expect(text).toContain("Blue Note, New York");
  });

  it("notes a missing card in the preview and leaves it out of the sent letter", () => {
    const preview = render("[[product:gone]]", { mode: "preview" });
    expect(preview.missingCards).toEqual([{ kind: "product", id: "gone" }]);
    expect(preview.html).toContain("no longer exists");
    const sent = render("[[product:gone]]");
    expect(sent.html).not.toContain("no longer exists");
    expect(sent.text).not.toContain("gone");
  });

  it("rewrites links through the click redirect when tracking is on, indexed by the letter's own list", () => {
    const { html, text, links } = render(
      "[one](https://a.example) [two](https://b.example) [again](https://a.example) [mail](mailto:x@y.example)\n\n[[event:e1]]",
      { trackClicksFor: "c1" },
    );
    expect(links).toEqual([
      "https://a.example",
      "https://b.example",
      "https://tickets.example/e1",
      `${SITE}/events`,
    ]);
    expect(html).toContain(`href="${SITE}${clickPath("c1", 0)}"`);
    expect(html).toContain(`href="${SITE}${clickPath("c1", 3)}"`);
    expect(html).not.toContain('href="https://a.example"');
    expect(html).toContain('href="mailto:x@y.example"');
    // The text version keeps the real addresses.
    expect(text).toContain("one (https://a.example)");
  });

  it("sends the site's own links with the letter's campaign, in the HTML, the text and the web version link", () => {
    const TAGS = "utm_source=letters&utm_medium=email&utm_campaign=june-letter-abc123";
    const { html, text } = render(
      "See the [dates](/events) and the [label](https://label.example/new).\n\n[[event:e1]]",
      { campaign: "june-letter-abc123", webUrl: `${SITE}/newsletter/june-letter-abc123` },
    );
    expect(html).toContain(`href="${SITE}/events?${TAGS.replace(/&/g, "&amp;")}"`);
    expect(html).toContain('href="https://label.example/new"');
    expect(html).toContain('href="https://tickets.example/e1"');
    expect(html).toContain(
      `href="${SITE}/newsletter/june-letter-abc123?${TAGS.replace(/&/g, "&amp;")}"`,
    );
    expect(text).toContain(`dates (${SITE}/events?${TAGS})`);
    expect(text).toContain("label (https://label.example/new)");
    expect(text).toContain(`Details: ${SITE}/events?${TAGS}`);
    expect(text).toContain("Tickets: https://tickets.example/e1");
    expect(text).toContain(`Read it on the web: ${SITE}/newsletter/june-letter-abc123?${TAGS}`);
    // The per-recipient links are not pages to count.
    expect(html).toContain(`href="${LETTER_LINK_MARKERS.unsubscribe}"`);
  });

  it("keeps the addresses as written behind the click redirect, which adds the campaign", () => {
    const { links } = render("[dates](/events)", {
      campaign: "june-letter-abc123",
      trackClicksFor: "c1",
    });
    expect(links).toEqual([`${SITE}/events`]);
  });

  it("makes the plain text from the same source", () => {
    const { text } = render("# Spring\n\nA **new** record.\n\n- Vinyl\n- CD\n\n> Quote\n\n---");
    expect(text).toContain("SPRING\n======");
    expect(text).toContain("A new record.");
    expect(text).toContain("- Vinyl\n- CD");
    expect(text).toContain("> Quote");
    expect(text).not.toContain("**");
  });

  it("takes a very long body without trouble", () => {
    const { html } = render("word ".repeat(20_000));
    expect(html.length).toBeGreaterThan(100_000);
  });
});
