/**
 * Behind a proxy, the client address (the key of every per-address limit) must be the
 * one the proxy saw. nginx, cloud load balancers and Cloudflare append the real
 * address to X-Forwarded-For, after whatever the client wrote there; TRUST_PROXY=true
 * took the client's made-up left-most entry, so every limit could be escaped.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/server/core/env.server";

describe("TRUST_PROXY", () => {
  it("refuses true, which would trust what the client writes", () => {
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(EnvError);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/X-Forwarded-For/);
  });

  it("takes off, a hop count, range names, addresses and CIDR ranges", () => {
    const read = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(read("false")).toBe(false);
    expect(read("")).toBe(false);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(read("1")).toBe(1);
    expect(read("2")).toBe(2);
    expect(read("loopback")).toEqual(["loopback"]);
    expect(read("loopback, 10.0.0.0/8, 2001:db8::/32, 192.0.2.10")).toEqual([
      "loopback",
      "10.0.0.0/8",
      "2001:db8::/32",
      "192.0.2.10",
    ]);
  });

  it("refuses what is neither", () => {
    for (const value of ["everyone", "10.0.0.0/33", "10.0.0/8", "1.2.3.4/x", "-1"]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(EnvError);
    }
  });
});

describe.each([
  ["a hop count", "1"],
  ["the proxy's address", "loopback"],
])("the client address behind one proxy, trusted by %s", (_name, setting) => {
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", parseEnv({ TRUST_PROXY: setting }).TRUST_PROXY);
    app.get("/ip", (req, res) => {
      res.send(req.ip);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  /** As the proxy forwards it: the client's own header, then the address it saw. */
  const viaProxy = (clientHeader: string | null, seen: string) =>
    fetch(`${base}/ip`, {
      headers: { "X-Forwarded-For": clientHeader ? `${clientHeader}, ${seen}` : seen },
    }).then((r) => r.text());

  it("is the address the proxy saw, whatever the client wrote before it", async () => {
    expect(await viaProxy(null, "203.0.113.5")).toBe("203.0.113.5");
    for (const madeUp of ["1.1.1.1", "10.0.0.1", "1.1.1.1, 2.2.2.2", "127.0.0.1"]) {
      expect(await viaProxy(madeUp, "203.0.113.5"), madeUp).toBe("203.0.113.5");
    }
  });
});
