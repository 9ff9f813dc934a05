/**
 * Where an upload's bytes and its final answer live (docs/decisions/013-uploads.md,
 * 022-object-storage.md). Unfinished uploads sit beside the files on disk
 * (DATA_DIR/uploads-incoming, never served) or, with a bucket, in the bucket, so any
 * instance can resume one. The final answer of each upload is kept in the storage for a
 * day, so any instance can give it again to a client that lost it.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore } from "@tus/utils";
import type { UploadedFile } from "~/domain/media/uploads";
import { s3ClientConfig, type ObjectStorage, type S3Config } from "./object-storage.server";
import { storagePaths } from "./storage.server";

/** Upload ids are @tus's default names: 16 random bytes in hex. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

export function uploadDirs(dataDir: string) {
  const { publicDir, privateDir } = storagePaths({ DATA_DIR: dataDir });
  const root = path.join(path.resolve(dataDir), "uploads-incoming");
  return {
    incoming: path.join(root, "files"),
    results: path.join(root, "results"),
    publicDir,
    privateDir,
  };
}

/** The refusal body every error answer of ours carries. */
export interface ErrorBody {
  error: string;
  title?: string;
}

/** The final answer of an upload, kept for a day so a client that lost it can ask again. */
export interface StoredResult {
  uploadId: string;
  userId: string;
  size: number;
  finishedAt: string;
  /** 200 with the stored file, or the refusal's status with its message. */
  status: number;
  body: UploadedFile | ErrorBody;
}

/** Where the bytes of unfinished uploads live: beside the files on disk, or in the bucket. */
export interface IncomingUploads {
  store: DataStore;
  /** The metadata of an upload still coming in, or null when there is none. */
  metadata(id: string): Promise<Record<string, string | null> | null>;
  /** Runs `work` with the complete bytes in a local file (sharp and the sniffers read files). */
  withLocalFile<T>(id: string, work: (file: string) => Promise<T>): Promise<T>;
  /** Moves the complete bytes to `key` in the storage and forgets the upload. */
  keep(id: string, key: string, contentType: string): Promise<void>;
  /** Forgets the upload and whatever bytes it has. */
  discard(id: string): Promise<void>;
  /** Unfinished uploads created before `cutoff` (ms), never one being finished. */
  staleIds(cutoff: number): Promise<string[]>;
}

function diskIncoming(directory: string, storage: ObjectStorage, ttlMs: number): IncomingUploads {
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: ttlMs });
  const fileOf = (id: string) => path.join(directory, id);
  const mtime = async (file: string) => {
    try {
      return (await fs.stat(file)).mtimeMs;
    } catch {
      return null;
    }
  };
  return {
    store,
    async metadata(id) {
      const info = (await store.configstore.get(id)) as
        { metadata?: Record<string, string | null> } | undefined;
      return info ? (info.metadata ?? {}) : null;
    },
    withLocalFile: (id, work) => work(fileOf(id)),
    async keep(id, key) {
      await storage.moveIn(key, fileOf(id));
      await store.configstore.delete(id).catch(() => {});
    },
    async discard(id) {
      await store.remove(id).catch(() => {});
      await fs.rm(fileOf(id), { force: true });
      await fs.rm(`${fileOf(id)}.json`, { force: true });
    },
    async staleIds(cutoff) {
      const entries = await fs.readdir(directory).catch(() => [] as string[]);
      const stale: string[] = [];
      for (const id of new Set(entries.map((name) => name.replace(/\.json$/, "")))) {
        if (!UPLOAD_ID.test(id)) continue;
        const info = (await store.configstore.get(id).catch(() => undefined)) as
          { creation_date?: string } | undefined;
        const created =
          (info?.creation_date ? Date.parse(info.creation_date) : NaN) ||
          ((await mtime(fileOf(id))) ?? (await mtime(`${fileOf(id)}.json`)) ?? Date.now());
        if (created < cutoff) stale.push(id);
      }
      return stale;
    },
  };
}

/**
 * @tus/s3-store keeps an upload as a multipart upload named by its id at the bucket's
 * top level, with `<id>.info` (its metadata) and `<id>.part` (bytes short of a part).
 * Every instance reads the same state, so an upload started on one resumes on another.
 */
function bucketIncoming(config: S3Config, storage: ObjectStorage): IncomingUploads {
  const store = new S3Store({
    // 8 MiB parts: a killed instance loses at most the part it was sending.
    partSize: 8 * 1024 * 1024,
    // One part at a time. With parts sent side by side, an instance killed mid-way can
    // leave part 7 stored and part 6 not; a resume then counts the parts it finds as the
    // offset and numbers on after the last one, and the file is stored with a hole and
    // a repeat (seen in the two-instance test under load). In order, the parts found are
    // always the file's first bytes.
    maxConcurrentPartUploads: 1,
    // Expiry by object tags is not in every S3-compatible server: cleanup() does it.
    useTags: false,
    s3ClientConfig: { ...s3ClientConfig(config), bucket: config.bucket },
  });
  const lister = new S3Client(s3ClientConfig(config));
  return {
    store,
    async metadata(id) {
      const info = await storage.read(`${id}.info`);
      if (!info) return null;
      try {
        return (
          (JSON.parse(info.toString()) as { metadata?: Record<string, string | null> }).metadata ??
          {}
        );
      } catch {
        return null;
      }
    },
    async withLocalFile(id, work) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "upload-"));
      try {
        const file = path.join(dir, id);
        if (!(await storage.readToFile(id, file))) {
          throw new Error(`Upload ${id} has no bytes in the bucket`);
        }
        return await work(file);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    async keep(id, key, contentType) {
      await storage.move(id, key, { contentType });
      await storage.remove(`${id}.info`);
    },
    async discard(id) {
      // Aborts a multipart upload still open; then whatever objects it left.
      await store.remove(id).catch(() => {});
      for (const key of [id, `${id}.info`, `${id}.part`]) {
        await storage.remove(key).catch(() => {});
      }
    },
    async staleIds(cutoff) {
      const stale: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        // Only the top level: uploads/ and private/ may hold many thousands of files.
        const page = await lister.send(
          new ListObjectsV2Command({ Bucket: config.bucket, Delimiter: "/", ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const id = object.Key?.match(/^([0-9a-f]{32})\.info$/)?.[1];
          if (id && (object.LastModified?.getTime() ?? 0) < cutoff) stale.push(id);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return stale;
    },
  };
}

/**
 * Unfinished uploads in the bucket when the files go to one (`s3` given), else on disk
 * in `directory`.
 */
export function incomingUploads(
  storage: ObjectStorage,
  s3: S3Config | null | undefined,
  directory: string,
  ttlMs: number,
): IncomingUploads {
  return storage.kind === "s3" && s3
    ? bucketIncoming(s3, storage)
    : diskIncoming(directory, storage, ttlMs);
}

/** Where kept answers live in the storage (on disk: DATA_DIR/uploads-incoming/results). */
const RESULTS_KEY_PREFIX = "uploads-incoming/results/";

/** The final answers, kept in the storage so any instance can answer for any upload. */
export interface KeptResults {
  read(id: string): Promise<StoredResult | null>;
  keep(result: StoredResult): Promise<void>;
  /** Removes the answers kept before `cutoff` (ms); returns how many. */
  removeOlderThan(cutoff: number): Promise<number>;
}

export function keptResults(storage: ObjectStorage): KeptResults {
  const resultKey = (id: string) => `${RESULTS_KEY_PREFIX}${id}.json`;
  return {
    async read(id) {
      const bytes = await storage.read(resultKey(id));
      if (!bytes) return null;
      try {
        return JSON.parse(bytes.toString()) as StoredResult;
      } catch {
        return null;
      }
    },
    keep: (result) =>
      storage.put(resultKey(result.uploadId), JSON.stringify(result), {
        contentType: "application/json",
      }),
    async removeOlderThan(cutoff) {
      let removed = 0;
      for await (const kept of storage.list(RESULTS_KEY_PREFIX)) {
        if (kept.lastModified.getTime() >= cutoff) continue;
        await storage.remove(kept.key);
        removed++;
      }
      return removed;
    },
  };
}
