import { useEffect } from "react";

/** How long after a page starts its later parts are fetched: after its start-up work. */
export const WARM_AFTER_START_MS = 2000;

/**
 * Fetches a part the page loads lazily (a dialog, the next page's skeleton) a while
 * after the page has started, so that it is not among the scripts every page loads
 * before it is interactive (issue 28) and is there before most visitors reach for it.
 * A failed fetch is tried again when the part is needed.
 */
export function useWarmAfterStart(load: () => Promise<unknown>): void {
  useEffect(() => {
    const timer = setTimeout(() => load().catch(() => {}), WARM_AFTER_START_MS);
    return () => clearTimeout(timer);
  }, [load]);
}
