/**
 * The newsletter letter (issue 22, docs/decisions/038): a safe subset of Markdown plus
 * the site's own cards, read once into blocks, then written three ways from the same
 * blocks: mail HTML (tables, inline styles, absolute URLs), plain text, and the blocks
 * themselves for the public web page (components/newsletter/letter-body.tsx).
 *
 * Pure and small enough for the browser's live preview. Nothing typed is ever passed
 * through as markup: every character of text is escaped, so HTML typed in the body is
 * shown as text. Links are http(s) or mailto (or a path on the site, made absolute);
 * anything else (javascript:, data:, …) is kept as plain text and reported.
 */
import { NEWSLETTER_UTM } from "../../analytics/analytics";
import { letterPalette, type LetterPalette } from "./palette";
import { LETTER_LINK_MARKERS } from "./campaign";

// ---------------------------------------------------------------------------------
// The parsed letter

export type Inline =
  | { t: "text"; v: string }
  | { t: "strong"; c: Inline[] }
  | { t: "em"; c: Inline[] }
  | { t: "link"; href: string; c: Inline[] }
  | { t: "image"; src: string; alt: string };

export const CARD_KINDS = ["event", "product", "track", "video"] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export type Block =
  | { t: "p"; c: Inline[] }
  | { t: "h"; level: 1 | 2 | 3; c: Inline[] }
  | { t: "ul" | "ol"; items: Inline[][] }
  | { t: "quote"; blocks: Block[] }
  | { t: "hr" }
  | { t: "card"; kind: CardKind; id: string };

export interface ParsedLetter {
  blocks: Block[];
  /** Link and image addresses that were refused (kept as text), in order. */
  refusedLinks: string[];
}

/** The line a toolbar button writes: `[[event:<id>]]`. */
export function cardLine(kind: CardKind, id: string): string {
  return `[[${kind}:${id}]]`;
}

const CARD_LINE = /^\[\[(event|product|track|video):([A-Za-z0-9-]{1,64})\]\]$/;

/** What the letter says when a link is refused. */
export const LETTER_TEXT = {
  refusedLink: (url: string) =>
    `This link was not accepted: "${url.length > 80 ? `${url.slice(0, 79)}…` : url}". Links must start with https://, http:// or mailto: (or / for a page of this site).`,
  missingCard: (kind: CardKind, id: string) =>
    `This ${kind} no longer exists (${id}): the card is left out of the letter.`,
  footerWhy: (siteName: string) =>
    `You receive this letter because you subscribed to ${siteName}'s newsletter and confirmed your address.`,
  unsubscribe: "Unsubscribe",
  location: "Change your city for concerts near you",
  tickets: "Tickets",
  details: "Details",
  shop: "See it in the shop",
  listen: "Listen",
  watch: "Watch",
  webVersion: "Read it on the web",
} as const;

/**
 * An address a letter may link to: http(s), mailto, or a path on the site (made
 * absolute with the site's address). Null for anything else.
 */
export function safeLetterUrl(raw: string, siteUrl: string): string | null {
  const url = raw.trim();
  if (!url || /[\s<>"]/.test(url)) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return `${siteUrl.replace(/\/+$/, "")}${url}`;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(url)) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const bareHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^www\./, "");

/** The site's own host names: its address's, and any other it answers as (SITE_PRODUCTION_HOST). */
export function letterOwnHosts(siteUrl: string, others: readonly string[] = []): string[] {
  let own = "";
  try {
    own = new URL(siteUrl).hostname;
  } catch {
    // No address to compare with: only `others` count.
  }
  return [own, ...others].map(bareHost).filter(Boolean);
}

/**
 * A letter's link as the reader gets it. An address on the site itself (one of
 * `ownHosts`, "www." ignored) carries the letter's campaign: utm_source=letters,
 * utm_medium=email, utm_campaign=<the letter's slug>, so a reader who clicks shows up
 * under that campaign in /admin/analytics and a sale that follows is credited to the
 * newsletter (decision 035). Links to other sites, mailto, and a link that already names
 * its own utm_source keep their address exactly as written.
 */
export function tagLetterLink(
  url: string,
  campaign: string | null | undefined,
  ownHosts: readonly string[],
): string {
  if (!campaign) return url;
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return url;
    if (parsed.searchParams.has("utm_source")) return url;
    host = bareHost(parsed.hostname);
  } catch {
    return url;
  }
  if (!ownHosts.some((own) => bareHost(own) === host)) return url;
  const hashAt = url.indexOf("#");
  const head = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? "" : url.slice(hashAt);
  const tags = new URLSearchParams({
    utm_source: NEWSLETTER_UTM.source,
    utm_medium: NEWSLETTER_UTM.medium,
    utm_campaign: campaign,
  }).toString();
  const joint = !head.includes("?") ? "?" : /[?&]$/.test(head) ? "" : "&";
  return `${head}${joint}${tags}${hash}`;
}

/** Finds the `](...)` closing a link text that opened at `start` (the `[`). */
function linkAt(src: string, start: number): { text: string; url: string; end: number } | null {
  let depth = 0;
  for (let i = start; i < src.length; i++) {
    const ch = src[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (ch === "[") depth++;
    else if (ch === "]") {
      depth--;
      if (depth === 0) {
        if (src[i + 1] !== "(") return null;
        const close = src.indexOf(")", i + 2);
        if (close < 0) return null;
        return {
          text: src.slice(start + 1, i),
          url: src.slice(i + 2, close).trim(),
          end: close + 1,
        };
      }
    }
  }
  return null;
}

function pushText(out: Inline[], v: string) {
  if (!v) return;
  const last = out[out.length - 1];
  if (last?.t === "text") last.v += v;
  else out.push({ t: "text", v });
}

function parseInline(src: string, siteUrl: string, refused: string[]): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  let plain = "";
  const flush = () => {
    pushText(out, plain);
    plain = "";
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === "\\" && i + 1 < src.length && /[\\`*_[\]()#+\-.!>]/.test(src[i + 1]!)) {
      plain += src[i + 1];
      i += 2;
      continue;
    }
    if (ch === "!" && src[i + 1] === "[") {
      const link = linkAt(src, i + 1);
      if (link) {
        flush();
        const safe = safeLetterUrl(link.url, siteUrl);
        if (safe && !safe.startsWith("mailto:"))
          out.push({ t: "image", src: safe, alt: link.text });
        else {
          refused.push(link.url);
          pushText(out, link.text);
        }
        i = link.end;
        continue;
      }
    }
    if (ch === "[") {
      const link = linkAt(src, i);
      if (link) {
        flush();
        const safe = safeLetterUrl(link.url, siteUrl);
        const inner = parseInline(link.text, siteUrl, refused);
        if (safe) out.push({ t: "link", href: safe, c: inner });
        else {
          refused.push(link.url);
          for (const part of inner) out.push(part);
        }
        i = link.end;
        continue;
      }
    }
    if ((ch === "*" || ch === "_") && src[i + 1] === ch) {
      const close = src.indexOf(ch + ch, i + 2);
      if (close > i + 2) {
        flush();
        out.push({ t: "strong", c: parseInline(src.slice(i + 2, close), siteUrl, refused) });
        i = close + 2;
        continue;
      }
    }
    if ((ch === "*" || ch === "_") && src[i + 1] !== ch && src[i + 1] !== " ") {
      // _ inside a word (snake_case) stays a character.
      const wordBefore = ch === "_" && /\w/.test(src[i - 1] ?? "");
      const close = src.indexOf(ch, i + 1);
      if (!wordBefore && close > i + 1 && src[close - 1] !== " ") {
        flush();
        out.push({ t: "em", c: parseInline(src.slice(i + 1, close), siteUrl, refused) });
        i = close + 1;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}

const HR = /^ {0,3}([-*_])( *\1){2,} *$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^ {0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^ {0,3}\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;

function parseBlocks(lines: string[], siteUrl: string, refused: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const card = CARD_LINE.exec(line.trim());
    if (card) {
      blocks.push({ t: "card", kind: card[1] as CardKind, id: card[2]! });
      i++;
      continue;
    }
    if (HR.test(line)) {
      blocks.push({ t: "hr" });
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(heading[1]!.length, 3) as 1 | 2 | 3;
      blocks.push({ t: "h", level, c: parseInline(heading[2]!, siteUrl, refused) });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) inner.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ t: "quote", blocks: parseBlocks(inner, siteUrl, refused) });
      continue;
    }
    const listKind = BULLET.test(line) ? "ul" : NUMBERED.test(line) ? "ol" : null;
    if (listKind) {
      const pattern = listKind === "ul" ? BULLET : NUMBERED;
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim()) {
        const item = pattern.exec(lines[i]!);
        if (item) items.push(item[1]!);
        else if (/^\s+\S/.test(lines[i]!) && items.length)
          items[items.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i++;
      }
      blocks.push({ t: listKind, items: items.map((item) => parseInline(item, siteUrl, refused)) });
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !CARD_LINE.test(lines[i]!.trim()) &&
      !HR.test(lines[i]!) &&
      !HEADING.test(lines[i]!) &&
      !QUOTE.test(lines[i]!) &&
      !(para.length === 0 && (BULLET.test(lines[i]!) || NUMBERED.test(lines[i]!)))
    ) {
      para.push(lines[i]!.trim());
      i++;
    }
    if (!para.length) {
      // A line no rule took (cannot happen with the rules above, but never loop).
      para.push(lines[i]!.trim());
      i++;
    }
    blocks.push({ t: "p", c: parseInline(para.join("\n"), siteUrl, refused) });
  }
  return blocks;
}

export function parseLetter(markdown: string, siteUrl: string): ParsedLetter {
  const refusedLinks: string[] = [];
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  return { blocks: parseBlocks(lines, siteUrl, refusedLinks), refusedLinks };
}

/** The cards a letter names, each once, in order of appearance. */
export function letterCardRefs(markdown: string): { kind: CardKind; id: string }[] {
  const seen = new Set<string>();
  const refs: { kind: CardKind; id: string }[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const m = CARD_LINE.exec(line.trim());
    if (m && !seen.has(`${m[1]}:${m[2]}`)) {
      seen.add(`${m[1]}:${m[2]}`);
      refs.push({ kind: m[1] as CardKind, id: m[2]! });
    }
  }
  return refs;
}

// ---------------------------------------------------------------------------------
// Cards: the site's own content, resolved by the server (or the screen's lists)

export type LetterCard =
  | {
      kind: "event";
      id: string;
      title: string;
      /** "Saturday, March 14, 2026 · 8:00 PM" */
      when: string;
      venue: string;
      city: string;
      ticketUrl: string | null;
      /** The site's page for it (absolute or a site path). */
      url: string;
    }
  | {
      kind: "product";
      id: string;
      title: string;
      imageUrl: string | null;
      /** Already formatted: "$14.00", "Name your price". */
      price: string;
      url: string;
    }
  | { kind: "track"; id: string; title: string; artist: string | null; url: string }
  | { kind: "video"; id: string; title: string; thumbnailUrl: string | null; url: string };

export const cardKey = (kind: CardKind, id: string) => `${kind}:${id}`;

export type CardLookup = ReadonlyMap<string, LetterCard>;

// ---------------------------------------------------------------------------------
// Rendering

/** The colours: from the site's active theme (letter-palette.ts); the default theme's when none is given. */
export type { LetterPalette } from "./palette";
const DEFAULT_PALETTE = letterPalette(null);

export interface LetterContent {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
}

export interface LetterOptions {
  siteUrl: string;
  siteName: string;
  cards: CardLookup;
  /** Preview shows a note where a card is missing; a sent letter leaves it out. */
  mode: "preview" | "send";
  /**
   * Rewrite every link to /newsletter/click/<campaignId>/<n> (n: index in `links`); the
   * redirect adds the campaign to a site link (tagLetterLink), so `links` keeps the
   * addresses as written.
   */
  trackClicksFor?: string | null;
  /**
   * The letter's slug: links to the site's own pages carry it as utm_campaign (with
   * utm_source=letters, utm_medium=email). None: links stay as written.
   */
  campaign?: string | null;
  /** Host names the site also answers as (SITE_PRODUCTION_HOST), besides siteUrl's. */
  ownHosts?: readonly string[];
  /** The public web version's address, when the letter is published. */
  webUrl?: string | null;
  palette?: LetterPalette;
  /** What the per-recipient links point to; the markers by default (the sender fills them). */
  footerLinks?: { unsubscribe: string; location: string };
}

export interface RenderedLetter {
  html: string;
  text: string;
  /** Every address the letter links to, in order, each once: /newsletter/click/<id>/<n>. */
  links: string[];
  refusedLinks: string[];
  missingCards: { kind: CardKind; id: string }[];
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function clickPath(campaignId: string, n: number): string {
  return `/newsletter/click/${campaignId}/${n}`;
}

const absolute = (url: string, siteUrl: string) =>
  url.startsWith("/") && !url.startsWith("//") ? `${siteUrl.replace(/\/+$/, "")}${url}` : url;

function inlineText(c: readonly Inline[], link: (url: string) => string): string {
  return c
    .map((n) => {
      switch (n.t) {
        case "text":
          return n.v;
        case "strong":
        case "em":
          return inlineText(n.c, link);
        case "link": {
          const label = inlineText(n.c, link);
          const written = n.href.replace(/^mailto:/, "");
          const target = link(n.href).replace(/^mailto:/, "");
          return label.trim() && label !== written ? `${label} (${target})` : target;
        }
        case "image":
          return n.alt ? `[${n.alt}]` : "";
      }
    })
    .join("");
}

/** Plain-text words of inline content (no addresses): the page title, a heading's id. */
export function inlinePlain(c: readonly Inline[]): string {
  return c
    .map((n) =>
      n.t === "text"
        ? n.v
        : n.t === "image"
          ? n.alt
          : n.t === "link"
            ? inlinePlain(n.c)
            : inlinePlain(n.c),
    )
    .join("");
}

export function renderLetter(content: LetterContent, options: LetterOptions): RenderedLetter {
  const { siteUrl, siteName, cards, mode } = options;
  const p = options.palette ?? DEFAULT_PALETTE;
  const { blocks, refusedLinks } = parseLetter(content.bodyMarkdown, siteUrl);
  const links: string[] = [];
  const missingCards: { kind: CardKind; id: string }[] = [];
  const ownHosts = letterOwnHosts(siteUrl, options.ownHosts);
  /** Where a link finally leads: the address, with the campaign when it is the site's. */
  const tagged = (url: string) => tagLetterLink(absolute(url, siteUrl), options.campaign, ownHosts);
  const href = (url: string): string => {
    const target = absolute(url, siteUrl);
    if (!options.trackClicksFor || target.startsWith("mailto:")) return tagged(target);
    let n = links.indexOf(target);
    if (n < 0) n = links.push(target) - 1;
    return `${siteUrl}${clickPath(options.trackClicksFor, n)}`;
  };
  const record = (url: string) => {
    const target = absolute(url, siteUrl);
    if (!target.startsWith("mailto:") && !links.includes(target)) links.push(target);
  };

  const font = "font-family:Inter,'Segoe UI',Helvetica,Arial,sans-serif";
  const serif = "font-family:'Playfair Display',Georgia,'Times New Roman',serif";
  const linkStyle = `color:${p.accent};text-decoration:underline`;

  const inlineHtml = (c: readonly Inline[]): string =>
    c
      .map((n) => {
        switch (n.t) {
          case "text":
            return escapeHtml(n.v).replace(/\n/g, "<br>");
          case "strong":
            return `<strong>${inlineHtml(n.c)}</strong>`;
          case "em":
            return `<em>${inlineHtml(n.c)}</em>`;
          case "link":
            if (!options.trackClicksFor) record(n.href);
            return `<a href="${escapeHtml(href(n.href))}" style="${linkStyle}">${inlineHtml(n.c)}</a>`;
          case "image":
            return `<img src="${escapeHtml(absolute(n.src, siteUrl))}" alt="${escapeHtml(n.alt)}" width="536" style="display:block;width:100%;max-width:536px;height:auto;border:0;border-radius:8px;margin:8px 0">`;
        }
      })
      .join("");

  const button = (label: string, url: string) => {
    if (!options.trackClicksFor) record(url);
    return `<a href="${escapeHtml(href(url))}" style="display:inline-block;background:${p.accent};color:${p.accentText};text-decoration:none;font-weight:600;padding:10px 20px;border-radius:999px;${font};font-size:14px">${escapeHtml(label)}</a>`;
  };

  const cardHtml = (card: LetterCard): string => {
    const box = (inner: string) =>
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid ${p.border};border-radius:12px;background:${p.page}"><tr><td style="padding:18px 20px">${inner}</td></tr></table>`;
    const title = (t: string) =>
      `<p style="margin:0 0 6px;${serif};font-size:20px;line-height:1.3;color:${p.text}">${escapeHtml(t)}</p>`;
    const line = (t: string) =>
      `<p style="margin:0 0 4px;${font};font-size:14px;line-height:1.5;color:${p.muted}">${escapeHtml(t)}</p>`;
    const actions = (...b: string[]) => `<p style="margin:14px 0 0">${b.join("&nbsp;&nbsp;")}</p>`;
    switch (card.kind) {
      case "event":
        return box(
          `<p style="margin:0 0 6px;${font};font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${p.accent}">Live</p>${title(card.title)}${line(card.when)}${line(`${card.venue}, ${card.city}`)}${actions(
            ...(card.ticketUrl ? [button(LETTER_TEXT.tickets, card.ticketUrl)] : []),
            button(LETTER_TEXT.details, card.url),
          )}`,
        );
      case "product":
        return box(
          `${card.imageUrl ? `<img src="${escapeHtml(absolute(card.imageUrl, siteUrl))}" alt="${escapeHtml(card.title)}" width="240" style="display:block;width:240px;max-width:100%;height:auto;border:0;border-radius:8px;margin:0 0 12px">` : ""}${title(card.title)}${line(card.price)}${actions(button(LETTER_TEXT.shop, card.url))}`,
        );
      case "track":
        return box(
          `${title(card.title)}${card.artist ? line(card.artist) : ""}${actions(button(LETTER_TEXT.listen, card.url))}`,
        );
      case "video": {
        const thumb = card.thumbnailUrl
          ? `<a href="${escapeHtml(href(card.url))}"><img src="${escapeHtml(absolute(card.thumbnailUrl, siteUrl))}" alt="${escapeHtml(card.title)}" width="480" style="display:block;width:100%;max-width:480px;height:auto;border:0;border-radius:8px;margin:0 0 12px"></a>`
          : "";
        if (thumb && !options.trackClicksFor) record(card.url);
        return box(`${thumb}${title(card.title)}${actions(button(LETTER_TEXT.watch, card.url))}`);
      }
    }
  };

  const row = (inner: string, pad = "0 0 16px") =>
    `<tr><td style="padding:${pad};${font};font-size:16px;line-height:1.6;color:${p.text}">${inner}</td></tr>`;

  const blockHtml = (b: Block, inQuote = false): string => {
    switch (b.t) {
      case "p":
        return row(`<p style="margin:0">${inlineHtml(b.c)}</p>`);
      case "h": {
        const size = { 1: 28, 2: 22, 3: 18 }[b.level];
        return row(
          `<h${b.level} style="margin:8px 0 0;${serif};font-weight:700;font-size:${size}px;line-height:1.25;color:${inQuote ? p.text : b.level === 1 ? p.accent : p.text}">${inlineHtml(b.c)}</h${b.level}>`,
        );
      }
      case "ul":
      case "ol":
        return row(
          `<${b.t} style="margin:0;padding:0 0 0 24px">${b.items.map((item) => `<li style="margin:0 0 6px">${inlineHtml(item)}</li>`).join("")}</${b.t}>`,
        );
      case "quote":
        return row(
          `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td style="border-left:3px solid ${p.accent};padding:4px 0 4px 16px;font-style:italic;color:${p.muted}"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${b.blocks.map((inner) => blockHtml(inner, true)).join("")}</table></td></tr></table>`,
        );
      case "hr":
        return row(`<hr style="border:0;border-top:1px solid ${p.border};margin:8px 0">`);
      case "card": {
        const card = cards.get(cardKey(b.kind, b.id));
        if (!card || card.kind !== b.kind) {
          missingCards.push({ kind: b.kind, id: b.id });
          return mode === "preview"
            ? row(
                `<p style="margin:0;padding:12px 16px;border:1px dashed ${p.muted};border-radius:8px;color:${p.muted};font-size:14px">${escapeHtml(LETTER_TEXT.missingCard(b.kind, b.id))}</p>`,
              )
            : "";
        }
        return row(cardHtml(card));
      }
    }
  };

  const bodyRows = blocks.map((b) => blockHtml(b)).join("\n");
  const footer = options.footerLinks ?? {
    unsubscribe: LETTER_LINK_MARKERS.unsubscribe,
    location: LETTER_LINK_MARKERS.location,
  };
  const webUrl = options.webUrl ? tagged(options.webUrl) : null;
  const webLink = webUrl
    ? `<a href="${escapeHtml(webUrl)}" style="color:${p.muted};text-decoration:underline">${LETTER_TEXT.webVersion}</a>`
    : "";
  // The preheader is the inbox's preview line: hidden text, padded so the client does
  // not fill the rest of the line with the letter's first words.
  const preheader = content.preheader.trim()
    ? `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${escapeHtml(content.preheader.trim())}${"&#8199;&#65279;&#847; ".repeat(40)}</div>`
    : "";

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark"><meta name="supported-color-schemes" content="dark"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${p.page};color:${p.text}">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="${p.page}" style="background:${p.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" bgcolor="${p.panel}" style="width:100%;max-width:600px;background:${p.panel};border:1px solid ${p.border};border-radius:16px">
<tr><td style="padding:32px 32px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
<tr><td style="padding:0 0 20px;${serif};font-size:13px;letter-spacing:3px;text-transform:uppercase;color:${p.accent}">${escapeHtml(siteName)}</td></tr>
${bodyRows}
</table></td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid ${p.border};${font};font-size:12px;line-height:1.6;color:${p.muted}">
<p style="margin:0 0 8px">${escapeHtml(LETTER_TEXT.footerWhy(siteName))}</p>
<p style="margin:0"><a href="${escapeHtml(footer.unsubscribe)}" style="color:${p.muted};text-decoration:underline">${LETTER_TEXT.unsubscribe}</a> · <a href="${escapeHtml(footer.location)}" style="color:${p.muted};text-decoration:underline">${LETTER_TEXT.location}</a>${webLink ? ` · ${webLink}` : ""}</p>
</td></tr>
</table></td></tr></table>
</body></html>`;

  const text = letterText(
    blocks,
    options,
    missingCards.length ? missingCards : null,
    footer,
    tagged,
    webUrl,
  );
  return { html, text, links, refusedLinks, missingCards };
}

function cardText(card: LetterCard, abs: (url: string) => string): string[] {
  switch (card.kind) {
    case "event":
      return [
        card.title.toUpperCase(),
        card.when,
        `${card.venue}, ${card.city}`,
        ...(card.ticketUrl ? [`${LETTER_TEXT.tickets}: ${abs(card.ticketUrl)}`] : []),
        `${LETTER_TEXT.details}: ${abs(card.url)}`,
      ];
    case "product":
      return [card.title.toUpperCase(), card.price, `${LETTER_TEXT.shop}: ${abs(card.url)}`];
    case "track":
      return [
        card.artist ? `${card.title} — ${card.artist}` : card.title,
        `${LETTER_TEXT.listen}: ${abs(card.url)}`,
      ];
    case "video":
      return [card.title, `${LETTER_TEXT.watch}: ${abs(card.url)}`];
  }
}

/**
 * The plain-text letter, from the same blocks: real addresses (no click redirects), the
 * site's own with the campaign (`link`).
 */
function letterText(
  blocks: readonly Block[],
  options: LetterOptions,
  missing: { kind: CardKind; id: string }[] | null,
  footer: { unsubscribe: string; location: string },
  link: (url: string) => string,
  webUrl: string | null,
): string {
  const out: string[] = [];
  const blockText = (b: Block, prefix = ""): string[] => {
    switch (b.t) {
      case "p":
        return inlineText(b.c, link)
          .split("\n")
          .map((l) => prefix + l);
      case "h": {
        const words = inlineText(b.c, link);
        return b.level === 1
          ? [prefix + words.toUpperCase(), prefix + "=".repeat(Math.min(words.length, 60))]
          : [prefix + words, prefix + "-".repeat(Math.min(words.length, 60))];
      }
      case "ul":
        return b.items.map((item) => `${prefix}- ${inlineText(item, link)}`);
      case "ol":
        return b.items.map((item, n) => `${prefix}${n + 1}. ${inlineText(item, link)}`);
      case "quote":
        return b.blocks.flatMap((inner, n) => [
          ...(n ? [`${prefix}>`] : []),
          ...blockText(inner, `${prefix}> `),
        ]);
      case "hr":
        return [prefix + "* * *"];
      case "card": {
        const card = options.cards.get(cardKey(b.kind, b.id));
        if (!card || card.kind !== b.kind) {
          return options.mode === "preview" && missing
            ? [prefix + LETTER_TEXT.missingCard(b.kind, b.id)]
            : [];
        }
        return cardText(card, link).map((l) => prefix + l);
      }
    }
  };
  out.push(options.siteName.toUpperCase(), "");
  for (const b of blocks) {
    const lines = blockText(b);
    if (lines.length) out.push(...lines, "");
  }
  out.push(
    "—",
    LETTER_TEXT.footerWhy(options.siteName),
    `${LETTER_TEXT.unsubscribe}: ${footer.unsubscribe}`,
    `${LETTER_TEXT.location}: ${footer.location}`,
  );
  if (webUrl) out.push(`${LETTER_TEXT.webVersion}: ${webUrl}`);
  return out.join("\n");
}
