/**
 * The one way the admin kit talks to an admin action: a fetcher whose answer is an
 * AdminActionResult, its toast shown once, and a callback when a submission is over.
 */
import { useEffect, useId, useRef } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import type { AdminActionResult, FieldErrors } from "~/domain/admin/admin-action";
import { isConnectionFailure } from "~/lib/connection";
import { toast, useToastMessage, type ToastMessage } from "~/lib/toast";
import { CONNECTION_TEXT, MAX_RETRIES } from "./connection";
import { QUIET_FETCHER_PREFIX } from "./fetcher-toasts";

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
  // A lookup's key tells the admin frame's toast watch (fetcher-toasts.ts) to leave it be.
  const ownKey = useId();
  const key = options.quiet ? `${QUIET_FETCHER_PREFIX}${options.key ?? ownKey}` : options.key;
  const fetcher = useFetcher<AdminActionResult<T>>({ key });
  const busy = fetcher.state !== "idle";
  const data = fetcher.data;
  const lostInTransit = isConnectionFailure(data);
  useToastMessage(options.quiet || lostInTransit ? null : data?.toast);
  useRetryAfterConnectionFailure(fetcher, options.quiet ? undefined : data);

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

/**
 * After a save lost in transit: "Connection Error" with Retry, which posts the same form
 * again; after 3 retries that failed too, "Maximum Retries Reached". Retrying is the
 * artist's choice, never automatic: a save whose answer was lost may have been stored,
 * and a second create would make a second row.
 */
function useRetryAfterConnectionFailure<T>(
  fetcher: FetcherWithComponents<AdminActionResult<T>>,
  data: AdminActionResult<T> | undefined,
) {
  const last = useRef<{ formData: FormData; action?: string; encType?: string } | null>(null);
  const retries = useRef(0);
  const retrying = useRef(false);

  // Remember each post as it leaves; a post the artist made (not a retry) starts counting anew.
  const { state, formData, formAction, formEncType } = fetcher;
  useEffect(() => {
    if (state !== "submitting" || !formData) return;
    if (!retrying.current) retries.current = 0;
    retrying.current = false;
    last.current = { formData, action: formAction, encType: formEncType };
  }, [state, formData, formAction, formEncType]);

  const { submit } = fetcher;
  useEffect(() => {
    if (!isConnectionFailure(data) || !data?.toast) return;
    if (retries.current >= MAX_RETRIES) {
      toast.error(CONNECTION_TEXT.maxRetries, {
        id: data.toast.id,
        description: CONNECTION_TEXT.maxRetriesDescription,
      });
      return;
    }
    toast.error(data.toast.title, {
      id: data.toast.id,
      description: data.toast.description,
      action: {
        label: CONNECTION_TEXT.retry,
        onClick: () => {
          const post = last.current;
          if (!post) return;
          retries.current += 1;
          retrying.current = true;
          void submit(post.formData, {
            method: "post",
            action: post.action,
            encType: post.encType as "multipart/form-data" | undefined,
          });
        },
      },
    });
  }, [data, submit]);
}
