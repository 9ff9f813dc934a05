import { describe, expect, it } from "vitest";
import { chunkUrlFromImportError, createActionQueue } from "./use-lazy-carousel";

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

describe("createActionQueue", () => {
  it("runs an action asked before the target arrives once it arrives, and only the latest", () => {
    const queue = createActionQueue<string[]>();
    const log: string[] = [];
    expect(queue.run((t) => t.push("first"))).toBe("queued");
    expect(queue.run((t) => t.push("second"))).toBe("queued");
    expect(log).toEqual([]);
    queue.attach(log);
    expect(log).toEqual(["second"]);
    // Nothing is left over to run twice.
    queue.attach(log);
    expect(log).toEqual(["second"]);
  });

  it("runs an action asked after the target arrived at once (a press before React re-rendered)", () => {
    const queue = createActionQueue<string[]>();
    const log: string[] = [];
    queue.attach(log);
    expect(queue.run((t) => t.push("next"))).toBe("ran");
    expect(log).toEqual(["next"]);
  });

  it("queues again once the target is gone", () => {
    const queue = createActionQueue<string[]>();
    const log: string[] = [];
    queue.attach(log);
    queue.detach();
    expect(queue.run((t) => t.push("later"))).toBe("queued");
    expect(log).toEqual([]);
  });
});
