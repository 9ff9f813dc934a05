import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkImageUrl, isBlockedAddress, screenFileAddresses } from "./image-url-check.server";

/** Linux answers all of 127/8 on loopback: the test server gets its own address. */
const TEST_HOST = "127.0.0.2";

/** A local server: /image.png is an image, /page is HTML, /to-* redirect. */
let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    const redirect = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    switch (request.url) {
      case "/image.png":
        response.writeHead(200, { "content-type": "image/png" });
        return response.end();
      case "/page":
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return response.end();
      case "/to-image":
        return redirect("/image.png");
      case "/to-loopback":
        return redirect(`http://127.0.0.1:${(server.address() as AddressInfo).port}/image.png`);
      case "/to-private":
        return redirect("http://10.0.0.1/image.png");
      case "/loop":
        return redirect("/loop");
      default:
        response.writeHead(404);
        return response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, TEST_HOST, resolve));
  base = `http://${TEST_HOST}:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const testing = { allowAddressesForTests: [TEST_HOST] };

describe("image URL check", () => {
  it("refuses loopback and private addresses without sending anything", async () => {
    hits.length = 0;
    expect(await checkImageUrl(`${base}/image.png`)).toEqual({
      ok: false,
      reason: "blocked-address",
    });
    expect(await checkImageUrl("http://10.0.0.1/image.png")).toEqual({
      ok: false,
      reason: "blocked-address",
    });
    expect(hits).toEqual([]);
  });

  it("refuses a name that resolves to a private address, checking every address", async () => {
    const resolve = async () => ["93.184.215.14", "192.168.1.10"];
    expect(await checkImageUrl("https://images.example.com/cover.jpg", { resolve })).toEqual({
      ok: false,
      reason: "blocked-address",
    });
    expect(
      await checkImageUrl("http://localhost.example/cover.jpg", {
        resolve: async () => ["127.0.0.1"],
      }),
    ).toEqual({ ok: false, reason: "blocked-address" });
  });

  it("accepts an image and refuses another content type", async () => {
    expect(await checkImageUrl(`${base}/image.png`, testing)).toEqual({
      ok: true,
      contentType: "image/png",
    });
    expect(await checkImageUrl(`${base}/page`, testing)).toEqual({
      ok: false,
      reason: "not-image",
    });
    expect(await checkImageUrl(`${base}/missing.png`, testing)).toEqual({
      ok: false,
      reason: "http-error",
    });
  });

  it("follows a redirect and checks every hop", async () => {
    expect(await checkImageUrl(`${base}/to-image`, testing)).toMatchObject({ ok: true });
    hits.length = 0;
    expect(await checkImageUrl(`${base}/to-private`, testing)).toEqual({
      ok: false,
      reason: "blocked-address",
    });
    expect(await checkImageUrl(`${base}/loop`, testing)).toEqual({
      ok: false,
      reason: "too-many-redirects",
    });
    // The first request plus three redirects, no more.
    expect(hits.filter((h) => h === "HEAD /loop")).toHaveLength(4);
  });

  it("refuses a redirect to 127.0.0.1 from a server the check may reach", async () => {
    hits.length = 0;
    expect(await checkImageUrl(`${base}/to-loopback`, testing)).toEqual({
      ok: false,
      reason: "blocked-address",
    });
    // The test server answered the first hop; the image behind the redirect was never asked.
    expect(hits).toEqual(["HEAD /to-loopback"]);
  });

  it("refuses a local name without asking any resolver", async () => {
    let asked = false;
    const resolve = async () => {
      asked = true;
      return ["93.184.215.14"];
    };
    for (const url of [
      "http://localhost/a.png",
      "http://printer.local/a.png",
      "http://nas/a.png",
    ]) {
      expect(await checkImageUrl(url, { resolve })).toEqual({
        ok: false,
        reason: "blocked-address",
      });
    }
    expect(asked).toBe(false);
  });

  it("refuses what is not an http(s) address", async () => {
    expect(await checkImageUrl("ftp://example.com/a.png")).toEqual({
      ok: false,
      reason: "not-web-url",
    });
    expect(await checkImageUrl("file:///etc/passwd")).toEqual({
      ok: false,
      reason: "not-web-url",
    });
  });
});

describe("isBlockedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "[::1]",
    "not-an-ip",
    // IPv6 forms that carry an IPv4 address (issue 27), and site-local.
    "::ffff:0:7f00:1",
    "64:ff9b:1::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::1",
    "2002:a9fe:a9fe::",
    "2001:0:808:808::80ff:fffe",
    "2001:0:a00:1::f7f7:f7f7",
    "fec0::1",
  ])("blocks %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    "93.184.215.14",
    "172.32.0.1",
    "8.8.8.8",
    "2606:4700:4700::1111",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("lets %s through", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it("lets only the exact addresses a test names through", () => {
    expect(isBlockedAddress("127.0.0.2", ["127.0.0.2"])).toBe(false);
    expect(isBlockedAddress("127.0.0.1", ["127.0.0.2"])).toBe(true);
    expect(isBlockedAddress("10.0.0.1", ["127.0.0.2"])).toBe(true);
  });
});

describe("screenFileAddresses (before a file address is saved)", () => {
  const resolve = async (host: string) => {
    if (host === "inside.example.com") return ["10.0.0.7"];
    if (host === "mapped.example.com") return ["::ffff:0:7f00:1"];
    if (host === "gone.example.com") throw new Error("ENOTFOUND");
    return ["93.184.215.14"];
  };

  it("refuses, by field, an address into a private network, typed or resolved, without a request", async () => {
    const screened = await screenFileAddresses(
      {
        imageUrl: "http://169.254.169.254/latest/meta-data/",
        thumbnailUrl: "https://inside.example.com/a.jpg",
        artworkUrl: "https://mapped.example.com/a.jpg",
        videoUrl: "https://cdn.example.com/v.mp4",
      },
      { resolve },
    );
    expect(Object.keys(screened.refused).sort()).toEqual([
      "artworkUrl",
      "imageUrl",
      "thumbnailUrl",
    ]);
    expect(screened.refused.imageUrl).toMatch(/private network/);
    expect(screened.unreachable).toEqual([]);
  });

  it("lets an address it could not resolve through, named as unreachable", async () => {
    const screened = await screenFileAddresses(
      { imageUrl: "https://gone.example.com/a.jpg" },
      { resolve },
    );
    expect(screened).toEqual({ refused: {}, unreachable: ["gone.example.com"] });
  });

  it("gives up on a resolver that never answers, as unreachable", async () => {
    const screened = await screenFileAddresses(
      { imageUrl: "https://slow.example.com/a.jpg" },
      { resolve: () => new Promise<string[]>(() => {}), timeoutMs: 20 },
    );
    expect(screened).toEqual({ refused: {}, unreachable: ["slow.example.com"] });
  });
});
