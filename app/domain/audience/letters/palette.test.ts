import { describe, expect, it } from "vitest";
import { hexToHsl, hslToHex, WCAG_AA_CONTRAST } from "../../content/theme/theme-color";
import {
  contrastOf,
  LETTER_PAGE_MAX_LUMINANCE,
  letterPalette,
  luminanceOf,
  type LetterPalette,
} from "./palette";
import { renderLetter } from "./letter";
import { DEFAULT_THEME } from "../../content/theme/theme";

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
const ratio = (a: string, b: string) => contrastOf(rgb(a), rgb(b));

/** Every text the letter writes, on every background it writes it on. */
function expectReadableAndDark(p: LetterPalette) {
  for (const key of Object.keys(p) as (keyof LetterPalette)[])
    expect(p[key], key).toMatch(/^#[0-9a-f]{6}$/);
  expect(luminanceOf(rgb(p.page))).toBeLessThanOrEqual(LETTER_PAGE_MAX_LUMINANCE);
  expect(luminanceOf(rgb(p.panel))).toBeLessThan(luminanceOf(rgb(p.text)));
  const pairs: [keyof LetterPalette, keyof LetterPalette][] = [
    ["text", "page"],
    ["text", "panel"],
    ["muted", "page"],
    ["muted", "panel"],
    ["accent", "page"],
    ["accent", "panel"],
    ["accentText", "accent"],
  ];
  for (const [fore, back] of pairs)
    expect(ratio(p[fore], p[back]), `${fore} on ${back}`).toBeGreaterThanOrEqual(WCAG_AA_CONTRAST);
}

/** The demo's second theme (demo-content.server.ts). */
const BLUE_NOTE_VELVET = {
  colors: {
    primary: "212 85% 62%",
    background: "222 42% 7%",
    foreground: "210 30% 94%",
    border: "220 22% 24%",
  },
};

describe("letterPalette", () => {
  it("makes the default theme's letter from its own colours, dark and readable", () => {
    const p = letterPalette(null);
    expect(p).toEqual(letterPalette(DEFAULT_THEME));
    expectReadableAndDark(p);
    // The theme's background and text, as the site shows them.
    expect(p.page).toBe(hslToHex("0 0% 6%"));
    expect(p.accentText).toBe(p.page);
    expect(hexToHsl(p.accent)).toMatch(/^4[4-6] \d+% 6\d%$/);
  });

  it("gives another theme other colours, still dark and readable", () => {
    const gold = letterPalette(null);
    const blue = letterPalette(BLUE_NOTE_VELVET);
    expectReadableAndDark(blue);
    expect(blue.page).not.toBe(gold.page);
    expect(blue.accent).not.toBe(gold.accent);
    expect(blue.text).not.toBe(gold.text);
    // Blue stays blue.
    expect(Number(hexToHsl(blue.accent)!.split(" ")[0])).toBeGreaterThan(200);
  });

  it("turns a light theme round, so the letter stays dark for mail clients' dark mode", () => {
    const p = letterPalette({
      colors: {
        primary: "220 70% 35%",
        background: "0 0% 100%",
        foreground: "220 20% 10%",
        border: "220 10% 85%",
      },
    });
    expectReadableAndDark(p);
    // The theme's text colour is the page.
    expect(p.page).toBe(hslToHex("220 20% 10%"));
  });

  it("lifts colours that would be hard to read to WCAG AA, and ignores broken values", () => {
    expectReadableAndDark(
      letterPalette({
        colors: { primary: "240 60% 25%", background: "0 0% 22%", foreground: "0 0% 45%" },
      }),
    );
    expect(letterPalette({ colors: { primary: "red", background: "}" } })).toEqual(
      letterPalette(null),
    );
  });

  it("is what the letter is painted with", () => {
    const p = letterPalette(BLUE_NOTE_VELVET);
    const { html } = renderLetter(
      { subject: "Hi", preheader: "", bodyMarkdown: "[Dates](/events)" },
      { siteUrl: "https://a.example", siteName: "A", cards: new Map(), mode: "send", palette: p },
    );
    expect(html).toContain(`background:${p.page}`);
    expect(html).toContain(`background:${p.panel}`);
    expect(html).toContain(`color:${p.accent}`);
    expect(html).toContain(`color:${p.text}`);
    expect(html).not.toContain(letterPalette(null).accent);
  });
});
