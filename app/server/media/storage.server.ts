import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "../core/env.server";

/**
 * Where files live on disk. Public files (images, audio) are served under /uploads;
 * private files (sheet-music PDFs, digital downloads) are never served directly.
 */
export function storagePaths(env: Pick<Env, "DATA_DIR">) {
  const root = path.resolve(env.DATA_DIR);
  return {
    publicDir: path.join(root, "uploads"),
    privateDir: path.join(root, "private"),
  };
}

export const PUBLIC_UPLOADS_URL_PREFIX = "/uploads";

/**
 * Whether files can be stored and read: both folders exist and are writable. /readyz
 * reports it beside the database, so a lost volume takes an instance out of rotation.
 */
export async function isStorageReady(paths: ReturnType<typeof storagePaths>): Promise<boolean> {
  try {
    await Promise.all(
      [paths.publicDir, paths.privateDir].map((dir) =>
        fs.access(dir, fsConstants.R_OK | fsConstants.W_OK),
      ),
    );
    return true;
  } catch {
    return false;
  }
}

/** Makes both folders, so a site that has stored nothing yet is ready too. */
export async function ensureStorageFolders(paths: ReturnType<typeof storagePaths>): Promise<void> {
  await Promise.all(
    [paths.publicDir, paths.privateDir].map((dir) => fs.mkdir(dir, { recursive: true })),
  );
}
