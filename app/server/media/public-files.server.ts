/**
 * GET/HEAD /uploads/... when the files live in a bucket: the app reads the object and
 * streams it, with the headers express.static gives the same file on disk (type,
 * length, ETag, Last-Modified, byte ranges for audio and video seeking, 304). Going
 * through the app keeps one public URL for every file on either backend, needs no
 * public bucket or bucket CORS, and lets a CDN in front cache it (docs/decisions/022).
 */
import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { type RequestHandler } from "express";
import { parseRange } from "~/domain/shop/downloads/downloads";
import { storageKeyOfPublicPath } from "~/domain/media/storage-keys";
import { logger } from "../core/logger.server";
import type { ObjectStorage } from "./object-storage.server";
import { PUBLIC_UPLOADS_URL_PREFIX } from "./storage.server";

/**
 * Upload names are random and never written twice (a replaced image is a new file), and
 * the demo files are never rewritten either, so a browser or CDN may keep them a year.
 */
export const PUBLIC_FILE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The /uploads files, on whichever backend the storage is. */
export function publicFilesHandler(storage: ObjectStorage): RequestHandler {
  if (storage.kind === "disk") {
    return express.static(path.join(storage.location, "uploads"), {
      fallthrough: false,
      setHeaders: (res) => res.setHeader("Cache-Control", PUBLIC_FILE_CACHE_CONTROL),
    });
  }
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = storageKeyOfPublicPath(PUBLIC_UPLOADS_URL_PREFIX, req.baseUrl + req.path);
    const notFound = () => void res.status(404).set("Cache-Control", "no-store").end();
    if (!key) return notFound();
    try {
      const info = await storage.stat(key);
      if (!info) return notFound();
      const etag = info.etag ?? `W/"${info.size.toString(16)}-${info.lastModified.getTime()}"`;
      res.set({
        "Cache-Control": PUBLIC_FILE_CACHE_CONTROL,
        ETag: etag,
        "Last-Modified": info.lastModified.toUTCString(),
        "Accept-Ranges": "bytes",
      });
      // Stored names end in the extension of the type their bytes were found to be.
      res.type(path.extname(key) || info.contentType || "application/octet-stream");
      if (req.fresh) return void res.status(304).end();

      const range = parseRange(req.get("range"), info.size);
      if (range.kind === "unsatisfiable") {
        return void res.status(416).set("Content-Range", `bytes */${info.size}`).end();
      }
      const partial = range.kind === "partial" ? range : undefined;
      if (partial) {
        res.status(206).set("Content-Range", `bytes ${partial.start}-${partial.end}/${info.size}`);
      }
      res.set("Content-Length", String(partial ? partial.end - partial.start + 1 : info.size));
      if (req.method === "HEAD") return void res.end();

      const opened = await storage.open(key, partial);
      if (!opened) return notFound();
      // A visitor who leaves mid-file ends the bucket's stream too.
      await pipeline(opened.body, res).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
      });
    } catch (error) {
      logger.error({ err: error, key }, "Serving a stored file failed");
      if (!res.headersSent) {
        res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "5" }).end();
      } else {
        res.destroy();
      }
    }
  };
}
