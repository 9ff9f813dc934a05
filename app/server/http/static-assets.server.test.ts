import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync, brotliCompressSync, brotliDecompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsEncoding, precompressedAssets } from "./static-assets.server";

describe("acceptsEncoding", () => {
  it("reads the header's list, with q=0 as a refusal", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("gzip;q=1.0, br;q=0.5", "br")).toBe(true);
    expect(acceptsEncoding("gzip, br;q=0", "br")).toBe(false);
    expect(acceptsEncoding("gzip", "br")).toBe(false);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
  });
});

describe("precompressedAssets", () => {
  const source = "export const answer = 42;\n".repeat(200);
  let dir: string;
  let base: string;
  let close: () => void;
  let server: Server;
  const errors: unknown[] = [];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "assets-"));
    await fs.writeFile(path.join(dir, "app-1.js"), source);
    await fs.writeFile(path.join(dir, "app-1.js.br"), brotliCompressSync(source));
    await fs.writeFile(path.join(dir, "app-1.js.gz"), gzipSync(source));
    await fs.writeFile(path.join(dir, "plain-1.js"), source);
    // Incompressible and large, so a request can be cut off half-way.
    await fs.writeFile(path.join(dir, "big-1.js"), "");
    await fs.writeFile(path.join(dir, "big-1.js.br"), randomBytes(8 * 1024 * 1024));
    const app = express();
    const options = {
      maxAge: "1y",
      immutable: true,
      setHeaders: (res: express.Response) => res.setHeader("X-Content-Type-Options", "nosniff"),
    };
    app.use("/assets", precompressedAssets(dir, options));
    app.use("/assets", express.static(dir, options));
    app.use(
      (
        error: unknown,
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        errors.push(error);
        if (!res.headersSent) res.status(500).end();
      },
    );
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close?.();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Raw bytes and headers: Node's fetch would undo the encoding. */
  async function get(file: string, acceptEncoding: string) {
    const { request } = await import("node:http");
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        request(
          `${base}/assets/${file}`,
          { headers: { "Accept-Encoding": acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        )
          .on("error", reject)
          .end();
      },
    );
  }

  it("sends the brotli copy to a browser that takes it, as JavaScript, cached for a year", async () => {
    const res = await get("app-1.js", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(brotliDecompressSync(res.body).toString()).toBe(source);
  });

  it("sends the gzip copy when brotli is not accepted", async () => {
    const res = await get("app-1.js", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(source);
  });

  it("leaves everything else to express.static", async () => {
    const identity = await get("app-1.js", "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(source);
    const noCopy = await get("plain-1.js", "br");
    expect(noCopy.headers["content-encoding"]).toBeUndefined();
    expect((await get("missing.js", "br")).status).toBe(404);
    expect((await get("..%2Fsecret.js", "br")).status).toBe(404);
  });

  it("passes no error on when the visitor leaves half-way through a file", async () => {
    const { request } = await import("node:http");
    const closed = new Promise<void>((resolve) =>
      server.once("request", (_req, res: ServerResponse) => res.once("close", () => resolve())),
    );
    await new Promise<void>((resolve, reject) => {
      const req = request(
        `${base}/assets/big-1.js`,
        { headers: { "Accept-Encoding": "br" } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on("error", reject).end();
    });
    await closed;
    // send reports the abort to its callback on a later turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toEqual([]);
  });

  it("answers 400, not 500, to a path whose percent-encoding is malformed", async () => {
    expect((await get("%", "br")).status).toBe(400);
    expect((await get("%zz", "gzip")).status).toBe(400);
    expect((await get("app-%E0%A4%A.js", "identity")).status).toBe(400);
  });
});
