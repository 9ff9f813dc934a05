import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("rate limiter", () => {
  it("allows the limit per key and window, then refuses until the window ends", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    expect(limiter.hit("a", 0).allowed).toBe(true);
    expect(limiter.hit("a", 10).allowed).toBe(true);
    expect(limiter.hit("a", 20)).toEqual({ allowed: false, retryAfterMs: 980 });
    expect(limiter.hit("b", 20).allowed).toBe(true);
    expect(limiter.hit("a", 1000).allowed).toBe(true);
  });
});
