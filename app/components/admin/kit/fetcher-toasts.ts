/**
 * Every admin save's toast, shown from the admin frame. A form usually shows its own
 * answer, but a form inside the row it deletes is gone by the time the answer shows:
 * React Router renders the answer and the reloaded list as transitions, and when the
 * list arrives before the answer was drawn, only the list (without the row, and so
 * without its form) is ever committed. The frame outlives every row.
 */
import { useEffect } from "react";
import { useFetchers } from "react-router";
import type { ToastMessage } from "~/domain/core/toast";
import { isConnectionFailure } from "~/lib/connection";
import { showToastOnce } from "~/lib/toast";

/** Key prefix of fetchers whose answers are read, not toasted (lookups; see useAdminFetcher). */
export const QUIET_FETCHER_PREFIX = "quiet:";

export interface FetcherSnapshot {
  key: string;
  state: "idle" | "loading" | "submitting";
  data?: unknown;
}

/**
 * The toasts of finished saves: idle fetchers whose answer carries one, except lookups
 * and answers lost in transit (their form offers Retry instead).
 */
export function finishedSaveToasts(fetchers: readonly FetcherSnapshot[]): ToastMessage[] {
  const toasts: ToastMessage[] = [];
  for (const fetcher of fetchers) {
    if (fetcher.state !== "idle" || fetcher.key.startsWith(QUIET_FETCHER_PREFIX)) continue;
    const data = fetcher.data;
    if (typeof data !== "object" || data === null || isConnectionFailure(data)) continue;
    const toast = (data as { toast?: ToastMessage | null }).toast;
    if (toast) toasts.push(toast);
  }
  return toasts;
}

/**
 * Shows each finished save's toast once (the form may already have shown it). Its own
 * component: watching every fetcher re-renders it on each of their steps, and only it.
 */
export function FetcherToasts() {
  const fetchers = useFetchers();
  useEffect(() => {
    for (const toast of finishedSaveToasts(fetchers)) showToastOnce(toast);
  }, [fetchers]);
  return null;
}
