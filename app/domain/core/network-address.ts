/**
 * Which network addresses are public: the one rule for the image addresses the back
 * office stores (visitors' browsers load them, so an address into a private network
 * would send every visitor's browser into their own) and for the server's image check
 * (which must never become a way into the server's own network). No Node APIs: the
 * admin forms refuse a private address in the browser with the same rule.
 *
 * IPv4: loopback, private, link-local (cloud metadata), carrier-grade NAT, "this
 * network", benchmarking, multicast and reserved ranges are not public. IPv6: the same
 * kinds (loopback, unspecified, unique local, link-local, the deprecated site-local
 * fec0::/10, multicast, documentation), and every form that carries an IPv4 address is
 * decoded and judged by the IPv4 rules: IPv4-mapped ::ffff:a.b.c.d, IPv4-translated
 * ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16
 * (the address after the prefix) and Teredo 2001::/32 (the server, and the client
 * address stored inverted in the last 32 bits). The local-use NAT64 prefix
 * 64:ff9b:1::/48 is not public at all: it only exists inside a network that runs its
 * own translator, and where the IPv4 address sits in it depends on that network.
 */

type Octets = [number, number, number, number];

const IPV4_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 included
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

/** [first group, prefix length in bits] of IPv6 networks that are never public. */
const IPV6_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed inside some networks)
  ["ff00::", 8], // multicast
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215)
  ["2001:db8::", 32], // documentation
];

/** The four octets of a dotted-decimal IPv4 address, or null. */
export function parseIPv4(text: string): Octets | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => o <= 255) ? (octets as Octets) : null;
}

/** The eight 16-bit groups of an IPv6 address (brackets and a zone allowed), or null. */
export function parseIPv6(text: string): number[] | null {
  let value = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const dotted = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (dotted) {
    const v4 = parseIPv4(dotted[1]!);
    if (!v4) return null;
    const tail = `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
    value = value.slice(0, value.length - dotted[1]!.length) + tail;
  }
  const halves = value.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (![...head, ...tail].every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail].map(
    (g) => parseInt(g, 16),
  );
}

const ipv4Number = (o: Octets) => ((o[0] << 24) | (o[1] << 16) | (o[2] << 8) | o[3]) >>> 0;

function inIPv4Network(address: Octets, [network, bits]: readonly [string, number]): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (ipv4Number(address) & mask) >>> 0 === (ipv4Number(parseIPv4(network)!) & mask) >>> 0;
}

function inIPv6Network(groups: number[], [network, bits]: readonly [string, number]): boolean {
  const prefix = parseIPv6(network)!;
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((groups[i]! & mask) !== (prefix[i]! & mask)) return false;
  }
  return true;
}

const octetsOf = (high: number, low: number): Octets => [
  high >> 8,
  high & 255,
  low >> 8,
  low & 255,
];

/**
 * The IPv4 addresses an IPv6 address carries (see the module comment), or null when it
 * is not one of those forms.
 */
export function embeddedIPv4(groups: number[]): Octets[] | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeros = (...gs: number[]) => gs.every((g) => g === 0);
  if (zeros(g0, g1, g2, g3, g4) && g5 === 0xffff) return [octetsOf(g6, g7)]; // mapped
  if (zeros(g0, g1, g2, g3) && g4 === 0xffff && g5 === 0) return [octetsOf(g6, g7)]; // translated
  // IPv4-compatible (deprecated); :: and ::1 are IPv6's own and judged as such.
  if (zeros(g0, g1, g2, g3, g4, g5) && !(g6 === 0 && g7 <= 1)) return [octetsOf(g6, g7)];
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return [octetsOf(g6, g7)]; // NAT64
  if (g0 === 0x2002) return [octetsOf(g1, g2)]; // 6to4
  if (g0 === 0x2001 && g1 === 0) {
    // Teredo: the server's address, then the client's, stored with every bit inverted.
    return [octetsOf(g2, g3), octetsOf(g6 ^ 0xffff, g7 ^ 0xffff)];
  }
  return null;
}

/**
 * True when `address` (an IPv4 or IPv6 literal, IPv6 with or without brackets) is a
 * public unicast address. Anything that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4) return !IPV4_NOT_PUBLIC.some((network) => inIPv4Network(v4, network));
  const v6 = parseIPv6(address);
  if (!v6) return false;
  if (v6.slice(0, 7).every((g) => g === 0) && v6[7]! <= 1) return false; // :: and ::1
  if (IPV6_NOT_PUBLIC.some((network) => inIPv6Network(v6, network))) return false;
  const carried = embeddedIPv4(v6);
  if (carried) return carried.every((o) => isPublicAddress(o.join(".")));
  return true;
}

// Names every resolver answers inside the local network, never on the internet.
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)\.?$/i;

/**
 * True when a URL's host can only mean something inside a private network: an address
 * that is not public, a local name (localhost, *.local, *.internal, *.home.arpa …), or a
 * single word that a resolver completes with the network's own domain.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (parseIPv4(host) || parseIPv6(host)) return !isPublicAddress(host);
  const name = host.replace(/\.$/, "");
  return name === "" || !name.includes(".") || LOCAL_NAME.test(name);
}
