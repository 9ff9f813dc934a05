import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { deferHydrationTransform } from "./server/http/deferred-hydration.server";

export const streamTimeout = 5_000;

/** React Router's default Node entry, plus the per-request CSP nonce from server.ts. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // A part that failed inside its boundary before the shell was ready (the page goes out
    // without it, as a 500): logged once the shell is out, so the shell's own error, which
    // React Router logs, is not logged twice.
    const partErrors: unknown[] = [];
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the page cache get the whole document at once; people get the shell
    // as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      loadContext.wholeDocument || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A whole document goes out in one piece: React would otherwise still send a
        // finished Suspense boundary (the footer's links) after 12.8 KB as a fallback,
        // a hidden copy and the script that swaps them (issue 12: lighter pages).
        ...(readyOption === "onAllReady" && { progressiveChunkSize: Number.POSITIVE_INFINITY }),
        [readyOption]() {
          shellRendered = true;
          for (const error of partErrors) console.error(error);
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (import.meta.env.DEV) {
            pipe(body);
          } else {
            // The page's scripts start once it has painted (server/deferred-hydration).
            const html = deferHydrationTransform(nonce);
            html.pipe(body);
            pipe(html);
          }
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
          else partErrors.push(error);
        },
      },
    );
  });
}
