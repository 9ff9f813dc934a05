/**
 * A small fixed-window rate limiter kept in process memory. Good enough for one
 * server: the limits guard the contact form and the newsletter against floods, and a
 * restart forgetting the counts costs nothing. Several servers behind a balancer would
 * each count on their own (documented in docs/decisions/009-public-pages.md).
 */
import { singleton } from "./singleton.server";

export interface RateLimitResult {
  allowed: boolean;
  /** How long until the window resets, when refused. */
  retryAfterMs: number;
}

export interface RateLimiter {
  hit(key: string, now?: number): RateLimitResult;
}

export function createRateLimiter(options: { limit: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  return {
    hit(key, now = Date.now()) {
      // Forget expired windows now and then, so the map never grows without bound.
      if (now - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + options.windowMs };
        windows.set(key, window);
      }
      if (window.count >= options.limit) {
        return { allowed: false, retryAfterMs: window.resetAt - now };
      }
      window.count++;
      return { allowed: true, retryAfterMs: 0 };
    },
  };
}

const TEN_MINUTES = 10 * 60_000;

/** 5 contact messages per address per 10 minutes. */
export const contactRateLimiter = () =>
  singleton("rate-limit:contact", () => createRateLimiter({ limit: 5, windowMs: TEN_MINUTES }));

/** 10 newsletter sign-ups per address per 10 minutes. */
export const newsletterRateLimiter = () =>
  singleton("rate-limit:newsletter", () => createRateLimiter({ limit: 10, windowMs: TEN_MINUTES }));
