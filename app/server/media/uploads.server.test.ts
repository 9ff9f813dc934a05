/**
 * The upload server over real HTTP: the Express piece server.ts mounts (with the
 * cross-site check in front, as there), on a random port, against a fresh database
 * and a fresh DATA_DIR. Requests speak the tus protocol by hand, and once through
 * tus-js-client itself.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_ENDPOINT, UPLOAD_TEXT, type UploadedFile } from "~/domain/media/uploads";
import { originCheck } from "../http/origin-check.server";
import { privateStorageKey } from "../shop/downloads.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import { createTestApp, type TestApp } from "../testing/test-app.server";
import { silentWav } from "../testing/wav.server";
import { Mp3Encoder } from "@breezystack/lamejs";
import { readUploadNames } from "./upload-names.server";
import { createUploadServer, type UploadServer } from "./uploads.server";

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/** A real MP3, as the demo makes them: `seconds` of a tone from the LAME port. */
function demoMp3(seconds: number): Buffer {
  const encoder = new Mp3Encoder(1, 22_050, 64);
  const samples = new Int16Array(22_050 * seconds);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin(i / 8));
  const parts = [encoder.encodeBuffer(samples), encoder.flush()];
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
}

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

async function exists(file: string) {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe.each(await testDatabaseKinds())("the upload server on %s", (kind) => {
  let app: TestApp;
  let dataDir: string;
  let uploads: UploadServer;
  let http: Server;
  let base: string;
  let owner: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let outsider: { id: string; cookie: string };
  let png: Buffer;

  beforeAll(async () => {
    app = await createTestApp(kind);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "uploads-test-"));
    uploads = createUploadServer({ db: app.t.db, dataDir });
    const server = express();
    server.use(originCheck({ siteUrl: app.siteUrl }));
    server.use(UPLOAD_ENDPOINT, uploads.handler);
    http = await new Promise<Server>((resolve) => {
      const listening = server.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const address = http.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    owner = await app.createUser("uploader@example.com");
    other = await app.createUser("other.admin@example.com");
    outsider = await app.createUser("not.listed@example.com", { allowListed: false });
    png = await sharp({
      create: { width: 3, height: 2, channels: 3, background: { r: 200, g: 150, b: 0 } },
    })
      .png()
      .toBuffer();
  });

  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await app?.destroy();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A tus request as the browser sends it: same-origin, with the session cookie. */
  function send(
    method: string,
    url: string,
    init: { cookie?: string; headers?: Record<string, string>; body?: Uint8Array } = {},
  ) {
    const headers: Record<string, string> = {
      "Tus-Resumable": "1.0.0",
      Origin: base,
      ...init.headers,
    };
    if (init.cookie) headers.Cookie = init.cookie;
    return fetch(new URL(url, base), {
      method,
      headers,
      body: init.body ? Buffer.from(init.body) : undefined,
    });
  }

  function create(
    cookie: string | undefined,
    fields: {
      kind: string;
      filename?: string;
      filetype?: string;
      [key: string]: string | undefined;
    },
    size: number,
  ) {
    const clean = Object.fromEntries(
      Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined),
    );
    return send("POST", UPLOAD_ENDPOINT, {
      cookie,
      headers: { "Upload-Length": String(size), "Upload-Metadata": meta(clean) },
    });
  }

  function patch(cookie: string, location: string, offset: number, body: Uint8Array) {
    return send("PATCH", location, {
      cookie,
      headers: {
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
      },
      body,
    });
  }

  /** Creates and sends a whole file in one PATCH; returns the last answer. */
  async function uploadWhole(
    cookie: string,
    fields: { kind: string; filename?: string; filetype?: string },
    bytes: Uint8Array,
  ) {
    const created = await create(cookie, fields, bytes.length);
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get("location")!;
    return { location, response: await patch(cookie, location, 0, bytes) };
  }

  it("refuses an upload from nobody, and from a signed-in address not on the allow-list", async () => {
    const anonymous = await create(undefined, { kind: "image" }, png.length);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: UPLOAD_TEXT.authRequired });
    const notListed = await create(outsider.cookie, { kind: "image" }, png.length);
    expect(notListed.status).toBe(403);
    expect(await notListed.json()).toEqual({ error: UPLOAD_TEXT.authRequired });
    // No upload was even started.
    expect(await filesUnder(uploads.dirs.incoming)).toEqual([]);
  });

  it("refuses an unknown kind, a missing length and a declared size over the kind's limit", async () => {
    for (const fields of [{ kind: "../../etc" }, { kind: "toString" }, { kind: "" }]) {
      const response = await create(owner.cookie, fields, 10);
      expect(response.status, fields.kind).toBe(400);
      expect(await response.json()).toEqual({ error: UPLOAD_TEXT.unknownKind });
    }
    const deferred = await send("POST", UPLOAD_ENDPOINT, {
      cookie: owner.cookie,
      headers: { "Upload-Defer-Length": "1", "Upload-Metadata": meta({ kind: "audio" }) },
    });
    expect(deferred.status).toBe(400);

    const tooBig = await create(owner.cookie, { kind: "photo" }, 10 * 1024 * 1024 + 1);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      title: "File too large",
      error: "Please select an image smaller than 10MB",
    });
    const hugeVideo = await create(owner.cookie, { kind: "video-large" }, 1500 * 1024 * 1024);
    expect(hugeVideo.status).toBe(413);
    expect((await hugeVideo.json()).error).toBe(
      "File size (1500.00 MB) exceeds the maximum allowed size of 1000MB",
    );
    expect(await filesUnder(uploads.dirs.incoming)).toEqual([]);
  });

  it("stores a real PNG called cover.jpg as a PNG under /uploads/images, with its size", async () => {
    const { location, response } = await uploadWhole(
      owner.cookie,
      { kind: "image", filename: "C:\\photos\\cover.jpg", filetype: "image/jpeg" },
      png,
    );
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("upload-offset")).toBe(String(png.length));
    const stored = (await response.json()) as UploadedFile;
    expect(stored).toEqual({
      url: expect.stringMatching(/^\/uploads\/images\/[0-9a-f]{32}\.png$/),
      kind: "image",
      contentType: "image/png",
      size: png.length,
      originalName: "cover.jpg",
      width: 3,
      height: 2,
    });
    // Its own name is kept by its address, for the screens to show later.
    expect((await readUploadNames(app.t.db, [stored.url])).get(stored.url)).toBe("cover.jpg");
    // On disk under DATA_DIR/uploads, byte for byte; nothing left in the incoming folder.
    const onDisk = path.join(uploads.dirs.publicDir, stored.url.replace(/^\/uploads\//, ""));
    expect(sha256(await fs.readFile(onDisk))).toBe(sha256(png));
    expect(await filesUnder(uploads.dirs.incoming)).toEqual([]);

    // The answer again, for a client that lost it; and HEAD says every byte is in.
    const again = await send("GET", `${location}/result`, { cookie: owner.cookie });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(stored);
    const head = await send("HEAD", location, { cookie: owner.cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(png.length));
    expect(head.headers.get("upload-length")).toBe(String(png.length));
    // tus never serves the bytes itself.
    expect((await send("GET", location, { cookie: owner.cookie })).status).toBe(405);
  });

  it("refuses a text file named cover.png with the spec's message, and deletes it", async () => {
    const text = Buffer.from("This is a text file, whatever its name says.\n");
    const { location, response } = await uploadWhole(
      owner.cookie,
      { kind: "photo", filename: "cover.png", filetype: "image/png" },
      text,
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      title: "Invalid file type",
      error: "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    });
    expect(await filesUnder(uploads.dirs.incoming)).toEqual([]);
    const stored = await filesUnder(uploads.dirs.publicDir);
    for (const file of stored) expect(await fs.readFile(file)).not.toEqual(text);
    // The refusal is kept for a client that lost it.
    const again = await send("GET", `${location}/result`, { cookie: owner.cookie });
    expect(again.status).toBe(415);
    expect((await again.json()).error).toBe(
      "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    );
  });

  it("refuses bytes that start like a PNG but are not one (422)", async () => {
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    const { response } = await uploadWhole(owner.cookie, { kind: "artwork" }, fake);
    expect(response.status).toBe(422);
    expect((await response.json()).error).toBe(
      "Please select a valid image file (JPEG, PNG, or WebP)",
    );
    expect(await filesUnder(uploads.dirs.incoming)).toEqual([]);
  });

  it("refuses a corrupt MP3 with 'Audio processing failed', and stores a real one with its length", async () => {
    const unreadable = {
      title: "Audio processing failed",
      error: "Could not extract audio information. Please try a different file.",
    };
    const real = demoMp3(3);
    const corrupt: [string, Buffer][] = [
      ["random bytes", crypto.randomBytes(50_000).fill(0, 0, 2)], // (never a frame sync at 0)
      ["a real MP3 cut off inside its second frame", real.subarray(0, 400)],
      [
        "a real MP3's start, then noise",
        Buffer.concat([real.subarray(0, 5000), Buffer.alloc(80_000, 0x5a)]),
      ],
    ];
    for (const [what, bytes] of corrupt) {
      const { location, response } = await uploadWhole(
        owner.cookie,
        { kind: "audio", filename: "take.mp3", filetype: "audio/mpeg" },
        bytes,
      );
      expect(response.status, what).toBe(422);
      expect(await response.json(), what).toEqual(unreadable);
      const again = await send("GET", `${location}/result`, { cookie: owner.cookie });
      expect(await again.json(), what).toEqual(unreadable);
    }
    expect(await filesUnder(uploads.dirs.incoming)).toEqual([]);
    expect((await filesUnder(uploads.dirs.publicDir)).filter((f) => f.endsWith(".mp3"))).toEqual(
      [],
    );

    const { response } = await uploadWhole(
      owner.cookie,
      { kind: "audio", filename: "take.mp3", filetype: "audio/mpeg" },
      real,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/audio\/[0-9a-f]{32}\.mp3$/),
      contentType: "audio/mpeg",
      durationSeconds: 3,
      originalName: "take.mp3",
    });
  });

  it("refuses a GIF as artwork", async () => {
    const gif = await sharp({
      create: { width: 2, height: 2, channels: 3, background: "#000" },
    })
      .gif()
      .toBuffer();
    const { response } = await uploadWhole(owner.cookie, { kind: "artwork" }, gif);
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe(
      "Please select a valid image file (JPEG, PNG, or WebP)",
    );
  });

  it("keeps an upload to the user who started it", async () => {
    const created = await create(owner.cookie, { kind: "audio", filename: "take.wav" }, 1000);
    const location = created.headers.get("location")!;
    const head = await send("HEAD", location, { cookie: other.cookie });
    expect(head.status).toBe(403);
    const theirs = await patch(other.cookie, location, 0, new Uint8Array(10));
    expect(theirs.status).toBe(403);
    expect(await theirs.json()).toEqual({ error: UPLOAD_TEXT.forbidden });
    expect((await send("DELETE", location, { cookie: other.cookie })).status).toBe(403);
    expect((await send("GET", `${location}/result`, { cookie: other.cookie })).status).toBe(403);
    expect((await send("HEAD", location)).status).toBe(401);
    // The owner still can, and may cancel it.
    const mine = await send("HEAD", location, { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("upload-offset")).toBe("0");
    expect(mine.headers.get("upload-metadata")).toContain(
      `userId ${Buffer.from(owner.id).toString("base64")}`,
    );
    expect((await send("DELETE", location, { cookie: owner.cookie })).status).toBe(204);
    expect((await send("HEAD", location, { cookie: owner.cookie })).status).toBe(404);
  });

  it("takes the owner from the session, never from the metadata", async () => {
    const created = await create(owner.cookie, { kind: "audio", userId: other.id }, 1000);
    const location = created.headers.get("location")!;
    expect((await send("HEAD", location, { cookie: other.cookie })).status).toBe(403);
    expect((await send("HEAD", location, { cookie: owner.cookie })).status).toBe(200);
    await send("DELETE", location, { cookie: owner.cookie });
  });

  it("resumes: bytes sent in parts, HEAD in between, a wrong offset refused", async () => {
    const audio = silentWav(3);
    const created = await create(
      owner.cookie,
      { kind: "audio", filename: "take.wav" },
      audio.length,
    );
    const location = created.headers.get("location")!;
    expect((await patch(owner.cookie, location, 0, audio.subarray(0, 1000))).status).toBe(204);
    const head = await send("HEAD", location, { cookie: owner.cookie });
    expect(head.headers.get("upload-offset")).toBe("1000");
    expect((await patch(owner.cookie, location, 0, audio.subarray(0, 10))).status).toBe(409);
    const last = await patch(owner.cookie, location, 1000, audio.subarray(1000));
    expect(last.status).toBe(200);
    const stored = (await last.json()) as UploadedFile;
    expect(stored).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/audio\/[0-9a-f]{32}\.wav$/),
      contentType: "audio/wav",
      durationSeconds: 3,
      originalName: "take.wav",
    });
    const onDisk = path.join(uploads.dirs.publicDir, stored.url.replace(/^\/uploads\//, ""));
    expect(sha256(await fs.readFile(onDisk))).toBe(sha256(audio));
    // A late PATCH to the finished upload sends the client back to HEAD.
    expect((await patch(owner.cookie, location, 1000, audio.subarray(1000))).status).toBe(409);
  });

  it("keeps PDFs private: under DATA_DIR/private, by a key the download handler resolves", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const { response } = await uploadWhole(
      owner.cookie,
      { kind: "pdf", filename: "lead-sheet.pdf" },
      pdf,
    );
    expect(response.status).toBe(200);
    const stored = (await response.json()) as UploadedFile;
    expect(stored).toMatchObject({
      url: expect.stringMatching(/^uploads\/[0-9a-f]{32}\.pdf$/),
      private: true,
      contentType: "application/pdf",
    });
    const file = path.join(uploads.dirs.privateDir, stored.url);
    expect(privateStorageKey(stored.url)).toBe(`private/${stored.url}`);
    expect(await fs.readFile(file)).toEqual(pdf);
    expect(await exists(path.join(uploads.dirs.publicDir, stored.url))).toBe(false);
  });

  it("refuses a cross-site PATCH before the upload server sees it", async () => {
    const created = await create(owner.cookie, { kind: "audio" }, 100);
    const location = created.headers.get("location")!;
    const crossSite = await send("PATCH", location, {
      cookie: owner.cookie,
      headers: {
        Origin: "https://evil.example",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(100),
    });
    expect(crossSite.status).toBe(403);
    expect(
      (await send("HEAD", location, { cookie: owner.cookie })).headers.get("upload-offset"),
    ).toBe("0");
    await send("DELETE", location, { cookie: owner.cookie });
  });

  it("works with tus-js-client, chunk by chunk, and answers the stored file on the last one", async () => {
    const audio = silentWav(5, 22_050);
    const result = await new Promise<{ body: string; url: string | null }>((resolve, reject) => {
      const upload = new tus.Upload(audio, {
        endpoint: `${base}${UPLOAD_ENDPOINT}`,
        chunkSize: 64 * 1024,
        metadata: { kind: "audio", filename: "five.wav", filetype: "audio/wav" },
        headers: { Cookie: owner.cookie, Origin: base },
        onSuccess: ({ lastResponse }) => resolve({ body: lastResponse.getBody(), url: upload.url }),
        onError: reject,
      });
      upload.start();
    });
    const stored = JSON.parse(result.body) as UploadedFile;
    expect(stored).toMatchObject({ kind: "audio", durationSeconds: 5, size: audio.length });
    const onDisk = path.join(uploads.dirs.publicDir, stored.url.replace(/^\/uploads\//, ""));
    expect(sha256(await fs.readFile(onDisk))).toBe(sha256(audio));
  });

  it("finishes an upload whose last answer never came, when the client asks for it", async () => {
    const audio = silentWav(1);
    const created = await create(owner.cookie, { kind: "audio" }, audio.length);
    const location = created.headers.get("location")!;
    const id = location.split("/").pop()!;
    // The bytes are all in, but the server stopped before it finished them.
    await fs.writeFile(path.join(uploads.dirs.incoming, id), audio);
    const answer = await send("GET", `${location}/result`, { cookie: owner.cookie });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ contentType: "audio/wav", durationSeconds: 1 });
    // While bytes are missing it says so.
    const partial = await create(owner.cookie, { kind: "audio" }, 1000);
    const partialLocation = partial.headers.get("location")!;
    expect((await send("GET", `${partialLocation}/result`, { cookie: owner.cookie })).status).toBe(
      409,
    );
    await send("DELETE", partialLocation, { cookie: owner.cookie });
  });

  it("removes unfinished uploads and kept answers after a day", async () => {
    const created = await create(owner.cookie, { kind: "video" }, 5000);
    const location = created.headers.get("location")!;
    await patch(owner.cookie, location, 0, new Uint8Array(100));
    expect((await filesUnder(uploads.dirs.incoming)).length).toBe(2);
    expect((await filesUnder(uploads.dirs.results)).length).toBeGreaterThan(0);

    expect(await uploads.cleanup(new Date())).toEqual({ uploads: 0, results: 0 });
    const later = new Date(Date.now() + 25 * 60 * 60_000);
    const removed = await uploads.cleanup(later);
    expect(removed.uploads).toBe(1);
    expect(removed.results).toBeGreaterThan(0);
    expect(await filesUnder(uploads.dirs.incoming)).toEqual([]);
    expect(await filesUnder(uploads.dirs.results)).toEqual([]);
    expect((await send("HEAD", location, { cookie: owner.cookie })).status).toBe(404);
  });

  it("limits how many uploads one user starts in a while", async () => {
    const limited = createUploadServer({
      db: app.t.db,
      dataDir,
      creationLimit: { max: 2, windowMs: 60_000 },
    });
    const server = express().use(UPLOAD_ENDPOINT, limited.handler);
    const listening = await new Promise<Server>((resolve) => {
      const s = server.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const address = listening.address();
      const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}${UPLOAD_ENDPOINT}`;
      const user = await app.createUser("busy.uploader@example.com");
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(url, {
          method: "POST",
          headers: {
            "Tus-Resumable": "1.0.0",
            Cookie: user.cookie,
            "Upload-Length": "10",
            "Upload-Metadata": meta({ kind: "audio" }),
          },
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(await response.json()).toEqual({ error: UPLOAD_TEXT.rateLimited });
          expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  });
});
