/**
 * The shop dialog's image URL check (admin spec §5 "Shop item": a typed image URL
 * longer than 10 characters is probed with a HEAD request and must answer an image
 * content type). The server makes the request, so it must not become a way into the
 * server's own network (SSRF): addresses on loopback, private, link-local,
 * carrier-grade NAT, multicast and reserved ranges are refused, every address a name
 * resolves to is checked, the connection goes to the address that was checked (no
 * second lookup a rebinding DNS server could answer differently), redirects are
 * followed by hand (at most 3) and each hop is checked again, and the whole check has
 * a short time limit.
 */
import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { isWebUrl } from "~/domain/file-reference";

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

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 included
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["64:ff9b::", 96], // NAT64 onto IPv4
  ["2001:db8::", 32], // documentation
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}
blocked.addSubnet("127.0.0.0", 8, "ipv4");
blocked.addAddress("::1", "ipv6");

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or -compatible IPv6 one, else null. */
function embeddedIPv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups || groups.slice(0, 5).some((g) => g !== 0)) return null;
  if (groups[5] !== 0xffff && groups[5] !== 0) return null;
  // ::1 and :: are IPv6's own loopback and unspecified, not IPv4-compatible addresses.
  if (groups[5] === 0 && groups[6] === 0) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True when a request to `address` could reach the server's own network. */
export function isBlockedAddress(
  address: string,
  allowedForTests: readonly string[] = [],
): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 0) return true;
  if (allowedForTests.includes(bare)) return false;
  if (family === 6) {
    const v4 = embeddedIPv4(bare);
    if (v4) return isBlockedAddress(v4, allowedForTests);
  }
  return blocked.check(bare, family === 4 ? "ipv4" : "ipv6");
}

async function systemResolve(hostname: string): Promise<string[]> {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
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
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
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
