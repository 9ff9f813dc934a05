/**
 * The production-domain rule (public-site spec §2): on the artist's own host the index
 * redirects to /loe and the Home link goes to /home; elsewhere / is the home page.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { E2E_PRODUCTION_HOST } from "./global-setup";
import { testServer } from "./test-server";

function get(
  path: string,
  host?: string,
): Promise<{ status: number; location?: string; body: string }> {
  const url = new URL(path, testServer().baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: host ? { host } : {} }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
      );
    });
    request.on("error", reject);
  });
}

describe("the artist's production domain", () => {
  it("redirects / to /loe from the server", async () => {
    const response = await get("/", E2E_PRODUCTION_HOST);
    expect(response.status).toBe(302);
    expect(response.location).toBe("/loe");
  });

  it("points the Home link at /home and still serves /home", async () => {
    const response = await get("/home", E2E_PRODUCTION_HOST);
    expect(response.status).toBe(200);
    expect(response.body).toMatch(/<a[^>]+href="\/home"[^>]*>Home<\/a>/);
  });

  it("serves the home page at / on any other host, with Home linking to /", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.body).toMatch(/<a[^>]+href="\/"[^>]*>Home<\/a>/);
  });

  it("sends the 404 page's Go Home where the navigation's Home goes", async () => {
    const response = await get("/no-such-page", E2E_PRODUCTION_HOST);
    expect(response.status).toBe(404);
    expect(response.body).toMatch(
      /<a[^>]+href="\/home"[^>]*>(?:<svg[\s\S]*?<\/svg>)?\s*(?:<!-- -->)?\s*Go Home<\/a>/,
    );
    const elsewhere = await get("/no-such-page");
    expect(elsewhere.body).toMatch(
      /<a[^>]+href="\/"[^>]*>(?:<svg[\s\S]*?<\/svg>)?\s*(?:<!-- -->)?\s*Go Home<\/a>/,
    );
  });
});
