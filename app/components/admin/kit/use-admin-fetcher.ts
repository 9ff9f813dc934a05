/**
 * The one way the admin kit talks to an admin action: a fetcher whose answer is an
 * AdminActionResult, its toast shown once, and a callback when a submission is over.
 */
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { AdminActionResult, FieldErrors } from "~/domain/admin-action";
import { useToastMessage, type ToastMessage } from "~/lib/toast";

/**
 * A redirect leaves the fetcher without data: the action answered with a fresh page
 * (post/redirect/get), which is a success. Anything but `ok: true` is a failure.
 */
export function isActionSuccess(data: AdminActionResult | undefined): boolean {
  return data === undefined || data.ok === true;
}

/** The field errors of a failed answer; none for a success or no answer. */
export function fieldErrorsOf(data: AdminActionResult | undefined): FieldErrors {
  if (!data || data.ok === true) return {};
  return ("fieldErrors" in data && data.fieldErrors) || {};
}

export interface AdminFetcherOptions<T> {
  /** Share the fetcher with other components (useFetcher's key). */
  key?: string;
  /** A lookup that changes nothing (an address check): its answer is read, not toasted. */
  quiet?: boolean;
  /** After a submission ends in success (once the page's data has been reloaded). */
  onSuccess?: (data: AdminActionResult<T> | undefined) => void;
  /** After a submission ends in failure. */
  onFailure?: (data: AdminActionResult<T>) => void;
}

export function useAdminFetcher<T = unknown>(options: AdminFetcherOptions<T> = {}) {
  const fetcher = useFetcher<AdminActionResult<T>>({ key: options.key });
  useToastMessage(options.quiet ? null : fetcher.data?.toast);

  const busy = fetcher.state !== "idle";
  const data = fetcher.data;

  // The latest callbacks, without re-running the settle effect when they change.
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });
  // "Settled" is the step from busy to idle: after the action and the reload of the
  // page's loaders, so a closing dialog reveals the list as it now stands.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (data === undefined || data.ok === true) callbacks.current.onSuccess?.(data);
    else callbacks.current.onFailure?.(data);
  }, [busy, data]);

  const failed = !busy && !isActionSuccess(data);
  return {
    fetcher,
    /** Submitting, or reloading the page's data after the action. */
    busy,
    data,
    /** The last answer's field errors (kept while a new submission is under way). */
    fieldErrors: fieldErrorsOf(data),
    /** The last answer's toast when it failed; dialogs repeat it inline (see FormAlert). */
    failure: failed ? (data?.toast ?? null) : (null as ToastMessage | null),
  };
}
