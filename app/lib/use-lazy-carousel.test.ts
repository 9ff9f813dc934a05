import { describe, expect, it } from "vitest";
import { chunkUrlFromImportError } from "./use-lazy-carousel";

describe("chunkUrlFromImportError", () => {
  it("reads the chunk's URL from Chromium's and Firefox's messages, without an old query", () => {
    expect(
      chunkUrlFromImportError(
        new TypeError(
          "Failed to fetch dynamically imported module: http://127.0.0.1:4000/assets/embla-carousel.esm-DIh.js",
        ),
      ),
    ).toBe("http://127.0.0.1:4000/assets/embla-carousel.esm-DIh.js");
    expect(
      chunkUrlFromImportError(
        new TypeError(
          "error loading dynamically imported module: https://example.com/assets/embla-x.js?retry=1",
        ),
      ),
    ).toBe("https://example.com/assets/embla-x.js");
  });

  it("gives null when the message names no URL (Safari)", () => {
    expect(chunkUrlFromImportError(new TypeError("Importing a module script failed."))).toBeNull();
    expect(chunkUrlFromImportError("nope")).toBeNull();
  });
});
