import { describe, expect, it } from "vitest";
import { isSafeStorageKey, storageKeyOfPublicPath } from "./storage-keys";

describe("isSafeStorageKey", () => {
  it("takes relative keys of ordinary parts", () => {
    expect(isSafeStorageKey("uploads/images/1f2e.jpg")).toBe(true);
    expect(isSafeStorageKey("private/sheet-music/Blue Monk (bass).pdf")).toBe(true);
    expect(isSafeStorageKey("variants/640/uploads/images/a.jpg.avif")).toBe(true);
  });

  it("refuses keys that could leave their folder or confuse a file system", () => {
    for (const key of [
      "",
      "/etc/passwd",
      "uploads/../private/x.pdf",
      "uploads/./x",
      "uploads//x",
      "uploads/x/",
      "..",
      "uploads\\..\\x",
      "uploads/x\u0000.jpg",
      "uploads/x\n.jpg",
      `uploads/${"a".repeat(600)}`,
    ]) {
      expect(isSafeStorageKey(key), JSON.stringify(key)).toBe(false);
    }
  });
});

describe("storageKeyOfPublicPath", () => {
  it("maps a public path to its key, decoded", () => {
    expect(storageKeyOfPublicPath("/uploads", "/uploads/images/a%20b.jpg")).toBe(
      "uploads/images/a b.jpg",
    );
  });

  it("refuses paths outside the prefix, encoded escapes and malformed escapes", () => {
    expect(storageKeyOfPublicPath("/uploads", "/private/x.pdf")).toBeNull();
    expect(storageKeyOfPublicPath("/uploads", "/uploadsx/y")).toBeNull();
    expect(storageKeyOfPublicPath("/uploads", "/uploads/%2e%2e/private/x.pdf")).toBeNull();
    expect(storageKeyOfPublicPath("/uploads", "/uploads/%E0%A4%A")).toBeNull();
  });
});
