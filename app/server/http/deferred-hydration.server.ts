import { Transform } from "node:stream";

/**
 * Starts a page's JavaScript after its first paint instead of alongside it (decision 012).
 *
 * React Router's <Scripts> asks the browser to fetch every module at once: modulepreload
 * links in the head and a module script at the end of the body. On a phone network
 * those ~150 KB compete for bandwidth with what the visitor sees first (the document,
 * fonts, the hero image), and the server-rendered page is complete without them. So
 * the document leaves them out, and a small inline script adds the same preloads and
 * the same module script as soon as the first frame has been painted.
 *
 * Everything else stays as React Router wrote it; hydration is unchanged, only later.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*?\/?>/g;
const MODULE_SCRIPT_OPEN = /<script([^>]*?) type="module" async="">/;
const SCRIPT_CLOSE = "</script>";
/** When the scripts start at the latest, painted or not. */
export const FALLBACK_START_MS = 1500;
/** How many modulepreload links the loader adds in one task. */
export const PRELOADS_PER_TASK = 4;
/** The id the loader finds the held-back module script by. */
export const DEFERRED_MODULE_ID = "rr-deferred-module";

/** The inline loader: preloads, then the module script, once the page has painted. */
export function deferredLoaderScript(hrefs: readonly string[], nonce: string | undefined): string {
  // A few preloads per task, then the module script in a task of its own: a preload
  // link costs Chromium 0.25 to 1 ms to add, and the 8 to 23 of a page at once were one
  // of its long tasks on a phone (issue 28). The fetches still all start within a few
  // milliseconds, in the order React Router wrote them (the entry and shell first).
  const run = [
    `var h=${JSON.stringify(hrefs)},i=0;`,
    `(function add(){`,
    `for(var e=Math.min(i+${PRELOADS_PER_TASK},h.length);i<e;i++){var l=document.createElement("link");l.rel="modulepreload";l.href=h[i];document.head.appendChild(l)}`,
    `setTimeout(i<h.length?add:function(){`,
    `var o=document.getElementById(${JSON.stringify(DEFERRED_MODULE_ID)});`,
    `var s=document.createElement("script");s.type="module";`,
    nonce ? `s.nonce=${JSON.stringify(nonce)};` : "",
    `s.textContent=o.textContent;document.body.appendChild(s)},0)})()`,
  ].join("");
  // Right after the first contentful paint (the browser reports it), or after the next
  // frame where paint timing is missing. A hidden tab paints nothing: the timeout
  // starts it anyway, as does anything else that keeps the paint from being reported.
  const afterPaint = [
    `var P=window.PerformanceObserver;`,
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){`,
    `new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}}).observe({type:"paint",buffered:true})`,
    `}else{requestAnimationFrame(function(){setTimeout(go,0)})}`,
    `setTimeout(go,${FALLBACK_START_MS})`,
  ].join("");
  return `(function(){var d=0;function go(){if(d)return;d=1;${run}}${afterPaint}})()`;
}

/**
 * Rewrites the HTML up to and including React Router's module script; a document
 * without one (a resource route, an error before <Scripts>) passes through unchanged.
 */
export function deferModuleScripts(html: string, nonce: string | undefined): string | null {
  const rewritten = rewriteThroughModuleScript(html, nonce);
  return rewritten && rewritten.prefix + html.slice(rewritten.end);
}

/** The rewritten HTML up to the end of the module script, and where that end was. */
function rewriteThroughModuleScript(
  html: string,
  nonce: string | undefined,
): { prefix: string; end: number } | null {
  const open = MODULE_SCRIPT_OPEN.exec(html);
  if (!open) return null;
  const close = html.indexOf(SCRIPT_CLOSE, open.index);
  if (close === -1) return null;
  const end = close + SCRIPT_CLOSE.length;

  const hrefs: string[] = [];
  const head = html.slice(0, open.index).replace(MODULE_PRELOAD, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  const heldBack = `<script${open[1]} type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">`;
  const body = html.slice(open.index + open[0].length, end);
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const loader = `<script${nonceAttribute}>${deferredLoaderScript(hrefs, nonce)}</script>`;
  return { prefix: head + heldBack + body + loader, end };
}

const MODULE_OPEN_BYTES = Buffer.from(' type="module" async="">');
const SCRIPT_OPEN_BYTES = Buffer.from("<script");
const SCRIPT_CLOSE_BYTES = Buffer.from(SCRIPT_CLOSE);
const MODULE_PRELOAD_BYTES = Buffer.from('<link rel="modulepreload" href="');
/** Bytes of the previous chunks searched again with a new one (a tag cut between them). */
const OVERLAP = MODULE_OPEN_BYTES.length;

/**
 * The same rewrite as rewriteThroughModuleScript, on the bytes: only the preload tags
 * and the module script's opening tag are decoded; the rest (the head and the
 * markup) is passed on as it came. Decoding and encoding the whole page cost more
 * than anything but React's own render (issue 12, item 6). Null when the page is not
 * as React writes it; then the string version does it.
 */
function rewriteShellBytes(
  bytes: Buffer,
  nonce: string | undefined,
): { parts: Uint8Array[]; end: number } | null {
  const marker = bytes.indexOf(MODULE_OPEN_BYTES);
  if (marker === -1) return null;
  const open = bytes.lastIndexOf(SCRIPT_OPEN_BYTES, marker);
  const close = bytes.indexOf(SCRIPT_CLOSE_BYTES, marker);
  if (open === -1 || close === -1) return null;
  const attributes = bytes.toString("utf8", open + SCRIPT_OPEN_BYTES.length, marker);
  if (attributes.includes(">")) return null;
  const end = close + SCRIPT_CLOSE_BYTES.length;

  const hrefs: string[] = [];
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let at = bytes.indexOf(MODULE_PRELOAD_BYTES); at !== -1 && at < open;) {
    const tagEnd = bytes.indexOf(0x3e, at) + 1;
    if (tagEnd === 0 || tagEnd > open) return null;
    const tag = bytes.toString("utf8", at, tagEnd);
    const match = /^<link rel="modulepreload" href="([^"]+)"[^>]*?\/?>$/.exec(tag);
    if (!match) return null;
    hrefs.push(match[1]!);
    parts.push(bytes.subarray(from, at));
    from = tagEnd;
    at = bytes.indexOf(MODULE_PRELOAD_BYTES, tagEnd);
  }
  const heldBack = `<script${attributes} type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">`;
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const loader = `<script${nonceAttribute}>${deferredLoaderScript(hrefs, nonce)}</script>`;
  parts.push(
    bytes.subarray(from, open),
    Buffer.from(heldBack),
    bytes.subarray(marker + MODULE_OPEN_BYTES.length, end),
    Buffer.from(loader),
  );
  return { parts, end };
}

/**
 * A stream stage for the document: holds the HTML back only until the module script
 * has gone by (it is in the shell, so that is the first flush), then passes through.
 *
 * What it passes on goes out as one chunk per burst of React's writes (what React
 * writes in one go is sent together, at the end of that go). React Router writes each
 * chunk to the response and flushes the compression stream after it, a compressed block
 * per chunk: the home page in one chunk instead of ten took about 0.7 ms less CPU per
 * uncached render (issue 12).
 */
export function deferHydrationTransform(nonce: string | undefined): Transform {
  // React writes the shell in many small chunks. Decoding and searching everything held
  // so far on each one was the largest cost of a render after React's (issue 12, item 6):
  // only the new bytes are searched, and the page is rewritten once the module script is
  // complete.
  let chunks: Buffer[] = [];
  let tail: Buffer = Buffer.alloc(0);
  let sawModuleScript = false;
  let passThrough = false;
  /** Passed-through bytes not yet pushed: the rest of the current burst. */
  let burst: Uint8Array[] = [];
  let burstScheduled = false;
  const stage = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passThrough) {
        addToBurst(chunk);
        return callback();
      }
      chunks.push(chunk);
      const window = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
      tail = window.subarray(Math.max(0, window.length - OVERLAP));
      const open = sawModuleScript ? 0 : window.indexOf(MODULE_OPEN_BYTES);
      if (open === -1) return callback();
      sawModuleScript = true;
      if (window.indexOf(SCRIPT_CLOSE_BYTES, open) === -1) return callback();
      const pending = Buffer.concat(chunks);
      let parts: Uint8Array[];
      let rest: Uint8Array;
      const fast = rewriteShellBytes(pending, nonce);
      if (fast) {
        parts = fast.parts;
        rest = pending.subarray(fast.end);
      } else {
        // A character cut at the end of the buffer decodes as U+FFFD here, but it lies
        // after the module script, and those bytes are passed on untouched.
        const html = pending.toString("utf8");
        const rewritten = rewriteThroughModuleScript(html, nonce);
        if (!rewritten) {
          chunks = [pending];
          return callback();
        }
        parts = [Buffer.from(rewritten.prefix)];
        rest = pending.subarray(Buffer.byteLength(html.slice(0, rewritten.end)));
      }
      passThrough = true;
      chunks = [];
      for (const part of parts) addToBurst(part);
      if (rest.length > 0) addToBurst(rest);
      callback();
    },
    flush(callback) {
      pushBurst();
      const pending = Buffer.concat(chunks);
      callback(null, pending.length > 0 ? pending : undefined);
    },
  });

  function addToBurst(bytes: Uint8Array) {
    burst.push(bytes);
    if (burstScheduled) return;
    burstScheduled = true;
    // React writes a flush's chunks synchronously: a microtask runs once it has finished.
    queueMicrotask(() => {
      burstScheduled = false;
      pushBurst();
    });
  }

  function pushBurst() {
    if (burst.length === 0) return;
    const bytes = burst.length === 1 ? burst[0]! : Buffer.concat(burst);
    burst = [];
    stage.push(bytes);
  }

  return stage;
}
