/**
 * The name a stored file had on the artist's computer, for the upload field of every
 * admin screen: asked of /admin/upload-names (one request for the fields that mount
 * together) and remembered for the visit. Until it is known, and for a file with no
 * kept name (stored before names were kept), the field shows the address's last
 * segment. docs/decisions/031.
 */
import { useEffect, useState } from "react";
import { fileNameOf } from "~/domain/core/file-reference";

export const UPLOAD_NAMES_PATH = "/admin/upload-names";

/** Known answers: a name, or null for an address the server has no name for. */
const known = new Map<string, string | null>();
const waiting = new Map<string, Set<() => void>>();
let queued: Set<string> | null = null;

function request(url: string, done: () => void) {
  let listeners = waiting.get(url);
  if (listeners) {
    listeners.add(done);
    return;
  }
  waiting.set(url, (listeners = new Set([done])));
  if (!queued) {
    queued = new Set();
    // The fields rendered in one pass ask together.
    queueMicrotask(() => {
      const urls = [...(queued ?? [])];
      queued = null;
      void lookUp(urls);
    });
  }
  queued.add(url);
}

async function lookUp(urls: string[]) {
  let names: Record<string, string> = {};
  let answered = false;
  try {
    const query = new URLSearchParams(urls.map((url) => ["url", url]));
    const response = await fetch(`${UPLOAD_NAMES_PATH}?${query}`, {
      headers: { Accept: "application/json" },
    });
    if (response.ok) {
      const body = (await response.json()) as { names?: Record<string, string> };
      names = body.names ?? {};
      answered = true;
    }
  } catch {
    // Offline or failed: the storage name stays, and the next field asks again.
  }
  for (const url of urls) {
    // Remembered only when the server answered; a failure may be asked again later.
    if (answered) known.set(url, Object.hasOwn(names, url) ? names[url]! : null);
    const listeners = waiting.get(url);
    waiting.delete(url);
    listeners?.forEach((listener) => listener());
  }
}

/** What to call the stored file at `url`: its own name once known, else its last segment. */
export function useUploadName(url: string): string {
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!url || known.has(url)) return;
    let live = true;
    request(url, () => {
      if (live) rerender((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return (url && known.get(url)) || fileNameOf(url);
}

/** Tells the lookup a name it learnt otherwise (the upload that just stored the file). */
export function rememberUploadName(url: string, name: string) {
  if (url && name) known.set(url, name);
}
