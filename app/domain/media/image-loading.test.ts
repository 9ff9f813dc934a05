import { describe, expect, it } from "vitest";
import { LAZY_ROOT_MARGIN, nextRetryDelay } from "./image-loading";

describe("image retries", () => {
  it("retries twice, after 1 s and then 2 s, then gives up", () => {
    expect(nextRetryDelay(1)).toBe(1000);
    expect(nextRetryDelay(2)).toBe(2000);
    expect(nextRetryDelay(3)).toBeNull();
    expect(nextRetryDelay(0)).toBeNull();
  });

  it("starts lazy images 50 px ahead of the viewport", () => {
    expect(LAZY_ROOT_MARGIN).toBe("50px");
  });
});
