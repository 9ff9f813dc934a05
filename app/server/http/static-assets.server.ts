import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/** Encodings with a precompressed copy (scripts/precompress.ts), best first. */
const ENCODINGS = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

/** Whether the Accept-Encoding header allows `encoding` (a q=0 refuses it). */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [token, ...params] = part.trim().split(";");
    if (token?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Serves the precompressed copy of a built asset when the browser accepts it, with the
 * original's content type; anything else falls through to express.static (and the
 * compression middleware). `setHeaders` adds the caller's own headers.
 */
export function precompressedAssets(
  dir: string,
  options: { maxAge: string; immutable: boolean; setHeaders?: (res: Response) => void },
) {
  const root = path.resolve(dir);
  // The build's files, listed once: a lookup never touches the disk, and asking for
  // made-up paths cannot grow anything.
  const files = new Set(listFiles(root));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const decoded = safeDecode(req.path);
    if (decoded === null) {
      res.status(400).type("text/plain").send("Bad Request");
      return;
    }
    const file = path.resolve(root, `.${decoded}`);
    if (!file.startsWith(root + path.sep)) return next();
    const accept = req.headers["accept-encoding"];
    const encoding = ENCODINGS.find(
      (e) => acceptsEncoding(accept, e.name) && files.has(`${file}${e.extension}`),
    );
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(file));
    res.setHeader("Content-Encoding", encoding.name);
    options.setHeaders?.(res);
    res.sendFile(
      `${file}${encoding.extension}`,
      { maxAge: options.maxAge, immutable: options.immutable, lastModified: false, etag: true },
      (error) => {
        // Once the file is on its way an error is the visitor leaving (an aborted
        // request): nothing to answer, and nothing for the error log.
        if (error && !res.headersSent) next(error);
      },
    );
  };
}

/** A URL path decoded, or null when its percent-encoding is malformed (`/assets/%zz`). */
export function safeDecode(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
