/**
 * Resumable uploads in Chromium against the built server: the real UploadField sends a
 * 30 MB file through /api/uploads (tus), the connection is cut half-way, and the upload
 * continues where it stopped, after Retry on the same page and after a reload; the file
 * on disk is byte-identical. Refusals (no session, wrong content) show the spec's words.
 *
 * The admin screens that will hold the field are built in parallel, so the field is
 * mounted by a tiny test-only module (fixtures/upload-harness.tsx), bundled here with
 * Vite and served to the page from its own origin by Playwright: it runs inside a page
 * of the built site, with the site's cookies, CSP and stylesheet.
 */
import crypto from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page, Route } from "playwright-core";
import { build, type Rollup } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mp3Encoder } from "@breezystack/lamejs";
import {
  AUDIO_UNREADABLE,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_ENDPOINT,
  UPLOAD_TEXT,
  type UploadedFile,
} from "~/domain/media/uploads";
import { noiseWav } from "~/server/testing/wav.server";
import { allowHttpStatus, goto, setupBrowser, waitForNewToast } from "./helpers";
import { openAsOwner } from "./owner-session";
import { testServer } from "./test-server";

const browser = setupBrowser();
const { openPage, url, baseUrl } = browser;
const logFile = testServer().serverLogFile;
/** global-setup.ts starts the server with DATA_DIR beside its log. */
const dataDir = path.join(path.dirname(logFile), "data");

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HARNESS = path.join(ROOT, "tests/e2e/fixtures/upload-harness.tsx");
const HARNESS_PREFIX = "/__e2e/upload-harness/";
const MB = 1024 * 1024;

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");
const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 20_000, interval: 50, message });

let tmp: string;
let harnessChunks: Map<string, string>;

/** An MP4 (ftyp isom, then an mdat box) of `size` bytes. */
function mp4OfSize(size: number): Buffer {
  const b = Buffer.alloc(size);
  b.writeUInt32BE(24, 0);
  b.write("ftypisom", 4, "ascii");
  b.writeUInt32BE(0x200, 12);
  b.write("isomiso2", 16, "ascii");
  b.writeUInt32BE(size - 24, 24);
  b.write("mdat", 28, "ascii");
  crypto.randomFillSync(b, 32);
  return b;
}

async function fixture(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(tmp, name);
  await writeFile(file, bytes);
  return file;
}

/** The harness module and its chunks, bundled from source (React, the field, tus-js-client). */
async function bundleHarness(): Promise<Map<string, string>> {
  const result = (await build({
    configFile: false,
    mode: "production",
    root: ROOT,
    // Vitest runs with NODE_ENV=test, which would pick React's development JSX runtime.
    esbuild: { jsx: "automatic", jsxDev: false },
    logLevel: "silent",
    publicDir: false,
    resolve: { alias: { "~": path.join(ROOT, "app") } },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: false,
      copyPublicDir: false,
      lib: { entry: HARNESS, formats: ["es"], fileName: () => "upload-harness.js" },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = new Map<string, string>();
  for (const output of Array.isArray(result) ? result : [result]) {
    for (const item of output.output) {
      if (item.type === "chunk") chunks.set(item.fileName, item.code);
    }
  }
  return chunks;
}

/** Mounts the real UploadField (in a form with a Title field) into the page. */
async function mountField(
  page: Page,
  props: { kind: string; name: string; label: string; allowUrl?: boolean },
) {
  await page.route(
    (u) => u.pathname.startsWith(HARNESS_PREFIX),
    (route) => {
      const name = new URL(route.request().url()).pathname.slice(HARNESS_PREFIX.length);
      const code = harnessChunks.get(name);
      return code
        ? route.fulfill({ status: 200, contentType: "text/javascript", body: code })
        : route.fulfill({ status: 404, body: "" });
    },
  );
  // A string, not a function: Vitest would rewrite a function's import() for Node.
  const entry = JSON.stringify(`${HARNESS_PREFIX}upload-harness.js`);
  await page.evaluate(
    `import(${entry}).then((harness) => harness.mount(${JSON.stringify(props)}))`,
  );
  await page.locator("#harness-upload").waitFor();
}

const field = (page: Page) => page.locator('[data-slot="upload-field"]');
const uploadedFiles = (page: Page) =>
  page.evaluate(() => window.__uploadHarness?.uploaded ?? []) as Promise<UploadedFile[]>;

interface SeenRequest {
  method: string;
  offset: number | null;
}

/**
 * Watches the page's upload requests; while `cut()` says so, PATCH requests are
 * dropped before they leave the browser (net::ERR_ABORTED), as a dead connection would.
 */
async function watchUploads(page: Page, cut: (patchNumber: number) => boolean) {
  const seen: SeenRequest[] = [];
  let patches = 0;
  let dropped = 0;
  await page.route(
    (u) => u.pathname.startsWith(UPLOAD_ENDPOINT),
    async (route: Route) => {
      const request = route.request();
      if (request.method() === "PATCH") {
        patches += 1;
        if (cut(patches)) {
          dropped += 1;
          return route.abort("aborted");
        }
      }
      const offset = await request.headerValue("upload-offset");
      seen.push({ method: request.method(), offset: offset === null ? null : Number(offset) });
      return route.continue();
    },
  );
  return { seen, dropped: () => dropped };
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "jazz-uploads-e2e-"));
  harnessChunks = await bundleHarness();
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("a large upload through the real upload field", () => {
  it("sends 30 MB of audio, is cut half-way, continues after Retry, and stores it byte for byte", async () => {
    const bytes = noiseWav(30 * MB);
    const file = await fixture("session-take.wav", bytes);
    const { page } = await openAsOwner(browser, "/admin");
    await mountField(page, { kind: "audio", name: "audio_url", label: "Audio file" });
    await page.getByLabel("Title").fill("Late set, take 3");

    // Two chunks (12 MB) get through, then the connection drops the third.
    let connected = true;
    const uploads = await watchUploads(page, (n) => {
      if (n === 3) connected = false;
      return !connected;
    });

    await field(page).locator('input[type="file"]').setInputFiles(file);
    const alert = field(page).getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toBe(UPLOAD_TEXT.failedPrefix + UPLOAD_TEXT.interrupted);
    expect(uploads.dropped()).toBe(1);
    const bar = field(page).getByRole("progressbar");
    const shown = Number(await bar.getAttribute("aria-valuenow"));
    expect(shown).toBeGreaterThanOrEqual(40); // 12 of 30 MB arrived
    expect(shown).toBeLessThan(100);

    connected = true;
    await field(page).getByRole("button", { name: "Retry" }).click();
    await eventually(() => uploadedFiles(page).then((f) => f.length), "the stored file").toBe(1);
    const [stored] = await uploadedFiles(page);

    // One upload, resumed at exactly the 12 MB the server had, not started again.
    const posts = uploads.seen.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    const offsets = uploads.seen.filter((r) => r.method === "PATCH").map((r) => r.offset);
    expect(offsets).toEqual([0, 1, 2, 3, 4].map((i) => i * UPLOAD_CHUNK_SIZE));

    expect(stored).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/audio\/[0-9a-f]{32}\.wav$/),
      kind: "audio",
      contentType: "audio/wav",
      size: bytes.length,
      originalName: "session-take.wav",
      durationSeconds: Math.round((bytes.length - 44) / (44_100 * 4)),
    });
    const onDisk = await readFile(path.join(dataDir, stored!.url.slice(1)));
    expect(sha256(onDisk)).toBe(sha256(bytes));

    // The form carries the new URL and kept what the artist typed.
    expect(await page.locator('input[name="audio_url"]').inputValue()).toBe(stored!.url);
    expect(await page.getByLabel("Title").inputValue()).toBe("Late set, take 3");
    expect(await field(page).innerText()).toContain("Uploaded session-take.wav");
  }, 120_000);

  it("continues after a reload: the same file picked again resumes where it stopped", async () => {
    const bytes = mp4OfSize(13 * MB);
    const file = await fixture("concert.mp4", bytes);
    const { page } = await openAsOwner(browser, "/admin");
    await mountField(page, { kind: "video-large", name: "video_url", label: "Video file" });

    let cutting = true;
    const uploads = await watchUploads(page, (n) => n >= 2 && cutting);
    await field(page).locator('input[type="file"]').setInputFiles(file);
    await eventually(() => uploads.dropped(), "a dropped chunk").toBeGreaterThan(0);

    // The artist reloads the page and picks the same file again.
    await goto(page, "/admin");
    cutting = false;
    await mountField(page, { kind: "video-large", name: "video_url", label: "Video file" });
    await field(page).locator('input[type="file"]').setInputFiles(file);
    await eventually(() => uploadedFiles(page).then((f) => f.length), "the stored file").toBe(1);
    const [stored] = await uploadedFiles(page);

    expect(uploads.seen.filter((r) => r.method === "POST")).toHaveLength(1);
    const afterReload = uploads.seen.slice(uploads.seen.findLastIndex((r) => r.method === "HEAD"));
    expect(afterReload[0]).toMatchObject({ method: "HEAD" });
    expect(afterReload[1]).toEqual({ method: "PATCH", offset: UPLOAD_CHUNK_SIZE });
    expect(stored).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/),
      contentType: "video/mp4",
      size: bytes.length,
    });
    const onDisk = await readFile(path.join(dataDir, stored!.url.slice(1)));
    expect(sha256(onDisk)).toBe(sha256(bytes));
    // The public URL serves the same bytes.
    const served = await fetch(url(stored!.url));
    expect(served.status).toBe(200);
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
  });
});

describe("refusals", () => {
  it("refuses an upload without a session, from the server and in the field", async () => {
    const anonymous = await fetch(url(UPLOAD_ENDPOINT), {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        Origin: baseUrl,
        "Upload-Length": "100",
        "Upload-Metadata": `kind ${Buffer.from("image").toString("base64")}`,
      },
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: UPLOAD_TEXT.authRequired });

    const png = await fixture("signed-out.png", await pngBytes());
    const { page } = await openPage("/");
    allowHttpStatus(page, "POST", UPLOAD_ENDPOINT, 401);
    await mountField(page, { kind: "image", name: "image_url", label: "Image" });
    await field(page).locator('input[type="file"]').setInputFiles(png);
    await field(page).getByRole("alert").waitFor();
    expect(await field(page).getByRole("alert").innerText()).toBe(UPLOAD_TEXT.authRequired);
    expect(await page.locator('input[name="image_url"]').inputValue()).toBe("");
  });

  it("shows the spec's message for a text file named .png, before sending a byte", async () => {
    const text = await fixture("cover.png", Buffer.from("not a picture at all\n".repeat(20)));
    const { page } = await openAsOwner(browser, "/admin");
    const uploads = await watchUploads(page, () => false);
    await mountField(page, { kind: "image", name: "image_url", label: "Image" });
    await page.getByLabel("Title").fill("Poster");
    await field(page).locator('input[type="file"]').setInputFiles(text);
    await field(page).getByRole("alert").waitFor();
    expect(await field(page).getByRole("alert").innerText()).toBe(
      "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    );
    expect(uploads.seen).toEqual([]);
    expect(await page.getByLabel("Title").inputValue()).toBe("Poster");
  });

  it("shows the server's refusal of bytes that only look like a PNG, and keeps the form", async () => {
    const real = await pngBytes();
    const fake = await fixture(
      "artwork.png",
      Buffer.concat([real.subarray(0, 16), Buffer.alloc(2000, 0x41)]),
    );
    const { page } = await openAsOwner(browser, "/admin");
    // The upload's address is random: learn it from the creation's answer.
    await page.route(
      (u) => u.pathname === UPLOAD_ENDPOINT,
      async (route) => {
        const response = await route.fetch();
        const location = response.headers()["location"];
        if (location) allowHttpStatus(page, "PATCH", new URL(location, baseUrl).pathname, 422);
        await route.fulfill({ response });
      },
    );
    await mountField(page, { kind: "artwork", name: "artwork_url", label: "Artwork" });
    await page.getByLabel("Title").fill("Album cover");
    await field(page).locator('input[type="file"]').setInputFiles(fake);
    await field(page).getByRole("alert").waitFor();
    expect(await field(page).getByRole("alert").innerText()).toBe(
      "Please select a valid image file (JPEG, PNG, or WebP)",
    );
    expect(await page.getByLabel("Title").inputValue()).toBe("Album cover");
    expect(await page.locator('input[name="artwork_url"]').inputValue()).toBe("");
    expect(await uploadedFiles(page)).toEqual([]);
  });

  it("stores a real PNG named .jpg as a PNG and shows its preview", async () => {
    const png = await fixture("cover.jpg", await pngBytes());
    const { page } = await openAsOwner(browser, "/admin");
    await mountField(page, { kind: "image", name: "image_url", label: "Image", allowUrl: true });
    // "URL or file": a new entry starts with the address; switch to the file.
    await field(page).getByRole("button", { name: "Upload file" }).click();
    await field(page).locator('input[type="file"]').setInputFiles(png);
    await eventually(() => uploadedFiles(page).then((f) => f.length)).toBe(1);
    const [stored] = await uploadedFiles(page);
    expect(stored).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/images\/[0-9a-f]{32}\.png$/),
      contentType: "image/png",
      width: 3,
      height: 2,
    });
    expect(await page.locator('input[name="image_url"]').inputValue()).toBe(stored!.url);
    await eventually(() =>
      field(page)
        .getByRole("img", { name: "Preview of Image" })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBe(3);
  });
});

describe("audio that cannot be read", () => {
  const unreadable = `${AUDIO_UNREADABLE.title}: ${AUDIO_UNREADABLE.message}`;

  it("refuses random bytes called take.mp3 before sending a byte, and keeps the form", async () => {
    const noise = crypto.randomBytes(40_000).fill(0, 0, 4); // never an MPEG frame sync at 0
    const file = await fixture("take.mp3", noise);
    const { page } = await openAsOwner(browser, "/admin");
    const uploads = await watchUploads(page, () => false);
    await mountField(page, { kind: "audio", name: "audio_url", label: "Audio file" });
    await page.getByLabel("Title").fill("Blue Hour (live)");
    await field(page).locator('input[type="file"]').setInputFiles(file);
    await field(page).getByRole("alert").waitFor();
    expect(await field(page).getByRole("alert").innerText()).toBe(unreadable);
    expect(uploads.seen).toEqual([]);
    expect(await page.getByLabel("Title").inputValue()).toBe("Blue Hour (live)");
    expect(await page.locator('input[name="audio_url"]').inputValue()).toBe("");
  });

  it("shows the server's refusal of an MP3 that starts well and turns to noise, and stores a real one", async () => {
    const real = lameMp3(3);
    const corrupt = await fixture(
      "broken.mp3",
      Buffer.concat([real.subarray(0, 5000), Buffer.alloc(90_000, 0x5a)]),
    );
    const { page } = await openAsOwner(browser, "/admin");
    await page.route(
      (u) => u.pathname === UPLOAD_ENDPOINT,
      async (route) => {
        const response = await route.fetch();
        const location = response.headers()["location"];
        if (location) allowHttpStatus(page, "PATCH", new URL(location, baseUrl).pathname, 422);
        await route.fulfill({ response });
      },
    );
    await mountField(page, { kind: "audio", name: "audio_url", label: "Audio file" });
    await field(page).locator('input[type="file"]').setInputFiles(corrupt);
    await field(page).getByRole("alert").waitFor();
    expect(await field(page).getByRole("alert").innerText()).toBe(unreadable);
    expect(await page.locator('input[name="audio_url"]').inputValue()).toBe("");
    expect(await uploadedFiles(page)).toEqual([]);

    await field(page)
      .locator('input[type="file"]')
      .setInputFiles(await fixture("real.mp3", real));
    await eventually(() => uploadedFiles(page).then((f) => f.length)).toBe(1);
    const [stored] = await uploadedFiles(page);
    expect(stored).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/audio\/[0-9a-f]{32}\.mp3$/),
      contentType: "audio/mpeg",
      durationSeconds: 3,
    });
    expect(await field(page).getByRole("alert").count()).toBe(0);
  });
});

describe("the photo gallery's refusals", () => {
  it("are toasts ('Invalid file type') as well as beside the field", async () => {
    const { page } = await openAsOwner(browser, "/admin/photo-gallery");
    const form = page.getByRole("form", { name: "Add a photo" });
    await form.getByLabel("Title").fill("Not a photo");
    await form.getByRole("button", { name: "Upload file" }).click();
    await form.getByLabel("Image", { exact: true }).setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is text, not a picture\n".repeat(10)),
    });
    await waitForNewToast(
      page,
      "Invalid file type",
      "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    );
    expect(await form.locator('[data-slot="upload-field"]').getByRole("alert").innerText()).toBe(
      "Invalid file type: Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    );
    expect(await form.getByLabel("Title").inputValue()).toBe("Not a photo");
  });
});

/** A real MP3 from the LAME port (as the demo's): `seconds` of a tone. */
function lameMp3(seconds: number): Buffer {
  const encoder = new Mp3Encoder(1, 22_050, 64);
  const samples = new Int16Array(22_050 * seconds);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin(i / 8));
  const parts = [encoder.encodeBuffer(samples), encoder.flush()];
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
}

async function pngBytes(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: 3, height: 2, channels: 3, background: "#d4a017" } })
    .png()
    .toBuffer();
}
