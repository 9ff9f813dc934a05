/**
 * Cross-site request refusal for every state-changing request (anything but GET,
 * HEAD and OPTIONS). The browser's Origin header (or, when a privacy setting strips
 * it, the Referer) must be the site's own: SITE_URL's origin or the host the request
 * was sent to. A request with neither header cannot come from a cross-site page in a
 * current browser; it is let through only when it carries no cookies, i.e. when it
 * cannot act as anybody.
 */
import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_REFUSAL = "Cross-site request refused";

export interface OriginCheckInput {
  method: string;
  origin: string | undefined;
  referer: string | undefined;
  host: string | undefined;
  hasCookie: boolean;
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

export function isRequestFromOwnSite(input: OriginCheckInput, siteUrl: string): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return true;
  const claimed = input.origin ?? input.referer;
  if (claimed === undefined || claimed === "") return !input.hasCookie;
  const source = originOf(claimed);
  if (!source) return false; // "null" (opaque origins) and anything unparsable
  if (source === new URL(siteUrl).origin) return true;
  return Boolean(input.host) && new URL(source).host === input.host!.toLowerCase();
}

export function originCheck(options: { siteUrl: string; onRefused?: (info: object) => void }) {
  const handler: RequestHandler = (req, res, next) => {
    const input: OriginCheckInput = {
      method: req.method,
      origin: req.get("origin"),
      referer: req.get("referer"),
      host: req.get("host"),
      hasCookie: Boolean(req.get("cookie")),
    };
    if (isRequestFromOwnSite(input, options.siteUrl)) return next();
    options.onRefused?.({
      method: req.method,
      path: req.path,
      origin: input.origin,
      referer: input.referer,
    });
    res.status(403).set("Cache-Control", "no-store").json({ message: CROSS_SITE_REFUSAL });
  };
  return handler;
}
