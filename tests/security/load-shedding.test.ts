/**
 * Overload sheds cleanly: past the limit of renders in flight a request gets 503 with
 * Retry-After at once, never a hung connection; capacity comes back as renders end,
 * including renders whose visitor hung up.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shedLoad } from "~/server/http/load-shedding.server";

describe("load shedding", () => {
  let base: string;
  let close: () => void;
  const waiting: Array<() => void> = [];
  beforeAll(async () => {
    const app = express();
    app.use(shedLoad({ maxInFlight: 2, retryAfterSeconds: 7 }));
    // A render that finishes when the test says so.
    app.get("/page", (_req, res) => {
      waiting.push(() => res.send("page"));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  const until = async (n: number) => {
    await expect.poll(() => waiting.length).toBeGreaterThanOrEqual(n);
  };

  it("turns the request past the limit away with 503 and Retry-After, and recovers", async () => {
    const first = fetch(`${base}/page`);
    const second = fetch(`${base}/page`);
    await until(2);
    const third = await fetch(`${base}/page`);
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("7");

    for (const finish of waiting.splice(0)) finish();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);

    const again = fetch(`${base}/page`);
    await until(1);
    waiting.splice(0).forEach((finish) => finish());
    expect((await again).status).toBe(200);
  });

  it("frees the place of a visitor who hung up", async () => {
    const gaveUp = new AbortController();
    const abandoned = fetch(`${base}/page`, { signal: gaveUp.signal }).catch(() => null);
    const other = fetch(`${base}/page`);
    await until(2);
    gaveUp.abort();
    await abandoned;
    // The abandoned render's place is free again once its connection closed.
    await expect
      .poll(async () => {
        const probe = fetch(`${base}/page`);
        const status = await Promise.race([
          probe.then((r) => r.status),
          new Promise<number>((resolve) => setTimeout(() => resolve(0), 200)),
        ]);
        return status === 503 ? "full" : "admitted";
      })
      .toBe("admitted");
    waiting.splice(0).forEach((finish) => finish());
    expect((await other).status).toBe(200);
  });
});
