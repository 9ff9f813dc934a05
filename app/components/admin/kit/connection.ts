/**
 * Saves that fail in transit (admin spec §8: "Connection Error" with Retry, "Connection
 * Lost" / "Connection Restored", "Maximum Retries Reached" after 3 retries). Every admin
 * screen with an action exports `clientAction = adminClientAction`: a save whose request
 * or answer is lost becomes a failed answer, so the form stays as typed and says what
 * happened, instead of the page turning into the error page.
 */
import { useEffect } from "react";
import type { AdminActionResult } from "~/domain/admin/admin-action";
import { CONNECTION_FAILED, isConnectionError } from "~/lib/connection";
import { toast } from "~/lib/toast";

export const CONNECTION_TEXT = {
  failed: "Connection Error",
  failedDescription:
    "Your change did not reach the server. Check your connection and try again; the form keeps what you typed.",
  retry: "Retry",
  lost: "Connection Lost",
  lostDescription: "You are offline. Changes cannot be saved until the connection is back.",
  restored: "Connection Restored",
  restoredDescription: "You are back online.",
  maxRetries: "Maximum Retries Reached",
  maxRetriesDescription:
    "The change could not be saved after 3 retries. Check your connection, then save again.",
} as const;

/** Retries offered after a save failed in transit (admin spec §4 "Retries"). */
export const MAX_RETRIES = 3;

export type ConnectionFailure = Extract<AdminActionResult, { ok: false }> & {
  [CONNECTION_FAILED]: true;
};

export function connectionFailure(intent: string): ConnectionFailure {
  return {
    ok: false,
    intent,
    // The fetcher shows it with a Retry button (use-admin-fetcher.ts).
    toast: {
      id: `connection-${Date.now()}`,
      type: "error",
      title: CONNECTION_TEXT.failed,
      description: CONNECTION_TEXT.failedDescription,
    },
    fieldErrors: {},
    [CONNECTION_FAILED]: true,
  };
}

/** The admin screens' clientAction: the server's answer, or a connection failure. */
export async function adminClientAction<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}): Promise<T | ConnectionFailure> {
  // Read before the post, whose failure may leave the body spent.
  const intent = String(
    (
      await request
        .clone()
        .formData()
        .catch(() => null)
    )?.get("intent") ?? "",
  );
  try {
    return await serverAction();
  } catch (error) {
    if (!isConnectionError(error)) throw error;
    return connectionFailure(intent);
  }
}

/** "Connection Lost" when the browser goes offline, "Connection Restored" when it is back. */
export function useConnectionToasts() {
  useEffect(() => {
    const lost = () =>
      toast.error(CONNECTION_TEXT.lost, {
        id: "connection",
        description: CONNECTION_TEXT.lostDescription,
        duration: Infinity,
      });
    const restored = () =>
      toast.success(CONNECTION_TEXT.restored, {
        id: "connection",
        description: CONNECTION_TEXT.restoredDescription,
      });
    window.addEventListener("offline", lost);
    window.addEventListener("online", restored);
    return () => {
      window.removeEventListener("offline", lost);
      window.removeEventListener("online", restored);
    };
  }, []);
}
