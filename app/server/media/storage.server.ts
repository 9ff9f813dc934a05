import path from "node:path";
import type { Env } from "../core/env.server";

/**
 * Where files live on disk when no bucket is configured (object-storage.server.ts).
 * Public files (images, audio) are served under /uploads; private files (sheet-music
 * PDFs, digital downloads) are never served directly.
 */
export function storagePaths(env: Pick<Env, "DATA_DIR">) {
  const root = path.resolve(env.DATA_DIR);
  return {
    publicDir: path.join(root, "uploads"),
    privateDir: path.join(root, "private"),
  };
}

export const PUBLIC_UPLOADS_URL_PREFIX = "/uploads";
