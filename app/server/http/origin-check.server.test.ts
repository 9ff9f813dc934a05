import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { CROSS_SITE_REFUSAL, isRequestFromOwnSite, originCheck } from "./origin-check.server";

const SITE = "https://artist.example";
const base = {
  method: "POST",
  origin: undefined,
  referer: undefined,
  host: "artist.example",
  hasCookie: true,
};

describe("isRequestFromOwnSite", () => {
  it.each([
    ["the site's origin", { origin: "https://artist.example" }, true],
    [
      "the request's own host (e.g. a preview address)",
      { origin: "http://10.0.0.5:3000", host: "10.0.0.5:3000" },
      true,
    ],
    [
      "a Referer from the site when Origin is stripped",
      { referer: "https://artist.example/admin" },
      true,
    ],
    ["another site", { origin: "https://evil.example" }, false],
    ["a look-alike subdomain", { origin: "https://artist.example.evil.example" }, false],
    ["the right host on another port", { origin: "https://artist.example:8443" }, false],
    ["an opaque origin", { origin: "null" }, false],
    ["a cross-site Referer", { referer: "https://evil.example/page" }, false],
    ["neither header, with cookies", {}, false],
    ["neither header, no cookies (cannot act as anyone)", { hasCookie: false }, true],
  ])("%s", (_label, overrides, expected) => {
    expect(isRequestFromOwnSite({ ...base, ...overrides }, SITE)).toBe(expected);
  });

  it("lets safe methods through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isRequestFromOwnSite({ ...base, method, origin: "https://evil.example" }, SITE)).toBe(
        true,
      );
    }
  });
});

describe("originCheck middleware in Express", () => {
  let server: Server;
  let url: string;
  let handled = 0;
  const refused: object[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(originCheck({ siteUrl: SITE, onRefused: (info) => refused.push(info) }));
    app.all("/admin", (_req, res) => {
      handled++;
      res.json({ ok: true });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("refuses a cross-site POST with a 403 before the route runs", async () => {
    const before = handled;
    const response = await fetch(`${url}/admin`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: "better-auth.session_token=x" },
      body: "intent=add&email=intruder@example.com",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: CROSS_SITE_REFUSAL });
    expect(handled).toBe(before);
    expect(refused.at(-1)).toMatchObject({
      method: "POST",
      path: "/admin",
      origin: "https://evil.example",
    });
  });

  it("lets a POST from the site itself and a POST to its own host through", async () => {
    const fromSite = await fetch(`${url}/admin`, { method: "POST", headers: { origin: SITE } });
    expect(fromSite.status).toBe(200);
    const sameHost = await fetch(`${url}/admin`, { method: "POST", headers: { origin: url } });
    expect(sameHost.status).toBe(200);
  });

  it("leaves GET alone", async () => {
    const response = await fetch(`${url}/admin`, { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(200);
  });
});
