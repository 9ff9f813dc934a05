/**
 * Every request body is capped before a handler reads it: once, a 50 MB POST to
 * /api/auth/* was read whole (about 0.5 GB of memory for one request) and answered 200.
 * The handler here reads its body as Better Auth's Node adapter does, to the end.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitRequestBodies } from "~/server/http/body-limit.server";

const CAP = 64 * 1024;

describe("the request body cap", () => {
  let base: URL;
  let close: () => void;
  const bytesRead: number[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(limitRequestBodies({ maxBytes: CAP, skip: (req) => req.path.startsWith("/uploads") }));
    const readWhole: express.RequestHandler = (req, res) => {
      let length = 0;
      req.on("data", (chunk: Buffer) => (length += chunk.length));
      req.on("end", () => {
        bytesRead.push(length);
        res.json({ length });
      });
    };
    app.post("/api/auth/sign-in/email", readWhole);
    app.post("/uploads", readWhole);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    close = () => server.close();
  });
  afterAll(() => close?.());

  /** Sends `total` bytes, with a Content-Length or chunked; resolves with the status. */
  function send(path: string, total: number, chunked: boolean) {
    return new Promise<number>((resolve, reject) => {
      const request = http.request(
        new URL(path, base),
        {
          method: "POST",
          headers: chunked
            ? { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }
            : { "Content-Type": "application/json", "Content-Length": String(total) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      // The server may hang up once it has answered; that is the point.
      request.on("error", (error: NodeJS.ErrnoException) =>
        ["EPIPE", "ECONNRESET"].includes(error.code ?? "") ? undefined : reject(error),
      );
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
          sent += piece.length;
          if (!request.write(piece)) return void request.once("drain", pump);
        }
        request.end();
      };
      pump();
    });
  }

  it("lets a body within the cap through whole", async () => {
    expect(await send("/api/auth/sign-in/email", 1000, false)).toBe(200);
    expect(await send("/api/auth/sign-in/email", CAP, true)).toBe(200);
    expect(bytesRead.slice(-2)).toEqual([1000, CAP]);
  });

  it("refuses a declared length over the cap with 413, before reading it", async () => {
    const before = bytesRead.length;
    expect(await send("/api/auth/sign-in/email", 50 * 1024 * 1024, false)).toBe(413);
    expect(bytesRead.length).toBe(before);
  });

  it("cuts off a chunked body once it passes the cap", async () => {
    const before = bytesRead.length;
    expect(await send("/api/auth/sign-in/email", 8 * 1024 * 1024, true)).toBe(413);
    expect(bytesRead.length).toBe(before);
  });

  it("leaves the upload endpoint to its own limits", async () => {
    expect(await send("/uploads", CAP * 4, false)).toBe(200);
  });
});
