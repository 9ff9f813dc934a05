/**
 * Resumable uploads on S3 (issue 13): the bytes of an unfinished upload live in the
 * bucket, so an upload started through one instance finishes through another, and the
 * lock of an upload is PostgreSQL's, so two instances never write one upload at once.
 * Against a real S3 server (OpenStack Swift, skipped with a message when missing) and
 * PostgreSQL when one answers (the lock), else PGlite.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import express from "express";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_ENDPOINT, type UploadedFile } from "~/domain/media/uploads";
import {
  SWIFT_SKIP_REASON,
  startSwiftS3,
  swiftInstalled,
  type SwiftS3,
} from "../testing/swift-s3.server";
import { noiseWav } from "../testing/wav.server";
import { createTestApp, type TestApp } from "../testing/test-app.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import {
  createS3Storage,
  s3ClientConfig,
  type ObjectStorage,
  type S3Config,
} from "./object-storage.server";
import { readUploadNames } from "./upload-names.server";
import { createUploadServer, type UploadServer } from "./uploads.server";

const withSwift = swiftInstalled();
if (!withSwift) console.warn(`uploads-s3.server.test.ts skipped: ${SWIFT_SKIP_REASON}`);
const kinds = await testDatabaseKinds();
const kind = kinds.includes("postgres") ? "postgres" : "pglite";
if (kind !== "postgres") {
  console.warn(
    "uploads-s3.server.test.ts: no PostgreSQL, so the cross-instance lock is not tested",
  );
}

const MB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

describe.skipIf(!withSwift)(`resumable uploads on S3 (${kind})`, () => {
  let swift: SwiftS3;
  let config: S3Config;
  let storage: ObjectStorage;
  let app: TestApp;
  let dataDirs: string[] = [];
  const servers: Server[] = [];
  let instances: { upload: UploadServer; base: string }[];
  let owner: { id: string; cookie: string };

  beforeAll(async () => {
    swift = await startSwiftS3();
    config = swift.config();
    storage = createS3Storage(config);
    await storage.prepare();
    app = await createTestApp(kind);
    owner = await app.createUser("uploader@example.com");
    // Two instances: one database, one bucket, each its own (empty) DATA_DIR.
    instances = [];
    for (let i = 0; i < 2; i++) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "uploads-s3-"));
      dataDirs.push(dataDir);
      const upload = createUploadServer({ db: app.t.db, dataDir, storage, s3: config });
      const server = express().use(UPLOAD_ENDPOINT, upload.handler);
      const http = await new Promise<Server>((resolve) => {
        const listening = server.listen(0, "127.0.0.1", () => resolve(listening));
      });
      servers.push(http);
      const address = http.address();
      const port = typeof address === "object" && address ? address.port : 0;
      instances.push({ upload, base: `http://127.0.0.1:${port}` });
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await app?.destroy();
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
    dataDirs = [];
    swift?.stop();
  });

  function send(
    instance: number,
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: Uint8Array | ReadableStream<Uint8Array>,
  ) {
    return fetch(new URL(url, instances[instance]!.base), {
      method,
      headers: { "Tus-Resumable": "1.0.0", Cookie: owner.cookie, ...headers },
      body: body instanceof Uint8Array ? Buffer.from(body) : body,
      ...(body && !(body instanceof Uint8Array) && { duplex: "half" }),
    } as RequestInit);
  }

  const create = async (instance: number, size: number) => {
    const created = await send(instance, "POST", UPLOAD_ENDPOINT, {
      "Upload-Length": String(size),
      "Upload-Metadata": meta({ kind: "audio", filename: "take.wav", filetype: "audio/wav" }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    return created.headers.get("location")!;
  };

  const patch = (
    instance: number,
    location: string,
    offset: number,
    body: Uint8Array | ReadableStream<Uint8Array>,
  ) =>
    send(
      instance,
      "PATCH",
      location,
      { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      body,
    );

  /** The bucket's top level: where unfinished uploads live; empty when none is left. */
  async function topLevelObjects(): Promise<string[]> {
    const client = new S3Client(s3ClientConfig(config));
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: config.bucket, Delimiter: "/" }),
    );
    return (page.Contents ?? []).map((object) => object.Key!);
  }

  const keyOf = (stored: UploadedFile) => stored.url.replace(/^\//, "");

  it("stores a finished upload in the bucket, through tus-js-client in chunks", async () => {
    const audio = noiseWav(12 * MB + 123);
    const result = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(audio, {
        endpoint: `${instances[0]!.base}${UPLOAD_ENDPOINT}`,
        chunkSize: 5 * MB,
        metadata: { kind: "audio", filename: "twelve.wav", filetype: "audio/wav" },
        headers: { Cookie: owner.cookie },
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
        onError: reject,
      });
      upload.start();
    });
    const stored = JSON.parse(result) as UploadedFile;
    expect(stored).toMatchObject({ kind: "audio", contentType: "audio/wav", size: audio.length });
    expect(stored.url).toMatch(/^\/uploads\/audio\/[0-9a-f]{32}\.wav$/);
    expect(sha256((await storage.read(keyOf(stored)))!)).toBe(sha256(audio));
    expect((await storage.stat(keyOf(stored)))?.contentType).toBe("audio/wav");
    expect((await readUploadNames(app.t.db, [stored.url])).get(stored.url)).toBe("twelve.wav");
    // Nothing of the upload is left behind: not in the bucket's top level, not on disk.
    expect(await topLevelObjects()).toEqual([]);
    expect(await fs.readdir(dataDirs[0]!, { recursive: true })).not.toContain("uploads");
  });

  it("finishes through a second instance what the first one started", async () => {
    const audio = noiseWav(11 * MB);
    const location = await create(0, audio.length);
    const first = await patch(0, location, 0, audio.subarray(0, 9 * MB));
    expect(first.status).toBe(204);

    const head = await send(1, "HEAD", location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(9 * MB);

    const last = await patch(1, location, offset, audio.subarray(offset));
    expect(last.status, await last.clone().text()).toBe(200);
    const stored = (await last.json()) as UploadedFile;
    expect(sha256((await storage.read(keyOf(stored)))!)).toBe(sha256(audio));
    // Either instance answers the kept result.
    const again = await send(0, "GET", `${location}/result`);
    expect(await again.json()).toEqual(stored);
    expect(await topLevelObjects()).toEqual([]);
  });

  it("refuses what is not audio and leaves nothing in the bucket", async () => {
    const stored = async () => {
      const keys: string[] = [];
      for await (const object of storage.list("uploads/audio/")) keys.push(object.key);
      return keys.sort();
    };
    const before = await stored();
    const notAudio = crypto.randomBytes(6 * MB);
    const location = await create(0, notAudio.length);
    const answer = await patch(0, location, 0, notAudio);
    // Named and typed as a WAV, its bytes are no audio at all: unreadable audio (decision 028).
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ title: "Audio processing failed" });
    expect(await topLevelObjects()).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it("removes unfinished uploads from the bucket after a day", async () => {
    const location = await create(1, 7 * MB);
    expect((await patch(1, location, 0, noiseWav(6 * MB))).status).toBe(204);
    expect((await topLevelObjects()).length).toBeGreaterThan(0);

    expect((await instances[0]!.upload.cleanup(new Date())).uploads).toBe(0);
    const removed = await instances[0]!.upload.cleanup(new Date(Date.now() + 25 * 3600_000));
    expect(removed.uploads).toBe(1);
    expect(removed.results).toBeGreaterThan(0);
    expect(await topLevelObjects()).toEqual([]);
    expect((await send(1, "HEAD", location)).status).toBe(404);
  });

  it.skipIf(kind !== "postgres")(
    "never lets two instances write one upload at once",
    async () => {
      const audio = noiseWav(2 * MB);
      const location = await create(0, audio.length);
      // Instance 0 receives a PATCH whose body is still coming.
      let push!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) });
      const events: string[] = [];
      const slow = patch(0, location, 0, body).then((r) => {
        events.push(`first ${r.status}`);
        return r;
      });
      push.enqueue(audio.subarray(0, MB));
      // Wait until instance 0 holds the lock: its PATCH is in (HEAD on 0 would ask it to let go).
      await new Promise((resolve) => setTimeout(resolve, 500));

      // Instance 1 tries to write the same bytes: it waits for the lock.
      const rival = patch(1, location, 0, audio).then((r) => {
        events.push(`rival ${r.status}`);
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      events.push("first body ends");
      push.enqueue(audio.subarray(MB));
      push.close();

      const [first, second] = await Promise.all([slow, rival]);
      expect(first.status).toBe(200);
      // The rival wrote nothing while the first held the upload: it was answered only
      // after the first body ended, and then its offset was stale.
      expect(second.status).toBe(409);
      expect(events[0]).toBe("first body ends");
      const stored = (await first.json()) as UploadedFile;
      expect(sha256((await storage.read(keyOf(stored)))!)).toBe(sha256(audio));
    },
    60_000,
  );
});
