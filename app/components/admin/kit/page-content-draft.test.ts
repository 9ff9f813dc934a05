import { describe, expect, it } from "vitest";
import {
  draftErrors,
  draftOf,
  entryKind,
  exactTime,
  isDraftDirty,
  previewValues,
  relativeTime,
  shortenText,
  type PageContentEntry,
} from "./page-content-draft";

const entry = (over: Partial<PageContentEntry> = {}): PageContentEntry => ({
  pageName: "about-hero",
  label: "About Hero",
  title: "About",
  description: null,
  paragraphSpacing: null,
  hasSpacing: true,
  ...over,
});

describe("page-content drafts", () => {
  it("starts from the stored entry, with the default spacing where the key offers it", () => {
    expect(draftOf(entry())).toEqual({ title: "About", description: "", paragraphSpacing: "mb-4" });
    expect(draftOf(entry({ hasSpacing: false })).paragraphSpacing).toBeNull();
  });

  it("is clean until something differs from what is stored", () => {
    const stored = entry({ description: "Bio", paragraphSpacing: "mb-6" });
    const draft = draftOf(stored);
    expect(isDraftDirty(stored, draft)).toBe(false);
    expect(isDraftDirty(stored, { ...draft, title: "About me" })).toBe(true);
    expect(isDraftDirty(stored, { ...draft, description: "Bio." })).toBe(true);
    expect(isDraftDirty(stored, { ...draft, paragraphSpacing: "mb-8" })).toBe(true);
  });

  it("treats a missing description as empty and a missing spacing as the default", () => {
    const stored = entry({ description: null, paragraphSpacing: null });
    expect(
      isDraftDirty(stored, { title: "About", description: "", paragraphSpacing: "mb-4" }),
    ).toBe(false);
    expect(
      isDraftDirty(stored, { title: "About", description: "", paragraphSpacing: "mb-2" }),
    ).toBe(true);
  });

  it("hands the preview an empty description as null, as it would be saved", () => {
    expect(previewValues({ title: "T", description: "", paragraphSpacing: null })).toEqual({
      title: "T",
      description: null,
      paragraphSpacing: null,
    });
  });
});

describe("the browser check of a draft", () => {
  const draft = { title: "Official Store", description: "", paragraphSpacing: null };

  it("passes a valid draft", () => {
    expect(draftErrors("shop-hero-title", draft)).toEqual({});
  });

  it("gives the spec's messages, as the server would", () => {
    expect(draftErrors("shop-hero-title", { ...draft, title: "   " })).toEqual({
      title: "Title is required",
    });
    expect(draftErrors("shop-hero-title", { ...draft, title: "t".repeat(201) })).toEqual({
      title: "Title must be under 200 characters",
    });
    expect(
      draftErrors("shop-hero-description", { ...draft, description: "d".repeat(1001) }),
    ).toEqual({ description: "Description must be under 1000 characters" });
  });

  it("applies the key's kind", () => {
    expect(
      draftErrors("footer-facebook-url", { ...draft, description: "facebook.com/band" }),
    ).toEqual({ description: "Please enter a valid URL starting with https:// or http://" });
    expect(draftErrors("contact-email", { ...draft, description: "nobody" })).toEqual({
      description: "Please enter a valid email address",
    });
  });
});

describe("entry kinds", () => {
  it("reads the kind, or the older image flag, or text", () => {
    expect(entryKind(entry({ kind: "url" }))).toBe("url");
    expect(entryKind(entry({ isImage: true }))).toBe("image");
    expect(entryKind(entry())).toBe("text");
  });
});

describe("version history wording", () => {
  it("shortens long text at a word, with an ellipsis, and flattens line breaks", () => {
    expect(shortenText("Short\ntext")).toBe("Short text");
    const long = "word ".repeat(60).trim();
    const short = shortenText(long, 40);
    expect(short.endsWith("…")).toBe(true);
    expect(short.length).toBeLessThanOrEqual(41);
    expect(short).not.toMatch(/ …$/);
    expect(shortenText("x".repeat(50), 10)).toBe(`${"x".repeat(10)}…`);
  });

  it("says when, relative to now", () => {
    const now = new Date("2025-06-15T12:00:00Z");
    const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000), now);
    expect(ago(5)).toBe("just now");
    expect(ago(50)).toBe("50 seconds ago");
    expect(ago(5 * 60)).toBe("5 minutes ago");
    expect(ago(3 * 3600)).toBe("3 hours ago");
    expect(ago(26 * 3600)).toBe("yesterday");
    expect(ago(4 * 86400)).toBe("4 days ago");
    expect(ago(15 * 86400)).toBe("2 weeks ago");
    expect(ago(400 * 86400)).toBe("last year");
  });

  it("gives the exact time", () => {
    expect(exactTime(new Date("2025-06-15T12:05:00Z"), "UTC")).toBe("15 Jun 2025, 12:05");
  });
});
