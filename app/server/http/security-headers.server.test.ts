import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { createSecurityHeaders } from "./security-headers.server";

/** The headers a real response gets from the middleware. */
async function headersOnARealResponse(https: boolean) {
  const app = express();
  app.use(createSecurityHeaders({ https }).middleware);
  app.get("/", (_req, res) => res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<http.IncomingHttpHeaders>((resolve, reject) =>
      http
        .get(`http://127.0.0.1:${port}/`, (response) => {
          response.resume();
          resolve(response.headers);
        })
        .on("error", reject),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("createSecurityHeaders", () => {
  it.each([true, false])(
    "lists exactly the headers its middleware sets (https: %s), for kept pages",
    async (https) => {
      const real = await headersOnARealResponse(https);
      const listed = createSecurityHeaders({ https }).headers;
      expect(listed.length).toBeGreaterThan(5);
      for (const [name, value] of listed) expect(real[name.toLowerCase()], name).toBe(value);
      const listedNames = new Set(listed.map(([name]) => name.toLowerCase()));
      const securityNames = Object.keys(real).filter((name) =>
        /^(x-|cross-origin|origin-agent|referrer|strict-transport)/.test(name),
      );
      expect(securityNames.filter((name) => !listedNames.has(name))).toEqual([]);
      expect(listed.some(([name]) => /^strict-transport-security$/i.test(name))).toBe(https);
      expect(listed.some(([name]) => /^content-security-policy$/i.test(name))).toBe(false);
      expect(new Map(listed.map(([n, v]) => [n.toLowerCase(), v])).get("referrer-policy")).toBe(
        "same-origin",
      );
    },
  );
});
