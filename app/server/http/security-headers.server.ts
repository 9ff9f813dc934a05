/**
 * The security headers every answer of the site carries (helmet's), except the
 * Content-Security-Policy, which csp.server.ts makes per response or per kept page.
 */
import type { RequestHandler } from "express";
import helmet from "helmet";

export interface SecurityHeaders {
  middleware: RequestHandler;
  /** The same headers as pairs, for answers written ahead of the middleware (kept pages). */
  headers: readonly (readonly [string, string])[];
}

export function createSecurityHeaders(options: { https: boolean }): SecurityHeaders {
  const middleware = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https,
    // Not "no-referrer": under it browsers send `Origin: null` with a plain HTML form
    // POST even to their own site, which the Origin checks (ours and React Router's)
    // must refuse, so forms would not work without JavaScript. "same-origin" still
    // sends nothing to other sites.
    referrerPolicy: { policy: "same-origin" },
  });
  return { middleware, headers: headersSetBy(middleware) };
}

/**
 * What a middleware that only sets fixed headers (helmet's do; none reads the request)
 * sets, recorded once by running it on a stand-in response.
 */
function headersSetBy(middleware: RequestHandler): [string, string][] {
  const set = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
    },
  };
  let finished = false;
  middleware({} as never, recorder as never, () => (finished = true));
  if (!finished) throw new Error("The security headers' middleware did not pass the request on.");
  return [...set.values()];
}
