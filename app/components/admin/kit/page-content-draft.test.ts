import { describe, expect, it } from "vitest";
import { draftOf, isDraftDirty, previewValues, type PageContentEntry } from "./page-content-draft";

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
