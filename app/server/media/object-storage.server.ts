/**
 * Where the site's files live (docs/decisions/022-object-storage.md): one key space
 * for both backends, so nothing above this module knows which one is configured.
 *
 *   uploads/<folder>/<name>   public media, served at /uploads/<folder>/<name>
 *   private/<folder>/<name>   sheet-music PDFs and paid downloads, never served directly
 *   variants/<width>/<path>   image variants (S3 only; on disk they stay in DATA_DIR/cache)
 *
 * On disk a key is a path under DATA_DIR (the layout the site always had). With the
 * S3_* variables set it is an object key in the bucket, so every instance sees the same
 * files with no shared volume.
 */
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { isSafeStorageKey } from "~/domain/media/storage-keys";
import type { Env } from "../core/env.server";

export type S3Config = NonNullable<Env["s3"]>;

export interface StoredObjectInfo {
  size: number;
  lastModified: Date;
  etag?: string;
  contentType?: string;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** An inclusive byte range, already checked against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedObject {
  info: StoredObjectInfo;
  body: Readable;
}

export interface ObjectStorage {
  readonly kind: "disk" | "s3";
  /** For logs and /readyz: the folder or the bucket. */
  readonly location: string;
  put(key: string, body: Uint8Array | string, options?: { contentType?: string }): Promise<void>;
  /** Stores a local file (streamed: it may be large). */
  putFile(key: string, file: string, options?: { contentType?: string }): Promise<void>;
  /** Moves a local file in (a rename on disk; an upload, then removal, on S3). */
  moveIn(key: string, file: string): Promise<void>;
  /** Moves an object within the storage (a rename on disk, a server-side copy on S3). */
  move(from: string, to: string, options?: { contentType?: string }): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  /** Writes the object to a local file; false when there is no such object. */
  readToFile(key: string, file: string): Promise<boolean>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  open(key: string, range?: ByteRange): Promise<OpenedObject | null>;
  remove(key: string): Promise<void>;
  /** Every object under `prefix` ("uploads/"), in no particular order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Reachable, readable and writable: what /readyz reports. */
  isReady(): Promise<boolean>;
  /** Makes the folders, or the bucket when it does not exist yet. */
  prepare(): Promise<void>;
}

export class UnsafeStorageKeyError extends Error {
  override name = "UnsafeStorageKeyError";
  constructor(key: string) {
    super(`Refused storage key ${JSON.stringify(key)}`);
  }
}

function checkedKey(key: string): string {
  if (!isSafeStorageKey(key)) throw new UnsafeStorageKeyError(key);
  return key;
}

/** The storage the environment configures: the bucket when S3_* is set, else DATA_DIR. */
export function createObjectStorage(env: Pick<Env, "DATA_DIR" | "s3">): ObjectStorage {
  return env.s3 ? createS3Storage(env.s3) : createDiskStorage(env.DATA_DIR);
}

const TOP_FOLDERS = ["uploads", "private"];

export function createDiskStorage(dataDir: string): ObjectStorage {
  const root = path.resolve(dataDir);
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split("/"));
  const missing = (error: unknown) =>
    ["ENOENT", "ENOTDIR", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

  /** Written beside the target, then renamed: readers never see half a file. */
  async function writeWhole(key: string, write: (temporary: string) => Promise<void>) {
    const target = fileOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      await write(temporary);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async function moveFile(from: string, key: string) {
    const target = fileOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(from, target);
    } catch (error) {
      // Another file system than the source's.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await writeWhole(key, (temporary) => fs.copyFile(from, temporary));
      await fs.rm(from, { force: true });
    }
  }

  async function stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const found = await fs.stat(fileOf(key));
      return found.isFile() ? { size: found.size, lastModified: found.mtime } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async function* walk(folder: string, prefix: string): AsyncGenerator<ListedObject> {
    let entries;
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), `${key}/`);
      else if (entry.isFile() && !entry.name.endsWith(".tmp")) {
        const found = await fs.stat(path.join(folder, entry.name)).catch(() => null);
        if (found) yield { key, size: found.size, lastModified: found.mtime };
      }
    }
  }

  return {
    kind: "disk",
    location: root,
    put: (key, body) => writeWhole(key, (temporary) => fs.writeFile(temporary, body)),
    putFile: (key, file) => writeWhole(key, (temporary) => fs.copyFile(file, temporary)),
    moveIn: (key, file) => moveFile(file, key),
    move: (from, to) => moveFile(fileOf(from), to),
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async readToFile(key, file) {
      if (!(await stat(key))) return false;
      await fs.copyFile(fileOf(key), file);
      return true;
    },
    stat,
    async open(key, range) {
      const info = await stat(key);
      if (!info) return null;
      const body = createReadStream(fileOf(key), range ?? {});
      return { info, body };
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    list(prefix) {
      const folder = prefix.replace(/\/+$/, "");
      if (folder && !isSafeStorageKey(folder)) throw new UnsafeStorageKeyError(prefix);
      return walk(folder ? fileOf(folder) : root, folder ? `${folder}/` : "");
    },
    async isReady() {
      try {
        await Promise.all(
          TOP_FOLDERS.map((folder) =>
            fs.access(path.join(root, folder), fs.constants.R_OK | fs.constants.W_OK),
          ),
        );
        return true;
      } catch {
        return false;
      }
    },
    async prepare() {
      await Promise.all(
        TOP_FOLDERS.map((folder) => fs.mkdir(path.join(root, folder), { recursive: true })),
      );
    },
  };
}

/** The client settings of a bucket, shared with the resumable-upload store. */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // A bucket that stops answering must not hold a request (or /readyz) for minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
    maxAttempts: 3,
    // Checksums only where S3 demands them: the SDK's default streams bodies "aws-chunked"
    // with trailing checksums, which S3-compatible servers (Swift, Ceph, older MinIO) refuse.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name;
  return status === 404 || name === "NoSuchKey" || name === "NotFound";
}

export function createS3Storage(config: S3Config, client = new S3Client(s3ClientConfig(config))) {
  const Bucket = config.bucket;

  async function stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
      return {
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
        etag: head.ETag,
        contentType: head.ContentType,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function putFile(key: string, file: string, options?: { contentType?: string }) {
    const { size } = await fs.stat(file);
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: checkedKey(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: options?.contentType,
      }),
    );
  }

  async function open(key: string, range?: ByteRange): Promise<OpenedObject | null> {
    try {
      const got = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: checkedKey(key),
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      // With a range, the whole size is after the slash of Content-Range.
      const whole = got.ContentRange?.split("/")[1];
      return {
        info: {
          size: whole && whole !== "*" ? Number(whole) : (got.ContentLength ?? 0),
          lastModified: got.LastModified ?? new Date(0),
          etag: got.ETag,
          contentType: got.ContentType,
        },
        body: got.Body as Readable,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  const storage: ObjectStorage & { client: S3Client; bucket: string } = {
    kind: "s3",
    location: `s3://${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}`,
    client,
    bucket: Bucket,
    async put(key, body, options) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: options?.contentType,
        }),
      );
    },
    putFile,
    async moveIn(key, file) {
      await putFile(key, file);
      await fs.rm(file, { force: true });
    },
    async move(from, to, options) {
      const source = `${Bucket}/${checkedKey(from).split("/").map(encodeURIComponent).join("/")}`;
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: checkedKey(to),
          CopySource: source,
          // The type the bytes were found to be, not whatever the source object said.
          ...(options?.contentType && {
            ContentType: options.contentType,
            MetadataDirective: "REPLACE",
          }),
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async read(key) {
      const opened = await open(key);
      if (!opened) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of opened.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async readToFile(key, file) {
      const opened = await open(key);
      if (!opened) return false;
      await pipeline(opened.body, createWriteStream(file));
      return true;
    },
    stat,
    open,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key,
            size: object.Size ?? 0,
            lastModified: object.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async isReady() {
      try {
        // A load balancer asks often: a bucket that does not answer at once is down.
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(3_000),
        });
        return true;
      } catch {
        return false;
      }
    },
    async prepare() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await client.send(new CreateBucketCommand({ Bucket })).catch((createError: unknown) => {
          // Another instance made it at the same moment.
          const name = (createError as { name?: string }).name;
          if (name !== "BucketAlreadyOwnedByYou" && name !== "BucketAlreadyExists") {
            throw createError;
          }
        });
      }
    },
  };
  return storage;
}
