/**
 * One cap on every request body, before any handler reads it. Better Auth, React Router
 * and the webhook endpoint each read bodies their own way; without this a 50 MB POST
 * to /api/auth was read whole. A declared length over the cap is refused at once; a
 * chunked body is counted as it arrives and cut off when it passes the cap.
 */
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** Forms, JSON and webhooks are far smaller; resumable uploads have their own limits. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

export function limitRequestBodies(options: {
  maxBytes?: number;
  /** Paths that stream large bodies under their own rules (the tus upload endpoint). */
  skip?: (req: Request) => boolean;
}) {
  const maxBytes = options.maxBytes ?? MAX_REQUEST_BODY_BYTES;
  return (req: Request, res: Response, next: NextFunction) => {
    if (options.skip?.(req)) return next();
    const refuse = () => {
      if (!res.headersSent) {
        res
          .status(413)
          .set("Connection", "close")
          .type("application/json")
          .send(JSON.stringify({ error: "Request body too large" }));
      }
      // Stop reading: the rest of the body is never buffered by anyone.
      res.once("finish", () => req.destroy());
    };
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) return refuse();
    countBodyBytes(req, maxBytes, refuse);
    next();
  };
}

/**
 * Counts the body's bytes where Node's HTTP parser hands them to the request stream,
 * so nothing is consumed ahead of the handler (a 'data' listener would start the
 * stream flowing before the handler listens, and lose what it read).
 */
function countBodyBytes(req: IncomingMessage, maxBytes: number, onExceeded: () => void) {
  let received = 0;
  let exceeded = false;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (exceeded) return false;
    if (chunk !== null && chunk !== undefined) {
      received += Buffer.isBuffer(chunk) ? chunk.length : Buffer.byteLength(String(chunk));
      if (received > maxBytes) {
        exceeded = true;
        onExceeded();
        return false;
      }
    }
    return push(chunk, encoding);
  };
}
