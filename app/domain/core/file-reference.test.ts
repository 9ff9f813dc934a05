import { describe, expect, it } from "vitest";
import {
  fileNameOf,
  isOwnUploadPath,
  isPrivateFileReference,
  isWebUrl,
  webUrlProblem,
} from "./file-reference";

describe("webUrlProblem", () => {
  it.each(["https://example.com", "http://example.com/a/b?c=d#e", "https://localhost:3000/x"])(
    "accepts %s",
    (url) => {
      expect(webUrlProblem(url)).toBeNull();
      expect(isWebUrl(url)).toBe(true);
    },
  );

  it.each(["", "example.com", "not a url", "https://exa mple.com", "/uploads/a.jpg", "https://"])(
    "calls %j not a web address",
    (url) => {
      expect(webUrlProblem(url)).toBe("invalid");
    },
  );

  it.each([
    "ftp://example.com/file.pdf",
    "javascript:alert(1)",
    "mailto:a@b.c",
    "data:text/html,x",
  ])("refuses the protocol of %s", (url) => {
    expect(webUrlProblem(url)).toBe("protocol");
    expect(isWebUrl(url)).toBe(false);
  });
});

describe("isOwnUploadPath", () => {
  it.each(["/uploads/a.jpg", "/uploads/images/2024/abc_DEF-1.webp"])("accepts %s", (path) => {
    expect(isOwnUploadPath(path)).toBe(true);
  });

  it.each([
    "/uploads/",
    "/uploads/../secret",
    "/uploads/a/./b.jpg",
    "/uploads//a.jpg",
    "/uploads/a b.jpg",
    "/uploadsx/a.jpg",
    "uploads/a.jpg",
    "https://example.com/uploads/a.jpg",
    "/uploads/a.jpg?x=1",
  ])("refuses %s", (path) => {
    expect(isOwnUploadPath(path)).toBe(false);
  });
});

describe("isPrivateFileReference", () => {
  it.each(["sheet-music/lowlight-walk-lead-sheet.pdf", "downloads/2024/album.zip"])(
    "accepts the storage key %s",
    (key) => {
      expect(isPrivateFileReference(key)).toBe(true);
    },
  );

  it.each([
    "lead-sheet.pdf",
    "example.com/file.pdf",
    "../etc/passwd",
    "sheet-music/../../etc/passwd",
    "/sheet-music/a.pdf",
    "sheet-music/",
    "https://example.com/a.pdf",
    "Sheet Music/a.pdf",
  ])("refuses %s", (key) => {
    expect(isPrivateFileReference(key)).toBe(false);
  });
});

describe("fileNameOf", () => {
  it("names a file by its last path segment, decoded, without query or fragment", () => {
    expect(fileNameOf("https://cdn.example.com/a/b/My%20Song.mp4?x=1")).toBe("My Song.mp4");
    expect(fileNameOf("/uploads/videos/ab12.mp4#t=3")).toBe("ab12.mp4");
    // A malformed escape is shown as it is rather than failing the row.
    expect(fileNameOf("/uploads/videos/50%.mp4")).toBe("50%.mp4");
  });
});
