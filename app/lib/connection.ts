/**
 * A save that never reached the server, or whose answer never came back (the network
 * dropped, a proxy answered with its own error page). The admin screens' clientAction
 * turns it into a failed answer the form can show (components/admin/kit/connection.ts),
 * and every route on the way skips reloading its data after it: with the connection
 * gone those reloads would fail too, and replace the screen, typed text and all, with
 * the error page.
 */
import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";

/** Marks an action's answer as "the connection failed" (see isConnectionFailure). */
export const CONNECTION_FAILED = "connectionFailed";

export function isConnectionFailure(actionResult: unknown): boolean {
  return (
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as Record<string, unknown>)[CONNECTION_FAILED] === true
  );
}

/**
 * Whether a thrown error means the request or its answer was lost in transit: fetch
 * failed (TypeError), an answer that was not ours could not be read, or a gateway
 * answered for a server it could not reach (502, 503, 504 without our headers).
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (
    error instanceof Error &&
    /turbo-stream|Failed to fetch|NetworkError|Load failed/i.test(error.message)
  ) {
    return true;
  }
  return isRouteErrorResponse(error) && error.status >= 502 && error.status <= 504;
}

/** A route's shouldRevalidate: nothing is reloaded after a save that failed in transit. */
export function revalidateUnlessConnectionFailed(args: ShouldRevalidateFunctionArgs): boolean {
  return isConnectionFailure(args.actionResult) ? false : args.defaultShouldRevalidate;
}
