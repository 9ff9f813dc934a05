/**
 * Each browser-test file comes to the shared test servers as a visitor of its own.
 *
 * The app limits sign-ups, messages, checkouts and sign-ins per client address over ten
 * minutes. A worker's server serves file after file, and the PayPal-mode server serves
 * every file of both workers, all from 127.0.0.1: whether a file met a 429 depended on
 * which files had run just before it on the same server (a CI run went red so). The
 * servers trust loopback proxies (TRUST_PROXY=loopback, global-setup.ts), and every
 * request of this file to them says it was forwarded for this file's address: Node's
 * fetch through the wrapper installed here (a Vitest setup file, so once per file), the
 * browser through `clientAddressHeaders` in helpers.ts. A test that wants several
 * visitors still sends its own X-Forwarded-For, which is kept.
 */
import { randomInt } from "node:crypto";
import { inject } from "vitest";
import { testServer } from "./test-server";

/** An address from 198.18.0.0/15, the range set aside for testing (RFC 2544). */
export const FILE_CLIENT_ADDRESS = `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export const clientAddressHeaders = { "x-forwarded-for": FILE_CLIENT_ADDRESS };

// The PayPal stand-in too: it keeps each visitor's queued buyer actions apart.
const appOrigins = new Set(
  [testServer().baseUrl, inject("paypalAppUrl"), inject("fakePaypalUrl")].map(
    (url) => new URL(url).origin,
  ),
);

function urlOf(input: RequestInfo | URL): string {
  if (input instanceof Request) return input.url;
  return input instanceof URL ? input.href : input;
}

const fetchFromTheRunner = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(urlOf(input));
  if (!appOrigins.has(url.origin)) return fetchFromTheRunner(input, init);
  const headers = new Headers(
    init?.headers ?? (input instanceof Request ? input.headers : undefined),
  );
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", FILE_CLIENT_ADDRESS);
  return fetchFromTheRunner(input, { ...init, headers });
};
