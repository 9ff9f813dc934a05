import fs from "node:fs/promises";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SWIFT_SKIP_REASON,
  startSwiftS3,
  SWIFT_START_TIMEOUT_MS,
  swiftInstalled,
  type SwiftS3,
} from "../testing/swift-s3.server";
import { createDiskStorage, createS3Storage, type ObjectStorage } from "./object-storage.server";
import { PUBLIC_FILE_CACHE_CONTROL, publicFilesHandler } from "./public-files.server";

const withSwift = swiftInstalled();
if (!withSwift) console.warn(`public-files S3 tests skipped: ${SWIFT_SKIP_REASON}`);

const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

/** /uploads answers the same on both backends: what a visitor's browser relies on. */
function servesPublicFiles(make: () => Promise<ObjectStorage>) {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const storage = await make();
    await storage.prepare();
    await storage.put("uploads/audio/take one.mp3", AUDIO, { contentType: "audio/mpeg" });
    await storage.put("private/sheet-music/secret.pdf", "%PDF-1.7 secret");
    const app = express().use("/uploads", publicFilesHandler(storage));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  it("serves a file whole, typed, with long cache headers and a validator", async () => {
    const response = await fetch(`${base}/uploads/audio/take%20one.mp3`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("cache-control")).toBe(PUBLIC_FILE_CACHE_CONTROL);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await response.arrayBuffer()).equals(AUDIO)).toBe(true);

    const etag = response.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/uploads/audio/take%20one.mp3`, {
      // fetch adds "Cache-Control: no-cache" to a conditional request unless told otherwise.
      headers: { "If-None-Match": etag, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
  });

  it("answers a byte range, for seeking in a track", async () => {
    const response = await fetch(`${base}/uploads/audio/take%20one.mp3`, {
      headers: { Range: "bytes=100-199" },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(Buffer.from(await response.arrayBuffer()).equals(AUDIO.subarray(100, 200))).toBe(true);
    const outside = await fetch(`${base}/uploads/audio/take%20one.mp3`, {
      headers: { Range: "bytes=5000-" },
    });
    expect(outside.status).toBe(416);
  });

  it("answers 404 for what is not there, and never reaches private files", async () => {
    expect((await fetch(`${base}/uploads/audio/none.mp3`)).status).toBe(404);
    for (const attempt of [
      "/uploads/../private/sheet-music/secret.pdf",
      "/uploads/%2e%2e/private/sheet-music/secret.pdf",
      "/uploads/..%2fprivate/sheet-music/secret.pdf",
    ]) {
      const response = await fetch(`${base}${attempt}`);
      expect(response.status, attempt).not.toBe(200);
      expect(await response.text()).not.toContain("%PDF");
    }
  });
}

describe("public files on disk", () => {
  let dir: string;
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  servesPublicFiles(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "public-files-"));
    return createDiskStorage(dir);
  });
});

describe.skipIf(!withSwift)("public files from S3 (OpenStack Swift)", () => {
  let swift: SwiftS3;
  beforeAll(async () => {
    swift = await startSwiftS3();
  }, SWIFT_START_TIMEOUT_MS);
  afterAll(() => swift?.stop());
  servesPublicFiles(async () => createS3Storage(swift.config()));
});
