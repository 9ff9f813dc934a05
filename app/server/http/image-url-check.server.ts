/**
 * The shop dialog's image URL check (admin spec §5 "Shop item": a typed image URL
 * longer than 10 characters is probed with a HEAD request and must answer an image
 * content type), and the address part of it that runs before any file address is saved
 * (`screenFileAddresses`, called by the admin action helper for every image, video,
 * artwork and audio address, docs/decisions/024). The server makes the request, so it
 * must not become a way into the server's own network (SSRF): only public addresses are
 * let through (the one rule, domain/core/network-address.ts: loopback, private, link-local,
 * carrier-grade NAT, multicast, reserved, and IPv6 forms judged by the IPv4 address they
 * carry), local names are refused without a lookup, every address a name resolves to is
 * checked, the connection goes to the address that was checked (no second lookup a
 * rebinding DNS server could answer differently), redirects are followed by hand (at
 * most 3) and each hop is checked again, and the whole check has a short time limit.
 */
import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { PRIVATE_FILE_ADDRESS_MESSAGE, isWebUrl } from "~/domain/core/file-reference";
import { isPrivateHost, isPublicAddress } from "~/domain/core/network-address";

export const IMAGE_CHECK_TIMEOUT_MS = 5_000;
export const IMAGE_CHECK_MAX_REDIRECTS = 3;

export type ImageUrlCheck =
  | { ok: true; contentType: string }
  | {
      ok: false;
      reason:
        | "not-web-url"
        | "blocked-address"
        | "unresolvable"
        | "too-many-redirects"
        | "not-image"
        | "http-error"
        | "unreachable";
    };

export interface ImageUrlCheckOptions {
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * Tests only: these exact addresses are let through (a local test server on
   * 127.0.0.2), everything else on loopback stays refused.
   */
  allowAddressesForTests?: readonly string[];
  /** Name → addresses; the system resolver unless told. */
  resolve?: (hostname: string) => Promise<string[]>;
}

/**
 * True when a request to `address` could reach the server's own network: anything but
 * a public unicast address (the one rule, domain/core/network-address.ts), IPv6 forms that
 * carry an IPv4 address judged by the address they carry.
 */
export function isBlockedAddress(
  address: string,
  allowedForTests: readonly string[] = [],
): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (net.isIP(bare) === 0) return true;
  if (allowedForTests.includes(bare)) return false;
  return !isPublicAddress(bare);
}

async function systemResolve(hostname: string): Promise<string[]> {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}

let hostResolver: (hostname: string) => Promise<string[]> = systemResolve;

/**
 * Tests only: answers name lookups without the network (createTestApp installs one), so
 * saving an image address never waits on a real resolver. null restores the system's.
 */
export function setHostResolverForTests(
  resolve: ((hostname: string) => Promise<string[]>) | null,
): void {
  hostResolver = resolve ?? systemResolve;
}

class Refused extends Error {
  constructor(readonly reason: Exclude<ImageUrlCheck, { ok: true }>["reason"]) {
    super(reason);
  }
}

/** The address to connect to for `hostname`, after checking every address it has. */
async function safeAddress(
  hostname: string,
  options: ImageUrlCheckOptions,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    // localhost, printer.local, a single word: private whatever this server resolves.
    if (isPrivateHost(host)) throw new Refused("blocked-address");
    const resolve = options.resolve ?? hostResolver;
    try {
      addresses = await withTimeout(resolve(host), options.timeoutMs ?? IMAGE_CHECK_TIMEOUT_MS);
    } catch {
      throw new Refused("unresolvable");
    }
  }
  if (addresses.length === 0) throw new Refused("unresolvable");
  if (addresses.some((a) => isBlockedAddress(a, options.allowAddressesForTests))) {
    throw new Refused("blocked-address");
  }
  const address = addresses[0]!;
  return { address, family: net.isIPv6(address) ? 6 : 4 };
}

/** `promise`, or a rejection after `ms` (a resolver that never answers). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

interface HeadAnswer {
  status: number;
  location: string | null;
  contentType: string;
}

function head(url: URL, target: { address: string; family: 4 | 6 }, signal: AbortSignal) {
  return new Promise<HeadAnswer>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "HEAD",
        signal,
        headers: { accept: "image/*", "user-agent": "image-url-check" },
        // Connect to the address we checked; TLS still checks the certificate for the name.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(
              null,
              [target],
            );
          } else {
            callback(null, target.address, target.family);
          }
        },
      },
      (response) => {
        response.resume();
        const type = response.headers["content-type"];
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
          contentType: (Array.isArray(type) ? type[0] : type) ?? "",
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Probes `raw` with HEAD: ok when it (after at most 3 checked redirects) answers an image type. */
export async function checkImageUrl(
  raw: string,
  options: ImageUrlCheckOptions = {},
): Promise<ImageUrlCheck> {
  const value = raw.trim();
  if (!isWebUrl(value)) return { ok: false, reason: "not-web-url" };
  const maxRedirects = options.maxRedirects ?? IMAGE_CHECK_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(options.timeoutMs ?? IMAGE_CHECK_TIMEOUT_MS);
  let url = new URL(value);
  try {
    for (let hop = 0; ; hop++) {
      const target = await safeAddress(url.hostname, options);
      const answer = await head(url, target, signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        if (hop >= maxRedirects) return { ok: false, reason: "too-many-redirects" };
        const next = new URL(answer.location, url);
        if (!isWebUrl(next.href)) return { ok: false, reason: "not-web-url" };
        url = next;
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) return { ok: false, reason: "http-error" };
      const contentType = answer.contentType.split(";")[0]!.trim().toLowerCase();
      return contentType.startsWith("image/")
        ? { ok: true, contentType }
        : { ok: false, reason: "not-image" };
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    return { ok: false, reason: "unreachable" };
  }
}

export type AddressCheck =
  { ok: true } | { ok: false; reason: "not-web-url" | "blocked-address" | "unresolvable" };

/**
 * The address part of the check, without a request: refused when it is not http(s) or
 * its host is (or resolves to) anything but a public address; "unresolvable" when the
 * name could not be resolved in time.
 */
export async function checkWebAddress(
  raw: string,
  options: ImageUrlCheckOptions = {},
): Promise<AddressCheck> {
  const value = raw.trim();
  if (!isWebUrl(value)) return { ok: false, reason: "not-web-url" };
  try {
    await safeAddress(new URL(value).hostname, options);
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused && error.reason !== "unresolvable") {
      return { ok: false, reason: "blocked-address" };
    }
    return { ok: false, reason: "unresolvable" };
  }
}

/**
 * Before file addresses (images, video files, artwork) are saved: the ones that point
 * into a private network, by field, with the message to show beside them; and the hosts
 * that could not be reached, whose addresses may be saved with a warning
 * (docs/decisions/024).
 */
export async function screenFileAddresses(
  addresses: Record<string, string>,
  options: ImageUrlCheckOptions = {},
): Promise<{ refused: Record<string, string>; unreachable: string[] }> {
  const refused: Record<string, string> = {};
  const unreachable: string[] = [];
  await Promise.all(
    Object.entries(addresses).map(async ([field, address]) => {
      const check = await checkWebAddress(address, options);
      if (check.ok) return;
      if (check.reason === "unresolvable") unreachable.push(new URL(address).hostname);
      else refused[field] = PRIVATE_FILE_ADDRESS_MESSAGE;
    }),
  );
  return { refused, unreachable };
}
