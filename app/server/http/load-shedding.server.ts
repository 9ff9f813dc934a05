/**
 * When more pages are being made than the process can finish in good time, the next
 * request is answered at once with 503 and Retry-After, instead of joining a queue
 * that only grows (under 100 connections, pages once waited for 6 to 9 seconds and
 * some never came). Health checks and static files are mounted ahead of this.
 */
import type { NextFunction, Request, Response } from "express";

/** Renders in flight per process; beyond this a request is turned away. */
export const MAX_RENDERS_IN_FLIGHT = 64;
export const RETRY_AFTER_SECONDS = 5;

export function shedLoad(options: { maxInFlight?: number; retryAfterSeconds?: number } = {}) {
  const maxInFlight = options.maxInFlight ?? MAX_RENDERS_IN_FLIGHT;
  const retryAfter = String(options.retryAfterSeconds ?? RETRY_AFTER_SECONDS);
  let inFlight = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    if (inFlight >= maxInFlight) {
      res
        .status(503)
        .set({ "Retry-After": retryAfter, "Cache-Control": "no-store" })
        .type("text/plain")
        .send("The site is very busy right now. Please try again in a few seconds.");
      return;
    }
    inFlight++;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      inFlight--;
    };
    // "close" covers both a finished answer and a visitor who gave up waiting.
    res.once("finish", release);
    res.once("close", release);
    next();
  };
}
