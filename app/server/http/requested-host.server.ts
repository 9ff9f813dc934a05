import type { IncomingMessage } from "node:http";

/** Express's compiled "trust proxy" setting: `app.get("trust proxy fn")`. */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * The host a request asked for, as Express's `req.host` says it: X-Forwarded-Host (its
 * first entry) only when the nearest hop is a trusted proxy, the Host header otherwise.
 * For code that answers before Express has dressed the request (the kept pages).
 */
export function requestedHostWith(trust: TrustProxy) {
  return (req: IncomingMessage): string | undefined => {
    const forwarded = header(req, "x-forwarded-host");
    if (forwarded && trust(req.socket.remoteAddress, 0)) {
      const comma = forwarded.indexOf(",");
      return comma === -1 ? forwarded : forwarded.slice(0, comma).trimEnd();
    }
    return header(req, "host");
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/**
 * The client's address as Express's `req.ip` says it: X-Forwarded-For entries are
 * walked from the nearest hop only while each hop is a trusted proxy (proxy-addr's
 * rule). For code that answers before Express (the analytics beacon).
 */
export function clientAddressWith(trust: TrustProxy) {
  return (req: IncomingMessage): string => {
    const socketAddress = req.socket.remoteAddress ?? "";
    const forwarded = header(req, "x-forwarded-for");
    if (!forwarded) return socketAddress;
    const hops = [
      socketAddress,
      ...forwarded
        .split(",")
        .map((part) => part.trim())
        .reverse(),
    ];
    for (let i = 0; i < hops.length - 1; i++) {
      if (!trust(hops[i], i)) return hops[i]!;
    }
    return hops[hops.length - 1]!;
  };
}
