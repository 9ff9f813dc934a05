import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SWIFT_SKIP_REASON,
  startSwiftS3,
  SWIFT_START_TIMEOUT_MS,
  swiftInstalled,
  type SwiftS3,
} from "../testing/swift-s3.server";
import {
  createDiskStorage,
  createS3Storage,
  UnsafeStorageKeyError,
  type ObjectStorage,
} from "./object-storage.server";

const withSwift = swiftInstalled();
if (!withSwift) console.warn(`object-storage S3 tests skipped: ${SWIFT_SKIP_REASON}`);

async function text(storage: ObjectStorage, key: string, range?: { start: number; end: number }) {
  const opened = await storage.open(key, range);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.body) chunks.push(chunk as Buffer);
  return { size: opened.info.size, text: Buffer.concat(chunks).toString() };
}

/** What both backends must do alike. */
function storageContract(make: () => Promise<ObjectStorage>) {
  let storage: ObjectStorage;
  let scratch: string;
  beforeAll(async () => {
    storage = await make();
    await storage.prepare();
    scratch = mkdtempSync(path.join(os.tmpdir(), "storage-scratch-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("is ready once prepared, and keeps what it was given", async () => {
    expect(await storage.isReady()).toBe(true);
    await storage.put("uploads/images/a b.txt", "hello, bucket", { contentType: "text/plain" });
    expect((await storage.read("uploads/images/a b.txt"))?.toString()).toBe("hello, bucket");
    const info = await storage.stat("uploads/images/a b.txt");
    expect(info?.size).toBe(13);
    expect(info?.lastModified.getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
  });

  it("answers a byte range with the whole size", async () => {
    await storage.put("uploads/audio/range.txt", "0123456789");
    expect(await text(storage, "uploads/audio/range.txt", { start: 2, end: 5 })).toEqual({
      size: 10,
      text: "2345",
    });
    expect(await text(storage, "uploads/audio/range.txt")).toEqual({
      size: 10,
      text: "0123456789",
    });
  });

  it("says null for what is not there, and removing twice is fine", async () => {
    expect(await storage.read("uploads/none.jpg")).toBeNull();
    expect(await storage.stat("uploads/none.jpg")).toBeNull();
    expect(await storage.open("uploads/none.jpg")).toBeNull();
    await storage.put("uploads/gone.txt", "x");
    await storage.remove("uploads/gone.txt");
    await storage.remove("uploads/gone.txt");
    expect(await storage.stat("uploads/gone.txt")).toBeNull();
  });

  it("stores and fetches local files, and moves objects", async () => {
    const local = path.join(scratch, "in.bin");
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    bytes.write("first bytes");
    writeFileSync(local, bytes);
    await storage.putFile("private/downloads/in.bin", local);
    await storage.move("private/downloads/in.bin", "private/downloads/moved.bin");
    expect(await storage.stat("private/downloads/in.bin")).toBeNull();
    const out = path.join(scratch, "out.bin");
    expect(await storage.readToFile("private/downloads/moved.bin", out)).toBe(true);
    expect(readFileSync(out).equals(bytes)).toBe(true);
    expect(await storage.readToFile("private/downloads/none.bin", out)).toBe(false);
  });

  it("lists by prefix, and only that prefix", async () => {
    await storage.put("uploads/list/one.txt", "1");
    await storage.put("uploads/list/deeper/two.txt", "22");
    await storage.put("private/list/three.txt", "333");
    const listed: [string, number][] = [];
    for await (const object of storage.list("uploads/list/"))
      listed.push([object.key, object.size]);
    expect(listed.sort()).toEqual([
      ["uploads/list/deeper/two.txt", 2],
      ["uploads/list/one.txt", 1],
    ]);
  });

  it("refuses keys that leave their folder, before any I/O", async () => {
    await expect(storage.put("../escape.txt", "x")).rejects.toThrow(UnsafeStorageKeyError);
    await expect(storage.read("uploads/../../etc/passwd")).rejects.toThrow(UnsafeStorageKeyError);
  });
}

describe("disk storage", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  storageContract(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "disk-storage-"));
    dirs.push(dir);
    return createDiskStorage(dir);
  });

  it("keeps the folder layout the site always had", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "disk-layout-"));
    dirs.push(dir);
    const storage = createDiskStorage(dir);
    await storage.put("uploads/images/x.jpg", "jpeg");
    expect(readFileSync(path.join(dir, "uploads", "images", "x.jpg"), "utf8")).toBe("jpeg");
  });

  it("is not ready when its folders are missing", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "disk-unready-"));
    dirs.push(dir);
    expect(await createDiskStorage(path.join(dir, "never-made")).isReady()).toBe(false);
  });
});

describe.skipIf(!withSwift)("S3 storage (OpenStack Swift)", () => {
  let swift: SwiftS3;
  beforeAll(async () => {
    swift = await startSwiftS3();
  }, SWIFT_START_TIMEOUT_MS);
  afterAll(() => swift?.stop());

  storageContract(async () => createS3Storage(swift.config()));

  it("makes its bucket once, even when two instances prepare at the same moment", async () => {
    const config = swift.config();
    await Promise.all([createS3Storage(config).prepare(), createS3Storage(config).prepare()]);
    expect(await createS3Storage(config).isReady()).toBe(true);
  });

  it("is not ready with the wrong secret, or when the server is gone", async () => {
    const wrong = { ...swift.config(), secretAccessKey: "not the secret" };
    const storage = createS3Storage(swift.config());
    await storage.prepare();
    expect(await createS3Storage({ ...wrong, bucket: swift.config().bucket }).isReady()).toBe(
      false,
    );
    const nowhere = createS3Storage({ ...swift.config(), endpoint: "http://127.0.0.1:9" });
    expect(await nowhere.isReady()).toBe(false);
  });
});
